//! When exact odds may group the faces of a roll that count alike: no card that is active in the
//! test, nor a Condition it may gain, has a hook that may apply to that test after its roll and
//! reads raw faces or die positions (decided from each script's syntax tree: `script/faces.rs`).
//! Where, besides, no face negates a success and the game's token step picks no die by its face
//! (`Procedure::tokens_read_only_successes`), nothing after the roll reads more of it than its
//! successes, and the search makes the rolls of as many successes one branch (`search.rs`,
//! `Grouping`): an EH Strength test whose 6s count two rolls 8 dice in 17 branches, not 45.

use super::readers::{Grouping, May};
use super::search::Search;
use crate::kernel::Encounter;
use crate::scenario::Checkpoint;
use std::rc::Rc;

impl Search<'_> {
    /// How the faces of the test under way may be grouped, when they may be (no card active in it
    /// tells apart faces that count alike: `collapse.rs`): into classes of faces that count alike,
    /// or into numbers of successes (`Grouping::successes`). For its first roll, the counting rules
    /// are learnt from a probe run (they are set by hooks after the roll and cannot depend on the
    /// faces when no script reads them).
    pub(super) fn grouping(
        &mut self,
        enc: &Encounter,
        start: Option<&Rc<Checkpoint>>,
        prefix: &mut Vec<u8>,
        n: usize,
    ) -> Option<Grouping> {
        let may = self.readers.may_group(self.p, enc);
        if !self.collapse || may == May::Not {
            return None;
        }
        let r = enc.stage_rules()?;
        let (k, mut from, mut counts, mut negates) = (r.test, r.success_from, r.counts, r.negates);
        if !r.rolled {
            let len = prefix.len();
            prefix.extend(std::iter::repeat_n(1, n));
            self.runs += 1;
            let run = self.run(start, prefix);
            prefix.truncate(len);
            let learnt = run.ok().and_then(|(probe, _, _)| {
                probe
                    .run
                    .roll_rules
                    .iter()
                    .rev()
                    .find(|(test, _)| *test == k)
                    .map(|(_, rules)| rules.clone())
            });
            match learnt {
                Some(rules) => (from, counts, negates) = rules,
                // The probe stopped before the roll's hooks were done (a card rerolls there, or asks
                // the player): where no script may change the counting rules after the roll, they
                // are those before it.
                None if !self.p.hooks.sets_counting_after_roll() => {}
                None => return None,
            }
        }
        // Faces count alike when they count the same successes and negate the same (a 1 that
        // negates one is not a 2).
        let mut classes: Vec<((u32, u32), u8, f64)> = Vec::new();
        for f in 1..=6u8 {
            let v = (
                crate::kernel::face_value(f, from, &counts),
                crate::kernel::face_negates(f, &negates),
            );
            match classes.iter_mut().find(|(cv, _, _)| *cv == v) {
                Some(c) => {
                    c.1 = f;
                    c.2 += 1.0 / 6.0;
                }
                None => classes.push((v, f, 1.0 / 6.0)),
            }
        }
        // Where cards read which dice fail and where, each class must be a run of faces next to
        // each other: then the dice of a roll fed in ascending order are of the same class at each
        // position, grouped or not.
        if may == May::Classes {
            let class = |f: u8| {
                let v = (
                    crate::kernel::face_value(f, from, &counts),
                    crate::kernel::face_negates(f, &negates),
                );
                classes.iter().position(|(cv, _, _)| *cv == v)
            };
            let runs = (2..=6u8).filter(|&f| class(f) != class(f - 1)).count() + 1;
            if runs != classes.len() {
                return None;
            }
        }
        let classes = classes.into_iter().map(|(_, f, p)| (f, p)).collect();
        // Without negation the successes of a roll are the sum of each die's: what is added to them
        // later (a die added, a face counted) adds alike to every roll of as many.
        let successes = (may == May::All && negates.is_empty() && enc.tokens_read_only_successes())
            .then_some((from, counts));
        Some(Grouping { classes, successes })
    }
}
