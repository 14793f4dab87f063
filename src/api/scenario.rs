//! A scenario file parsed against a library's cards, ready to be played with its own dice or explored
//! for odds. May import `defs`, `scenario` and `odds`.

use super::diagnostic::{Diagnostic, wrap};
use super::{BestOdds, Game, Library, Objective, Odds, Played};
use crate::defs::SourceFile;
use crate::scenario::Prepared;

/// A scenario file (the format of `docs/scenario.md`) read and checked against a [`Library`]'s cards,
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

    /// `exact_odds`, calling `progress` at its first run of the rules, every 64 runs after, and once
    /// at the end with an estimate of the share of the work done (0 to 1, never going back, 1 at the
    /// end). For its first 2,048 runs that is 0; then a pilot of 48 seeded random walks down the
    /// same search (at most 1,024 runs, outside the budgets and the reported runs) notes the states
    /// they pass, weighted by the runs each costs, and the share is how much of them the search has
    /// finished, below 1 until the end. When `progress` returns false the computation stops at once with the
    /// diagnostic E0503 (cancelled).
    ///
    /// ```
    /// use mythos::{Library, Scenario};
    /// let monster = |id: &str| format!("[[monsters]]\ncard = {{ id = \"{id}\", name = \"{id}\", kind = \"monster\", toughness = 2, will = {{ modifier = -1, horror = 1 }}, strength = {{ modifier = 0, damage = 2 }} }}\n");
    /// let text = format!("game = \"eldritch\"\n[investigator]\nstrength = 3\nwill = 2\n{}{}", monster("a"), monster("b"));
    /// let mut scenario = Scenario::parse(&Library::new(), "s.toml", &text).unwrap();
    /// let mut seen = Vec::new();
    /// let odds = scenario.exact_odds_with_progress(&mut |done| { seen.push(done); true }).unwrap();
    /// assert_eq!(seen[0], 0.0);
    /// assert!(seen.windows(2).all(|w| w[0] <= w[1]) && seen.iter().all(|d| (0.0..=1.0).contains(d)));
    /// assert_eq!(seen.last(), Some(&1.0));
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

    /// Exact odds under the policy that maximises `objective` (the scenario's `[choices]` answer no
    /// question the kernel asks: token spending, evading, each AH2e round's action, hands and casts),
    /// and each decision of the first round with the odds of each option, as `mythos odds --best`
    /// prints them; or the diagnostic of a run that failed or of a scenario too large to enumerate.
    ///
    /// ```
    /// use mythos::{Library, Objective, Scenario};
    /// // AH2e: Fight 1 and Sneak 2 against a monster of toughness 1, combat rating 0, damage 1, with
    /// // Stamina 2. A Combat check passes with 1/3, an Evade check with 1 - (2/3)^2 = 5/9.
    /// let text = r#"
    /// game = "arkham"
    /// [investigator]
    /// name = "Test investigator"
    /// speed = 1
    /// sneak = 2
    /// fight = 1
    /// will = 1
    /// lore = 1
    /// luck = 1
    /// stamina = 2
    /// sanity = 5
    /// [[monsters]]
    /// card = { id = "brute", name = "Brute", kind = "monster", toughness = 1, awareness = 0, combat = { rating = 0, damage = 1 } }
    /// "#;
    /// let mut scenario = Scenario::parse(&Library::new(), "duel.toml", text).unwrap();
    /// // Not knocked out: flee each round, 5/9 + 4/9 * 5/9 = 65/81.
    /// let best = scenario.best_odds(Objective::Survive).unwrap();
    /// assert!((best.value() - 65.0 / 81.0).abs() < 1e-9);
    /// let first = &best.decisions()[0];
    /// assert_eq!(first.question(), "Brute: try to evade it first?");
    /// assert_eq!(first.options().len(), 2);
    /// // Evading first and fighting first both lead to 65/81 under the best play after them.
    /// assert!(first.options().iter().all(|o| (o.value() - 65.0 / 81.0).abs() < 1e-9));
    /// // Defeating it: fight every round, 1/3 + 2/3 * 1/3 = 5/9.
    /// let defeat = scenario.best_odds(Objective::DefeatAll).unwrap();
    /// assert!((defeat.odds().defeated()[0].2 - 5.0 / 9.0).abs() < 1e-9);
    /// assert_eq!(defeat.to_json()["best"]["objective"], "defeat_all");
    /// ```
    pub fn best_odds(&mut self, objective: Objective) -> Result<BestOdds, Diagnostic> {
        self.best_odds_with(objective, None)
    }

    /// `best_odds`, calling `progress` as `exact_odds_with_progress` does, with the same estimate of
    /// the share of the work done (the options of a decision share their branch's mass equally, and
    /// the pilot's walks answer each decision at random). When `progress` returns false the
    /// computation stops at once with the diagnostic E0503 (cancelled).
    ///
    /// ```
    /// use mythos::{Library, Objective, Scenario};
    /// let text = "game = \"eldritch\"\n[investigator]\nname = \"Test\"\nlore = 2\nclues = 1\nfocus = 1\n[test]\nskill = \"lore\"\n";
    /// let mut scenario = Scenario::parse(&Library::new(), "s.toml", text).unwrap();
    /// let mut seen = Vec::new();
    /// let best = scenario.best_odds_with_progress(Objective::Pass, &mut |done| { seen.push(done); true }).unwrap();
    /// assert_eq!(seen[0], 0.0);
    /// assert!(seen.windows(2).all(|w| w[0] <= w[1]) && seen.iter().all(|d| (0.0..=1.0).contains(d)));
    /// assert_eq!(seen.last(), Some(&1.0));
    /// assert_eq!(best.odds().method(), "exact");
    /// let stopped = scenario.best_odds_with_progress(Objective::Pass, &mut |_| false).unwrap_err();
    /// assert_eq!(stopped.code(), "E0503");
    /// ```
    pub fn best_odds_with_progress(
        &mut self,
        objective: Objective,
        progress: &mut dyn FnMut(f64) -> bool,
    ) -> Result<BestOdds, Diagnostic> {
        self.best_odds_with(objective, Some(progress))
    }

    fn best_odds_with(
        &mut self,
        objective: Objective,
        progress: Option<&mut dyn FnMut(f64) -> bool>,
    ) -> Result<BestOdds, Diagnostic> {
        let inner = objective.inner();
        crate::odds::best_with_progress(&mut self.prepared, inner, &[], &[], progress)
            .map(|b| BestOdds::new(b, objective, self.title(), self.prepared.words()))
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
