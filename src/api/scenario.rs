//! A scenario file parsed against a library's cards, ready to be played with its own dice or explored
//! for odds. May import `defs`, `kernel`, `scenario` and `odds`.

use super::diagnostic::{Diagnostic, Error, first};
use super::odds::Policy;
use super::{BestOdds, Game, Library, Objective, Odds, Played};
use crate::defs::SourceFile;
use crate::kernel::DiceSource;
use crate::scenario::{Blueprint, Prepared};
use std::cell::RefCell;
use std::sync::atomic::{AtomicU64, Ordering};

/// How many scenarios' compiled scripts a thread keeps (`Scenario::with_prepared`).
const KEPT_PER_THREAD: usize = 4;

/// Each scenario a number of its own, the key of its compiled scripts in a thread's keep.
static NEXT_ID: AtomicU64 = AtomicU64::new(0);

thread_local! {
    /// The compiled scripts of the scenarios this thread played or explored last (a Rhai engine
    /// stays on the thread that made it), most recent last, by scenario number.
    static COMPILED: RefCell<Vec<(u64, Prepared)>> = const { RefCell::new(Vec::new()) };
}

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
///
/// A scenario is parsed once and then played and explored any number of times, from any thread
/// (`Send + Sync`: share it in an `Arc`). Its scripts are compiled on each thread that uses it (a Rhai
/// engine stays on its thread) and kept there for the next call; each thread keeps those of the
/// last four scenarios it used.
pub struct Scenario {
    pub(super) plan: Blueprint,
    dice: Option<DiceSource>,
    id: u64,
}

impl Drop for Scenario {
    /// Its compiled scripts leave this thread's keep (other threads' keeps let them go in turn).
    fn drop(&mut self) {
        let _ = COMPILED.try_with(|c| {
            if let Ok(mut c) = c.try_borrow_mut() {
                c.retain(|(id, _)| *id != self.id);
            }
        });
    }
}

impl Scenario {
    /// Parses the scenario file at `path` (as diagnostics show it) with text `text`, loads its game's
    /// cards from `library` (with the packs the scenario lists, reached through
    /// [`Library::with_folder`]), and checks it; or every problem found.
    ///
    /// ```
    /// use mythos::{Game, Library, Scenario};
    /// let text = "game = \"eldritch\"\ntitle = \"A Will test\"\nsource = \"EH rules\"\n[investigator]\nwill = 1\n[test]\nskill = \"will\"\n";
    /// let s = Scenario::parse(&Library::new(), "s.toml", text)?;
    /// assert_eq!((s.game(), s.title(), s.source()), (Game::Eldritch, Some("A Will test"), Some("EH rules")));
    /// let refused = Scenario::parse(&Library::new(), "s.toml", "game = \"chess\"\n").err().unwrap();
    /// assert_eq!(refused[0].file(), Some("s.toml"));
    /// # Ok::<(), mythos::Error>(())
    /// ```
    pub fn parse(library: &Library, path: &str, text: &str) -> Result<Scenario, Error> {
        let file = SourceFile::new(path, text);
        let base = |game: crate::kernel::Game| library.set(game.into());
        let folder = |dir: &str| library.folder(dir);
        let prepared = crate::scenario::prepare_file(&file, &base, &folder).map_err(Error::wrap)?;
        Ok(Scenario::from(prepared))
    }

    fn from(prepared: Prepared) -> Scenario {
        let scenario = Scenario {
            plan: prepared.blueprint(),
            dice: prepared.dice.clone(),
            id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
        };
        scenario.keep(prepared);
        scenario
    }

