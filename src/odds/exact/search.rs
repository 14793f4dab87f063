//! The search over every roll: replay a prefix of dice (from the latest checkpoint a run of it passed),
//! branch where the dice run out, memoise on the state the rules go on from, prune below a threshold.

use super::super::budget::{
    CARRIED_SHARES_PER_RUN, MAX_CARRIED_SHARES, MAX_EXACT_SCRIPT_OPERATIONS, MAX_REPLAYED_DICE,
    MAX_ROLL_BRANCHES, MAX_ROLL_FACES, MAX_RUNS, MAX_SEARCH_DEPTH, multiset_count,
};
use super::super::outcome::Outcome;
use super::base::Base;
use super::choose::Choose;
use super::loops::Loops;
use super::node::{Asked, Dist, MemoKey, Node, Stop};
use super::pilot::Pilot;
use super::readers::{Grouping, Readers};
use super::tables::Tables;
use crate::kernel::{Decisions, DiceError, Encounter, KernelError};
use crate::scenario::Prepared;
use crate::scenario::{Checkpoint, Resumed};
use rustc_hash::FxHashMap;
use std::collections::HashMap;
use std::rc::Rc;

pub(super) struct Search<'a> {
    pub(super) p: &'a mut Prepared,
    pub(super) memo: HashMap<MemoKey, Dist>,
    /// The tables of the ways a roll comes out (by dice; over face classes, each class's face and the
    /// bits of its chance; by successes, `Grouping::successes`): a roll of the same dice over the
    /// same classes comes up again at many states.
    pub(super) tables: Tables,
    pub(super) runs: u64,
    pub(super) replayed: u64,
    /// Operations the card scripts of every run so far took, over every threshold.
    pub(super) script_ops: u64,
    pub(super) threshold: f64,
    pub(super) is_test: bool,
    pub(super) collapse: bool,
    /// The cards whose scripts may tell faces that count alike apart, in some test.
    pub(super) readers: &'a Readers,
    /// Whether a branch goes on from the latest checkpoint (else every run starts from the first
    /// die; tests compare both ways).
    pub(super) resume: bool,
    /// Told the share of the mass resolved so far at the first run and every `PROGRESS_EVERY` runs
    /// after; false stops.
    pub(super) progress: Option<&'a mut dyn FnMut(f64) -> bool>,
    /// The probability mass of this pass resolved so far: runs ended, memo hits, branches pruned.
    pub(super) resolved: f64,
    /// Under the best policy (`decide.rs`): the player's questions are nodes of the search. None:
    /// the scenario's `[choices]` answer them.
    pub(super) choose: Option<Choose>,
    /// The memo points a pilot passed (`pilot.rs`): when some, progress is the share of them
    /// finished, else the share of the mass resolved.
    pub(super) pilot: Option<Pilot>,
    /// Whether to walk a pilot once the search has taken `PILOT_AFTER` runs, and from which faces
    /// and answers (the number of `choose`'s answers given before the search).
    pub(super) estimate: Option<(&'a [u8], usize)>,
    /// The greatest share told so far: what is told never goes back.
    pub(super) told: f64,
    /// The loops of AH2e fights that repeat (`rounds.rs`); None: none is solved.
    pub(super) loops: Option<Loops>,
    /// `explore` calls under way, one inside the other: the depth of the path being explored.
    pub(super) depth: usize,
    /// Options of the questions met so far, over every threshold (`MAX_DECISION_OPTIONS`).
    pub(super) decision_options: u64,
    /// Outcomes and monster shares carried from a node into the one above it so far, over every
    /// threshold (`MAX_CARRIED_SHARES`): the work of merging the search's distributions, which
    /// grows with the outcomes a node holds and not with its runs.
    pub(super) carried: u64,
    /// Runs of the passes before this one (`MAX_CARRIED_SHARES` grows with every run).
    pub(super) earlier_runs: u64,
}

/// Runs between two calls of the progress callback.
const PROGRESS_EVERY: u64 = 64;

/// Runs of the search before it walks a pilot: a computation shorter than this pays nothing for
/// its estimate.
const PILOT_AFTER: u64 = 32 * PROGRESS_EVERY;

