//! `mythos run` and `mythos odds`: one scenario file read, its packs loaded, played or explored, over
//! the public API.

use super::args::{Cli, Format};
use super::pack_dir::{library, with_scenario_folders};
use super::report::{color, print_diagnostics};
use super::text_file::{MAX_FILE_BYTES, read_text};
use indicatif::{ProgressBar, ProgressStyle};
use mythos::{Diagnostic, Library, Objective, OddsOf, Scenario};
use std::io::IsTerminal;
use std::path::Path;

/// A scenario file read: the path as diagnostics show it, and its text.
pub(super) struct ScenarioFile {
    pub path: String,
    pub text: String,
}

/// The scenario file at `path`, read as every file at the trust boundary is (`text_file`).
pub(super) fn read(path: &Path) -> Result<ScenarioFile, Diagnostic> {
    let shown = path.display().to_string();
    read_text(path, &shown, MAX_FILE_BYTES).map(|text| ScenarioFile { path: shown, text })
}

/// The scenario `file`, read from `path` (the packs it names are found next to it), parsed against
/// the cards the command line names.
/// `library`: the cards the command line names, shared by every scenario of a command (`check`).
pub(super) fn parse_source(
    library: &Library,
    path: &Path,
    file: &ScenarioFile,
) -> Result<Scenario, Vec<Diagnostic>> {
    let library = with_scenario_folders(library, path);
    Scenario::parse(&library, &file.path, &file.text).map_err(mythos::Error::into_diagnostics)
}

/// The scenario file at `path` as the library's [`Scenario`], its packs read from the disk.
pub(super) fn scenario_at(path: &Path, cli: &Cli) -> Result<Scenario, Vec<Diagnostic>> {
    let file = read(path).map_err(|d| vec![d])?;
    parse_source(&library(&cli.base, &cli.packs), path, &file)
}

/// Bad input, or a run that failed: every diagnostic rendered on stderr and, with `--format json`, also
/// as JSON on stdout (one object, or an array when several); exit 2.
pub(super) fn failed(ds: &[Diagnostic], format: Format) -> i32 {
    print_diagnostics(ds);
    if let Format::Json = format {
        let json = match ds {
            [one] => one.to_json(),
            _ => serde_json::Value::Array(ds.iter().map(Diagnostic::to_json).collect()),
        };
        outln!(
            "{}",
            serde_json::to_string_pretty(&json).expect("a JSON value serializes")
        );
    }
    2
}

pub(super) fn odds(cli: &Cli, file: &Path, format: Format, samples: Option<u64>, seed: u64) -> i32 {
    // A sample count that cannot be drawn is refused before anything is read.
    if let Some(n) = samples
        && let Err(d) = Scenario::check_samples(&file.display().to_string(), n)
    {
        return failed(std::slice::from_ref(&d), format);
    }
    let scenario = match scenario_at(file, cli) {
        Ok(s) => s,
        Err(ds) => return failed(&ds, format),
    };
    let result = match samples {
        None => scenario.exact_odds(),
        Some(n) => {
            let bar = progress_bar(n, n >= 20_000 && std::io::stderr().is_terminal());
            let odds = scenario.sampled_odds_with_progress(n, seed, &|k| bar.inc(k));
            bar.finish_and_clear();
            odds
        }
    };
    match result {
        Err(d) => failed(std::slice::from_ref(&d), format),
        Ok(o) => {
            match format {
                Format::Text => out!("{}", o.text()),
                Format::Json => outln!(
                    "{}",
                    serde_json::to_string_pretty(&o.to_json()).expect("a JSON value serializes")
                ),
            }
            0
        }
    }
}

/// The progress bar of `n` samples on stderr, or a hidden one.
fn progress_bar(n: u64, shown: bool) -> ProgressBar {
    if !shown {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(n);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} samples, {per_sec}, {eta} left")
            .expect("a valid template"),
    );
    bar
}

/// `mythos odds --best` (or `mythos odds` alone, `objective` `None`: the scenario's own policy, the
/// best play for its default objective unless its `[choices]` pin one): exact odds under the best
/// policy and the odds of each option of the first round's decisions (`all`: every one in text).
pub(super) fn best(
    cli: &Cli,
    file: &Path,
    format: Format,
    objective: Option<Objective>,
    all: bool,
) -> i32 {
    let scenario = match scenario_at(file, cli) {
        Ok(s) => s,
        Err(ds) => return failed(&ds, format),
    };
    let odds = match objective {
        Some(objective) => scenario.best_odds(objective).map(OddsOf::Best),
        None => scenario.odds(),
    };
    match odds {
        Err(d) => failed(std::slice::from_ref(&d), format),
        Ok(b) => {
            match format {
                Format::Text => match &b {
                    OddsOf::Best(b) if all => out!("{}", b.text_all()),
                    _ => out!("{}", b.text()),
                },
                Format::Json => outln!(
                    "{}",
                    serde_json::to_string_pretty(&b.to_json()).expect("a JSON value serializes")
                ),
            }
            0
        }
    }
}

/// `mythos run`: the transcript or the result object; exit 2 on bad input or a script error mid-play.
pub(super) fn run(cli: &Cli, file: &Path, format: Format) -> i32 {
    let played = match scenario_at(file, cli) {
        Err(ds) => return failed(&ds, format),
        Ok(scenario) => match scenario.play() {
            Err(e) => return failed(&e.into_diagnostics(), format),
            Ok(played) => played,
        },
    };
    let error = played.error();
    if let (Some(d), Format::Json) = (&error, format) {
        return failed(std::slice::from_ref(d), format);
    }
    match format {
        Format::Text => out!("{}", played.transcript()),
        Format::Json => outln!(
            "{}",
            serde_json::to_string_pretty(&played.result()).expect("a JSON value serializes")
        ),
    }
    match &error {
        Some(d) => {
            eprintln!("{}", d.render(color()));
            2
        }
        None => 0,
    }
}
