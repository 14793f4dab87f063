//! The core games, card by card: every card of `docs/coverage/core-sets.tsv` (the 257 cards of the two
//! core games a player can name) is found by its printed name in the base pack of its game, as a card
//! of its kind; and the coverage table (docs/coverage.md) is the one these cards give, so it cannot drift.

use mythos::{Card, Game, Library};
use std::collections::BTreeMap;

/// One row of the core list: game, kind, printed name, and whether it changes a test or a combat.
struct Listed {
    game: Game,
    kind: String,
    name: String,
    relevant: bool,
}

fn core_list() -> Vec<Listed> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/coverage/core-sets.tsv");
    let text = std::fs::read_to_string(path).expect("the core list is readable");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("game\t") && !l.trim().is_empty())
        .map(|l| {
            let cols: Vec<&str> = l.split('\t').collect();
            Listed {
                game: if cols[0] == "EH" {
                    Game::Eldritch
                } else {
                    Game::Arkham
                },
                kind: cols[1].to_string(),
                name: cols[2].to_string(),
                relevant: cols[3] == "Y",
            }
        })
        .collect()
}

/// A printed name as players say it: lowercase letters and digits, without a bracketed qualifier,
/// a leading "the" or quotes.
fn plain(name: &str) -> String {
    let bare = match name.find('(') {
        Some(i) if name.trim_end().ends_with(')') => &name[..i],
        _ => name,
    };
    let words: String = bare
        .chars()
        .filter(|c| c.is_alphanumeric() || c.is_whitespace())
        .collect::<String>()
        .to_lowercase();
    let words = words.split_whitespace().collect::<Vec<_>>().join(" ");
    words.strip_prefix("the ").unwrap_or(&words).to_string()
}

/// Whether a card of the base pack is of the kind the core list names.
fn kind_fits(listed: &str, card: &Card) -> bool {
    let kind = card.kind();
    match listed {
        "epic_monster" => kind == "monster",
        "asset" => kind == "asset" || kind == "ally",
        "common_item" => kind == "item",
        // AH2e Blessing and Curse are special cards the engine holds as the Conditions they act as
        // (gained, discarded, read at every check: `gain_condition`).
        "special" => kind == "special" || kind == "condition",
        other => kind == other,
    }
}

/// The base-pack cards of `l`'s game and kind that carry its printed name.
fn found<'a>(l: &Listed, cards: &'a [Card]) -> Vec<&'a Card> {
    cards
        .iter()
        .filter(|c| {
            c.pack() == "base" && kind_fits(&l.kind, c) && plain(c.name()) == plain(&l.name)
        })
        .collect()
}

fn game_words(g: Game) -> &'static str {
    match g {
        Game::Eldritch => "Eldritch Horror",
        Game::Arkham => "Arkham Horror 2e",
    }
}

/// The coverage table, per game and kind: in the core list, present by printed name, relevant (changes
/// a test, check or combat), and of those how many carry a script or a printed bonus.
fn table() -> (String, Vec<String>) {
    let library = Library::new();
    let mut cards: BTreeMap<Game, Vec<Card>> = BTreeMap::new();
    for g in Game::ALL {
        let set = library.cards(g).expect("the base packs load");
        cards.insert(g, set.iter().cloned().collect());
    }
    let mut rows: BTreeMap<(usize, String), [usize; 4]> = BTreeMap::new();
    let mut missing = Vec::new();
    let mut order = Vec::new();
    for l in core_list() {
        let key = format!("{} | {}", game_words(l.game), l.kind);
        if !order.contains(&key) {
            order.push(key.clone());
        }
        let at = order.iter().position(|k| *k == key).expect("just pushed");
        let row = rows.entry((at, key)).or_default();
        row[0] += 1;
        let hits = found(&l, &cards[&l.game]);
        if hits.is_empty() {
            missing.push(format!("{} {} `{}`", game_words(l.game), l.kind, l.name));
            continue;
        }
        row[1] += 1;
        if l.relevant {
            row[2] += 1;
            let played = hits
                .iter()
                .all(|c| c.has_script() || c.values().iter().any(|(k, _)| k == "bonus"));
            if played {
                row[3] += 1;
            }
        }
    }
    let mut out = String::from(
        "| game | kind | in the core list | found by printed name | relevant | relevant, with a script or printed bonus |\n|---|---|---|---|---|---|\n",
    );
    let mut total = [0; 4];
    for ((_, key), row) in &rows {
        out.push_str(&format!(
            "| {key} | {} | {} | {} | {} |\n",
            row[0], row[1], row[2], row[3]
        ));
        for i in 0..4 {
            total[i] += row[i];
        }
    }
    out.push_str(&format!(
        "| both | all | {} | {} | {} | {} |\n",
        total[0], total[1], total[2], total[3]
    ));
    (out, missing)
}

#[test]
fn every_core_card_is_found_by_its_printed_name() {
    let (_, missing) = table();
    assert!(
        missing.is_empty(),
        "{} core cards are not in the base packs by their printed name:\n{}",
        missing.len(),
        missing.join("\n")
    );
}

#[test]
fn the_readme_coverage_table_is_the_cards() {
    let (table, _) = table();
    let readme = include_str!("../docs/coverage.md");
    let inner = readme
        .split("<!-- coverage:begin -->\n")
        .nth(1)
        .and_then(|rest| rest.split("<!-- coverage:end -->").next())
        .expect("docs/coverage.md holds the coverage table between its markers");
    assert_eq!(
        inner, table,
        "the coverage table of docs/coverage.md is out of date; the cards give:\n{table}"
    );
}

#[test]
fn a_printed_name_is_plain_of_brackets_quotes_and_the() {
    assert_eq!(plain("Cultist (Cthulhu)"), "cultist");
    assert_eq!(plain("\"Ashcan\" Pete"), "ashcan pete");
    assert_eq!(plain("The Haunter of the Dark"), "haunter of the dark");
    assert_eq!(plain("Lucky Rabbit's Foot"), "lucky rabbits foot");
}
