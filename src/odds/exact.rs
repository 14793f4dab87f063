//! Exact odds: the scenario is replayed with every possible roll. The dice of one roll are exchangeable,
//! so each roll of n dice branches into its face-count multisets (fed in ascending order) with their
//! multinomial weights; each reroll and extra die branches six ways. Runs that reach the same state at
//! the same dice request go on alike, so each such branch is explored once (memoised on
//! `Encounter::state_key`, a digest of the whole state the rules go on from, tally included, and on
//! what the outcome already holds, such as the first test's result). Branches less likely
//! than a threshold, counted from the last memo point (so that a memoised branch is the same however it
//! was reached), are not followed; their mass is reported as unresolved, and the threshold is lowered
//! until that mass is below 1e-9.

use super::outcome::{Odds, Outcome};
use crate::defs::Diagnostic;
use crate::kernel::{DiceError, DiceSource, KernelError, StateKey, TestRequest};
use crate::scenario::Prepared;
use std::collections::{BTreeMap, HashMap};
use std::rc::Rc;

/// Runs of the rules one exact computation may make before it gives up (use `--samples`).
pub const MAX_RUNS: u64 = 2_000_000;

/// The unresolved mass exact odds aim below.
const TARGET: f64 = 1e-9;

/// Every multiset of `n` faces, in ascending order, with its probability.
pub fn multisets(n: usize) -> Vec<(Vec<u8>, f64)> {
    fn go(n: usize, min: u8, cur: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        if cur.len() == n {
            out.push(cur.clone());
            return;
        }
        for f in min..=6 {
            cur.push(f);
            go(n, f, cur, out);
            cur.pop();
        }
    }
    let mut all = Vec::new();
    go(n, 1, &mut Vec::with_capacity(n), &mut all);
    let fact = |k: usize| (1..=k).map(|x| x as f64).product::<f64>();
    let total = 6f64.powi(n as i32);
    all.into_iter()
        .map(|faces| {
            let mut counts = [0usize; 7];
            for f in &faces {
                counts[*f as usize] += 1;
            }
            let ways = fact(n) / counts.iter().map(|c| fact(*c)).product::<f64>();
            (faces, ways / total)
        })
        .collect()
}

type Dist = Rc<(BTreeMap<Outcome, f64>, f64)>;

/// The faces of one roll and their probability, for every way it can come out.
type Table = Rc<Vec<(Vec<u8>, f64)>>;

/// The multisets of `n` dice over face classes: each class is (its representative face, the chance a
/// die shows one of its faces).
pub fn class_multisets(n: usize, classes: &[(u8, f64)]) -> Vec<(Vec<u8>, f64)> {
    fn go(
        n: usize,
        i: usize,
        classes: &[(u8, f64)],
        cur: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
    ) {
        if i + 1 == classes.len() {
            cur.push(n);
            out.push(cur.clone());
            cur.pop();
            return;
        }
        for k in 0..=n {
            cur.push(k);
            go(n - k, i + 1, classes, cur, out);
            cur.pop();
        }
    }
    let mut all = Vec::new();
    go(n, 0, classes, &mut Vec::new(), &mut all);
    let fact = |k: usize| (1..=k).map(|x| x as f64).product::<f64>();
    let mut out: Vec<(Vec<u8>, f64)> = all
        .into_iter()
        .map(|counts| {
            let mut faces = Vec::with_capacity(n);
            let mut w = fact(n);
            for (k, (face, p)) in counts.iter().zip(classes) {
                faces.extend(std::iter::repeat_n(*face, *k));
                w *= p.powi(*k as i32) / fact(*k);
            }
            faces.sort_unstable();
            (faces, w)
        })
        .collect();
    out.retain(|(_, w)| *w > 0.0);
    out
}

