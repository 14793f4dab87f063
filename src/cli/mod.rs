//! The `mythos` command: clap commands, reading files, rendering diagnostics, exit codes (0 ok, 1 a rule
//! check failed, 2 bad input). The only room that touches the disk.

use crate::defs::{
    CardSet, Diagnostic, Diagnostics, Pack, SourceFile, embedded_base_files, render, render_all,
};
use crate::kernel::Game;
use crate::scenario::{
    Played, Prepared, check_expectations, play_file_with_packs, prepare_file, result_object,
    transcript_text,
};
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
                    Diagnostic::new(
                        crate::defs::Code::CannotRead,
                        format!("cannot read `{}`: {e}", dir.display()),
                    )
                    .hint("`--base` takes a folder holding cards/ and scripts/")
                })?;
            }
            Ok(files)
        }
    }
}

/// A path as diagnostics show it: forward slashes, no trailing slash.
fn shown(path: &Path) -> String {
    let s = path.display().to_string().replace('\\', "/");
    match s.trim_end_matches('/') {
        "" => s,
        t => t.to_string(),
    }
}

/// `a/scenarios/..` → `a`, lexically, so that diagnostics and transcripts show short paths.
fn normalize(path: &Path) -> PathBuf {
    use std::path::Component;
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir
                if matches!(out.components().next_back(), Some(Component::Normal(_))) =>
            {
                out.pop();
            }
            other => out.push(other),
        }
    }
    if out.as_os_str().is_empty() {
        out.push(".");
    }
    out
}

/// A pack folder's manifest, cards and scripts as (path, text) pairs, paths starting with the folder.
fn read_pack_files(dir: &Path) -> Result<(String, Vec<(String, String)>), String> {
    if !dir.is_dir() {
        return Err("no such folder".to_string());
    }
    let root = shown(dir);
    let mut files = Vec::new();
    let manifest = dir.join("pack.toml");
    if manifest.is_file() {
        let text = std::fs::read_to_string(&manifest).map_err(|e| e.to_string())?;
        files.push((Pack::manifest_path(&root), text));
    }
    for sub in ["cards", "scripts"] {
        let mut found = Vec::new();
        read_tree(Path::new(""), &dir.join(sub), &mut found).map_err(|e| e.to_string())?;
        files.extend(found.into_iter().map(|(p, t)| (p.replace('\\', "/"), t)));
    }
    Ok((root, files))
}

/// Reads and checks the manifest of the pack in `dir`.
fn read_pack(dir: &Path) -> Result<Pack, Vec<Diagnostic>> {
    let (root, files) = read_pack_files(dir).map_err(|why| {
        vec![
            Diagnostic::new(
                crate::defs::Code::CannotRead,
                format!("cannot read pack `{}`: {why}", shown(dir)),
            )
            .hint("a pack is a folder holding pack.toml, cards/ and scripts/"),
        ]
    })?;
    Pack::from_files(&root, files)
}

/// The base pack of `game`, then every `--pack` of that game, in order.
fn load_set(base: &Option<PathBuf>, packs: &[PathBuf], game: Game) -> Result<CardSet, Diagnostics> {
    let mut set = CardSet::load(game, &base_files(base, game)?)?;
    let mut problems = Vec::new();
    for dir in packs {
        match read_pack(dir) {
            Err(ds) => problems.extend(ds),
            Ok(pack) if pack.game != game => {}
            Ok(pack) => problems.extend(set.add_pack(&pack)),
        }
    }
    if problems.is_empty() {
        Ok(set)
    } else {
        Err(Diagnostics(problems))
    }
}

/// The packs in `dir`: the folder itself when it holds pack.toml, else each sub-folder that does.
fn pack_dirs(dir: &Path) -> Vec<PathBuf> {
    if dir.join("pack.toml").is_file() {
        return vec![dir.to_path_buf()];
    }
    let mut subs: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.join("pack.toml").is_file())
                .collect()
        })
        .unwrap_or_default();
    subs.sort();
    if subs.is_empty() {
        // Not a pack: reading it reports the missing pack.toml.
        subs.push(dir.to_path_buf());
    }
    subs
}

