//! The pilot's walks (`pilot.rs`): seeded random walks down the search's tree, each roll's outcome
//! drawn by its probability in one walk, uniformly among the roll's outcomes in the next, each
//! decision's option at random, noting the memo points they pass.

use super::super::budget::multiset_count;
use super::node::MemoKey;
use super::pilot::Pilot;
use super::search::Search;
use crate::kernel::{DiceError, KernelError};
use std::collections::HashMap;
use std::rc::Rc;

/// Walks of the pilot, at most.
const WALKS: usize = 48;

/// Runs of the rules the pilot may take, at most (each step of a walk is one run).
const PILOT_RUNS: u64 = 1_024;

/// Outcomes of a roll the pilot still walks through (a larger roll ends it: its table would cost
/// more than the estimate is worth).
const PILOT_ROLL_OUTCOMES: u64 = 4_096;

/// A small deterministic generator (SplitMix64): the pilot needs no real randomness.
struct Mix(u64);

impl Mix {
    /// A number in [0, 1).
    fn next(&mut self) -> f64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        (z >> 11) as f64 / (1u64 << 53) as f64
    }
}

impl Search<'_> {
    /// Walks down the search from `start` (faces already rolled) and the first `given` answers of
    /// the path (under the best policy), in the middle of the search, and returns the memo points
    /// passed, those the search has finished already counted found. Its runs count against no
    /// budget of the search (it has its own, `PILOT_RUNS`), and its dice are faces, never grouped:
    /// the same states are reached either way. A run that fails or a roll too large for a table
    /// ends the pilot with what it has (the search will report it).
    pub(super) fn pilot(&mut self, start: &[u8], given: usize) -> Pilot {
        let (replayed, script_ops) = (self.replayed, self.script_ops);
        let path = self.choose.as_mut().map(|c| c.answers.split_off(given));
        let mut mix = Mix(0x6d79_7468_6f73);
        let mut pending = HashMap::new();
        let mut runs = 0;
        'walks: for walk in 0..WALKS {
            let mut prefix = start.to_vec();
            let mut from = None;
            loop {
                runs += 1;
                if runs > PILOT_RUNS {
                    break 'walks;
                }
                let Ok((enc, result, passed)) = self.run(from.as_ref(), &prefix) else {
                    break 'walks;
                };
                from = passed.map(Rc::new).or(from);
                match result {
                    Err(KernelError::Dice(DiceError::NeedMore { n, memo })) => {
                        if multiset_count(n as u64, 6) > PILOT_ROLL_OUTCOMES {
                            break 'walks;
                        }
                        let table = self.tables.table(n);
                        if memo {
                            pending.insert((self.memo_key(&enc, n), false), table.len() as u64);
                        }
                        let uniform = 1.0 / table.len() as f64;
                        let mut u = mix.next();
                        let (faces, _) = table
                            .iter()
                            .find(|(_, w)| {
                                u -= if walk % 2 == 1 { uniform } else { *w };
                                u < 0.0
                            })
                            .unwrap_or_else(|| table.last().expect("a roll has an outcome"));
                        prefix.extend_from_slice(faces);
                    }
                    Err(KernelError::Dice(DiceError::NeedFlip { n })) => {
                        let i = (mix.next() * n as f64) as usize;
                        prefix.push(u8::try_from(i.min(n - 1) + 1).unwrap_or(u8::MAX));
                    }
                    Err(KernelError::Decision(need)) if self.choose.is_some() => {
                        let key = self.memo_key(&enc, need.options.len());
                        pending.insert((key, true), need.options.len() as u64);
                        let i = (mix.next() * need.options.len() as f64) as usize;
                        let c = self.choose.as_mut().expect("checked");
                        c.answers.push(i.min(need.options.len() - 1));
                        // A run under the best policy starts from the first die with its answers.
                        from = None;
                    }
                    _ => break,
                }
            }
            if let Some(c) = self.choose.as_mut() {
                c.answers.truncate(given);
            }
        }
        if let Some(c) = self.choose.as_mut() {
            c.answers.truncate(given);
            c.answers.extend(path.unwrap_or_default());
        }
        (self.replayed, self.script_ops) = (replayed, script_ops);
        let total = pending.values().sum();
        let mut pilot = Pilot {
            pending,
            total,
            found: 0,
        };
        let done: Vec<(MemoKey, bool)> = pilot
            .pending
            .keys()
            .filter(|(k, decision)| match decision {
                false => self.memo.contains_key(k),
                true => self.choose.as_ref().is_some_and(|c| c.memo.contains_key(k)),
            })
            .copied()
            .collect();
        for (k, decision) in done {
            pilot.finished(&k, decision);
        }
        pilot
    }
}
