//! `mythos run` and `mythos odds`: one scenario file read, its packs loaded, played or explored.

use super::args::{Cli, Format};
use super::pack_dir::{load_set, read_pack_files};
use super::paths::normalize;
use super::report::{color, print_diagnostics};
use super::text_file::{MAX_FILE_BYTES, read_text};
use crate::defs::{Diagnostic, SourceFile, json_all, render};
use crate::kernel::Game;
use crate::scenario::{
    Played, Prepared, play_file_with_packs, prepare_file, result_object, transcript_text,
};
use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::path::Path;

/// The scenario file at `path`, read as every file at the trust boundary is (`text_file`).
pub(super) fn read(path: &Path) -> Result<SourceFile, Diagnostic> {
    let shown = path.display().to_string();
    read_text(path, &shown, MAX_FILE_BYTES).map(|t| SourceFile::new(shown, t))
}

pub(super) fn play_path(path: &Path, cli: &Cli) -> Result<Played, Vec<Diagnostic>> {
    let file = read(path).map_err(|d| vec![d])?;
    play_source(path, &file, cli)
}

/// Plays `file`, read from `path` (the packs it names are found next to it).
pub(super) fn play_source(
    path: &Path,
    file: &SourceFile,
    cli: &Cli,
) -> Result<Played, Vec<Diagnostic>> {
    let loader = |game: Game| load_set(&cli.base, &cli.packs, game);
    let here = path.parent().unwrap_or(Path::new(""));
    let packs = |dir: &str| read_pack_files(&normalize(&here.join(dir)));
    play_file_with_packs(file, &loader, &packs)
}

pub(super) fn prepare_path(path: &Path, cli: &Cli) -> Result<Prepared, Vec<Diagnostic>> {
    let file = read(path).map_err(|d| vec![d])?;
    let loader = |game: Game| load_set(&cli.base, &cli.packs, game);
    let here = path.parent().unwrap_or(Path::new(""));
    let packs = |dir: &str| read_pack_files(&normalize(&here.join(dir)));
    prepare_file(&file, &loader, &packs)
}

/// The scenario file at `path` as the library's [`Scenario`](crate::Scenario), its packs read from
/// the disk as `prepare_path` reads them (issue 37 item 4, left: the library takes no disk reader for
/// `--base`, `--pack` and a scenario's `packs` yet, so the loading still goes through `scenario`).
pub(super) fn scenario_at(path: &Path, cli: &Cli) -> Result<crate::Scenario, Vec<Diagnostic>> {
    prepare_path(path, cli).map(crate::Scenario::of_prepared)
}

/// Bad input, or a run that failed: every diagnostic rendered on stderr and, with `--format json`, also
/// as JSON on stdout (one object, or an array when several); exit 2.
pub(super) fn failed(ds: &[Diagnostic], format: Format) -> i32 {
    print_diagnostics(ds);
    if let Format::Json = format {
        outln!(
            "{}",
            serde_json::to_string_pretty(&json_all(ds)).expect("a JSON value serializes")
        );
    }
    2
}

pub(super) fn odds(cli: &Cli, file: &Path, format: Format, samples: Option<u64>, seed: u64) -> i32 {
    // A sample count that cannot be drawn is refused before anything is read.
    if let Some(n) = samples
        && let Err(d) = crate::odds::check_samples(&file.display().to_string(), n)
    {
        return failed(std::slice::from_ref(&d), format);
    }
    let mut prepared = match prepare_path(file, cli) {
        Ok(p) => p,
        Err(ds) => return failed(&ds, format),
    };
    let result = match samples {
        None => crate::odds::exact(&mut prepared),
        Some(n) => {
            let bar = progress_bar(n, n >= 20_000 && std::io::stderr().is_terminal());
            let odds = crate::odds::sampled(&mut prepared, n, seed, &|k| bar.inc(k));
            bar.finish_and_clear();
            odds
        }
    };
    match result {
        Err(d) => failed(std::slice::from_ref(&d), format),
        Ok(o) => {
            match format {
                Format::Text => out!(
                    "{}",
                    crate::odds::odds_text(&o, prepared.scenario.title.as_deref())
                ),
                Format::Json => outln!(
                    "{}",
                    serde_json::to_string_pretty(&crate::odds::odds_json(&o))
                        .expect("a JSON value serializes")
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

/// Card id → printed name, for the words of questions and options.
pub(super) fn names(p: &Prepared) -> crate::transcript::Names {
    p.set
        .cards
        .iter()
        .map(|(id, c)| (id.clone(), c.name.clone()))
        .collect()
}

/// The words of questions and options (`names`: card id → printed name), handed to `f`.
pub(super) fn with_wording<R>(
    names: &crate::transcript::Names,
    game: Game,
    f: impl FnOnce(&crate::odds::Wording<'_>) -> R,
) -> R {
    let question = |q: &crate::kernel::Question| crate::transcript::question_text(q, names, game);
    let answer = |a: &crate::kernel::Answer, faces: &[u8]| {
        crate::transcript::answer_text(a, faces, names, game)
    };
    f(&crate::odds::Wording {
        question: &question,
        answer: &answer,
    })
}

/// `mythos odds --best`: exact odds under the best policy and the odds of each option of the first
/// round's decisions.
pub(super) fn best(cli: &Cli, file: &Path, format: Format, objective: crate::Objective) -> i32 {
    let mut prepared = match prepare_path(file, cli) {
        Ok(p) => p,
        Err(ds) => return failed(&ds, format),
    };
    match crate::odds::best(&mut prepared, objective, &[], &[]) {
        Err(d) => failed(std::slice::from_ref(&d), format),
        Ok(b) => {
            match format {
                Format::Text => {
                    let text = with_wording(&names(&prepared), prepared.setup.game, |words| {
                        crate::odds::best_text(&b, prepared.scenario.title.as_deref(), words)
                    });
                    out!("{text}");
                }
                Format::Json => outln!(
                    "{}",
                    serde_json::to_string_pretty(&crate::odds::best_json(&b))
                        .expect("a JSON value serializes")
                ),
            }
            0
        }
    }
}

/// `mythos run`: the transcript or the result object; exit 2 on bad input or a script error mid-play.
pub(super) fn run(cli: &Cli, file: &Path, format: Format) -> i32 {
    match play_path(file, cli) {
        Err(ds) => failed(&ds, format),
        Ok(played) => {
            if let (Some(d), Format::Json) = (&played.error, format) {
                return failed(std::slice::from_ref(d), format);
            }
            match format {
                Format::Text => out!("{}", transcript_text(&played)),
                Format::Json => outln!(
                    "{}",
                    serde_json::to_string_pretty(&result_object(&played))
                        .expect("a JSON value serializes")
                ),
            }
            match &played.error {
                Some(d) => {
                    eprintln!("{}", render(d, color()));
                    2
                }
                None => 0,
            }
        }
    }
}