/// `mythos validate`: the base packs and `--pack` packs, or the packs in `dirs` over their game's base
/// pack; every card file, every cross-reference and every script checked. Returns the exit status.
fn validate(base: &Option<PathBuf>, packs: &[PathBuf], dirs: &[PathBuf]) -> i32 {
    let mut problems = Vec::new();
    let mut count = 0;
    let mut extra: Vec<Pack> = Vec::new();
    for dir in packs
        .iter()
        .cloned()
        .chain(dirs.iter().flat_map(|d| pack_dirs(d)))
    {
        match read_pack(&dir) {
            Err(ds) => problems.extend(ds),
            Ok(p) => extra.push(p),
        }
    }
    for game in [Game::Eldritch, Game::Arkham] {
        let mine: Vec<&Pack> = extra.iter().filter(|p| p.game == game).collect();
        if !dirs.is_empty() && mine.is_empty() {
            continue;
        }
        let mut set = match base_files(base, game).and_then(|files| CardSet::load(game, &files)) {
            Ok(set) => set,
            Err(ds) => {
                problems.extend(ds.0);
                continue;
            }
        };
        for p in mine {
            problems.extend(set.add_pack(p));
        }
        count += set
            .origins
            .values()
            .filter(|o| dirs.is_empty() || o.pack != crate::defs::BASE_PACK)
            .count();
        problems.extend(set.check_references());
        if let Err(ds) = ScriptHooks::compile(&set) {
            problems.extend(ds);
        }
    }
    if problems.is_empty() {
        println!("{count} cards, no problems");
        0
    } else {
        print_diagnostics(&problems);
        eprintln!(
            "{} problem{}",
            problems.len(),
            if problems.len() == 1 { "" } else { "s" }
        );
        2
    }
}

fn read(path: &Path) -> Result<SourceFile, Diagnostic> {
    std::fs::read_to_string(path)
        .map(|t| SourceFile::new(path.display().to_string(), t))
        .map_err(|e| {
            Diagnostic::new(
                crate::defs::Code::CannotRead,
                format!("cannot read `{}`: {e}", path.display()),
            )
            .hint("check the path")
        })
}

fn play_path(path: &Path, cli: &Cli) -> Result<Played, Vec<Diagnostic>> {
    let file = read(path).map_err(|d| vec![d])?;
    let loader = |game: Game| load_set(&cli.base, &cli.packs, game);
    let here = path.parent().unwrap_or(Path::new(""));
    let packs = |dir: &str| read_pack_files(&normalize(&here.join(dir)));
    play_file_with_packs(&file, &loader, &packs)
}

fn prepare_path(path: &Path, cli: &Cli) -> Result<Prepared, Vec<Diagnostic>> {
    let file = read(path).map_err(|d| vec![d])?;
    let loader = |game: Game| load_set(&cli.base, &cli.packs, game);
    let here = path.parent().unwrap_or(Path::new(""));
    let packs = |dir: &str| read_pack_files(&normalize(&here.join(dir)));
    prepare_file(&file, &loader, &packs)
}

fn odds(cli: &Cli, file: &Path, format: Format, samples: Option<u64>, seed: u64) -> i32 {
    let mut prepared = match prepare_path(file, cli) {
        Ok(p) => p,
        Err(ds) => {
            print_diagnostics(&ds);
            return 2;
        }
    };
    let result = match samples {
        None => crate::odds::exact(&mut prepared),
        Some(n) => crate::odds::sampled(
            &mut prepared,
            n,
            seed,
            n >= 20_000 && std::io::stderr().is_terminal(),
        ),
    };
    match result {
        Err(d) => {
            print_diagnostics(std::slice::from_ref(&d));
            2
        }
        Ok(o) => {
            match format {
                Format::Text => print!(
                    "{}",
                    crate::odds::odds_text(&o, prepared.scenario.title.as_deref())
                ),
                Format::Json => println!(
                    "{}",
                    serde_json::to_string_pretty(&crate::odds::odds_json(&o))
                        .expect("a JSON value serializes")
                ),
            }
            0
        }
    }
}

/// The scenario files below `path`: every `.toml` file, except in a pack folder its `pack.toml`, its
/// `cards/` and its `scripts/` (a pack's own scenarios are checked).
fn scenario_files(path: &Path, out: &mut Vec<PathBuf>) {
    if path.is_dir() {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(path)
            .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
            .unwrap_or_default();
        entries.sort();
        let is_pack = path.join("pack.toml").is_file();
        for p in entries {
            let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            if is_pack && matches!(name, "pack.toml" | "cards" | "scripts") {
                continue;
            }
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
    match &cli.command {
        Command::Odds {
            file,
            format,
            samples,
            seed,
        } => odds(&cli, file, *format, *samples, *seed),
        Command::Run { file, format } => match play_path(file, &cli) {
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
            for p in paths {
                scenario_files(p, &mut files);
            }
            let (mut passed, mut failed, mut bad) = (0, 0, 0);
            for f in &files {
                match play_path(f, &cli) {
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
        Command::Validate { dirs } => validate(&cli.base, &cli.packs, dirs),
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
