//! The `mythos` command: clap commands, reading files, rendering diagnostics, exit codes (0 ok, 1 a rule
//! check failed, 2 bad input). The only room that touches the disk. This file holds the command line and
//! its dispatch; each command lives in a file of its own (`check`, `play` for run and odds, `validate`),
//! pack folders are read in `pack_dir`.

mod check;
mod folder;
mod pack_dir;
mod paths;
mod play;
mod text_file;
mod tree;
mod validate;

use crate::defs::{Diagnostic, render_all};
use clap::{Parser, Subcommand, ValueEnum};
use std::io::IsTerminal;
use std::path::PathBuf;

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
    /// Load the card pack in this folder (pack.toml, cards/, scripts/) after the base pack; repeatable,
    /// loaded in the order given. A pack of the other game is left out.
    #[arg(long = "pack", global = true, value_name = "DIR")]
    packs: Vec<PathBuf>,
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
    /// Check every card file and script of the packs in DIR (a pack folder, or a folder of packs), or of
    /// the base packs when no DIR is given; report every problem and exit 2 if there is any.
    Validate { dirs: Vec<PathBuf> },
    /// The odds of every outcome of a scenario (its [dice] ignored; its [choices] are the player's
    /// policy): exact, through the real rules and card scripts, or sampled with --samples.
    Odds {
        file: PathBuf,
        #[arg(long, value_enum, default_value = "text")]
        format: Format,
        /// Sample this many runs (seeded, on every core) instead of enumerating every roll.
        #[arg(long, value_name = "N")]
        samples: Option<u64>,
        /// The seed of the first sample.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Print the JSON Schema of card files, scenario files or pack.toml, for an editor to complete and
    /// check keys (taplo, Even Better TOML).
    Schema {
        #[arg(value_enum)]
        of: SchemaOf,
    },
}

#[derive(Clone, Copy, ValueEnum)]
enum SchemaOf {
    Card,
    Scenario,
    Pack,
}

fn color() -> bool {
    std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none()
}

/// Prints diagnostics on stderr: the first [`text_file::MAX_SHOWN`], then how many more there are.
fn print_diagnostics(ds: &[Diagnostic]) {
    let shown = ds.len().min(text_file::MAX_SHOWN);
    eprintln!("{}", render_all(&ds[..shown], color()));
    if ds.len() > shown {
        eprintln!(
            "… and {} more problems, not shown (fix these first)",
            ds.len() - shown
        );
    }
}

pub fn main() -> i32 {
    let cli = Cli::parse();
    match &cli.command {
        Command::Odds {
            file,
            format,
            samples,
            seed,
        } => play::odds(&cli, file, *format, *samples, *seed),
        Command::Run { file, format } => play::run(&cli, file, *format),
        Command::Check { paths } => check::check(&cli, paths),
        Command::Validate { dirs } => validate::validate(&cli.base, &cli.packs, dirs),
        Command::Schema { of } => {
            let schema = match of {
                SchemaOf::Card => crate::schema::card(),
                SchemaOf::Scenario => crate::schema::scenario(),
                SchemaOf::Pack => crate::schema::pack(),
            };
            println!(
                "{}",
                serde_json::to_string_pretty(&schema).expect("a JSON value serializes")
            );
            0
        }
    }
}
