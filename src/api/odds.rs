//! The odds of a scenario's outcomes, as numbers (for a chart), as JSON and as the text `mythos odds`
//! prints. May import `odds`.

use super::Objective;
use serde_json::{Value, json};
use std::collections::BTreeMap;

/// The distribution of a scenario's outcomes, exact or sampled: what the investigator loses, which
/// monsters are defeated, how the investigator ends, and a `[test]` scenario's test.
///
/// ```
/// use mythos::{Library, Scenario};
/// let text = "game = \"eldritch\"\n[investigator]\ncard = \"Trish Scarborough\"\n[test]\nskill = \"will\"\n";
/// let odds = Scenario::parse(&Library::new(), "s.toml", text).unwrap().exact_odds().unwrap();
/// // Will 2: no success on two dice is (2/3)^2.
/// assert!((odds.successes().unwrap()[&0] - 4.0 / 9.0).abs() < 1e-9);
/// assert_eq!(odds.health_lost(), [(0, 1.0)].into_iter().collect());
/// assert_eq!(odds.to_json()["method"], "exact");
/// ```
#[derive(Debug, Clone)]
pub struct Odds {
    odds: crate::odds::Odds,
    title: Option<String>,
    policy: Policy,
}

/// Who answered the player's questions (token spending, evading, each AH2e round's action, hands and
/// casts) in a set of odds: a fixed policy, or the best play for an objective (issue 38).
///
/// ```
/// use mythos::{Library, Objective, Policy, Scenario};
/// let text = "game = \"eldritch\"\n[investigator]\ncard = \"Trish Scarborough\"\n[test]\nskill = \"will\"\n";
/// let scenario = Scenario::parse(&Library::new(), "s.toml", text)?;
/// // No `[choices]`: odds mean the best play, for the default objective of a `[test]`.
/// assert_eq!(scenario.policy(), Policy::Best { objective: Objective::Pass, default: true });
/// assert_eq!(scenario.exact_odds()?.policy(), Policy::Choices { written: false });
/// assert_eq!(Policy::Choices { written: false }.to_json()["kind"], "choices");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Policy {
    /// The scenario's `[choices]`; a question they do not answer takes its first option: no token
    /// spent, no evading, empty hands.
    Choices {
        /// The scenario has a `[choices]` table.
        written: bool,
    },
    /// The best play for an objective.
    Best {
        /// What the best play maximises.
        objective: Objective,
        /// The objective is the one mythos chose (`Scenario::policy`), not one asked for.
        default: bool,
    },
}

impl Policy {
    /// The policy as the JSON of the odds holds it (`policy`): `{"kind": "choices", "written": …}`
    /// or `{"kind": "best", "objective": …, "default": …}`.
    pub fn to_json(self) -> Value {
        match self {
            Policy::Choices { written } => json!({ "kind": "choices", "written": written }),
            Policy::Best { objective, default } => {
                json!({ "kind": "best", "objective": objective.as_str(), "default": default })
            }
        }
    }

    /// The line `mythos odds` prints under its heading to say who answered the questions.
    pub fn text(self) -> String {
        match self {
            Policy::Choices { written: true } => {
                "policy: the scenario's [choices]; a question they \
                 do not answer takes its first option (spend nothing, do not evade, empty hands)"
                    .to_string()
            }
            Policy::Choices { written: false } => "policy: fixed, each question answered by its \
                 first option (spend nothing, do not evade, empty hands): not the best play"
                .to_string(),
            Policy::Best {
                objective,
                default: true,
            } => format!(
                "policy: the best play for `{}`, the default for {} (ties go to less lost, then to \
                 spending less); `--best OBJECTIVE` aims elsewhere, `--fixed` spends nothing",
                objective.as_str(),
                match objective {
                    Objective::Pass => "a [test]",
                    _ => "a combat",
                }
            ),
            Policy::Best {
                objective,
                default: false,
            } => format!(
                "policy: the best play for `{}` (ties go to less lost, then to spending less)",
                objective.as_str()
            ),
        }
    }
}

