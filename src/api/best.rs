//! The best choice with its odds, as data: exact odds under the policy that maximises an
//! [`Objective`], and the odds of each option at each decision of the first round, as `mythos odds
//! --best` prints them. May import `odds` and `scenario`.

use super::Odds;
use super::odds::Policy;
pub use crate::odds::Objective;
use crate::scenario::DecisionWords;
use serde_json::Value;

/// Exact odds under the best policy for an objective, with each decision of the first round and the
/// odds of each of its options (from [`Scenario::best_odds`](crate::Scenario::best_odds)).
///
/// ```
/// use mythos::{Library, Objective, Scenario};
/// let text = "game = \"arkham\"\n[investigator]\nname = \"T\"\nspeed = 1\nsneak = 2\nfight = 1\nwill = 1\nlore = 1\nluck = 1\nstamina = 2\nsanity = 5\n\
///             [[monsters]]\ncard = { id = \"brute\", name = \"Brute\", kind = \"monster\", toughness = 1, awareness = 0, combat = { rating = 0, damage = 1 } }\n";
/// let scenario = Scenario::parse(&Library::new(), "duel.toml", text)?;
/// let best = scenario.best_odds(Objective::Survive)?;
/// assert_eq!(best.objective(), Objective::Survive);
/// // Not knocked out: flee each round, 5/9 + 4/9 * 5/9 = 65/81.
/// assert!((best.value() - 65.0 / 81.0).abs() < 1e-9);
/// assert!((best.odds().status()["ok"] - 65.0 / 81.0).abs() < 1e-9);
/// assert_eq!(best.decisions()[0].question(), "Brute: try to evade it first?");
/// assert_eq!(best.to_json()["best"]["objective"], "survive");
/// assert!(best.text().contains("Brute: try to evade it first?"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct BestOdds {
    best: crate::odds::BestOdds,
    objective: Objective,
    /// The objective is the scenario's default (`Scenario::policy`), not one asked for.
    default: bool,
    title: Option<String>,
    words: DecisionWords,
}

impl BestOdds {
    pub(crate) fn new(
        best: crate::odds::BestOdds,
        objective: Objective,
        default: bool,
        title: Option<&str>,
        words: DecisionWords,
    ) -> BestOdds {
        BestOdds {
            best,
            objective,
            default,
            title: title.map(str::to_string),
            words,
        }
    }

    /// The objective maximised.
    pub fn objective(&self) -> Objective {
        self.objective
    }

    /// The policy: the best play for [`objective`](BestOdds::objective), and whether that objective
    /// is the scenario's default (`mythos odds FILE` without `--best`) or was asked for.
    pub fn policy(&self) -> Policy {
        Policy::Best {
            objective: self.objective,
            default: self.default,
        }
    }

    /// The objective's value under the best policy: a probability (0 to 1), or for `least_lost`
    /// minus the Health (Stamina) and Sanity lost together on average.
    pub fn value(&self) -> f64 {
        self.best.value
    }

    /// The distribution of outcomes under the best policy.
    pub fn odds(&self) -> Odds {
        Odds::new(self.best.odds.clone(), self.title.as_deref(), self.policy())
    }

    /// The decisions met before the second round (AH2e) or in the whole encounter (EH, where no
    /// round follows the first), in the order first met, each roll's outcomes in ascending order.
    pub fn decisions(&self) -> Vec<Decision> {
        let monsters = self.best.odds.monsters.len();
        self.best
            .decisions
            .iter()
            .map(|d| Decision::of(d, self.objective, &self.words, &self.best.odds, monsters))
            .collect()
    }

    /// The text `mythos odds FILE --best OBJECTIVE` prints: the first 8 decisions.
    pub fn text(&self) -> String {
        self.text_of(false)
    }

    /// The text `mythos odds FILE --best OBJECTIVE --all` prints: every decision of the first round.
    pub fn text_all(&self) -> String {
        self.text_of(true)
    }

    fn text_of(&self, all: bool) -> String {
        let words = crate::odds::Wording {
            question: &|q, t| self.words.question_at(q, t),
            answer: &|a, faces| self.words.answer(a, faces),
        };
        let text = crate::odds::best_text(&self.best, self.title.as_deref(), &words, all);
        if self.default {
            super::odds::with_line(&text, 2, &self.policy().text())
        } else {
            text
        }
    }

    /// The JSON `mythos odds FILE --best OBJECTIVE --format json` prints: the odds object, plus
    /// `best` (the objective, its value, each decision with the odds of each option).
    pub fn to_json(&self) -> Value {
        let mut v = crate::odds::best_json(&self.best);
        v["policy"] = self.policy().to_json();
        v
    }
}

impl serde::Serialize for BestOdds {
    /// The JSON of [`BestOdds::to_json`], as `mythos odds --best OBJECTIVE --format json` prints it.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.to_json().serialize(s)
    }
}

/// The odds of option `o`: `base` with its outcomes, summing to 1 less what was left unresolved below
/// the option.
fn option_odds(base: &crate::odds::Odds, o: &crate::odds::OptionOdds) -> crate::odds::Odds {
    let resolved: f64 = o.dist.values().sum();
    crate::odds::Odds {
        dist: o.dist.clone(),
        defeated: o.defeated.clone(),
        unresolved: (1.0 - resolved).max(0.0),
        ..base.clone()
    }
}

