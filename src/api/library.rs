//! Where cards come from: the base packs (built in, or given as files) and the packs loaded after them,
//! all in memory; and the cards of one game, loaded and checked. May import `defs`, `scenario`, `script`.

use super::Game;
use super::diagnostic::{Diagnostic, Error, wrap};
use crate::defs::{CardKind, CardSet, Diagnostics};
use crate::scenario::PackFolder;
use crate::script::ScriptHooks;
use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};

/// A card pack as files in memory: the folder it stands for (as diagnostics show it) and its
/// `(path, text)` pairs, `pack.toml`, `cards/**.toml` and `scripts/**.rhai`, each path starting with
/// that folder.
///
/// ```
/// use mythos::PackFiles;
/// let pack = PackFiles::new("my_pack", vec![
///     ("my_pack/pack.toml".into(), "name = \"my_pack\"\nversion = \"1.0.0\"\ngame = \"eldritch\"\n".into()),
/// ]);
/// assert_eq!(pack.root(), "my_pack");
/// ```
#[derive(Debug, Clone)]
pub struct PackFiles {
    root: String,
    files: Vec<(String, String)>,
    refused: Vec<Diagnostic>,
}

impl PackFiles {
    /// The pack in the folder `root`, made of `files`.
    pub fn new(root: impl Into<String>, files: Vec<(String, String)>) -> PackFiles {
        PackFiles {
            root: root.into(),
            files,
            refused: Vec::new(),
        }
    }

    /// The same pack with `refused`, the files that were refused while it was read from the disk
    /// (E0001 to E0006: a link, a file too large, one that is not UTF-8, …): each is reported when the
    /// pack is loaded, as a problem of the pack, and a refused `pack.toml` leaves the pack out.
    ///
    /// ```
    /// use mythos::{Diagnostic, Game, Library, PackFiles, Reading};
    /// let refused = Diagnostic::reading(Reading::NotRegularFile, "`p/cards/x.toml` is a FIFO")
    ///     .about_file("p/cards/x.toml");
    /// let pack = PackFiles::new("p", vec![
    ///     ("p/pack.toml".into(), "name = \"p\"\nversion = \"1.0.0\"\ngame = \"eldritch\"\n".into()),
    /// ]).with_refused(vec![refused]);
    /// let e = Library::new().with_pack(pack).cards(Game::Eldritch).unwrap_err();
    /// assert_eq!(e[0].code(), "E0002");
    /// ```
    pub fn with_refused(mut self, refused: Vec<Diagnostic>) -> PackFiles {
        self.refused.extend(refused);
        self
    }

    /// The folder the pack stands for.
    pub fn root(&self) -> &str {
        &self.root
    }

    fn folder(&self) -> PackFolder {
        let mut folder = PackFolder::new(self.root.clone(), self.files.clone());
        folder.refused = self.refused.iter().map(|d| (*d.0).clone()).collect();
        folder
    }
}

/// Reads a game's base pack when it is first loaded (`Library::with_base_from`).
type BaseReader = dyn Fn(Game) -> Result<Vec<(String, String)>, Vec<Diagnostic>> + Send + Sync;
/// Reads one pack folder when it is first needed (`Library::with_pack_from`,
/// `Library::with_folders_from`).
type FolderReader = dyn Fn(&str) -> Result<PackFiles, String> + Send + Sync;

/// A reader the library calls lazily, shown by name only.
struct Reader<F: ?Sized>(Arc<F>);

impl<F: ?Sized> Clone for Reader<F> {
    fn clone(&self) -> Self {
        Reader(Arc::clone(&self.0))
    }
}

impl<F: ?Sized> std::fmt::Debug for Reader<F> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Reader")
    }
}

/// A pack loaded after the base pack: given in memory, or read when the cards are first loaded.
#[derive(Debug, Clone)]
enum PackSource {
    Files(PackFiles),
    /// The folder as diagnostics show it, and its reader.
    Read(String, Reader<FolderReader>),
}

impl PackSource {
    /// The pack's folder, or the diagnostic of a folder that cannot be read at all.
    fn folder(&self) -> Result<PackFolder, crate::defs::Diagnostic> {
        match self {
            PackSource::Files(p) => Ok(p.folder()),
            PackSource::Read(root, read) => (read.0)(root).map(|p| p.folder()).map_err(|why| {
                crate::defs::Diagnostic::new(
                    crate::defs::Code::CannotRead,
                    format!("cannot read pack `{root}`: {why}"),
                )
                .hint("a pack is a folder holding pack.toml, cards/ and scripts/")
            }),
        }
    }