/// Cards whose scripts could read the dice's own faces (not only what they count for): with any of
/// them in play, faces that count alike cannot be grouped.
fn reads_raw_faces(code: &str) -> bool {
    // Comments say what the card does; only the code counts.
    let code: String = code
        .lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n");
    let after_roll_reads_result =
        code.contains("after_roll") && (code.contains("successes") || code.contains("passed"));
    ["faces", "failing_dice", "set_face", "reroll"]
        .iter()
        .any(|w| code.contains(w))
        || after_roll_reads_result
}

/// Whether exact odds may group faces that count alike: no card that is or may come into play has a
/// script that looks at the raw faces or at die positions.
fn collapse_allowed(p: &Prepared) -> bool {
    let s = &p.setup;
    let mut ids: Vec<&String> = s.investigator.possessions.iter().collect();
    ids.extend(s.investigator.conditions.iter());
    ids.extend(s.investigator.card.iter());
    ids.extend(s.monsters.iter().map(|m| &m.id));
    // Conditions can be gained during the encounter.
    ids.extend(
        p.set
            .cards
            .values()
            .filter(|c| c.kind == crate::defs::CardKind::Condition)
            .map(|c| &c.id),
    );
    !ids.iter()
        .filter_map(|id| p.set.scripts.get(*id))
        .any(|src| reads_raw_faces(&src.code))
}

struct Search<'a> {
    p: &'a mut Prepared,
    memo: HashMap<(StateKey, Outcome, usize), Dist>,
    tables: HashMap<usize, Table>,
    runs: u64,
    threshold: f64,
    is_test: bool,
    collapse: bool,
}

impl Search<'_> {
    fn table(&mut self, n: usize) -> Table {
        self.tables
            .entry(n)
            .or_insert_with(|| Rc::new(multisets(n)))
            .clone()
    }

    /// The classes of faces that count alike in the test under way, when they may be grouped: for its
    /// first roll, learnt from a probe run (the counting rules are set by hooks after the roll and
    /// cannot depend on the faces when no script reads them).
    fn classes(
        &mut self,
        enc: &crate::kernel::Encounter,
        prefix: &mut Vec<u8>,
        n: usize,
    ) -> Option<Vec<(u8, f64)>> {
        if !self.collapse {
            return None;
        }
        let r = enc.stage_rules()?;
        let (k, mut from, mut counts) = (r.test, r.success_from, r.counts);
        if !r.rolled {
            let len = prefix.len();
            prefix.extend(std::iter::repeat_n(1, n));
            self.runs += 1;
            let (probe, _) = self.p.run_for_odds(DiceSource::replay(prefix.clone()));
            prefix.truncate(len);
            (from, counts) = probe.roll_rules.get(&k)?.clone();
        }
        let mut classes: Vec<(u32, u8, f64)> = Vec::new();
        for f in 1..=6u8 {
            let v = crate::kernel::face_value(f, from, &counts);
            match classes.iter_mut().find(|(cv, _, _)| *cv == v) {
                Some(c) => {
                    c.1 = f;
                    c.2 += 1.0 / 6.0;
                }
                None => classes.push((v, f, 1.0 / 6.0)),
            }
        }
        Some(classes.into_iter().map(|(_, f, p)| (f, p)).collect())
    }

    /// The distribution of outcomes after `prefix`, conditional on it; `mass` is its probability.
    fn explore(&mut self, prefix: &mut Vec<u8>, mass: f64) -> Result<Dist, KernelError> {
        self.runs += 1;
        if self.runs > MAX_RUNS {
            return Err(KernelError::Rule {
                card: "odds".into(),
                hook: None,
                message: format!("more than {MAX_RUNS} runs: too large to enumerate exactly"),
            });
        }
        let (enc, result) = self.p.run_for_odds(DiceSource::replay(prefix.clone()));
        match result {
            Ok(()) => {
                let mut d = BTreeMap::new();
                let o = Outcome::of(&enc, self.is_test);
                let unresolved = if o.stopped { 1.0 } else { 0.0 };
                if !o.stopped {
                    d.insert(o, 1.0);
                }
                Ok(Rc::new((d, unresolved)))
            }
            Err(KernelError::Dice(DiceError::NeedMore { n, memo })) => {
                // The state the rules go on from, what the outcome already holds of the past (the
                // tally, the first test's result, ...), and the request.
                let key = (enc.state_key(), Outcome::of(&enc, self.is_test), n);
                if memo && let Some(d) = self.memo.get(&key) {
                    return Ok(d.clone());
                }
                // What a memoised branch holds must not depend on how it was reached: below a memo
                // point, branches are pruned by their probability from that point on.
                let mass = if memo { 1.0 } else { mass };
                let table = match self.classes(&enc, prefix, n) {
                    Some(classes) => Rc::new(class_multisets(n, &classes)),
                    None => self.table(n),
                };
                let mut acc: BTreeMap<Outcome, f64> = BTreeMap::new();
                let mut unresolved = 0.0;
                let len = prefix.len();
                for (faces, w) in table.iter() {
                    if mass * w < self.threshold {
                        unresolved += w;
                        continue;
                    }
                    prefix.extend_from_slice(faces);
                    let child = self.explore(prefix, mass * w)?;
                    prefix.truncate(len);
                    for (o, p) in &child.0 {
                        *acc.entry(o.clone()).or_insert(0.0) += w * p;
                    }
                    unresolved += w * child.1;
                }
                let d = Rc::new((acc, unresolved));
                if memo {
                    self.memo.insert(key, d.clone());
                }
                Ok(d)
            }
            Err(other) => Err(other),
        }
    }
}

