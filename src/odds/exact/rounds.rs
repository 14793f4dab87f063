//! An AH2e fight that comes back to the same state round after round, solved instead of played to
//! the rounds' limit. Michael McGlen's Strong Body makes a monster's 1 Stamina of combat damage 0: a
//! failed Combat check leaves everything as it was, and the next round's roll is the same memo
//! point but for the round's number. Played out, the search went down all 200 rounds the kernel
//! allows (`kernel::MAX_ROUNDS`), a few dozen runs each (the memo key holds the round, and below a
//! memo point nothing is pruned by its probability from the start).
//!
//! A memo point of such a fight (`Encounter::loop_key`: past the scenario's round table, no script
//! naming the round, the scenario's `[choices]` answering) is a loop's head while it is explored.
//! A branch that reaches the same state without its round one round later, with nothing lost or
//! met in between, is the loop coming back: it is not played, and the head's node holds what
//! comes back as `Node::back`. Every other outcome of the round, `A`, is then the same in each
//! round, and a share `p` comes back: from round `r`, with `m = MAX_ROUNDS - r + 1` rounds left
//! to play (round `MAX_ROUNDS` stops the combat where it would go on),
//!
//!   X(r) = A + p X(r + 1),  X(MAX_ROUNDS) = A + p Stopped,
//!   so X(r) = A (1 + p + ... + p^(m-1)) + p^m Stopped,
//!
//! with `Stopped` the combat stopped, unresolved. This is exact, not an approximation, as long as `A`
//! does not depend on the round: so a head whose exploration reaches its combat's next round
//! otherwise than by coming back to it (another memo point of that round, a run that ends in it)
//! is tainted, is never a head again, and is explored as any memo point (what its first
//! exploration memoised stays: a node holding no share that comes back is the same either way).
//! A share that comes back is to the innermost head open (a branch that comes back to an outer one
//! is explored as any other, and taints it); a node holding some is not memoised.

use super::base::Base;
use super::loops::{AtLoop, Head};
use super::node::{Asked, Dist, Node, Stop};
use super::search::Search;
use crate::kernel::{Encounter, LoopKey, MAX_ROUNDS};
use std::rc::Rc;

