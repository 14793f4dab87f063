//! `mythos cards [NAME]`: the cards of both games (the base packs, the shipped packs and any `--pack`)
//! found by (part of) their printed name, with their set, kind, printed values and text. Uses the public
//! library API only (but for the disk reading of `--base` and `--pack`, `pack_dir`).

use super::args::{Format, GameArg};
use super::pack_dir::{base_files, read_pack_files};
use super::report::print_diagnostics;
use mythos::{Card, Game, Library, PackFiles};
use std::path::PathBuf;

/// How many cards a search shows whole; past that, one line each.
const MOST_SHOWN_WHOLE: usize = 8;

/// The library the command line describes: `--base` and every `--pack`, in order.
fn library(base: &Option<PathBuf>, packs: &[PathBuf]) -> Result<Library, i32> {
    let mut library = Library::new();
    if base.is_some() {
        for game in Game::ALL {
            match base_files(base, game) {
                Ok(files) => library = library.with_base(game, files),
                Err(ds) => {
                    print_diagnostics(&ds);
                    return Err(2);
                }
            }
        }
    }
    for dir in packs {
        match read_pack_files(dir) {
            Ok(folder) => {
                if !folder.refused.is_empty() {
                    print_diagnostics(&folder.refused);
                    return Err(2);
                }
                library = library.with_pack(PackFiles::new(folder.root, folder.files));
            }
            Err(why) => {
                eprintln!("error: cannot read pack `{}`: {why}", dir.display());
                return Err(2);
            }
        }
    }
    Ok(library)
}

/// Text from a card file, with every control character but a line break shown as its escape, and
/// each line after the first indented by `indent`: a file cannot move the cursor or start a line of
/// its own.
fn visible(text: &str, indent: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        match c {
            '\n' => {
                out.push('\n');
                out.push_str(indent);
            }
            c if c.is_control() => out.extend(c.escape_default()),
            c => out.push(c),
        }
    }
    out
}

fn game_words(game: Game) -> &'static str {
    match game {
        Game::Eldritch => "Eldritch Horror",
        Game::Arkham => "Arkham Horror",
    }
}

fn line(game: Game, c: &Card) -> String {
    format!(
        "{} ({}, {}, {}) `{}`",
        visible(c.name(), ""),
        c.kind(),
        game_words(game),
        visible(c.set(), ""),
        c.id()
    )
}

fn whole(game: Game, c: &Card) {
    outln!("{}", line(game, c));
    if !c.traits().is_empty() {
        outln!("  traits: {}", visible(&c.traits().join(", "), "    "));
    }
    for (k, v) in c.values() {
        outln!("  {k}: {}", visible(v, "    "));
    }
    if !c.text().is_empty() {
        outln!("  text: {}", visible(c.text(), "    "));
    }
    for (i, b) in c.backs().iter().enumerate() {
        outln!("  back {}: {}", i + 1, visible(b, "    "));
    }
    if !c.notes().is_empty() {
        outln!("  notes: {}", visible(c.notes(), "    "));
    }
    outln!("  source: {}", visible(c.source(), "    "));
}

fn json(game: Game, c: &Card) -> serde_json::Value {
    serde_json::json!({
        "id": c.id(),
        "name": c.name(),
        "game": game.as_str(),
        "kind": c.kind(),
        "set": c.set(),
        "pack": c.pack(),
        "traits": c.traits(),
        "values": c.values().iter().map(|(k, v)| serde_json::json!([k, v])).collect::<Vec<_>>(),
        "text": c.text(),
        "backs": c.backs(),
        "scripted": c.has_script(),
        "notes": c.notes(),
        "source": c.source(),
    })
}

/// Whether `c` is found by `wanted` (lowercase): part of its printed name or its id.
fn matches(c: &Card, wanted: &str) -> bool {
    let id = mythos::card_id(wanted);
    c.name().to_lowercase().contains(wanted) || (!id.is_empty() && c.id().contains(&id))
}

/// `mythos cards`: returns the exit status (0, or 2 when nothing is found or a pack cannot be read).
pub(super) fn cards(
    base: &Option<PathBuf>,
    packs: &[PathBuf],
    name: Option<&str>,
    game: Option<GameArg>,
    kind: Option<&str>,
    format: Format,
) -> i32 {
    let library = match library(base, packs) {
        Ok(l) => l,
        Err(status) => return status,
    };
    let mut found: Vec<(Game, Card)> = Vec::new();
    let mut all: Vec<(Game, Card)> = Vec::new();
    for g in Game::ALL {
        if game.is_some_and(|want| want.game() != g) {
            continue;
        }
        let cards = match library.cards(g) {
            Ok(c) => c,
            Err(ds) => {
                for d in &ds {
                    eprintln!("{}", mythos::render(std::slice::from_ref(d), false));
                }
                return 2;
            }
        };
        for c in cards.iter() {
            if kind.is_some_and(|k| k != c.kind()) {
                continue;
            }
            all.push((g, c.clone()));
            if name.is_none_or(|n| matches(c, &n.to_lowercase())) {
                found.push((g, c.clone()));
            }
        }
    }
    found.sort_by(|a, b| (a.1.name(), a.0.as_str()).cmp(&(b.1.name(), b.0.as_str())));
    if found.is_empty() {
        let wanted = name.unwrap_or_default();
        let near = closest_names(wanted, &all);
        eprintln!(
            "error[E0201]: no card is named `{}`{}",
            visible(wanted, ""),
            kind.map_or(String::new(), |k| format!(" among the {k} cards"))
        );
        if near.is_empty() {
            eprintln!("  hint: `mythos cards` lists every card");
        } else {
            eprintln!("  hint: closest printed names: {}", near.join(", "));
        }
        return 2;
    }
    match format {
        Format::Json => {
            let list: Vec<serde_json::Value> = found.iter().map(|(g, c)| json(*g, c)).collect();
            outln!(
                "{}",
                serde_json::to_string_pretty(&list).expect("a JSON value serializes")
            );
        }
        Format::Text if name.is_some() && found.len() <= MOST_SHOWN_WHOLE => {
            for (i, (g, c)) in found.iter().enumerate() {
                if i > 0 {
                    outln!();
                }
                whole(*g, c);
            }
        }
        Format::Text => {
            for (g, c) in &found {
                outln!("{}", line(*g, c));
            }
            outln!(
                "{} card{}{}",
                found.len(),
                if found.len() == 1 { "" } else { "s" },
                if name.is_some() {
                    "; name fewer to see each whole (`mythos cards NAME`)"
                } else {
                    ""
                }
            );
        }
    }
    0
}

/// Up to three printed names closest to `wanted`, as `Name (game)`.
fn closest_names(wanted: &str, all: &[(Game, Card)]) -> Vec<String> {
    let ids: Vec<String> = all.iter().map(|(_, c)| mythos::card_id(c.name())).collect();
    mythos::closest(&mythos::card_id(wanted), ids.iter().map(String::as_str))
        .into_iter()
        .filter_map(|id| {
            all.iter()
                .find(|(_, c)| mythos::card_id(c.name()) == id)
                .map(|(g, c)| format!("{} ({})", visible(c.name(), ""), game_words(*g)))
        })
        .collect()
}