/// A decision of the first round: the question, the investigator's state there, and each option with
/// its odds under the best play after it.
///
/// ```
/// use mythos::{Library, Objective, Scenario};
/// let text = "game = \"arkham\"\n[investigator]\nname = \"T\"\nspeed = 1\nsneak = 2\nfight = 1\nwill = 1\nlore = 1\nluck = 1\nstamina = 2\nsanity = 5\n\
///             [[monsters]]\ncard = { id = \"brute\", name = \"Brute\", kind = \"monster\", toughness = 1, awareness = 0, combat = { rating = 0, damage = 1 } }\n";
/// let scenario = Scenario::parse(&Library::new(), "duel.toml", text)?;
/// let first = &scenario.best_odds(Objective::Survive)?.decisions()[0];
/// // Arkham Horror: Stamina 2, Sanity 5, no Clue, no Focus, no test under way.
/// assert_eq!((first.health(), first.sanity(), first.clues(), first.focus()), (2, 5, 0, 0));
/// assert!(first.faces().is_empty());
/// assert_eq!(first.options().len(), 2);
/// // Both options lead to 65/81 under the best play after them: the tie goes to the first.
/// assert_eq!(first.best(), 0);
/// assert!(first.text().contains("* 1."));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Decision {
    raw: crate::odds::DecisionOdds,
    objective: Objective,
    words: DecisionWords,
    game: crate::kernel::Game,
    monsters: usize,
    question: String,
    health: i32,
    sanity: i32,
    clues: i32,
    focus: i32,
    faces: Vec<u8>,
    options: Vec<Choice>,
    best: usize,
}

impl Decision {
    /// The decision `d` as data, worded by `words`: each option's odds are `base` with the option's
    /// own outcomes; `monsters` met so far.
    pub(super) fn of(
        d: &crate::odds::DecisionOdds,
        objective: Objective,
        words: &DecisionWords,
        base: &crate::odds::Odds,
        monsters: usize,
    ) -> Decision {
        Decision {
            raw: d.clone(),
            objective,
            words: words.clone(),
            game: base.game,
            monsters,
            question: words.question_at(&d.question, d.test.as_ref()),
            health: d.health,
            sanity: d.sanity,
            clues: d.clues,
            focus: d.focus,
            faces: d.faces.clone(),
            best: d.best,
            options: d
                .options
                .iter()
                .map(|o| Choice {
                    // Grouped faces are a class's representative, not a face to name.
                    answer: words
                        .answer(&o.answer, if d.counted.is_some() { &[] } else { &d.faces }),
                    value: o.value,
                    odds: Odds::new(
                        option_odds(base, o),
                        None,
                        Policy::Best {
                            objective,
                            default: false,
                        },
                    ),
                })
                .collect(),
        }
    }

    /// The decision as `mythos play` shows it: the investigator's state there, then each option with
    /// the objective's value and its odds, the best marked `*`.
    pub fn text(&self) -> String {
        let words = crate::odds::Wording {
            question: &|q, t| self.words.question_at(q, t),
            answer: &|a, faces| self.words.answer(a, faces),
        };
        crate::odds::decision_text(&self.raw, self.objective, self.game, self.monsters, &words)
    }

    /// The question, as `mythos play` asks it.
    pub fn question(&self) -> &str {
        &self.question
    }

    /// The investigator's Health (EH) or Stamina (AH2e) there.
    pub fn health(&self) -> i32 {
        self.health
    }

    /// The investigator's Sanity there.
    pub fn sanity(&self) -> i32 {
        self.sanity
    }

    /// The investigator's Clue tokens there.
    pub fn clues(&self) -> i32 {
        self.clues
    }

    /// The investigator's Focus tokens there (Eldritch Horror; 0 in Arkham Horror).
    pub fn focus(&self) -> i32 {
        self.focus
    }

    /// The faces of the test under way, if a test is under way. Under `best_odds`, where the search
    /// grouped faces that count alike, each die shows its class's highest face (4 for any failing
    /// die of a plain EH test): the text then tells the dice by what they count (JSON `counted`).
    pub fn faces(&self) -> &[u8] {
        &self.faces
    }

    /// The options, in the order the rules offer them.
    pub fn options(&self) -> &[Choice] {
        &self.options
    }

    /// The index in [`options`](Decision::options) of the best option (ties go to the first offered).
    pub fn best(&self) -> usize {
        self.best
    }
}

/// One option of a [`Decision`]: its words, the objective's value and the odds of its outcomes under
/// the best play after it.
///
/// ```
/// use mythos::{Library, Objective, Scenario};
/// let text = "game = \"arkham\"\n[investigator]\nname = \"T\"\nspeed = 1\nsneak = 2\nfight = 1\nwill = 1\nlore = 1\nluck = 1\nstamina = 2\nsanity = 5\n\
///             [[monsters]]\ncard = { id = \"brute\", name = \"Brute\", kind = \"monster\", toughness = 1, awareness = 0, combat = { rating = 0, damage = 1 } }\n";
/// let scenario = Scenario::parse(&Library::new(), "duel.toml", text)?;
/// let best = scenario.best_odds(Objective::Survive)?;
/// let decisions = best.decisions();
/// let evade = &decisions[0].options()[1];
/// assert_eq!(evade.answer(), "evade");
/// assert!((evade.value() - 65.0 / 81.0).abs() < 1e-9);
/// assert!((evade.odds().status()["ok"] - 65.0 / 81.0).abs() < 1e-9);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Choice {
    answer: String,
    value: f64,
    odds: Odds,
}

impl Choice {
    /// The option, as `mythos play` offers it.
    pub fn answer(&self) -> &str {
        &self.answer
    }

    /// The objective's value if it is taken (and the best play follows).
    pub fn value(&self) -> f64 {
        self.value
    }

    /// The distribution of outcomes if it is taken, conditional on reaching the decision; its
    /// [`runs`](Odds::runs) are the whole search's.
    pub fn odds(&self) -> &Odds {
        &self.odds
    }
}
