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

use args::{BestOf, Cli, Command, SchemaOf};
use clap::Parser;

/// Whether the command line asks for output a program reads (`--format` other than `text`): then an
/// argument the parser refuses is also an error object on standard output (issue 39: nothing was).
fn machine_output() -> bool {
    let args: Vec<String> = std::env::args_os()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    args.iter().enumerate().any(|(i, a)| {
        let value = match a.strip_prefix("--format") {
            Some("") => args.get(i + 1).map(String::as_str),
            Some(v) => v.strip_prefix('='),
            None => None,
        };
        value.is_some_and(|v| v != "text")
    })
}

/// Runs the command the process was given and returns its exit status.
pub fn main() -> i32 {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            if e.use_stderr() && machine_output() {
                let message = e.to_string();
                let message = message.lines().next().unwrap_or_default();
                let message = message.strip_prefix("error: ").unwrap_or(message);
                let d = mythos::Diagnostic::reading(mythos::Reading::BadArgument, message)
                    .with_hint("`mythos help` lists the commands and their arguments");
                outln!(
                    "{}",
                    serde_json::to_string_pretty(&d.to_json()).expect("a JSON value serializes")
                );
            }
            e.exit();
        }
    };
    match &cli.command {
        Command::Odds {
            file,
            format,
            samples,
            seed,
            best,
            fixed,
            all,
        } => match best {
            Some(b) => play::best(&cli, file, *format, Some(b.objective()), *all),
            None if *fixed || samples.is_some() => play::odds(&cli, file, *format, *samples, *seed),
            None => play::best(&cli, file, *format, None, *all),
        },
        Command::Play { file, best, seed } => {
            companion::play(&cli, file, best.map(BestOf::objective), *seed)
        }
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
                SchemaOf::Card => mythos::Schema::Card,
                SchemaOf::Scenario => mythos::Schema::Scenario,
                SchemaOf::Pack => mythos::Schema::Pack,
            }
            .json();
            outln!(
                "{}",
                serde_json::to_string_pretty(&schema).expect("a JSON value serializes")
            );
            0
        }
    }
}