    /// Calls `f` with this scenario compiled on this thread: the copy this thread kept, or one
    /// compiled now; kept after.
    pub(super) fn with_prepared<R>(
        &self,
        f: impl FnOnce(&mut Prepared) -> R,
    ) -> Result<R, Vec<Diagnostic>> {
        let kept = COMPILED.with(|c| {
            let mut c = c.borrow_mut();
            let at = c.iter().position(|(id, _)| *id == self.id)?;
            Some(c.remove(at).1)
        });
        let mut prepared = match kept {
            Some(p) => p,
            None => {
                let mut p = self.plan.instantiate().map_err(|ds| Error::wrap(ds).0)?;
                p.dice = self.dice.clone();
                p
            }
        };
        // Taken out of the keep while `f` runs: `f` may use other scenarios on this thread.
        let out = f(&mut prepared);
        self.keep(prepared);
        Ok(out)
    }

    /// Keeps `prepared` as this thread's compiled copy of this scenario, the oldest let go past
    /// [`KEPT_PER_THREAD`].
    fn keep(&self, prepared: Prepared) {
        COMPILED.with(|c| {
            let mut c = c.borrow_mut();
            c.retain(|(id, _)| *id != self.id);
            c.push((self.id, prepared));
            if c.len() > KEPT_PER_THREAD {
                c.remove(0);
            }
        });
    }

    /// [`Scenario::with_prepared`] for a computation that fails with one diagnostic.
    fn explore<R>(
        &self,
        f: impl FnOnce(&mut Prepared) -> Result<R, crate::defs::Diagnostic>,
    ) -> Result<R, Diagnostic> {
        match self.with_prepared(f) {
            Ok(r) => r.map_err(Diagnostic::from),
            Err(ds) => Err(first(ds)),
        }
    }

    /// Whether `samples` samples may be drawn for the scenario file `path` (1 to the sampling budget
    /// of `mythos::limits`): the refusal [`Scenario::sampled_odds`] would give, known before the file is
    /// read (`mythos odds --samples` asks first).
    ///
    /// ```
    /// use mythos::Scenario;
    /// assert!(Scenario::check_samples("s.toml", 1000).is_ok());
    /// assert_eq!(Scenario::check_samples("s.toml", 0).unwrap_err().code(), "E0502");
    /// ```
    pub fn check_samples(path: &str, samples: u64) -> Result<(), Diagnostic> {
        crate::odds::check_samples(path, samples).map_err(Diagnostic::from)
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
        self.plan.set.game.into()
    }

    /// Its `title`, if it has one.
    pub fn title(&self) -> Option<&str> {
        self.plan.scenario.title.as_deref()
    }

    /// Its `source`: the document and section the ruling it encodes comes from, if it names one.
    pub fn source(&self) -> Option<&str> {
        self.plan.scenario.source.as_deref()
    }