impl Search<'_> {
    /// Plays the scenario with the faces `prefix` from `from` (the latest checkpoint a run of a
    /// prefix of them passed) or from the start, counting its scripts' operations against the budget
    /// of the whole computation (only those taken after the checkpoint: the rest were counted with
    /// the run that took it). With the encounter and its result, the latest checkpoint it passed.
    /// Under the best policy (`choose`) the path's answers answer the player's questions (from the
    /// checkpoint on: the answers before it are the checkpoint's run's, the same).
    pub(super) fn run(
        &mut self,
        from: Option<&Rc<Checkpoint>>,
        prefix: &[u8],
    ) -> Result<Resumed, Stop> {
        let from = from.map(|c| &**c);
        self.replayed += (prefix.len() - from.map_or(0, |c| c.dice)) as u64;
        if self.replayed > MAX_REPLAYED_DICE {
            return Err(Stop::Budget(format!(
                "its runs replay more than {MAX_REPLAYED_DICE} dice"
            )));
        }
        let decisions = match self.choose.as_ref() {
            Some(c) => Decisions::replay(c.answers.clone()),
            None => Decisions::Fixed,
        };
        let resumed = self
            .p
            .run_for_odds_from(from, prefix, decisions, self.resume);
        let before = from.map_or(0, Checkpoint::operations);
        self.script_ops = self
            .script_ops
            .saturating_add(self.p.hooks.run_operations().saturating_sub(before));
        if self.script_ops > MAX_EXACT_SCRIPT_OPERATIONS {
            return Err(Stop::Budget(format!(
                "its runs' card scripts take more than {MAX_EXACT_SCRIPT_OPERATIONS} operations together"
            )));
        }
        Ok(resumed)
    }

    /// The distribution of outcomes after `prefix`, conditional on it, relative to where its run
    /// stopped (see [`Base`]), with that `Base`; `mass` is its probability from the last memo point
    /// (what pruning reads), `abs` its probability (what progress reads). The run starts from
    /// `from`, the latest checkpoint a run of a prefix of `prefix` passed, if any.
    /// Refused past `MAX_SEARCH_DEPTH` calls deep: the search recurses once for each roll and
    /// question of a path.
    pub(super) fn explore(
        &mut self,
        from: Option<Rc<Checkpoint>>,
        prefix: &mut Vec<u8>,
        mass: f64,
        abs: f64,
    ) -> Result<(Dist, Base), Stop> {
        if self.depth >= MAX_SEARCH_DEPTH {
            return Err(Stop::Budget(format!(
                "one of its paths has more than {MAX_SEARCH_DEPTH} rolls and questions, one after \
                 the other (each a level of the search)"
            )));
        }
        self.depth += 1;
        let explored = self.explore_at(from, prefix, mass, abs);
        self.depth -= 1;
        explored
    }

    fn explore_at(
        &mut self,
        from: Option<Rc<Checkpoint>>,
        prefix: &mut Vec<u8>,
        mass: f64,
        abs: f64,
    ) -> Result<(Dist, Base), Stop> {
        self.runs += 1;
        if self.runs % PROGRESS_EVERY == 1 && !self.tell() {
            return Err(Stop::Cancelled);
        }
        if self.runs > MAX_RUNS {
            return Err(Stop::Budget(format!(
                "it needs more than {MAX_RUNS} runs of the rules"
            )));
        }
        let (enc, result, passed) = self.run(from.as_ref(), prefix)?;
        // The branches below go on from the latest checkpoint: this run's, or the one it started from.
        let from = passed.map(Rc::new).or(from);
        match result {
            Ok(()) => {
                self.at_loop(&enc, 0, false);
                // The run ended: every monster is met, and nothing is lost after it.
                let base = Base::at(&enc, enc.table.monsters.len());
                let mut d = Vec::new();
                self.resolved += abs;
                let o = Outcome::of(&enc, self.is_test);
                let unresolved = if o.stopped { 1.0 } else { 0.0 };
                if !o.stopped {
                    d.push((base.relative(o), 1.0));
                }
                // Every monster is met: relative to this state, none is defeated.
                let node = Node {
                    dist: d,
                    unresolved,
                    defeated: vec![0.0; enc.table.monsters.len()],
                    back: 0.0,
                };
                Ok((Rc::new(node), base))
            }
            Err(KernelError::Dice(DiceError::NeedMore { n, memo })) => {
                let at = self.at_loop(&enc, n, memo);
                let asked = Asked {
                    enc: Rc::new(enc),
                    from,
                    n,
                    memo,
                    mass,
                    abs,
                };
                self.roll_at(asked, prefix, at)
            }
            Err(KernelError::Dice(DiceError::NeedFlip { n })) => {
                self.at_loop(&enc, 0, false);
                self.flip(&enc, n, from, prefix, mass, abs)
            }
            Err(KernelError::Decision(need)) => {
                self.at_loop(&enc, 0, false);
                self.decide(&enc, need, from, prefix, abs)
            }
            Err(other) => Err(Stop::Kernel(other)),
        }
    }

    /// The branches of the roll `asked` for, each explored from its checkpoint, merged relative to
    /// the state where it was asked and memoised. A loop's head or its return is `roll_at`'s
    /// (`rounds.rs`).
    pub(super) fn roll(
        &mut self,
        asked: Asked,
        prefix: &mut Vec<u8>,
    ) -> Result<(Dist, Base), Stop> {
        let base = Base::at(&asked.enc, asked.enc.met());
        let (key, memo) = (self.memo_key(&asked.enc, asked.n), asked.memo);
        if memo && let Some(d) = self.memo.get(&key) {
            self.resolved += asked.abs;
            return Ok((d.clone(), base));
        }
        let node = self.branches(asked, &base, prefix)?;
        Ok((self.memoise(key, memo, node), base))
    }

    /// The node of a roll (see `roll`), relative to `base` (`enc`'s), not memoised: each of its
    /// branches explored.
    pub(super) fn branches(
        &mut self,
        asked: Asked,
        base: &Base,
        prefix: &mut Vec<u8>,
    ) -> Result<Node, Stop> {
        let Asked {
            enc,
            from,
            n,
            memo,
            mass,
            abs,
        } = asked;
        // What a memoised branch holds must not depend on how it was reached: below a memo
        // point, branches are pruned by their probability from that point on.
        let mass = if memo { 1.0 } else { mass };
        // Budgets first: the probe and the table cost memory in proportion to them.
        if n as u64 > MAX_ROLL_FACES {
            return Err(Stop::Budget(format!("it rolls {n} dice at once")));
        }
        // Dice a script rolls (`ctx.roll`, asked from inside a hook: not `memo`) are no
        // test's: the test's counting rules do not group them.
        let grouping = if memo {
            self.grouping(&enc, from.as_ref(), prefix, n)
        } else {
            None
        };
        let k = grouping.as_ref().map_or(6, |g| g.classes.len()) as u64;
        let count = multiset_count(n as u64, k);
        if count > MAX_ROLL_BRANCHES || count.saturating_mul(n as u64) > MAX_ROLL_FACES {
            return Err(Stop::Budget(format!(
                "a roll of {n} dice can come out {count} ways (at most {MAX_ROLL_BRANCHES} \
                 ways and {MAX_ROLL_FACES} faces in one roll's table)"
            )));
        }
        let table = match grouping {
            Some(Grouping {
                classes,
                successes: Some(rules),
            }) => self.tables.success_table(n, &classes, &rules),
            Some(Grouping { classes, .. }) => self.tables.class_table(n, &classes),
            None => self.tables.table(n),
        };
        let mut defeated = vec![0.0; enc.table.monsters.len()];
        drop(enc);
        // Each outcome's shares added in the order of the branches; sorted once, at the end.
        let mut acc: FxHashMap<Outcome, f64> = FxHashMap::default();
        let mut unresolved = 0.0;
        let mut back = 0.0;
        let len = prefix.len();
        for (faces, w) in table.iter() {
            if mass * w < self.threshold {
                unresolved += w;
                self.resolved += abs * w;
                continue;
            }
            prefix.extend_from_slice(faces);
            let (child, at) = self.explore(from.clone(), prefix, mass * w, abs * w)?;
            prefix.truncate(len);
            self.carry(&child)?;
            for (o, p) in &child.dist {
                *acc.entry(base.from(&at, o)).or_insert(0.0) += w * p;
            }
            base.add_defeated(&at, &child, *w, &mut defeated);
            unresolved += w * child.unresolved;
            back += w * child.back;
        }
        let mut dist: Vec<(Outcome, f64)> = acc.into_iter().collect();
        dist.sort_unstable_by(|a, b| a.0.cmp(&b.0));
        Ok(Node {
            dist,
            unresolved,
            defeated,
            back,
        })
    }

    /// Counts the work of carrying `child`'s outcomes and monster shares into its parent against
    /// their budget, which grows with the runs (`carried_budget`).
    pub(super) fn carry(&mut self, child: &Node) -> Result<(), Stop> {
        self.carried = self
            .carried
            .saturating_add((child.dist.len() + child.defeated.len()) as u64);
        let runs = self.earlier_runs + self.runs;
        if self.carried > carried_budget(runs) {
            return Err(Stop::Budget(format!(
                "its distributions hold too many outcomes to merge: {} outcomes and monster \
                 shares carried from one roll or question to the one before it in {runs} runs, \
                 more than {MAX_CARRIED_SHARES} and {CARRIED_SHARES_PER_RUN} a run (each node holds \
                 a share for each monster after it: {} monsters)",
                self.carried,
                child.defeated.len()
            )));
        }
        Ok(())
    }

    /// A card flipped (`ctx.card.flip()`): a chance node of its `n` backs, one a copy, each as
    /// likely (the copy drawn is the next value of the prefix). Asked inside a hook, it is never a
    /// memo point, like a die a script rolls.
    fn flip(
        &mut self,
        enc: &Encounter,
        n: usize,
        from: Option<Rc<Checkpoint>>,
        prefix: &mut Vec<u8>,
        mass: f64,
        abs: f64,
    ) -> Result<(Dist, Base), Stop> {
        let base = Base::at(enc, enc.met());
        let w = 1.0 / n as f64;
        let mut defeated = vec![0.0; enc.table.monsters.len()];
        let mut acc: FxHashMap<Outcome, f64> = FxHashMap::default();
        let (mut unresolved, mut back) = (0.0, 0.0);
        let len = prefix.len();
        for copy in 1..=n {
            if mass * w < self.threshold {
                unresolved += w;
                self.resolved += abs * w;
                continue;
            }
            prefix.push(u8::try_from(copy).unwrap_or(u8::MAX));
            let (child, at) = self.explore(from.clone(), prefix, mass * w, abs * w)?;
            prefix.truncate(len);
            self.carry(&child)?;
            for (o, p) in &child.dist {
                *acc.entry(base.from(&at, o)).or_insert(0.0) += w * p;
            }
            base.add_defeated(&at, &child, w, &mut defeated);
            unresolved += w * child.unresolved;
            back += w * child.back;
        }
        let mut dist: Vec<(Outcome, f64)> = acc.into_iter().collect();
        dist.sort_unstable_by(|a, b| a.0.cmp(&b.0));
        let node = Node {
            dist,
            unresolved,
            defeated,
            back,
        };
        Ok((Rc::new(node), base))
    }

    /// `node` as the distribution of the memo point `key` (`memo`: it is one), kept for the next
    /// run that reaches it, but where it holds a share that comes back: that is its loop's head's
    /// alone.
    pub(super) fn memoise(&mut self, key: MemoKey, memo: bool, node: Node) -> Dist {
        let d = Rc::new(node);
        if memo && d.back == 0.0 {
            if let Some(pilot) = self.pilot.as_mut() {
                pilot.finished(&key, false);
            }
            self.memo.insert(key, d.clone());
        }
        d
    }

    /// Tells the progress callback the share done, never less than told before: 0 until the pilot
    /// is walked (when one is to be), then its estimate; the share of the mass resolved when there
    /// is no pilot or it passed no memo point. Walks the pilot when it is time. False: stop.
    fn tell(&mut self) -> bool {
        if self.pilot.is_none()
            && self.runs > PILOT_AFTER
            && let Some((start, given)) = self.estimate
        {
            self.pilot = Some(self.pilot(start, given));
        }
        let share = match &self.pilot {
            Some(pilot) if pilot.sampled() => pilot.share(),
            Some(_) => self.resolved.min(1.0),
            None if self.estimate.is_some() => 0.0,
            None => self.resolved.min(1.0),
        };
        self.told = self.told.max(share);
        let told = self.told;
        self.progress.as_mut().is_none_or(|f| f(told))
    }

    /// The memo key of `enc`'s state, asked for `n` dice or `n` options: what the rest of the
    /// encounter does from it, whatever came before it (the first test's result of a `[test]`
    /// scenario is what its outcome reports), and the request.
    pub(super) fn memo_key(&self, enc: &Encounter, n: usize) -> MemoKey {
        let first_test = if self.is_test {
            enc.reported_test().map(|t| (t.successes, t.passed))
        } else {
            None
        };
        (enc.relative_key(), first_test, n)
    }
}

/// The outcomes and monster shares a search may have carried after `runs` runs: what any search may
/// carry, and as much again for each run (the work of merging grows with the runs, as the input
/// does, and not with the runs times the monsters).
pub(super) fn carried_budget(runs: u64) -> u64 {
    MAX_CARRIED_SHARES.saturating_add(CARRIED_SHARES_PER_RUN.saturating_mul(runs))
}
