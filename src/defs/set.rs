//! A game's card set: the base pack (embedded in the binary, or a folder given with `--base`), cards a
//! scenario defines inline, and the scripts that go with them.

use super::pack::{BASE_PACK, Pack, stem, stem_clashes};
use super::parse::parse_toml_all;
use super::{
    Card, Code, Diagnostic, Diagnostics, RawCard, ScriptSource, SourceFile, card_id, closest,
};
use crate::kernel::Game;
use include_dir::{Dir, include_dir};
use std::collections::BTreeMap;

static BASE_CARDS: Dir<'_> = include_dir!("$CARGO_MANIFEST_DIR/cards");
static BASE_SCRIPTS: Dir<'_> = include_dir!("$CARGO_MANIFEST_DIR/scripts");

/// Where a card came from: its pack, and what it replaced (`replaces = "id"`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Origin {
    /// The pack's name: `base`, a pack's `name`, or `scenario` for a card written inline.
    pub pack: String,
    /// The pack and file of the card of an earlier pack that this one replaces.
    pub replaced: Option<(String, String)>,
}

#[derive(Debug, Clone)]
pub struct CardSet {
    pub game: Game,
    pub cards: BTreeMap<String, Card>,
    pub scripts: BTreeMap<String, ScriptSource>,
    pub origins: BTreeMap<String, Origin>,
    /// The packs loaded, in order: `base` first.
    pub packs: Vec<String>,
    /// The folder each pack was read from.
    roots: BTreeMap<String, String>,
    /// Whether the base pack is exactly the one built into the binary (same files, same text): its
    /// scripts are then the ones the test suite compiles and checks, and a scenario compiles only
    /// those it can bring into play.
    built_in: bool,
    /// The packs loaded from the copy built into the binary (`packs/`): their scripts are checked by
    /// the test suite as the base pack's are, and a folder of the same name takes their place.
    shipped: std::collections::BTreeSet<String>,
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

/// Whether `files` are exactly the embedded base files of `game` (`embedded_base_files`), compared
/// without copying them.
fn is_embedded_base(game: Game, files: &[(String, String)]) -> bool {
    let mut embedded: Vec<(String, &'static str)> = Vec::new();
    fn refs(dir: &'static Dir<'static>, prefix: &str, out: &mut Vec<(String, &'static str)>) {
        for f in dir.files() {
            if let Some(text) = f.contents_utf8() {
                out.push((format!("{prefix}/{}", f.path().display()), text));
            }
        }
        for d in dir.dirs() {
            refs(d, prefix, out);
        }
    }
    for (dir, prefix) in [(&BASE_CARDS, "cards"), (&BASE_SCRIPTS, "scripts")] {
        if let Some(d) = dir.get_dir(game.as_str()) {
            refs(d, prefix, &mut embedded);
        }
    }
    embedded.sort();
    embedded.len() == files.len()
        && embedded
            .iter()
            .zip(files)
            .all(|((p, t), (fp, ft))| p == fp && *t == ft.as_str())
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

impl CardSet {
    pub fn empty(game: Game) -> CardSet {
        CardSet {
            game,
            cards: BTreeMap::new(),
            scripts: BTreeMap::new(),
            origins: BTreeMap::new(),
            packs: Vec::new(),
            roots: BTreeMap::new(),
            built_in: false,
            shipped: Default::default(),
        }
    }

    /// Takes this set's base pack for the built-in one (tests of what that changes, on synthetic cards).
    #[cfg(test)]
    pub fn pretend_built_in(&mut self) {
        self.built_in = true;
    }

    /// Whether the script of `id` is the built-in base pack's own, unchanged: the test suite compiles
    /// and checks every one of those (`src/script/hooks/tests.rs`), so loading a scenario need
    /// not check it again, nor compile it unless its card can come into play.
    pub fn script_is_built_in(&self, id: &str) -> bool {
        self.scripts.contains_key(id)
            && self.origins.get(id).is_some_and(|o| {
                (self.built_in && o.pack == BASE_PACK) || self.shipped.contains(&o.pack)
            })
    }

    /// Loads the packs shipped with the project for this game (`packs/`, built in), each after those
    /// it requires. They are tested with the binary, so a problem here is a defect of the build.
    pub fn add_shipped(&mut self) -> Vec<Diagnostic> {
        let mut problems = Vec::new();
        for pack in super::shipped_packs(self.game) {
            problems.extend(self.add_pack(&pack));
            self.shipped.insert(pack.name.clone());
        }
        problems
    }

    /// Takes a shipped pack out again (its cards, scripts and name), so that a folder of the same
    /// name can take its place.
    fn unload_shipped(&mut self, name: &str) {
        let ids: Vec<String> = self
            .origins
            .iter()
            .filter(|(_, o)| o.pack == name)
            .map(|(id, _)| id.clone())
            .collect();
        for id in ids {
            self.cards.remove(&id);
            self.scripts.remove(&id);
            self.origins.remove(&id);
        }
        self.packs.retain(|p| p != name);
        self.roots.remove(name);
        self.shipped.remove(name);
    }

    /// The embedded base pack of `game` (tests and the bench; the library API loads it through
    /// `Library`).
    #[cfg(any(test, feature = "bench"))]
    pub fn base(game: Game) -> Result<CardSet, Diagnostics> {
        CardSet::load(game, &embedded_base_files(game))
    }

    /// Loads the base pack from `(path, text)` pairs (`.toml` cards, `.rhai` scripts), reporting every
    /// problem. A script belongs to the card file with the same stem.
    pub fn load(game: Game, files: &[(String, String)]) -> Result<CardSet, Diagnostics> {
        let mut set = CardSet::empty(game);
        set.packs.push(BASE_PACK.to_string());
        set.built_in = is_embedded_base(game, files);
        let problems = set.load_files(files, BASE_PACK);
        if problems.is_empty() {
            Ok(set)
        } else {
            Err(Diagnostics(problems))
        }
    }

    /// Loads a pack after those already loaded: its game must be this set's, the packs it requires must
    /// be loaded already, and its cards may replace earlier ones only with `replaces`. A pack already
    /// loaded from the same folder is not loaded again.
    pub fn add_pack(&mut self, pack: &Pack) -> Vec<Diagnostic> {
        if pack.game != self.game {
            return vec![pack.wrong_game(self.game)];
        }
        if self.shipped.contains(&pack.name)
            && self.roots.get(&pack.name).is_some_and(|r| *r != pack.root)
        {
            self.unload_shipped(&pack.name);
        }
        if let Some(root) = self.roots.get(&pack.name) {
            if *root == pack.root {
                return Vec::new();
            }
            return vec![
                Diagnostic::new(
                    Code::DuplicatePack,
                    format!("two packs are named `{}`", pack.name),
                )
                .at(&pack.manifest, pack.raw.name.span())
                .label("second pack of this name")
                .hint(format!(
                    "a pack of that name is already loaded from `{root}`"
                )),
            ];
        }
        let mut problems = pack.missing_requirements(&self.packs);
        self.packs.push(pack.name.clone());
        self.roots.insert(pack.name.clone(), pack.root.clone());
        problems.extend(self.load_files(&pack.files, &pack.name));
        problems
    }

    /// Loads one pack's card files, then its scripts, each script going with the card file of its stem
    /// (two card files or two scripts of one stem are E0207, and the second script goes with none).
    fn load_files(&mut self, files: &[(String, String)], pack: &str) -> Vec<Diagnostic> {
        let mut problems = stem_clashes(files);
        let mut stems: BTreeMap<String, String> = BTreeMap::new();
        // Card files that did not load: their scripts are not orphans (the card's problems are
        // reported; the script is checked once its card loads).
        let mut unloaded = std::collections::BTreeSet::new();
        for (path, text) in files.iter().filter(|(p, _)| p.ends_with(".toml")) {
            let file = SourceFile::new(path.clone(), text.as_str());
            match self.add_card_of(&file, pack) {
                Ok(id) => {
                    stems.insert(stem(path).to_string(), id);
                }
                Err(mut ds) => {
                    unloaded.insert(stem(path));
                    problems.append(&mut ds);
                }
            }
        }
        let mut attached = std::collections::BTreeSet::new();
        for (path, text) in files.iter().filter(|(p, _)| p.ends_with(".rhai")) {
            let file = SourceFile::new(path.clone(), text.as_str());
            match stems.get(stem(path)) {
                // A second script of this stem: already reported by `stem_clashes`.
                Some(_) if !attached.insert(stem(path)) => {}
                Some(id) => {
                    let src = ScriptSource::whole(id.clone(), file);
                    match src.too_long() {
                        Some(d) => problems.push(d),
                        None => {
                            self.scripts.insert(id.clone(), src);
                        }
                    }
                }
                None if unloaded.contains(stem(path)) => {}
                None => problems.push(
                    Diagnostic::new(
                        Code::OrphanScript,
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
        problems
    }

    /// Parses, validates and adds one card file of `pack`. A second card with an id already loaded is
    /// an error naming both files, unless it says `replaces = "id"` and the first came from an earlier
    /// pack, or the first is a shipped pack's and this one is not; then it takes the first one's
    /// place, script included.
    pub fn add_card_of(
        &mut self,
        file: &SourceFile,
        pack: &str,
    ) -> Result<String, Vec<Diagnostic>> {
        let raw: RawCard = parse_toml_all(file)?;
        let replaces = raw.replaces.clone();
        let card = Card::validate(raw, file, self.game)?;
        let id = card.id.clone();
        let earlier = self.cards.get(&id).map(|first| {
            let from = self
                .origins
                .get(&id)
                .map_or(BASE_PACK.to_string(), |o| o.pack.clone());
            (from, first.file.path.clone())
        });
        let mut replaced = None;
        match (&replaces, earlier) {
            (Some(r), _) if *r.get_ref() != id => {
                return Err(vec![
                    Diagnostic::new(
                        Code::OutOfRange,
                        format!("`replaces = \"{}\"` in the card `{id}`", r.get_ref()),
                    )
                    .at(file, r.span())
                    .label("not this card's id")
                    .hint(format!(
                        "a card replaces the card with its own id: write `replaces = \"{id}\"`, or `id = \"{}\"`",
                        r.get_ref()
                    )),
                ]);
            }
            (Some(r), None) => {
                let mut d = self.unknown(r.get_ref(), file, r.span());
                d.message = format!(
                    "`replaces = \"{}\"` names no card loaded before this one",
                    r.get_ref()
                );
                return Err(vec![d]);
            }
            (Some(_), Some((from, path))) if from != pack => replaced = Some((from, path)),
            // A shipped pack's card yields to a card of the same id from a pack or scenario given
            // after it: a modder's "Lantern" is not a clash with an expansion's the player never named.
            (None, Some((from, path)))
                if self.shipped.contains(&from) && !self.shipped.contains(pack) =>
            {
                replaced = Some((from, path))
            }
            (_, Some((from, path))) => {
                let hint = if from == pack {
                    format!(
                        "it is already defined in {path}, in the same pack: give one of them another id"
                    )
                } else {
                    format!(
                        "it is already defined in {path} (pack `{from}`); to replace that card, add `replaces = \"{id}\"`"
                    )
                };
                return Err(vec![
                    Diagnostic::new(
                        Code::DuplicateId,
                        format!("card id `{id}` is defined twice: in {path} and here"),
                    )
                    .at(file, card.id_span.clone())
                    .label("second definition")
                    .hint(hint),
                ]);
            }
            (None, None) => {}
        }
        if replaced.is_some() {
            self.scripts.remove(&id);
        }
        self.origins.insert(
            id.clone(),
            Origin {
                pack: pack.to_string(),
                replaced,
            },
        );
        self.cards.insert(id.clone(), card);
        Ok(id)
    }

    /// E0201 for each card a card file names (an investigator's `possessions`) that is not loaded.
    pub fn check_references(&self) -> Vec<Diagnostic> {
        let mut out = Vec::new();
        for card in self.cards.values() {
            for p in &card.raw.possessions {
                if self.resolve(p.get_ref()).is_none() {
                    out.push(self.unknown(p.get_ref(), &card.file, p.span()));
                }
            }
        }
        out
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
        let src = script
            .map(|s| ScriptSource::embedded(id.clone(), file.clone(), s.span(), s.into_inner()));
        if let Some(d) = src.as_ref().and_then(ScriptSource::too_long) {
            return Err(vec![d]);
        }
        self.scripts.remove(&id);
        if let Some(src) = src {
            self.scripts.insert(id.clone(), src);
        }
        self.origins.insert(
            id.clone(),
            Origin {
                pack: "scenario".to_string(),
                replaced: None,
            },
        );
        self.cards.insert(id.clone(), card);
        Ok(id)
    }

    /// Finds a card by id or printed name (case-insensitive), with or without a leading "The"
    /// (players write "Haunter of the Dark" for The Haunter of the Dark): the exact id first; then the
    /// one card whose printed name, without a qualifier in brackets, is the reference ("Cultist" for
    /// a pack's only "Cultist (Hastur)"). A name several cards share finds none ([`CardSet::unknown`]
    /// lists them).
    pub fn resolve(&self, reference: &str) -> Option<&Card> {
        let id = card_id(reference);
        let other = match id.strip_prefix("the_") {
            Some(rest) => rest.to_string(),
            None => format!("the_{id}"),
        };
        self.cards
            .get(reference)
            .or_else(|| self.cards.get(&id))
            .or_else(|| self.cards.get(&other))
            .or_else(|| match self.sharing_name(reference).as_slice() {
                [one] => Some(*one),
                _ => None,
            })
    }

    /// The cards whose printed name without a bracketed qualifier ("Cultist (Cthulhu)" is a
    /// "Cultist") and without a leading "The" is `reference`'s, by id.
    pub fn sharing_name(&self, reference: &str) -> Vec<&Card> {
        let wanted = plain_name(reference);
        if wanted.is_empty() {
            return Vec::new();
        }
        self.cards
            .values()
            .filter(|c| plain_name(&c.name) == wanted)
            .collect()
    }

    /// The diagnostic for a reference that names no card: E0201, with the closest printed names; or
    /// E0208 when it is a printed name several cards share, with each of them.
    pub fn unknown(
        &self,
        reference: &str,
        file: &SourceFile,
        span: std::ops::Range<usize>,
    ) -> Diagnostic {
        let sharing = self.sharing_name(reference);
        if sharing.len() > 1 {
            let each: Vec<String> = sharing
                .iter()
                .map(|c| format!("{} (`{}`)", c.name, c.id))
                .collect();
            return Diagnostic::new(
                Code::AmbiguousCard,
                format!("{} cards are named `{reference}`", sharing.len()),
            )
            .at(file, span)
            .label("which one?")
            .hint(format!("name one of them: {}", each.join(", ")));
        }
        let names: BTreeMap<String, &Card> =
            self.cards.values().map(|c| (card_id(&c.name), c)).collect();
        let near = closest(&card_id(reference), names.keys().map(String::as_str));
        let hint = if near.is_empty() {
            format!(
                "no {} card is near that name; `mythos cards` lists them, `mythos validate` lists problems in card files",
                self.game.as_str()
            )
        } else {
            let shown: Vec<String> = near
                .iter()
                .filter_map(|n| names.get(n))
                .map(|c| format!("{} (`{}`)", c.name, c.id))
                .collect();
            format!("closest printed names: {}", shown.join(", "))
        };
        Diagnostic::new(Code::UnknownCard, format!("unknown card `{reference}`"))
            .at(file, span)
            .label("no such card")
            .hint(hint)
    }
}

/// A printed name as players say it: without a qualifier in brackets, a leading "The", quotes and
/// case, as an id (`Cultist (Cthulhu)` → `cultist`, `"Ashcan" Pete` → `ashcan_pete`).
fn plain_name(name: &str) -> String {
    let bare = match name.find('(') {
        Some(i) if name.trim_end().ends_with(')') => &name[..i],
        _ => name,
    };
    let id = card_id(bare);
    id.strip_prefix("the_").map(str::to_string).unwrap_or(id)
}
