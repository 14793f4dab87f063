//! The memo key of exact odds: a digest of everything the rest of an encounter can depend on, hashed
//! over typed fields (no `Debug` text). May import only the encounter's own types. `Encounter` is destructured exhaustively below, so a field
//! added to it is a compile error here until someone decides whether an outcome can depend on it.

use super::*;

/// A 128-bit digest of an encounter's state where the replayed dice ran out: two runs with the same
/// key at the same dice request go on alike (two 64-bit SipHash streams, the second salted, so that a
/// collision between two states is about as likely as 2^-128 per pair).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct StateKey(u64, u64);

/// Two SipHash streams over the same bytes, the second started with a salt.
struct Digest(
    std::collections::hash_map::DefaultHasher,
    std::collections::hash_map::DefaultHasher,
);

impl Hasher for Digest {
    fn write(&mut self, bytes: &[u8]) {
        self.0.write(bytes);
        self.1.write(bytes);
    }

    fn finish(&self) -> u64 {
        self.0.finish()
    }
}

impl Encounter {
    /// The key of this state for exact odds, taken where the replayed dice ran out.
    pub fn state_key(&self) -> StateKey {
        let mut h = Digest(Default::default(), Default::default());
        h.1.write_u64(0x9e37_79b9_7f4a_7c15);
        self.hash_state(&mut h);
        StateKey(h.0.finish(), h.1.finish())
    }

    /// Feeds every field an outcome can depend on into `h`. Each field left out says why.
    fn hash_state(&self, h: &mut impl Hasher) {
        let Encounter {
            game,
            investigator,
            monsters,
            // At a memo point the replayed faces are used up: only the faces to come matter, and they
            // are what the search branches on.
            dice: _,
            // Likewise the replayed answers: those to come are what the search branches on.
            decisions: _,
            // The transcript is written, never read by a rule (and odds runs keep none).
            events: _,
            record: _,
            tally,
            // Tests resolved so far: their number (the next test's index). No rule reads a past test
            // once a die has been rolled since (the procedure reads a test's result as soon as it is
            // resolved); what odds read of them (the first test's result) the odds add to their key.
            tests,
            may_encounter_again,
            // The cards that may come into play: the setup's, shared by every run of one search and
            // never written during an encounter.
            catalog: _,
            policy,
            default_policy,
            chosen,
            investigators_in_game,
            rules,
            rounds,
            evade_first,
            current,
            combat,
            queued,
            no_more_encounters,
            stopped,
            // Whether a failed hook is rolled back: bookkeeping of a run that is abandoned on failure.
            rollback: _,
            roll_rules,
            stage,
            // A cache of which hooks the active cards define, rebuilt from the active cards.
            hooked: _,
            cascade,
            asked,
            gaining,
            becoming,
            // What a card keeps and whether it is exhausted: a later hook reads them.
            store,
            exhausted,
        } = self;
        game.hash(h);
        investigator.hash(h);
        monsters.hash(h);
        tally.hash(h);
        tests.len().hash(h);
        may_encounter_again.hash(h);
        policy.hash(h);
        default_policy.hash(h);
        chosen.hash(h);
        investigators_in_game.hash(h);
        rules.hash(h);
        rounds.hash(h);
        evade_first.hash(h);
        current.hash(h);
        combat.hash(h);
        queued.hash(h);
        no_more_encounters.hash(h);
        stopped.hash(h);
        roll_rules.hash(h);
        stage.hash(h);
        cascade.hash(h);
        asked.hash(h);
        gaining.hash(h);
        becoming.hash(h);
        store.hash(h);
        exhausted.hash(h);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::{Setup, Source, TestOutcome, TestRequest};

    fn encounter() -> Encounter {
        let setup = Setup::bare(Game::Eldritch);
        Encounter::new(setup.check(&TestRequest::Combat).expect("a valid setup"))
    }

    /// The Skeleton case: Sanity lost then recovered leaves the investigator as he was, but the
    /// outcome counts the loss, so the two states must not share a key.
    #[test]
    fn the_tally_is_in_the_key() {
        let a = encounter();
        let mut b = encounter();
        b.tally.sanity_lost = 1;
        assert_eq!(a.investigator, b.investigator);
        assert_ne!(a.state_key(), b.state_key());
    }

    /// The number of tests resolved is state (it numbers the next test); their faces are history.
    #[test]
    fn the_number_of_tests_is_in_the_key() {
        let outcome = |face| TestOutcome {
            skill: Skill::Will,
            kind: "test".into(),
            modifier: 0,
            pool: 1,
            faces: vec![face],
            successes: 0,
            difficulty: 1,
            passed: false,
        };
        let (a, mut b, mut c) = (encounter(), encounter(), encounter());
        b.tests.push(outcome(1));
        c.tests.push(outcome(2));
        assert_ne!(a.state_key(), b.state_key());
        assert_eq!(b.state_key(), c.state_key());
    }

    /// What happened before (the transcript, the dice used up) is not state.
    #[test]
    fn the_transcript_and_the_dice_used_are_not() {
        let a = encounter();
        let mut b = encounter();
        b.dice = DiceSource::replay(vec![1, 2, 3]);
        b.events.push(Event::Note {
            source: Source::Card("a_card".into()),
            text: "a line".into(),
        });
        assert_eq!(a.state_key(), b.state_key());
    }
}