    /// The pack and every problem found reading it.
    fn read_pack(&self) -> (Option<crate::defs::Pack>, Vec<crate::defs::Diagnostic>) {
        match self.folder() {
            Ok(folder) => folder.into_pack(),
            Err(d) => (None, vec![d]),
        }
    }
}

/// Where the cards come from: each game's base pack, then packs loaded after it in order, and the
/// pack folders scenarios may name in their `packs`. Nothing is read from the disk: the base packs
/// are those built into the library unless others are given.
///
/// ```
/// use mythos::{Game, Library};
/// let cards = Library::new().cards(Game::Eldritch).unwrap();
/// assert!(cards.iter().any(|c| c.name() == "Trish Scarborough" && c.kind() == "investigator"));
/// ```
///
/// Each game's cards are loaded once, when first asked for, and kept: every
/// [`Scenario::parse`](crate::Scenario::parse) and [`Library::cards`] after that reuses them, and so
/// does every clone of the library (the clones share what was loaded): make one library and keep it. [`Library::with_base`] and
/// [`Library::with_pack`] return a library that loads again.
#[derive(Debug, Clone, Default)]
pub struct Library {
    base: BTreeMap<Game, Vec<(String, String)>>,
    base_reader: Option<Reader<BaseReader>>,
    packs: Vec<PackSource>,
    folders: BTreeMap<String, PackFiles>,
    folder_reader: Option<Reader<FolderReader>>,
    /// Each game's base pack and packs, loaded (Eldritch Horror first): shared by the clones.
    loaded: Arc<[OnceLock<Result<CardSet, Diagnostics>>; 2]>,
}

impl Library {
    /// The built-in base packs of both games, and no other pack.
    pub fn new() -> Library {
        Library::default()
    }

    /// Uses `files` as `game`'s base pack instead of the built-in one (as `mythos --base DIR` does):
    /// `(path, text)` pairs, `cards/GAME/**.toml` and `scripts/GAME/**.rhai`.
    pub fn with_base(mut self, game: Game, files: Vec<(String, String)>) -> Library {
        self.base.insert(game, files);
        self.loaded = Arc::default();
        self
    }

    /// Loads `pack` after the base pack and the packs added before it (as `mythos --pack DIR` does).
    /// A pack of the other game is left out of that game's cards.
    pub fn with_pack(mut self, pack: PackFiles) -> Library {
        self.packs.push(PackSource::Files(pack));
        self.loaded = Arc::default();
        self
    }

    /// Reads each game's base pack with `read` when that game's cards are first loaded (as
    /// `mythos --base DIR` reads the folder), unless [`Library::with_base`] gave it: `(path, text)`
    /// pairs, or every problem reading them (which loading the cards then reports).
    ///
    /// ```
    /// use mythos::{Diagnostic, Game, Library, Reading};
    /// let library = Library::new().with_base_from(|game| {
    ///     Err(vec![Diagnostic::reading(Reading::CannotRead, format!("no base for {}", game.as_str()))])
    /// });
    /// let e = library.cards(Game::Arkham).unwrap_err();
    /// assert_eq!((e[0].code(), e[0].message()), ("E0001", "no base for arkham"));
    /// ```
    pub fn with_base_from(
        mut self,
        read: impl Fn(Game) -> Result<Vec<(String, String)>, Vec<Diagnostic>> + Send + Sync + 'static,
    ) -> Library {
        self.base_reader = Some(Reader(Arc::new(read)));
        self.loaded = Arc::default();
        self
    }

    /// Loads the pack in the folder `root` after the base pack and the packs added before it, read
    /// with `read` (given `root`) when the cards are first loaded (as `mythos --pack DIR` does): the
    /// pack's files, with those refused while reading ([`PackFiles::with_refused`]), or why the folder
    /// cannot be read at all (`cannot read pack `root`: why`, E0001).
    ///
    /// ```
    /// use mythos::{Game, Library};
    /// let library = Library::new().with_pack_from("gone", |_| Err("no such folder".to_string()));
    /// let e = library.cards(Game::Eldritch).unwrap_err();
    /// assert_eq!((e[0].code(), e[0].message()), ("E0001", "cannot read pack `gone`: no such folder"));
    /// ```
    pub fn with_pack_from(
        mut self,
        root: impl Into<String>,
        read: impl Fn(&str) -> Result<PackFiles, String> + Send + Sync + 'static,
    ) -> Library {
        self.packs
            .push(PackSource::Read(root.into(), Reader(Arc::new(read))));
        self.loaded = Arc::default();
        self
    }

