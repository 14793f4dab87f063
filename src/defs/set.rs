//! A game's card set: the base pack (embedded in the binary, or a folder given with `--base`), cards a
//! scenario defines inline, and the scripts that go with them.

use super::card::parse_toml;
use super::{Card, Diagnostic, Diagnostics, RawCard, SourceFile, card_id, closest};
use crate::kernel::Game;
use include_dir::{Dir, include_dir};
use std::collections::BTreeMap;

static BASE_CARDS: Dir<'_> = include_dir!("$CARGO_MANIFEST_DIR/cards");
static BASE_SCRIPTS: Dir<'_> = include_dir!("$CARGO_MANIFEST_DIR/scripts");

/// A card's Rhai source and where it sits: a script file, or a `script` string inside a TOML file (then
/// `line_offset` lines come before the script's first line, and `column_offset` characters come before
/// its first character on that line).
#[derive(Debug, Clone)]
pub struct ScriptSource {
    pub card: String,
    pub file: SourceFile,
    pub code: String,
    pub line_offset: usize,
    pub column_offset: usize,
}

impl ScriptSource {
    /// The file line of a script line.
    pub fn file_line(&self, line: usize) -> usize {
        line + self.line_offset
    }

    /// The file column of a column on script line `line`: only the script's first line is shifted.
    pub fn file_col(&self, line: usize, col: usize) -> usize {
        if line <= 1 {
            col + self.column_offset
        } else {
            col
        }
    }
}

#[derive(Debug, Clone)]
pub struct CardSet {
    pub game: Game,
    pub cards: BTreeMap<String, Card>,
    pub scripts: BTreeMap<String, ScriptSource>,
}

fn collect(dir: &Dir<'_>, prefix: &str, out: &mut Vec<(String, String)>) {
    for f in dir.files() {
        if let Some(text) = f.contents_utf8() {
            out.push((format!("{prefix}/{}", f.path().display()), text.to_string()));
        }
    }
    for d in dir.dirs() {
        collect(d, prefix, out);
    }
}

/// The base pack's files as embedded at build time: `(path, text)` pairs, paths as in the repository
/// (`cards/eldritch/...`, `scripts/eldritch/...`).
pub fn embedded_base_files(game: Game) -> Vec<(String, String)> {
    let mut out = Vec::new();
    if let Some(d) = BASE_CARDS.get_dir(game.as_str()) {
        collect(d, "cards", &mut out);
    }
    if let Some(d) = BASE_SCRIPTS.get_dir(game.as_str()) {
        collect(d, "scripts", &mut out);
    }
    out.sort();
    out
}

fn stem(path: &str) -> &str {
    let name = path.rsplit('/').next().unwrap_or(path);
    name.rsplit_once('.').map(|(s, _)| s).unwrap_or(name)
}

impl CardSet {
    pub fn empty(game: Game) -> CardSet {
        CardSet {
            game,
            cards: BTreeMap::new(),
            scripts: BTreeMap::new(),
        }
    }

    /// The embedded base pack of `game`.
    pub fn base(game: Game) -> Result<CardSet, Diagnostics> {
        CardSet::load(game, &embedded_base_files(game))
    }