impl Search<'_> {
    /// What the memo point of `enc` (asking for `dice`) is to the loops open, tainting each head
    /// whose next round it is in without coming back to it. Every node the search reaches passes
    /// here (`memo_point`: whether it is a memo point of a roll).
    pub(super) fn at_loop(&mut self, enc: &Encounter, dice: usize, memo_point: bool) -> AtLoop {
        let Some(loops) = self.loops.as_mut() else {
            return AtLoop::No;
        };
        if loops.open.is_empty() && !memo_point {
            return AtLoop::No;
        }
        let at = if memo_point {
            enc.loop_key(loops.without_check)
        } else {
            None
        };
        let back = match (&at, loops.open.last()) {
            (Some(at), Some(h)) => {
                at.key == h.at.key
                    && at.monster == h.at.monster
                    && at.round == h.at.round + 1
                    && dice == h.dice
                    && enc.table.tally == h.tally
            }
            _ => false,
        };
        let innermost = loops.open.len().wrapping_sub(1);
        for (i, h) in loops.open.iter_mut().enumerate() {
            if enc.round_begun(h.at.monster) > h.at.round && !(back && i == innermost) {
                h.tainted = true;
            }
        }
        match at {
            _ if back => AtLoop::Back,
            Some(at)
                if !loops.never.contains(&at.key)
                    && !loops.open.iter().any(|h| h.at.key == at.key) =>
            {
                AtLoop::Head(at)
            }
            _ => AtLoop::No,
        }
    }

    /// The roll `asked` for (`Search::roll`), as `at` says it is to the loops: the innermost head
    /// come back (the rest is the head's), a new head (its branches explored, then solved over the
    /// rounds left; explored again as any roll if tainted), or a roll as any other.
    pub(super) fn roll_at(
        &mut self,
        asked: Asked,
        prefix: &mut Vec<u8>,
        at: AtLoop,
    ) -> Result<(Dist, Base), Stop> {
        let enc = &asked.enc;
        let head = match at {
            AtLoop::No => return self.roll(asked, prefix),
            AtLoop::Back => {
                self.resolved += asked.abs;
                let node = Node {
                    dist: Vec::new(),
                    unresolved: 0.0,
                    defeated: vec![0.0; enc.table.monsters.len()],
                    back: 1.0,
                };
                return Ok((Rc::new(node), Base::at(enc, enc.met())));
            }
            AtLoop::Head(head) => head,
        };
        let key = self.memo_key(enc, asked.n);
        if self.memo.contains_key(&key) {
            // Solved before: `roll` finds it.
            return self.roll(asked, prefix);
        }
        self.open_loop(head, enc, asked.n);
        let base = Base::at(enc, enc.met());
        let node = self.branches(asked.clone(), &base, prefix)?;
        match self.close_loop(node) {
            Some(solved) => Ok((self.memoise(key, asked.memo, solved), base)),
            None => self.roll(asked, prefix),
        }
    }

    /// Opens the loop whose head is `at`, the memo point of `enc` asking for `dice`.
    fn open_loop(&mut self, at: LoopKey, enc: &Encounter, dice: usize) {
        if let Some(loops) = self.loops.as_mut() {
            loops.open.push(Head {
                at,
                tally: enc.table.tally,
                dice,
                tainted: false,
            });
        }
    }

    /// Closes the innermost loop, whose head's branches gave `node`: the head's node, solved over
    /// the rounds left; None when it was tainted (it is then never a head again, and is to be
    /// explored again as any memo point).
    fn close_loop(&mut self, node: Node) -> Option<Node> {
        let loops = self.loops.as_mut()?;
        let head = loops.open.pop()?;
        if head.tainted {
            loops.never.insert(head.at.key);
            return None;
        }
        Some(solved(node, MAX_ROUNDS + 1 - head.at.round))
    }
}

/// `node`, the outcomes of one round with the share `node.back` coming back to its start, over
/// `m` rounds: each outcome and share of a monster times `1 + p + ... + p^(m-1)`, and `p^m`
/// unresolved (the combat stopped at the rounds' limit).
fn solved(node: Node, m: usize) -> Node {
    let p = node.back;
    let (mut sum, mut pk) = (0.0, 1.0);
    for _ in 0..m {
        sum += pk;
        pk *= p;
        if pk == 0.0 {
            break;
        }
    }
    Node {
        dist: node.dist.into_iter().map(|(o, w)| (o, w * sum)).collect(),
        unresolved: node.unresolved * sum + pk,
        defeated: node.defeated.into_iter().map(|d| d * sum).collect(),
        back: 0.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One round: the monster defeated with `defeated`, the share `back` coming back.
    fn round(defeated: f64, back: f64) -> Node {
        Node {
            dist: Vec::new(),
            unresolved: 0.0,
            defeated: vec![defeated],
            back,
        }
    }

    /// A round that defeats the monster with 1/3 and comes back with 2/3, over 3 rounds: the
    /// monster is defeated with 1/3 + 2/9 + 4/27 = 19/27, and the combat stops with (2/3)^3 = 8/27.
    #[test]
    fn a_loop_over_m_rounds_is_a_geometric_sum_and_the_rest_stops() {
        let n = solved(round(1.0 / 3.0, 2.0 / 3.0), 3);
        assert!((n.defeated[0] - 19.0 / 27.0).abs() < 1e-15);
        assert!((n.unresolved - 8.0 / 27.0).abs() < 1e-15);
        assert_eq!(n.back, 0.0);
    }

    /// A round that always comes back never ends: every round is played and the combat stops.
    #[test]
    fn a_loop_that_always_comes_back_stops_at_the_limit() {
        let n = solved(round(0.0, 1.0), MAX_ROUNDS);
        assert_eq!(n.unresolved, 1.0);
    }
}
