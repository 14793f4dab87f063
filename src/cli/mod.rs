//! The `mythos` command: clap commands, reading files, rendering diagnostics, exit codes (0 ok, 1 a rule
//! check failed, 2 bad input). The only room that touches the disk. This file holds the dispatch; the
//! command line is `args`, diagnostics are printed by `report`, each command lives in a file of its own
//! (`check`, `play` for run and odds, `companion` for `mythos play`, `validate`), pack folders are read
//! in `pack_dir`. Standard output is written through `out!`/`outln!` (`stdout`): a closed pipe ends the
//! command quietly, status 141.

/// `print!` to standard output, ending the command quietly when it is closed (`stdout::write`).
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::cli::stdout::write(format_args!($($arg)*))
    };
}

/// `println!` to standard output, ending the command quietly when it is closed (`stdout::write`).
macro_rules! outln {
    () => {
        $crate::cli::stdout::write(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::cli::stdout::write(format_args!("{}\n", format_args!($($arg)*)))
    };
}

mod args;
mod cards;
mod check;
mod companion;
mod folder;
mod pack_dir;
mod paths;
mod play;
mod report;
mod stdout;
mod text_file;
mod tree;
mod validate;

use args::{Cli, Command, SchemaOf};
use clap::Parser;

/// Bytes of stack the `mythos` binary runs its command on (`src/main.rs`): room for the deepest
/// search exact odds allow (`odds::budget::MAX_SEARCH_DEPTH`) in a debug build. Reserved, not used:
/// a page is only taken when the search goes that deep.
pub const STACK: usize = 256 << 20;

pub fn main() -> i32 {
    let cli = Cli::parse();
    match &cli.command {
        Command::Odds {
            file,
            format,
            samples,
            seed,
            best,
        } => match best {
            Some(b) => play::best(&cli, file, *format, b.objective()),
            None => play::odds(&cli, file, *format, *samples, *seed),
        },
        Command::Play { file, best, seed } => companion::play(&cli, file, best.objective(), *seed),
        Command::Run { file, format } => play::run(&cli, file, *format),
        Command::Check { paths } => check::check(&cli, paths),
        Command::Validate { dirs } => validate::validate(&cli.base, &cli.packs, dirs),
        Command::Cards {
            name,
            game,
            kind,
            format,
        } => cards::cards(
            &cli.base,
            &cli.packs,
            name.as_deref(),
            *game,
            kind.as_deref(),
            *format,
        ),
        Command::Schema { of } => {
            let schema = match of {
                SchemaOf::Card => crate::schema::card(),
                SchemaOf::Scenario => crate::schema::scenario(),
                SchemaOf::Pack => crate::schema::pack(),
            };
            outln!(
                "{}",
                serde_json::to_string_pretty(&schema).expect("a JSON value serializes")
            );
            0
        }
    }
}
