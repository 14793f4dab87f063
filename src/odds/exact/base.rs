//! What a distribution of the search is relative to ([`Base`]): the state where its run stopped,
//! with the losses and the monsters met before it, which outcomes and each monster's share are moved
//! across (`relative`, `from`, `add_defeated`).

use super::super::outcome::Outcome;
use super::node::Node;
use crate::kernel::{Encounter, Tally};

/// What a distribution of [`Search::explore`] is relative to: the state where its run stopped. Its
/// outcomes count the Health and Sanity lost from there on, and say nothing of the monsters met
/// before it (shown undefeated): two runs that stop in states of the same `Encounter::relative_key`
/// go on alike whatever they lost or defeated before, so they share one distribution.
pub(super) struct Base {
    tally: Tally,
    /// Each monster met before this state, in the order met: its slot (`Encounter::slots`, the
    /// index of `Outcome::defeated`) and whether it was defeated.
    met: Vec<(usize, bool)>,
}

impl Base {
    /// The start of the encounter: nothing lost, no monster met.
    pub(super) fn start() -> Base {
        Base {
            tally: Tally::default(),
            met: Vec::new(),
        }
    }

    /// The state of `enc`, with its first `met` monsters met.
    pub(super) fn at(enc: &Encounter, met: usize) -> Base {
        Base {
            tally: enc.table.tally,
            met: enc.table.monsters[..met]
                .iter()
                .zip(&enc.table.slots)
                .map(|(m, slot)| (*slot, m.defeated))
                .collect(),
        }
    }

    /// An outcome of a run, relative to this state (which the run passed through).
    pub(super) fn relative(&self, mut o: Outcome) -> Outcome {
        o.health_lost -= self.tally.health_lost;
        o.sanity_lost -= self.tally.sanity_lost;
        o.defeated -= self.met.iter().filter(|(_, d)| *d).count() as u32;
        o
    }

    /// An outcome relative to this state, whole: what was lost and defeated before it included.
    pub(super) fn whole(&self, o: &Outcome) -> Outcome {
        Base::start().from(self, o)
    }

    /// An outcome relative to `later` (a state after this one), relative to this one instead.
    pub(super) fn from(&self, later: &Base, o: &Outcome) -> Outcome {
        let mut o = o.clone();
        o.health_lost += later.tally.health_lost - self.tally.health_lost;
        o.sanity_lost += later.tally.sanity_lost - self.tally.sanity_lost;
        // `later` met the monsters this state met first, in the same order, then others.
        o.defeated += Base::defeated_after(self, later).count() as u32;
        o
    }

    /// Adds `w` times the share of each monster of `child` (a node relative to `later`, a state after
    /// this one) to `into`, relative to this state: the monsters met between the two, defeated, in
    /// every outcome of `child`.
    pub(super) fn add_defeated(&self, later: &Base, child: &Node, w: f64, into: &mut [f64]) {
        for (into, d) in into.iter_mut().zip(&child.defeated) {
            *into += w * d;
        }
        let mass: f64 = child.dist.iter().map(|(_, p)| p).sum();
        for slot in Base::defeated_after(self, later) {
            into[slot] += w * mass;
        }
    }

    /// The slots of the monsters `later` met after this state's, defeated.
    fn defeated_after<'a>(&self, later: &'a Base) -> impl Iterator<Item = usize> + 'a {
        later
            .met
            .iter()
            .skip(self.met.len())
            .filter(|(_, d)| *d)
            .map(|(slot, _)| *slot)
    }
}