    /// Reads the folders a scenario's `packs` names, as written there, with `read` when the scenario
    /// is parsed (as the `mythos` command reads them relative to the scenario file), unless
    /// [`Library::with_folder`] gave them: the pack's files, or why the folder cannot be read. The
    /// cards already loaded are kept (the folders are the scenario's, not the library's).
    ///
    /// ```
    /// use mythos::{Library, Scenario};
    /// let library = Library::new().with_folders_from(|dir| Err(format!("`{dir}` is not here")));
    /// let text = "game = \"eldritch\"\npacks = [\"extra\"]\n[investigator]\nwill = 1\n[test]\nskill = \"will\"\n";
    /// let e = Scenario::parse(&library, "s.toml", text).err().unwrap();
    /// assert!(e[0].message().contains("`extra` is not here"), "{}", e[0].message());
    /// ```
    pub fn with_folders_from(
        mut self,
        read: impl Fn(&str) -> Result<PackFiles, String> + Send + Sync + 'static,
    ) -> Library {
        self.folder_reader = Some(Reader(Arc::new(read)));
        self
    }

    /// Makes `pack` the folder a scenario reaches when its `packs` list names `dir`, exactly as
    /// written there (the `mythos` command reads it relative to the scenario file).
    pub fn with_folder(mut self, dir: impl Into<String>, pack: PackFiles) -> Library {
        self.folders.insert(dir.into(), pack);
        self
    }

    /// The files of `game`'s base pack: those given with [`Library::with_base`], or the built-in ones.
    /// With [`Library::with_base_from`], those it reads (none when it refuses them).
    pub fn base_files(&self, game: Game) -> Vec<(String, String)> {
        self.base_read(game).unwrap_or_default()
    }

    /// The files of `game`'s base pack, or every problem reading them.
    fn base_read(&self, game: Game) -> Result<Vec<(String, String)>, Diagnostics> {
        match (self.base.get(&game), &self.base_reader) {
            (Some(files), _) => Ok(files.clone()),
            (None, Some(read)) => {
                (read.0)(game).map_err(|ds| Diagnostics(ds.into_iter().map(|d| *d.0).collect()))
            }
            (None, None) => Ok(crate::defs::embedded_base_files(game.into())),
        }
    }

    /// The base pack of `game` and then each pack of that game, in order: loaded the first time it
    /// is asked for, a copy of that after.
    pub(crate) fn set(&self, game: Game) -> Result<CardSet, Diagnostics> {
        let slot = &self.loaded[usize::from(game == Game::Arkham)];
        slot.get_or_init(|| self.load(game)).clone()
    }

    /// Loads the base pack of `game` and then each pack of that game, in order.
    fn load(&self, game: Game) -> Result<CardSet, Diagnostics> {
        let mut set = CardSet::load(game.into(), &self.base_read(game)?)?;
        let mut problems = set.add_shipped();
        for p in &self.packs {
            let (pack, ds) = p.read_pack();
            problems.extend(ds);
            match pack {
                Some(pack) if pack.game == game.into() => problems.extend(set.add_pack(&pack)),
                _ => {}
            }
        }
        if problems.is_empty() {
            Ok(set)
        } else {
            Err(Diagnostics(problems))
        }
    }

    /// The pack folder a scenario's `packs` names, or why there is none.
    pub(crate) fn folder(&self, dir: &str) -> Result<PackFolder, String> {
        match (self.folders.get(dir), &self.folder_reader) {
            (Some(p), _) => Ok(p.folder()),
            (None, Some(read)) => (read.0)(dir).map(|p| p.folder()),
            (None, None) => Err("no such folder".to_string()),
        }
    }

