//! The exact odds of scenario files through the library API, each timed in this process: what
//! `benches/icepool/compare.py` compares with icepool. One JSON object a line for each file: its path,
//! the odds (as `mythos odds --format json` prints them), and the fastest of `--runs` times of
//! `Scenario::parse` (the base pack already loaded: one `Library` for all) and of `exact_odds`, in
//! CPU time (`cpu_now`).
//!
//! With `--default`, the odds timed are `Scenario::odds` instead, what plain `mythos odds FILE`
//! answers: the best play for the scenario's default objective (issue 38), its `"odds"` the JSON of
//! `OddsOf::to_json`.
//!
//! `cargo run --release --example odds_timing -- [--runs N] [--default] FILE...`

use mythos::{Library, Scenario};
use std::time::Duration;
#[cfg(not(all(unix, feature = "cli")))]
use std::time::Instant;

/// This process's CPU time (`CLOCK_PROCESS_CPUTIME_ID`): on a machine shared with other work, the
/// wall time of a computation longer than a time slice grows with the load, its CPU time does not
/// (issue 38 states its targets in CPU time). Elsewhere than on unix, the wall time.
#[cfg(all(unix, feature = "cli"))]
fn cpu_now() -> Duration {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid timespec to write; the clock id is a constant libc defines.
    unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut t) };
    Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
}

#[cfg(not(all(unix, feature = "cli")))]
fn cpu_now() -> Duration {
    use std::sync::OnceLock;
    static START: OnceLock<Instant> = OnceLock::new();
    START.get_or_init(Instant::now).elapsed()
}

fn fastest<T>(runs: u32, mut f: impl FnMut() -> T) -> (Duration, T) {
    let mut best = None;
    let mut value = None;
    for _ in 0..runs.max(1) {
        let t = cpu_now();
        let v = f();
        let d = cpu_now().saturating_sub(t);
        best = Some(best.map_or(d, |b: Duration| b.min(d)));
        value = Some(v);
    }
    (best.unwrap_or_default(), value.expect("at least one run"))
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut runs = 20;
    if let Some(i) = args.iter().position(|a| a == "--runs") {
        runs = args
            .get(i + 1)
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("--runs takes a number"));
        args.drain(i..i + 2);
    }
    let default = match args.iter().position(|a| a == "--default") {
        Some(i) => {
            args.remove(i);
            true
        }
        None => false,
    };
    let library = Library::new();
    for path in &args {
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let parse = || {
            Scenario::parse(&library, path, &text).unwrap_or_else(|ds| {
                panic!("{}", ds.iter().map(|d| d.render(false)).collect::<String>())
            })
        };
        parse(); // the library loads the base pack once, before the timing
        let (parse_time, scenario) = fastest(runs, parse);
        let (odds_time, odds) = fastest(runs, || {
            if default {
                scenario.odds().map(|o| o.to_json())
            } else {
                scenario.exact_odds().map(|o| o.to_json())
            }
            .unwrap_or_else(|d| panic!("{}", d.render(false)))
        });
        let line = serde_json::json!({
            "file": path,
            "odds": odds,
            "parse_ms": parse_time.as_secs_f64() * 1e3,
            "odds_ms": odds_time.as_secs_f64() * 1e3,
        });
        println!("{line}");
    }
}
