//! Exact odds under the best policy: a decision of the player is a node of the search beside the
//! rolls. Its options are each explored as a roll's outcomes are, and the node keeps the option
//! whose outcomes score best on an [`Objective`] (the expected value of a score of each outcome; ties
//! go to the option that loses less Health and Sanity on average, then to the first offered). A
//! decision is a memo point on the same relative key as a roll: the best option from a state does
//! not depend on how it was reached (an objective reads of the past only what the key holds, whether
//! every monster met was defeated, or adds a constant to every option, what was lost before). The
//! decisions met before the second round (AH2e; the whole encounter in EH) are kept with the odds of
//! each option.

use super::super::budget::MAX_DECISION_OPTIONS;
use super::super::outcome::Outcome;
use super::base::Base;
use super::choose::{Choose, DecisionOdds, Objective, OptionOdds};
use super::node::{Dist, Node, Stop};
use super::search::Search;
use crate::kernel::{DecisionNeeded, Encounter, KernelError, Question};
use crate::scenario::Checkpoint;
use std::collections::BTreeMap;
use std::rc::Rc;

impl Search<'_> {
    /// The decision node: the outcomes after `prefix` and the path's answers under the best play from
    /// this decision on, relative to `enc`'s state, with that state's [`Base`]. Each option's runs
    /// go on from `from`, the latest checkpoint the run that stopped here passed.
    pub(super) fn decide(
        &mut self,
        enc: &Encounter,
        need: DecisionNeeded,
        from: Option<Rc<Checkpoint>>,
        prefix: &mut Vec<u8>,
        abs: f64,
    ) -> Result<(Dist, Base), Stop> {
        let key = self.memo_key(enc, need.options.len());
        let base = Base::at(enc, enc.met());
        let Some(c) = self.choose.as_mut() else {
            return Err(Stop::Kernel(KernelError::Decision(need)));
        };
        if let Some(d) = c.memo.get(&key) {
            self.resolved += abs;
            return Ok((d.clone(), base));
        }
        let (objective, was_first) = (c.objective, c.first);
        let first =
            was_first && !matches!(need.question, Question::Round { round, .. } if round >= 2);
        c.first = first;
        // Its place in the report, taken before the decisions below it (first met, first).
        let counted = |enc: &Encounter| {
            let r = enc.stage_rules()?;
            (self.collapse
                && !matches!(
                    self.readers.may_group(self.p, enc),
                    super::readers::May::Not
                ))
            .then(|| {
                enc.current_faces()
                    .iter()
                    .map(|f| crate::kernel::face_value(*f, r.success_from, &r.counts))
                    .collect()
            })
        };
        let slot = first.then(|| {
            c.report.push(DecisionOdds {
                question: need.question.clone(),
                health: enc.table.investigator.health,
                sanity: enc.table.investigator.sanity,
                clues: enc.table.investigator.clues,
                focus: enc.table.investigator.focus,
                faces: enc.current_faces(),
                test: enc.test_under_way().cloned(),
                counted: counted(enc),
                options: Vec::new(),
                best: 0,
            });
            c.report.len() - 1
        });
        self.decision_options += need.options.len() as u64;
        if self.decision_options > MAX_DECISION_OPTIONS {
            let why = match need.question {
                Question::Round { .. } => {
                    ": each set of the cards in hand that fits two hands, with Fight or Flee; \
                     copies of one card are one choice"
                }
                _ => "",
            };
            return Err(Stop::Budget(format!(
                "under the best policy its questions offer more than {MAX_DECISION_OPTIONS} \
                 options together, each to be explored (this one offers {}{why})",
                need.options.len()
            )));
        }
        // The options share this branch's mass for the progress; each is a memo point's child.
        let share = abs / need.options.len() as f64;
        let mut best: Option<(usize, Dist, f64, f64)> = None;
        let mut each = Vec::new();
        for (i, answer) in need.options.into_iter().enumerate() {
            self.choosing().answers.push(i);
            let (child, at) = self.explore(from.clone(), prefix, 1.0, share)?;
            self.choosing().answers.pop();
            self.carry(&child)?;
            // Moved across by `Base::from`, the outcomes keep their order and stay distinct.
            let rel: Vec<(Outcome, f64)> = child
                .dist
                .iter()
                .map(|(o, p)| (base.from(&at, o), *p))
                .collect();
            let mut defeated = vec![0.0; enc.table.monsters.len()];
            base.add_defeated(&at, &child, 1.0, &mut defeated);
            let d = Rc::new(Node {
                dist: rel,
                unresolved: child.unresolved,
                defeated,
                // Under the best policy no loop is solved (`rounds.rs`): nothing comes back.
                back: 0.0,
            });
            // Scored on the whole outcome, the past included.
            let whole: BTreeMap<Outcome, f64> =
                d.dist.iter().map(|(o, p)| (base.whole(o), *p)).collect();
            let value = objective.value(&whole);
            // The tie-break: less Health (Stamina) and Sanity lost on average (issue 38).
            let lost = Objective::LeastLost.value(&whole);
            if first {
                let mut defeated = vec![0.0; enc.table.monsters.len()];
                Base::start().add_defeated(&base, &d, 1.0, &mut defeated);
                each.push(OptionOdds {
                    answer,
                    dist: whole,
                    defeated,
                    value,
                });
            }
            // Ties on the objective go to the option that loses less (issue 38: under `survive`,
            // spending a Clue that saves Stamina), then to the option offered first, which spends
            // less (stop, do not evade, fight, the fewest cards).
            if best.as_ref().is_none_or(|(_, _, v, l)| {
                value > v + 1e-12 || (value > v - 1e-12 && lost > l + 1e-12)
            }) {
                best = Some((i, d, value, lost));
            }
        }
        let (i, d, _, _) = best.expect("a question has at least one option");
        let c = self.choosing();
        c.first = was_first;
        if let Some(slot) = slot {
            let r = &mut c.report[slot];
            r.options = each;
            r.best = i;
        }
        c.memo.insert(key, d.clone());
        if let Some(pilot) = self.pilot.as_mut() {
            pilot.finished(&key, true);
        }
        Ok((d, base))
    }

    fn choosing(&mut self) -> &mut Choose {
        self.choose
            .as_mut()
            .expect("a decision node searches with a Choose")
    }
}