    /// The cards of `game`, loaded and checked; or every problem of the packs.
    pub fn cards(&self, game: Game) -> Result<Cards, Error> {
        let set = self.set(game).map_err(|ds| Error::wrap(ds.0))?;
        let cards = set
            .cards
            .values()
            .map(|c| Card {
                id: c.id.clone(),
                name: c.name.clone(),
                kind: kind_str(c.kind),
                pack: set
                    .origins
                    .get(&c.id)
                    .map(|o| o.pack.clone())
                    .unwrap_or_default(),
                traits: c.traits.clone(),
                text: c.text.clone(),
                scripted: set.scripts.contains_key(&c.id),
                source: c.source.clone(),
                possessions: c.possessions.clone(),
                set: crate::defs::set_title(
                    &set.origins
                        .get(&c.id)
                        .map(|o| o.pack.clone())
                        .unwrap_or_default(),
                ),
                values: super::printed::values(&c.raw),
                backs: c.raw.backs.clone(),
                notes: c.raw.notes.clone().unwrap_or_default(),
                sliders: c
                    .raw
                    .sliders
                    .iter()
                    .flatten()
                    .map(|(pair, stops)| {
                        let stops = stops
                            .iter()
                            .map(|[a, b]| (*a.get_ref(), *b.get_ref()))
                            .collect();
                        (pair.clone(), stops)
                    })
                    .collect(),
            })
            .collect();
        Ok(Cards { game, cards })
    }

    /// Every problem of every card file, cross-reference and script of both games' base packs and the
    /// packs added (as `mythos validate` reports them); empty when there is none.
    ///
    /// ```
    /// use mythos::{Library, PackFiles};
    /// let pack = PackFiles::new("p", vec![
    ///     ("p/pack.toml".into(), "name = \"p\"\nversion = \"1.0.0\"\ngame = \"eldritch\"\n".into()),
    ///     ("p/cards/ghast.toml".into(), "name = \"Ghast\"\nkind = \"monster\"\ncolour = 1\n".into()),
    /// ]);
    /// let problems = Library::new().with_pack(pack).validate();
    /// assert!(problems.iter().any(|d| d.code() == "E0102" && d.line() == Some(3)));
    /// ```
    pub fn validate(&self) -> Vec<Diagnostic> {
        self.validation(false).problems
    }

    /// [`Library::validate`], counting the cards checked: with `packs_only`, only the games of the
    /// packs added are checked and only the packs' own cards counted (as `mythos validate DIR` does);
    /// without, both games and every card. The packs of a game are loaded in their `requires` order.
    ///
    /// ```
    /// use mythos::{Library, PackFiles};
    /// let pack = PackFiles::new("p", vec![
    ///     ("p/pack.toml".into(), "name = \"p\"\nversion = \"1.0.0\"\ngame = \"eldritch\"\n".into()),
    ///     ("p/cards/ghast.toml".into(), "id = \"made_up_ghast\"\nname = \"Made-up Ghast\"\nkind = \"monster\"\n\
    ///        source = \"synthetic\"\ntoughness = 1\nwill = { modifier = 0, horror = 1 }\n\
    ///        strength = { modifier = 0, damage = 1 }\n".into()),
    /// ]);
    /// let library = Library::new().with_pack(pack);
    /// let checked = library.validation(true);
    /// assert!(checked.problems().is_empty(), "{:?}", checked.problems());
    /// assert_eq!(checked.cards(), 1);
    /// assert!(library.validation(false).cards() > 100);
    /// ```
    pub fn validation(&self, packs_only: bool) -> Validation {
        let mut problems = Vec::new();
        let mut packs_read = Vec::new();
        let mut cards = 0;
        for p in &self.packs {
            let (pack, ds) = p.read_pack();
            problems.extend(ds);
            packs_read.extend(pack);
        }
        for game in Game::ALL {
            let mine: Vec<&crate::defs::Pack> = crate::defs::in_requires_order(
                &packs_read
                    .iter()
                    .filter(|p| p.game == game.into())
                    .collect::<Vec<_>>(),
            );
            if packs_only && mine.is_empty() {
                continue;
            }
            let mut set = match self
                .base_read(game)
                .and_then(|files| CardSet::load(game.into(), &files))
            {
                Ok(set) => set,
                Err(ds) => {
                    problems.extend(ds.0);
                    continue;
                }
            };
            problems.extend(set.add_shipped());
            let names: Vec<&str> = mine.iter().map(|p| p.name.as_str()).collect();
            for p in mine {
                problems.extend(set.add_pack(p));
            }
            cards += set
                .origins
                .values()
                .filter(|o| !packs_only || names.contains(&o.pack.as_str()))
                .count();
            problems.extend(set.check_references());
            if let Err(ds) = ScriptHooks::compile(&set) {
                problems.extend(ds);
            }
        }
        Validation {
            cards,
            problems: wrap(problems),
        }
    }
}

/// What [`Library::validation`] checked: how many cards, and every problem found.
#[derive(Debug, Clone)]
pub struct Validation {
    cards: usize,
    problems: Vec<Diagnostic>,
}

