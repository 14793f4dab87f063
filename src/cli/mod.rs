//! The `mythos` command: clap commands, reading files, rendering diagnostics, exit codes (0 ok, 1 a rule
//! check failed, 2 bad input). The only room that touches the disk.

use crate::defs::{
    CardSet, Diagnostic, Diagnostics, SourceFile, embedded_base_files, render, render_all,
};
use crate::kernel::Game;
use crate::scenario::{Played, check_expectations, play_file, result_object, transcript_text};
use crate::script::ScriptHooks;
use clap::{Parser, Subcommand, ValueEnum};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};

#[derive(Parser)]
#[command(
    name = "mythos",
    version,
    about = "Rules engine for Eldritch Horror and Arkham Horror 2nd edition skill tests and combat"
)]
struct Cli {
    /// Load the base packs from this folder (holding cards/ and scripts/) instead of the copy built into
    /// the binary, so that edited cards can be tried without recompiling.
    #[arg(long, global = true, value_name = "DIR")]
    base: Option<PathBuf>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Text,
    Json,
}

#[derive(Subcommand)]
enum Command {
    /// Play a scenario and print its transcript.
    Run {
        file: PathBuf,
        #[arg(long, value_enum, default_value = "text")]
        format: Format,
    },
    /// Play scenarios and check their [expect] lines; exit 1 if any does not hold.
    Check {
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
    /// Check every card file and script of the base packs; exit 2 on any problem.
    Validate,
}

fn color() -> bool {
    std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none()
}

fn print_diagnostics(ds: &[Diagnostic]) {
    eprintln!("{}", render_all(ds, color()));
}

/// Reads every file below `dir` as (path relative to `root`, text), sorted.
fn read_tree(root: &Path, dir: &Path, out: &mut Vec<(String, String)>) -> std::io::Result<()> {
    if !dir.is_dir() {
        return Ok(());
    }
    let mut entries: Vec<_> = std::fs::read_dir(dir)?.collect::<Result<_, _>>()?;
    entries.sort_by_key(|e| e.path());
    for e in entries {
        let p = e.path();
        if p.is_dir() {
            read_tree(root, &p, out)?;
        } else if let Ok(text) = std::fs::read_to_string(&p) {
            let rel = p
                .strip_prefix(root)
                .unwrap_or(&p)
                .to_string_lossy()
                .replace('\\', "/");
            out.push((rel, text));
        }
    }
    Ok(())
}

fn base_files(base: &Option<PathBuf>, game: Game) -> Result<Vec<(String, String)>, Diagnostics> {
    match base {
        None => Ok(embedded_base_files(game)),
        Some(dir) => {
            let mut files = Vec::new();
            for sub in ["cards", "scripts"] {
                read_tree(dir, &dir.join(sub).join(game.as_str()), &mut files).map_err(|e| {
                    Diagnostic::new("E0001", format!("cannot read `{}`: {e}", dir.display()))
                        .hint("`--base` takes a folder holding cards/ and scripts/")
                })?;
            }
            Ok(files)
        }
    }
}

fn read(path: &Path) -> Result<SourceFile, Diagnostic> {
    std::fs::read_to_string(path)
        .map(|t| SourceFile::new(path.display().to_string(), t))
        .map_err(|e| {
            Diagnostic::new("E0001", format!("cannot read `{}`: {e}", path.display()))
                .hint("check the path")
        })
}

fn play_path(path: &Path, base: &Option<PathBuf>) -> Result<Played, Vec<Diagnostic>> {
    let file = read(path).map_err(|d| vec![d])?;
    let loader = |game: Game| CardSet::load(game, &base_files(base, game)?);
    play_file(&file, &loader)
}

fn scenario_files(path: &Path, out: &mut Vec<PathBuf>) {
    if path.is_dir() {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(path)
            .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
            .unwrap_or_default();
        entries.sort();
        for p in entries {
            if p.is_dir() {
                scenario_files(&p, out);
            } else if p.extension().is_some_and(|e| e == "toml") {
                out.push(p);
            }
        }
    } else {
        out.push(path.to_path_buf());
    }
}

pub fn main() -> i32 {
    let cli = Cli::parse();
    match cli.command {
        Command::Run { file, format } => match play_path(&file, &cli.base) {
            Err(ds) => {
                print_diagnostics(&ds);
                2
            }
            Ok(played) => {
                match format {
                    Format::Text => print!("{}", transcript_text(&played)),
                    Format::Json => println!(
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
        },
        Command::Check { paths } => {
            let mut files = Vec::new();
            for p in &paths {
                scenario_files(p, &mut files);
            }
            let (mut passed, mut failed, mut bad) = (0, 0, 0);
            for f in &files {
                match play_path(f, &cli.base) {
                    Err(ds) => {
                        bad += 1;
                        println!("error {}", f.display());
                        print_diagnostics(&ds);
                    }
                    Ok(played) => {
                        if let Some(d) = &played.error {
                            bad += 1;
                            println!("error {}", f.display());
                            print_diagnostics(std::slice::from_ref(d));
                            continue;
                        }
                        let misses = check_expectations(&played, &result_object(&played));
                        if misses.is_empty() {
                            passed += 1;
                            println!("ok    {}", f.display());
                        } else {
                            failed += 1;
                            println!("FAIL  {}", f.display());
                            for m in misses {
                                println!("      {m}");
                            }
                        }
                    }
                }
            }
            println!("\nscenarios: {passed} passed, {failed} failed, {bad} with errors");
            if bad > 0 {
                2
            } else if failed > 0 {
                1
            } else {
                0
            }
        }
        Command::Validate => {
            let mut problems = Vec::new();
            let mut count = 0;
            for game in [Game::Eldritch, Game::Arkham] {
                let loaded =
                    base_files(&cli.base, game).and_then(|files| CardSet::load(game, &files));
                match loaded {
                    Err(ds) => problems.extend(ds.0),
                    Ok(set) => {
                        count += set.cards.len();
                        if let Err(ds) = ScriptHooks::compile(&set) {
                            problems.extend(ds);
                        }
                    }
                }
            }
            if problems.is_empty() {
                println!("{count} cards, no problems");
                0
            } else {
                print_diagnostics(&problems);
                eprintln!("{} problems", problems.len());
                2
            }
        }
    }
}