    /// Loads `.toml` cards and `.rhai` scripts from `(path, text)` pairs, reporting every problem.
    /// A script belongs to the card file with the same stem.
    pub fn load(game: Game, files: &[(String, String)]) -> Result<CardSet, Diagnostics> {
        let mut set = CardSet::empty(game);
        let mut problems = Vec::new();
        let mut stems: BTreeMap<String, String> = BTreeMap::new();
        for (path, text) in files.iter().filter(|(p, _)| p.ends_with(".toml")) {
            let file = SourceFile::new(path.clone(), text.as_str());
            match set.add_card(&file) {
                Ok(id) => {
                    stems.insert(stem(path).to_string(), id);
                }
                Err(mut ds) => problems.append(&mut ds),
            }
        }
        for (path, text) in files.iter().filter(|(p, _)| p.ends_with(".rhai")) {
            let file = SourceFile::new(path.clone(), text.as_str());
            match stems.get(stem(path)) {
                Some(id) => {
                    set.scripts.insert(
                        id.clone(),
                        ScriptSource {
                            card: id.clone(),
                            file,
                            code: text.clone(),
                            line_offset: 0,
                            column_offset: 0,
                        },
                    );
                }
                None => problems.push(
                    Diagnostic::new(
                        "E0203",
                        format!("script `{path}` belongs to no card"),
                    )
                    .at(&file, 0..0)
                    .hint(format!(
                        "a script takes the stem of its card file: `{}.rhai` goes with `{}.toml`",
                        stem(path),
                        stem(path)
                    )),
                ),
            }
        }
        if problems.is_empty() {
            Ok(set)
        } else {
            Err(Diagnostics(problems))
        }
    }

    /// Parses, validates and adds one card file. A second card with an id already loaded is an error
    /// naming both files.
    pub fn add_card(&mut self, file: &SourceFile) -> Result<String, Vec<Diagnostic>> {
        let raw: RawCard = parse_toml(file).map_err(|d| vec![d])?;
        let card = Card::validate(raw, file, self.game)?;
        if let Some(first) = self.cards.get(&card.id) {
            return Err(vec![
                Diagnostic::new("E0202", format!("card id `{}` is defined twice", card.id))
                    .at(file, card.id_span.clone())
                    .label("second definition")
                    .hint(format!("it is already defined in {}", first.file.path)),
            ]);
        }
        let id = card.id.clone();
        self.cards.insert(id.clone(), card);
        Ok(id)
    }

    /// Adds a card defined inline in a scenario (it stands in for a base card of the same id). Its
    /// `script`, if any, is attached with its position in the scenario file.
    pub fn add_inline(
        &mut self,
        raw: RawCard,
        file: &SourceFile,
    ) -> Result<String, Vec<Diagnostic>> {
        let script = raw.script.clone();
        let card = Card::validate(raw, file, self.game)?;
        let id = card.id.clone();
        self.scripts.remove(&id);
        if let Some(s) = script {
            let span = s.span();
            // The string's first character: past `"""` (and the newline right after it, which TOML drops).
            let raw_text = &file.text[span.clone()];
            let quote = if raw_text.starts_with("\"\"\"") || raw_text.starts_with("'''") {
                3
            } else {
                1
            };
            let mut start = span.start + quote;
            if quote == 3 && file.text[start..].starts_with('\n') {
                start += 1;
            }
            let (line, col) = file.line_col(start);
            self.scripts.insert(
                id.clone(),
                ScriptSource {
                    card: id.clone(),
                    file: file.clone(),
                    code: s.into_inner(),
                    line_offset: line - 1,
                    column_offset: col - 1,
                },
            );
        }
        self.cards.insert(id.clone(), card);
        Ok(id)
    }

    /// Finds a card by id or printed name (case-insensitive).
    pub fn resolve(&self, reference: &str) -> Option<&Card> {
        self.cards
            .get(reference)
            .or_else(|| self.cards.get(&card_id(reference)))
    }

    /// The diagnostic for a reference that names no card: E0201, with the closest ids.
    pub fn unknown(
        &self,
        reference: &str,
        file: &SourceFile,
        span: std::ops::Range<usize>,
    ) -> Diagnostic {
        let near = closest(&card_id(reference), self.cards.keys().map(String::as_str));
        let hint = if near.is_empty() {
            format!(
                "no {} card is near that name; `mythos validate` lists problems in card files",
                self.game.as_str()
            )
        } else {
            format!("closest ids: {}", near.join(", "))
        };
        Diagnostic::new("E0201", format!("unknown card `{reference}`"))
            .at(file, span)
            .label("no such card")
            .hint(hint)
    }
}