impl Validation {
    /// How many cards were checked.
    pub fn cards(&self) -> usize {
        self.cards
    }

    /// Every problem found, in the order found; empty when there is none.
    pub fn problems(&self) -> &[Diagnostic] {
        &self.problems
    }
}

/// The id a printed name gives (`Trish Scarborough` → `trish_scarborough`): its letters and digits,
/// lowercase, each run of anything else a `_` between words. A scenario may name a card by its id or
/// its printed name; `mythos cards NAME` finds a card by part of either.
///
/// ```
/// assert_eq!(mythos::card_id("Trish Scarborough"), "trish_scarborough");
/// assert_eq!(mythos::card_id("  .38 Revolver! "), "38_revolver");
/// ```
pub fn card_id(name: &str) -> String {
    crate::defs::card_id(name)
}

/// Up to three of `candidates` closest to `wanted`, the closest first (Jaro–Winkler similarity above
/// 0.7; ties in order of the text): the names mythos suggests for one it does not know.
///
/// ```
/// let near = mythos::closest("trish_scarbrough", ["trish_scarborough", "mark_harrigan"]);
/// assert_eq!(near, ["trish_scarborough"]);
/// assert!(mythos::closest("zzz", ["trish_scarborough"]).is_empty());
/// ```
pub fn closest<'a>(wanted: &str, candidates: impl IntoIterator<Item = &'a str>) -> Vec<String> {
    crate::defs::closest(wanted, candidates)
}

/// The word a card file's `kind` uses.
fn kind_str(k: CardKind) -> &'static str {
    match k {
        CardKind::Investigator => "investigator",
        CardKind::Monster => "monster",
        CardKind::Asset => "asset",
        CardKind::Artifact => "artifact",
        CardKind::Spell => "spell",
        CardKind::Condition => "condition",
        CardKind::Ally => "ally",
        CardKind::Item => "item",
        CardKind::UniqueItem => "unique_item",
        CardKind::Skill => "skill",
        CardKind::Special => "special",
        CardKind::Mythos => "mythos",
    }
}

/// The cards of one game, every pack loaded, ordered by id: what a picker offers.
///
/// ```
/// use mythos::{Game, Library};
/// let cards = Library::new().cards(Game::Eldritch)?;
/// assert_eq!(cards.game(), Game::Eldritch);
/// assert!(!cards.is_empty() && cards.len() == cards.iter().count());
/// assert!(cards.iter().zip(cards.iter().skip(1)).all(|(a, b)| a.id() < b.id()));
/// assert_eq!(cards.get("trish_scarborough").map(|c| c.name()), Some("Trish Scarborough"));
/// # Ok::<(), mythos::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct Cards {
    game: Game,
    cards: Vec<Card>,
}

impl Cards {
    /// The game these cards are for.
    pub fn game(&self) -> Game {
        self.game
    }

    /// Every card, ordered by id.
    pub fn iter(&self) -> impl Iterator<Item = &Card> {
        self.cards.iter()
    }

    /// The card of this id, if any.
    pub fn get(&self, id: &str) -> Option<&Card> {
        self.cards.iter().find(|c| c.id == id)
    }

    /// How many cards there are.
    pub fn len(&self) -> usize {
        self.cards.len()
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }
}

/// One card as a scenario names it: its id and printed name, its kind and the pack it came from.
///
/// ```
/// use mythos::{Game, Library};
/// let cards = Library::new().cards(Game::Eldritch)?;
/// let trish = cards.get("trish_scarborough").expect("a core investigator");
/// assert_eq!((trish.id(), trish.name(), trish.kind()), ("trish_scarborough", "Trish Scarborough", "investigator"));
/// assert_eq!((trish.pack(), trish.set()), ("base", "core"));
/// assert!(!trish.text().is_empty() && !trish.source().is_empty());
/// assert!(trish.sliders().is_empty(), "an Eldritch Horror investigator has no sliders");
/// # Ok::<(), mythos::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Card {
    id: String,
    name: String,
    kind: &'static str,
    pack: String,
    traits: Vec<String>,
    text: String,
    scripted: bool,
    source: String,
    possessions: Vec<String>,
    set: String,
    values: Vec<(String, String)>,
    backs: Vec<String>,
    notes: String,
    sliders: Vec<(String, Vec<(i64, i64)>)>,
}