/// The exact distribution of outcomes of a prepared scenario (its own `[dice]` ignored).
pub fn exact(p: &mut Prepared) -> Result<Odds, Diagnostic> {
    let collapse = collapse_allowed(p);
    exact_with(p, collapse)
}

/// `exact`, choosing whether faces that count alike are grouped (tests compare both ways).
pub fn exact_with(p: &mut Prepared, collapse: bool) -> Result<Odds, Diagnostic> {
    let is_test = matches!(p.request, TestRequest::Test(_));
    let mut threshold = 1e-12;
    let mut total_runs = 0;
    loop {
        let mut s = Search {
            p: &mut *p,
            memo: HashMap::new(),
            tables: HashMap::new(),
            runs: 0,
            threshold,
            is_test,
            collapse,
        };
        let d = s.explore(&mut Vec::new(), 1.0);
        total_runs += s.runs;
        let d = d.map_err(|e| p.diagnostic(&e))?;
        if d.1 < TARGET || threshold < 1e-30 {
            let monsters = encounter_order(p);
            return Ok(Odds {
                game: p.setup.game,
                method: "exact",
                runs: total_runs,
                seed: None,
                dist: d.0.clone(),
                unresolved: d.1,
                monsters,
                start: p.start.clone(),
                is_test,
            });
        }
        threshold /= 1000.0;
    }
}

/// Monster ids and names in the order the kernel meets them (EH: Normal before Epic).
pub(super) fn encounter_order(p: &Prepared) -> Vec<(String, String)> {
    let mut ms: Vec<&crate::kernel::Monster> = p.setup.monsters.iter().map(|m| &**m).collect();
    let procedure = crate::kernel::procedure_for(p.setup.game);
    ms.sort_by_key(|m| procedure.combat_rank(m));
    ms.into_iter()
        .map(|m| (m.id.clone(), m.name.clone()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn multisets_cover_every_roll_once() {
        for n in 0..6 {
            let t = multisets(n);
            let total: f64 = t.iter().map(|(_, w)| w).sum();
            assert!((total - 1.0).abs() < 1e-12, "n = {n}");
        }
        // Two dice: 21 multisets; (1, 2) comes up 2 ways in 36.
        let t = multisets(2);
        assert_eq!(t.len(), 21);
        let w = t.iter().find(|(f, _)| f == &vec![1, 2]).unwrap().1;
        assert!((w - 2.0 / 36.0).abs() < 1e-15);
    }
}
