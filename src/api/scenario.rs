//! A scenario file parsed against a library's cards, ready to be played with its own dice or explored
//! for odds. May import `defs`, `scenario` and `odds`.

use super::diagnostic::{Diagnostic, wrap};
use super::{Game, Library, Odds, Played};
use crate::defs::SourceFile;
use crate::scenario::Prepared;

/// A scenario file (the format of `spec/scenario.md`) read and checked against a [`Library`]'s cards,
/// its scripts compiled: ready to be played with its own `[dice]`, or explored for odds.
///
/// ```
/// use mythos::{Library, Scenario};
/// let text = r#"
/// game = "eldritch"
/// [investigator]
/// card = "Trish Scarborough"
/// [test]
/// skill = "strength"
/// [dice]
/// faces = [6, 1, 2]
/// [expect]
/// "tests.0.passed" = true
/// "#;
/// let scenario = Scenario::parse(&Library::new(), "trish.toml", text).unwrap();
/// let played = scenario.play().unwrap();
/// assert_eq!(played.result()["tests"][0]["successes"], 1);
/// assert!(played.check().is_empty());
/// ```
pub struct Scenario {
    prepared: Prepared,
}

impl Scenario {
    /// Parses the scenario file at `path` (as diagnostics show it) with text `text`, loads its game's
    /// cards from `library` (with the packs the scenario lists, reached through
    /// [`Library::with_folder`]), and checks it; or every problem found.
    pub fn parse(library: &Library, path: &str, text: &str) -> Result<Scenario, Vec<Diagnostic>> {
        let file = SourceFile::new(path, text);
        let base = |game: crate::kernel::Game| library.set(game.into());
        let folder = |dir: &str| library.folder(dir);
        crate::scenario::prepare_file(&file, &base, &folder)
            .map(|prepared| Scenario { prepared })
            .map_err(wrap)
    }

    /// The code a scenario file says it must be refused with (`[expect] refused = "CODE"`), if it
    /// says so; such a scenario passes its check when parsing or playing it ends with a diagnostic of
    /// that code ([`Misses::of_refusal`](crate::Misses::of_refusal)).
    ///
    /// ```
    /// use mythos::Scenario;
    /// let text = "game = \"eldritch\"\n[expect]\nrefused = \"E0104\"\n";
    /// assert_eq!(Scenario::refusal_expected(text).as_deref(), Some("E0104"));
    /// ```
    pub fn refusal_expected(text: &str) -> Option<String> {
        crate::scenario::expected_refusal(&SourceFile::new("", text)).map(|r| r.into_inner())
    }

    /// The game it is played under.
    pub fn game(&self) -> Game {
        self.prepared.set.game.into()
    }

    /// Its `title`, if it has one.
    pub fn title(&self) -> Option<&str> {
        self.prepared.scenario.title.as_deref()
    }

    /// Its `source`: the document and section the ruling it encodes comes from, if it names one.
    pub fn source(&self) -> Option<&str> {
        self.prepared.scenario.source.as_deref()
    }

    /// Plays it to the end with its own `[dice]` (fixed faces or a seed), or says why it cannot be
    /// played (it has no `[dice]`). A run that a card's script broke off is still [`Played`], with its
    /// [`Played::error`].
    pub fn play(self) -> Result<Played, Vec<Diagnostic>> {
        self.prepared.play().map(Played).map_err(wrap)
    }

    /// The exact odds of every outcome, through the real rules and card scripts, every roll enumerated
    /// (its `[dice]` ignored, its `[choices]` the player's policy); or the diagnostic of a run that
    /// failed or of a scenario too large to enumerate.
    ///
    /// ```
    /// use mythos::{Library, Scenario};
    /// let text = "game = \"eldritch\"\n[investigator]\ncard = \"Trish Scarborough\"\n[test]\nskill = \"strength\"\n";
    /// let mut scenario = Scenario::parse(&Library::new(), "s.toml", text).unwrap();
    /// let odds = scenario.exact_odds().unwrap();
    /// // Strength 3: P(at least one 5 or 6 in three dice) = 1 - (2/3)^3.
    /// let passed = odds.test_passed().unwrap();
    /// assert!((passed - (1.0 - 8.0 / 27.0)).abs() < 1e-9);
    /// assert!(odds.text().contains("test passed:  70.37%"));
    /// ```
    pub fn exact_odds(&mut self) -> Result<Odds, Diagnostic> {
        crate::odds::exact(&mut self.prepared)
            .map(|o| Odds::new(o, self.title()))
            .map_err(Diagnostic)
    }

    /// `exact_odds`, calling `progress` every few dozen runs of the rules with the share of the
    /// probability mass resolved so far (0 to 1, rising; a finer pass, made when more than 1e-9 was
    /// left unresolved, starts again from 0). When `progress` returns false the computation stops
    /// at once with the diagnostic E0503 (cancelled).
    ///
    /// ```
    /// use mythos::{Library, Scenario};
    /// let text = "game = \"eldritch\"\n[investigator]\ncard = \"Trish Scarborough\"\n[[monsters]]\ncard = \"Ghoul\"\n[[monsters]]\ncard = \"Zombie\"\n";
    /// let mut scenario = Scenario::parse(&Library::new(), "s.toml", text).unwrap();
    /// let mut seen = Vec::new();
    /// let odds = scenario.exact_odds_with_progress(&mut |done| { seen.push(done); true }).unwrap();
    /// assert!(seen.windows(2).all(|w| w[0] <= w[1]) && seen.iter().all(|d| (0.0..=1.0).contains(d)));
    /// assert_eq!(odds.method(), "exact");
    /// let stopped = scenario.exact_odds_with_progress(&mut |_| false).unwrap_err();
    /// assert_eq!(stopped.code(), "E0503");
    /// ```
    pub fn exact_odds_with_progress(
        &mut self,
        progress: &mut dyn FnMut(f64) -> bool,
    ) -> Result<Odds, Diagnostic> {
        crate::odds::exact_with_progress(&mut self.prepared, progress)
            .map(|o| Odds::new(o, self.title()))
            .map_err(Diagnostic)
    }

    /// The odds estimated from `samples` seeded runs (the first from `seed`), on every core; or the
    /// diagnostic of the first run that failed.
    ///
    /// ```
    /// use mythos::{Library, Scenario};
    /// let text = "game = \"eldritch\"\n[investigator]\ncard = \"Trish Scarborough\"\n[test]\nskill = \"strength\"\n";
    /// let mut scenario = Scenario::parse(&Library::new(), "s.toml", text).unwrap();
    /// let odds = scenario.sampled_odds(2000, 1).unwrap();
    /// assert_eq!((odds.method(), odds.runs()), ("sampled", 2000));
    /// assert!((odds.test_passed().unwrap() - 0.7037).abs() < 0.05);
    /// ```
    pub fn sampled_odds(&mut self, samples: u64, seed: u64) -> Result<Odds, Diagnostic> {
        crate::odds::sampled(&mut self.prepared, samples, seed, false)
            .map(|o| Odds::new(o, self.title()))
            .map_err(Diagnostic)
    }
}