impl Card {
    /// The id a scenario may name it by (`trish_scarborough`); its printed name works too.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// The printed name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The kind, as a card file writes it: `investigator`, `monster`, `asset`, `artifact`, `spell`,
    /// `condition`, `ally`, `item`, `unique_item`, `skill`, `special` or `mythos`.
    pub fn kind(&self) -> &str {
        self.kind
    }

    /// The pack it came from: `base`, or a pack's `name`.
    pub fn pack(&self) -> &str {
        &self.pack
    }

    /// The product it is printed in: `core` for the base game, else the expansion (`Forsaken Lore`).
    pub fn set(&self) -> &str {
        &self.set
    }

    /// Its printed values, each as a name and its value in words, in the order a card shows them.
    ///
    /// ```
    /// use mythos::{Game, Library};
    /// let cards = Library::new().cards(Game::Eldritch).unwrap();
    /// let mark = cards.get("mark_harrigan").unwrap();
    /// assert!(mark.values().iter().any(|(k, v)| k == "health" && v == "8"));
    /// ```
    pub fn values(&self) -> &[(String, String)] {
        &self.values
    }

    /// The printed back of each copy (Eldritch Horror Spells and Conditions), as its file lists them.
    pub fn backs(&self) -> &[String] {
        &self.backs
    }

    /// The card file's notes: which value was taken where sources disagree, what is not played.
    pub fn notes(&self) -> &str {
        &self.notes
    }

    /// Its traits (`magical`, `weapon`, …), as the card file lists them.
    pub fn traits(&self) -> &[String] {
        &self.traits
    }

    /// The printed text, verbatim.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Where its printed values and text come from.
    pub fn source(&self) -> &str {
        &self.source
    }

    /// An investigator's printed starting possessions, as card ids; empty for other cards.
    pub fn possessions(&self) -> &[String] {
        &self.possessions
    }

    /// An Arkham Horror investigator's printed sliders: each pair of skills as its card file names it
    /// (`speed_sneak`, `fight_will`, `lore_luck`) with the values of its stops, in order; empty for
    /// other cards. A scenario sets the skills as the sliders stand.
    ///
    /// ```
    /// use mythos::{Game, Library};
    /// let cards = Library::new().cards(Game::Arkham).unwrap();
    /// let investigator = cards.iter().find(|c| c.kind() == "investigator").unwrap();
    /// let pairs: Vec<&str> = investigator.sliders().iter().map(|(pair, _)| pair.as_str()).collect();
    /// assert_eq!(pairs, ["fight_will", "lore_luck", "speed_sneak"]);
    /// assert!(investigator.sliders().iter().all(|(_, stops)| !stops.is_empty()));
    /// ```
    pub fn sliders(&self) -> &[(String, Vec<(i64, i64)>)] {
        &self.sliders
    }

    /// Whether its special text is a script (a `.rhai` file of the same stem).
    pub fn has_script(&self) -> bool {
        self.scripted
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pack_with_one_monster() -> PackFiles {
        PackFiles::new(
            "p",
            vec![
                (
                    "p/pack.toml".into(),
                    "name = \"p\"\nversion = \"1.0.0\"\ngame = \"eldritch\"\n".into(),
                ),
                (
                    "p/cards/made_up_horror.toml".into(),
                    "id = \"made_up_horror\"\nname = \"Made-up Horror\"\nkind = \"monster\"\nsource = \"synthetic\"\ntoughness = 1\n\
                     will = { modifier = 0, horror = 1 }\nstrength = { modifier = 0, damage = 1 }\n"
                        .into(),
                ),
            ],
        )
    }

    #[test]
    fn a_game_is_loaded_once_and_its_clones_share_it() {
        let library = Library::new();
        let clone = library.clone();
        assert!(
            clone.loaded[0].get().is_none(),
            "nothing is loaded before it is asked for"
        );
        library.cards(Game::Eldritch).expect("the base loads");
        assert!(clone.loaded[0].get().is_some_and(Result::is_ok));
        assert!(
            clone.loaded[1].get().is_none(),
            "the other game is not loaded"
        );
    }

    #[test]
    fn a_pack_added_after_loading_is_in_the_cards() {
        let library = Library::new();
        let before = library.cards(Game::Eldritch).expect("the base loads");
        assert!(before.get("made_up_horror").is_none());
        let library = library.with_pack(pack_with_one_monster());
        let after = library.cards(Game::Eldritch).expect("the pack loads");
        assert_eq!(after.get("made_up_horror").map(Card::pack), Some("p"));
    }
}