/// `text` with `line` inserted after its first `after` lines.
pub(super) fn with_line(text: &str, after: usize, line: &str) -> String {
    let mut out = String::with_capacity(text.len() + line.len() + 1);
    for (i, l) in text.split_inclusive('\n').enumerate() {
        if i == after {
            out.push_str(line);
            out.push('\n');
        }
        out.push_str(l);
    }
    out
}

impl Odds {
    pub(crate) fn new(odds: crate::odds::Odds, title: Option<&str>, policy: Policy) -> Odds {
        Odds {
            odds,
            title: title.map(str::to_string),
            policy,
        }
    }

    /// Who answered the player's questions.
    pub fn policy(&self) -> Policy {
        self.policy
    }

    /// `"exact"` or `"sampled"`.
    pub fn method(&self) -> &'static str {
        self.odds.method
    }

    /// Runs of the rules made (exact) or samples drawn (sampled).
    pub fn runs(&self) -> u64 {
        self.odds.runs
    }

    /// Sampled odds: the seed of the first sample.
    pub fn seed(&self) -> Option<u64> {
        self.odds.seed
    }

    /// Exact: an upper bound on the probability of the runs not followed to their end. Sampled: the
    /// share of runs stopped at the round limit.
    pub fn unresolved(&self) -> f64 {
        self.odds.unresolved
    }

    /// The distribution of Health (Eldritch Horror) or Stamina (Arkham Horror) lost.
    pub fn health_lost(&self) -> BTreeMap<i32, f64> {
        self.odds.by(|x| x.health_lost)
    }

    /// The distribution of Sanity lost, Sanity paid for spells included.
    pub fn sanity_lost(&self) -> BTreeMap<i32, f64> {
        self.odds.by(|x| x.sanity_lost)
    }

    /// Each monster in the order encountered: its card id, its name and the probability it is defeated.
    pub fn defeated(&self) -> Vec<(&str, &str, f64)> {
        self.odds
            .monsters
            .iter()
            .enumerate()
            .map(|(i, (id, name))| {
                let p = self.odds.defeated_p(i);
                (id.as_str(), name.as_str(), p)
            })
            .collect()
    }

    /// How the investigator ends, as the result object's `investigator.status` names it (`ok`,
    /// `defeated`, `insane`, `devoured`, …), with its probability.
    pub fn status(&self) -> BTreeMap<&'static str, f64> {
        self.odds.by(|x| x.status.as_str())
    }

    /// The probability that the investigator may go on to another encounter this phase (EH: every
    /// monster on the space defeated; a location or token encounter, not another combat).
    pub fn may_encounter_again(&self) -> f64 {
        self.odds.p(|x| x.may_encounter_again)
    }

    /// A `[test]` scenario: the probability that the test passes.
    pub fn test_passed(&self) -> Option<f64> {
        self.odds
            .is_test
            .then(|| self.odds.p(|x| x.test.is_some_and(|t| t.1)))
    }

    /// A `[test]` scenario: the distribution of the test's successes.
    pub fn successes(&self) -> Option<BTreeMap<u32, f64>> {
        self.odds
            .is_test
            .then(|| self.odds.by(|x| x.test.map_or(0, |t| t.0)))
    }

    /// The odds as `mythos odds` prints them, the scenario's title first.
    pub fn text(&self) -> String {
        let text = crate::odds::odds_text(&self.odds, self.title.as_deref());
        with_line(&text, 2, &self.policy.text())
    }

    /// The odds as `mythos odds --format json` prints them, with `policy` ([`Policy::to_json`]).
    pub fn to_json(&self) -> Value {
        let mut v = crate::odds::odds_json(&self.odds);
        v["policy"] = self.policy.to_json();
        v
    }
}

impl serde::Serialize for Odds {
    /// The JSON of [`Odds::to_json`], as `mythos odds --format json` prints it.
    ///
    /// ```
    /// use mythos::{Library, Scenario};
    /// let text = "game = \"eldritch\"\n[investigator]\ncard = \"Trish Scarborough\"\n[test]\nskill = \"will\"\n";
    /// let odds = Scenario::parse(&Library::new(), "s.toml", text)?.exact_odds()?;
    /// assert_eq!(serde_json::to_string_pretty(&odds)?, serde_json::to_string_pretty(&odds.to_json())?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.to_json().serialize(s)
    }
}
