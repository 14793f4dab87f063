//! What a run ends with, as far as odds are concerned, and a distribution over it.

use crate::kernel::{Encounter, Game, Investigator, Status};
use std::collections::BTreeMap;

/// The end of one run of a scenario.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Outcome {
    /// How many of the monsters were defeated. Which ones is not part of an outcome (the joint of
    /// every monster's result is never enumerated): `Odds::defeated` holds each monster's chance.
    pub defeated: u32,
    /// How many monsters the encounter has (every one defeated: `defeated == monsters`).
    pub monsters: u32,
    /// Health (EH) or Stamina (AH2e) lost.
    pub health_lost: i32,
    /// Sanity lost, Sanity paid for spells included.
    pub sanity_lost: i32,
    pub status: Status,
    pub may_encounter_again: bool,
    /// A `[test]` scenario: the first test's successes and whether it passed (after the Upkeep
    /// Phase's, `Encounter::reported_test`).
    pub test: Option<(u32, bool)>,
    /// The run was stopped at the round limit (counted as unresolved).
    pub stopped: bool,
}

impl Outcome {
    pub fn of(enc: &Encounter, is_test: bool) -> Outcome {
        Outcome {
            defeated: enc.table.monsters.iter().filter(|m| m.defeated).count() as u32,
            monsters: enc.table.monsters.len() as u32,
            health_lost: enc.table.tally.health_lost,
            sanity_lost: enc.table.tally.sanity_lost,
            status: enc.table.investigator.status,
            may_encounter_again: enc.table.may_encounter_again,
            test: if is_test {
                enc.reported_test().map(|t| (t.successes, t.passed))
            } else {
                None
            },
            stopped: enc.table.stopped,
        }
    }
}

impl Outcome {
    /// Whether every monster of the encounter was defeated.
    pub fn every_monster_defeated(&self) -> bool {
        self.defeated == self.monsters
    }
}

/// Whether each monster was defeated, by its slot (`Encounter::slots`: the order given, Normal
/// before Epic, as `Odds::monsters` lists them), whatever order it was met in.
pub fn defeated_by_slot(enc: &Encounter) -> Vec<bool> {
    let mut defeated = vec![false; enc.table.monsters.len()];
    for (m, slot) in enc.table.monsters.iter().zip(&enc.table.slots) {
        defeated[*slot] = m.defeated;
    }
    defeated
}

/// A probability distribution over outcomes, with what was left unresolved.
#[derive(Debug, Clone)]
pub struct Odds {
    pub game: Game,
    /// "exact" or "sampled".
    pub method: &'static str,
    /// Runs of the rules made (exact) or samples drawn (sampled).
    pub runs: u64,
    /// Sampled: the seed of the first sample.
    pub seed: Option<u64>,
    /// Probability of each outcome; sums to 1 − `unresolved`.
    pub dist: BTreeMap<Outcome, f64>,
    /// The probability that each monster is defeated, by slot (`monsters`' order).
    pub defeated: Vec<f64>,
    /// Exact: an upper bound on the probability of the runs not followed to their end (pruned below
    /// the path threshold, or stopped at the round limit). Sampled: the share stopped at the limit.
    pub unresolved: f64,
    /// Monster ids and names, by slot (the order given, Normal before Epic: `Outcome::defeated`'s).
    pub monsters: Vec<(String, String)>,
    #[allow(dead_code, reason = "the odds work (memo) may read it; left to it")]
    pub start: Investigator,
    pub is_test: bool,
}

impl Odds {
    /// The probability that `f` holds (0, never −0.0, when no outcome does: an empty float sum is
    /// −0.0, which JSON would print as `-0.0`).
    pub fn p(&self, f: impl Fn(&Outcome) -> bool) -> f64 {
        self.dist
            .iter()
            .filter(|(o, _)| f(o))
            .map(|(_, p)| p)
            .sum::<f64>()
            + 0.0
    }

    /// The probability that the monster of slot `i` is defeated (0 when there is none).
    pub fn defeated_p(&self, i: usize) -> f64 {
        self.defeated.get(i).copied().unwrap_or(0.0) + 0.0
    }

    /// The distribution of a number drawn from each outcome.
    pub fn by<K: Ord>(&self, f: impl Fn(&Outcome) -> K) -> BTreeMap<K, f64> {
        let mut out = BTreeMap::new();
        for (o, p) in &self.dist {
            *out.entry(f(o)).or_insert(0.0) += p;
        }
        out
    }
}