    /// Plays it to the end with its own `[dice]` (fixed faces or a seed), or says why it cannot be
    /// played (it has no `[dice]`). A run that a card's script broke off is still [`Played`], with its
    /// [`Played::error`]. The scenario stays: played again, its dice give the same play.
    ///
    /// ```
    /// use mythos::{Library, Scenario};
    /// let text = "game = \"eldritch\"\n[investigator]\ncard = \"Trish Scarborough\"\n\
    ///             [test]\nskill = \"strength\"\n[dice]\nseed = 7\n";
    /// let scenario = Scenario::parse(&Library::new(), "s.toml", text)?;
    /// let (first, second) = (scenario.play()?, scenario.play()?);
    /// assert_eq!(first.transcript(), second.transcript());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play(&self) -> Result<Played, Error> {
        let played = self
            .with_prepared(Prepared::play_again)
            .map_err(Error)?
            .map_err(Error::wrap)?;
        Ok(Played::of(&played))
    }

    /// The objective the best play aims for when none is asked for (issue 38): `pass` for a `[test]`
    /// (an Action's test included), `defeat_all` for a combat (the rules' aim of a combat encounter:
    /// defeat the monster). Ties between options go to the one that loses less Health (Stamina) and
    /// Sanity on average, then to the one offered first, which spends less.
    ///
    /// ```
    /// use mythos::{Library, Objective, Scenario};
    /// let test = "game = \"eldritch\"\n[investigator]\ncard = \"Trish Scarborough\"\n[test]\nskill = \"will\"\n";
    /// let combat = "game = \"eldritch\"\n[investigator]\ncard = \"Trish Scarborough\"\n[[monsters]]\ncard = \"ghoul\"\n";
    /// assert_eq!(Scenario::parse(&Library::new(), "t.toml", test)?.default_objective(), Objective::Pass);
    /// assert_eq!(Scenario::parse(&Library::new(), "c.toml", combat)?.default_objective(), Objective::DefeatAll);
    /// # Ok::<(), mythos::Error>(())
    /// ```
    pub fn default_objective(&self) -> Objective {
        if self.plan.request.no_combat() {
            Objective::Pass
        } else {
            Objective::DefeatAll
        }
    }

    /// The policy of [`odds`](Scenario::odds): the scenario's `[choices]` when it has them (they pin
    /// a fixed policy), otherwise the best play for [`default_objective`](Scenario::default_objective).
    pub fn policy(&self) -> Policy {
        if self.plan.scenario.choices.is_some() {
            self.fixed()
        } else {
            Policy::Best {
                objective: self.default_objective(),
                default: true,
            }
        }
    }

    /// The fixed policy of [`exact_odds`](Scenario::exact_odds) and
    /// [`sampled_odds`](Scenario::sampled_odds).
    fn fixed(&self) -> Policy {
        Policy::Choices {
            written: self.plan.scenario.choices.is_some(),
        }
    }

    /// The odds `mythos odds FILE` prints: exact, under [`policy`](Scenario::policy) (the best play
    /// for the default objective, unless the scenario's `[choices]` pin a fixed policy). Where the
    /// best play is refused (E0501, a budget), the diagnostic says so and what can be answered
    /// instead (a fixed policy, exact or sampled): never odds of another policy in its place.
    ///
    /// ```
    /// use mythos::{Library, Objective, OddsOf, Policy, Scenario};
    /// let text = "game = \"eldritch\"\n[investigator]\nname = \"Test\"\nlore = 1\nclues = 1\n[test]\nskill = \"lore\"\n";
    /// let scenario = Scenario::parse(&Library::new(), "s.toml", text)?;
    /// let odds = scenario.odds()?;
    /// assert_eq!(odds.policy(), Policy::Best { objective: Objective::Pass, default: true });
    /// // Lore 1 and a Clue spent on a failed die: 1/3 + 2/3 * 1/3 = 5/9, not the 1/3 of spending nothing.
    /// assert!((odds.odds().test_passed().unwrap() - 5.0 / 9.0).abs() < 1e-9);
    /// assert!(matches!(odds, OddsOf::Best(_)));
    /// assert_eq!(odds.to_json()["policy"]["default"], true);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn odds(&self) -> Result<OddsOf, Diagnostic> {
        self.odds_with(None)
    }

    /// `odds`, calling `progress` as [`exact_odds_with_progress`](Scenario::exact_odds_with_progress)
    /// does.
    pub fn odds_with_progress(
        &self,
        progress: &mut dyn FnMut(f64) -> bool,
    ) -> Result<OddsOf, Diagnostic> {
        self.odds_with(Some(progress))
    }

    fn odds_with(
        &self,
        progress: Option<&mut dyn FnMut(f64) -> bool>,
    ) -> Result<OddsOf, Diagnostic> {
        match self.policy() {
            Policy::Choices { .. } => match progress {
                Some(f) => self.exact_odds_with_progress(f),
                None => self.exact_odds(),
            }
            .map(OddsOf::Fixed),
            Policy::Best { objective, .. } => self
                .explore(|p| crate::odds::best_with_progress(p, objective, &[], &[], progress))
                .map(|b| {
                    OddsOf::Best(BestOdds::new(
                        b,
                        objective,
                        true,
                        self.title(),
                        self.plan.words(),
                    ))
                })
                .map_err(|d| best_refused(d, self.plan.file.path.as_str())),
        }
    }

    /// The exact odds of every outcome, through the real rules and card scripts, every roll enumerated
    /// (its `[dice]` ignored, its `[choices]` the player's policy, a fixed one: a question they do not
    /// answer takes its first option, which spends nothing); or the diagnostic of a run that failed or
    /// of a scenario too large to enumerate. [`odds`](Scenario::odds) answers under the best play.
    ///
    /// ```
    /// use mythos::{Library, Scenario};
    /// let text = "game = \"eldritch\"\n[investigator]\ncard = \"Trish Scarborough\"\n[test]\nskill = \"strength\"\n";
    /// let scenario = Scenario::parse(&Library::new(), "s.toml", text).unwrap();
    /// let odds = scenario.exact_odds().unwrap();
    /// // Strength 3: P(at least one 5 or 6 in three dice) = 1 - (2/3)^3.
    /// let passed = odds.test_passed().unwrap();
    /// assert!((passed - (1.0 - 8.0 / 27.0)).abs() < 1e-9);
    /// assert!(odds.text().contains("test passed:  70.37%"));
    /// ```
    pub fn exact_odds(&self) -> Result<Odds, Diagnostic> {
        self.explore(crate::odds::exact)
            .map(|o| Odds::new(o, self.title(), self.fixed()))
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
    /// let scenario = Scenario::parse(&Library::new(), "s.toml", &text).unwrap();
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
        &self,
        progress: &mut dyn FnMut(f64) -> bool,
    ) -> Result<Odds, Diagnostic> {
        self.explore(|p| crate::odds::exact_with_progress(p, progress))
            .map(|o| Odds::new(o, self.title(), self.fixed()))
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
    /// let scenario = Scenario::parse(&Library::new(), "duel.toml", text).unwrap();
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
    pub fn best_odds(&self, objective: Objective) -> Result<BestOdds, Diagnostic> {
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
    /// let scenario = Scenario::parse(&Library::new(), "s.toml", text).unwrap();
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
        &self,
        objective: Objective,
        progress: &mut dyn FnMut(f64) -> bool,
    ) -> Result<BestOdds, Diagnostic> {
        self.best_odds_with(objective, Some(progress))
    }

    /// Whether `objective` can score this scenario (`pass` a `[test]`, `defeat_all` a combat; `survive`
    /// and `least_lost` both): the refusal E0504 that [`best_odds`](Scenario::best_odds) gives, known
    /// without searching (`mythos play --best` asks first).
    ///
    /// ```
    /// use mythos::{Library, Objective, Scenario};
    /// let combat = "game = \"eldritch\"\n[investigator]\ncard = \"Trish Scarborough\"\n[[monsters]]\ncard = \"ghoul\"\n";
    /// let scenario = Scenario::parse(&Library::new(), "c.toml", combat)?;
    /// assert_eq!(scenario.check_objective(Objective::Pass).unwrap_err().code(), "E0504");
    /// assert!(scenario.check_objective(Objective::DefeatAll).is_ok());
    /// # Ok::<(), mythos::Error>(())
    /// ```
    pub fn check_objective(&self, objective: Objective) -> Result<(), Diagnostic> {
        self.explore(|p| crate::odds::aim_scores(p, objective))
    }

    fn best_odds_with(
        &self,
        objective: Objective,
        progress: Option<&mut dyn FnMut(f64) -> bool>,
    ) -> Result<BestOdds, Diagnostic> {
        self.explore(|p| crate::odds::best_with_progress(p, objective, &[], &[], progress))
            .map(|b| BestOdds::new(b, objective, false, self.title(), self.plan.words()))
    }

    /// The odds estimated from `samples` seeded runs (the first from `seed`), on every core; or the
    /// diagnostic of the first run that failed.
    ///
    /// ```
    /// use mythos::{Library, Scenario};
    /// let text = "game = \"eldritch\"\n[investigator]\ncard = \"Trish Scarborough\"\n[test]\nskill = \"strength\"\n";
    /// let scenario = Scenario::parse(&Library::new(), "s.toml", text).unwrap();
    /// let odds = scenario.sampled_odds(2000, 1).unwrap();
    /// assert_eq!((odds.method(), odds.runs()), ("sampled", 2000));
    /// assert!((odds.test_passed().unwrap() - 0.7037).abs() < 0.05);
    /// ```
    pub fn sampled_odds(&self, samples: u64, seed: u64) -> Result<Odds, Diagnostic> {
        self.sampled_odds_with_progress(samples, seed, &|_| {})
    }

    /// `sampled_odds`, telling `progress` of every batch of samples played, with their number (the
    /// numbers add up to `samples` when every sample is played; it may be called from any of the
    /// threads that sample). `mythos odds --samples` draws its bar so.
    ///
    /// ```
    /// use mythos::{Library, Scenario};
    /// use std::sync::atomic::{AtomicU64, Ordering};
    /// let text = "game = \"eldritch\"\n[investigator]\ncard = \"Trish Scarborough\"\n[test]\nskill = \"will\"\n";
    /// let scenario = Scenario::parse(&Library::new(), "s.toml", text)?;
    /// let played = AtomicU64::new(0);
    /// scenario.sampled_odds_with_progress(5000, 1, &|k| { played.fetch_add(k, Ordering::Relaxed); })?;
    /// assert_eq!(played.load(Ordering::Relaxed), 5000);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn sampled_odds_with_progress(
        &self,
        samples: u64,
        seed: u64,
        progress: &(dyn Fn(u64) + Sync),
    ) -> Result<Odds, Diagnostic> {
        self.explore(|p| crate::odds::sampled(p, samples, seed, progress))
            .map(|o| Odds::new(o, self.title(), self.fixed()))
    }
}

