//! The exact odds of scenario files through the library API, each timed in this process: what
//! `benches/icepool/compare.py` compares with icepool. One JSON object a line for each file: its path,
//! the odds (as `mythos odds --format json` prints them), and the fastest of `--runs` times of
//! `Scenario::parse` (the base pack already loaded: one `Library` for all) and of `exact_odds`.
//!
//! `cargo run --release --example odds_timing -- [--runs N] FILE...`

use mythos::{Library, Scenario};
use std::time::{Duration, Instant};

fn fastest<T>(runs: u32, mut f: impl FnMut() -> T) -> (Duration, T) {
    let mut best = None;
    let mut value = None;
    for _ in 0..runs.max(1) {
        let t = Instant::now();
        let v = f();
        let d = t.elapsed();
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
            scenario
                .exact_odds()
                .unwrap_or_else(|d| panic!("{}", d.render(false)))
        });
        let line = serde_json::json!({
            "file": path,
            "odds": odds.to_json(),
            "parse_ms": parse_time.as_secs_f64() * 1e3,
            "odds_ms": odds_time.as_secs_f64() * 1e3,
        });
        println!("{line}");
    }
}
