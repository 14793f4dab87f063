//! Every field of the `Encounter` once, in one table: how a checkpoint's copy takes it
//! (`copy_without_dice`, `copy.rs`) and what the memo key of exact odds reads of it (`hash_state`,
//! `memo.rs`). Both functions are made from this table, each destructuring the `Encounter` whole,
//! so a field added to the struct is a compile error here until its row says what both do with it,
//! and no field can be copied by one and forgotten by the other.
//!
//! A row is `field: COPY, KEY;`. COPY is `clone` (the copy takes it as it is) or `fresh(expr)` (the
//! copy starts it anew as `expr`); KEY is `hash` (the key reads it whole), `skip` (no outcome can
//! depend on it: each says why) or `by(f)` (the key reads part of it: `f(encounter, hasher)`).

use super::*;

macro_rules! state_fields {
    ($($(#[$doc:meta])* $field:ident: $copy:ident $(($fresh:expr))?, $key:ident $(($by:path))?;)*) => {
        impl Encounter {
            /// A copy of this state with no dice, for a checkpoint (no die of a test under way rolled
            /// yet): the run that starts from it gets faces of its own (its `dice` is a replay of no face until then).
            pub fn copy_without_dice(&self) -> Encounter {
                let Encounter { $($field),* } = self;
                Encounter { $($field: state_fields!(@copy $field $copy $(($fresh))?)),* }
            }

            /// Feeds every field the rest of the encounter can depend on into `h`.
            pub(super) fn hash_state(&self, h: &mut super::memo::Digest) {
                let this = self;
                let Encounter { $($field),* } = this;
                $(state_fields!(@key this h $field $key $(($by))?);)*
            }
        }
    };
    (@copy $f:ident clone) => { Clone::clone($f) };
    (@copy $f:ident fresh ($e:expr)) => {{
        let _ = $f;
        $e
    }};
    (@key $this:ident $h:ident $f:ident hash) => { Hash::hash($f, $h) };
    (@key $this:ident $h:ident $f:ident skip) => { let _ = $f; };
    (@key $this:ident $h:ident $f:ident by ($by:path)) => {{
        let _ = $f;
        $by($this, $h)
    }};
}

state_fields! {
    game: clone, hash;
    investigator: clone, hash;
    /// The monsters still to meet, and a summary of those met (`memo::monsters`).
    monsters: clone, by(super::memo::monsters);
    /// Each monster's slot, its place in the order given (`Outcome::defeated` is keyed by it): those
    /// of the monsters still to meet (`memo::slots`).
    slots: clone, by(super::memo::slots);
    /// A copy gets faces of its own. At a memo point the replayed faces are used up: only the
    /// faces to come matter, and they are what the search branches on.
    dice: fresh(DiceSource::replay(Vec::new())), skip;
    /// Likewise the replayed answers: those to come are what the search branches on.
    decisions: clone, skip;
    /// Where a question was asked inside a hook: the path there, so that no other path shares the key.
    unplaced: clone, hash;
    /// A copy's dice source starts at the checkpoint: no face of it is given yet. Read only to make
    /// `unplaced`, which the key reads.
    since_checkpoint: fresh(0), skip;
    /// The monster met next (between two combats nothing else says how many were met).
    meeting: clone, hash;
    /// The transcript is written, never read by a rule (and odds runs keep none).
    events: clone, skip;
    record: clone, skip;
    /// What was lost so far: added to, never read by a rule (the odds add the losses to come to it:
    /// `relative_key`).
    tally: clone, skip;
    /// History, never read by a rule: exact odds read it beside the key (`loop_key`).
    rounds_begun: clone, skip;
    /// Tests resolved so far: the key reads their number, the next test's index (`memo::tests`).
    tests: clone, by(super::memo::tests);
    may_encounter_again: clone, hash;
    /// The cards that may come into play: the setup's, shared by every run of one search and never
    /// written during an encounter.
    catalog: clone, skip;
    policy: clone, hash;
    default_policy: clone, hash;
    chosen: clone, hash;
    investigators_in_game: clone, hash;
    rules: clone, hash;
    rounds: clone, hash;
    evade_first: clone, hash;
    current: clone, hash;
    /// Whole, or without its round (`memo::combat`).
    combat: clone, by(super::memo::combat);
    queued: clone, hash;
    /// A loss waiting for the tests its on_damage asked for: part of what the rest depends on.
    waiting_loss: clone, hash;
    no_more_encounters: clone, hash;
    stopped: clone, hash;
    /// Whether a failed hook is rolled back: bookkeeping of a run that is abandoned on failure.
    rollback: clone, skip;
    /// How each test's faces counted: read only by exact odds, of the test under way, in a probe run
    /// of their own. At a checkpoint no test under way has rolled (its entry is set after its roll):
    /// every entry is of a test that is over.
    roll_rules: fresh(Vec::new()), skip;
    stage: clone, hash;
    /// A cache of which hooks the active cards define, rebuilt from the active cards.
    hooked: clone, skip;
    cascade: clone, hash;
    /// The work the hooks under way have left: 0 wherever a die is a memo point (`reroll_die`).
    pending: clone, skip;
    asked: clone, hash;
    gaining: clone, hash;
    discarded: clone, hash;
    becoming: clone, hash;
    /// What a card keeps and whether it is exhausted: a later hook reads them.
    store: clone, hash;
    exhausted: clone, hash;
    /// Whether checkpoints are kept: bookkeeping of exact odds.
    keep_checkpoints: clone, skip;
    /// The latest checkpoint: a copy is what a checkpoint keeps, and keeps none of its own; the state
    /// it copies is this one's past.
    checkpoint: fresh(None), skip;
}