/// The refusal of the default best play (E0501): said to be the best play's, with what can be
/// answered instead, a fixed policy (issue 38: never a silent fallback to spending nothing).
fn best_refused(mut d: Diagnostic, path: &str) -> Diagnostic {
    if d.code() == "E0501" {
        if !d.0.message.contains("best policy") {
            d.0.message = format!("{} (under the best play, the default policy)", d.0.message);
        }
        d.0.hint = Some(format!(
            "the best play cannot be searched within the budgets; the odds of a fixed policy (spend \
             nothing, or the scenario's [choices]) can: `mythos odds {path} --fixed`, or sampled: \
             `mythos odds {path} --samples 100000`"
        ));
    }
    d
}

/// The odds of [`Scenario::odds`]: under a fixed policy (the scenario's `[choices]`) or under the
/// best play for the default objective.
#[derive(Debug, Clone)]
pub enum OddsOf {
    /// The scenario's `[choices]` pin a fixed policy.
    Fixed(Odds),
    /// The best play for the scenario's default objective, with the first round's decisions.
    Best(BestOdds),
}

impl OddsOf {
    /// Who answered the player's questions.
    pub fn policy(&self) -> Policy {
        match self {
            OddsOf::Fixed(o) => o.policy(),
            OddsOf::Best(b) => b.policy(),
        }
    }

    /// The distribution of outcomes.
    pub fn odds(&self) -> Odds {
        match self {
            OddsOf::Fixed(o) => o.clone(),
            OddsOf::Best(b) => b.odds(),
        }
    }

    /// The text `mythos odds FILE` prints.
    pub fn text(&self) -> String {
        match self {
            OddsOf::Fixed(o) => o.text(),
            OddsOf::Best(b) => b.text(),
        }
    }

    /// The JSON `mythos odds FILE --format json` prints (with `policy`; under the best play, `best`
    /// as `--best` prints it).
    pub fn to_json(&self) -> serde_json::Value {
        match self {
            OddsOf::Fixed(o) => o.to_json(),
            OddsOf::Best(b) => b.to_json(),
        }
    }
}
