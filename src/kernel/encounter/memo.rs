//! The memo key of exact odds: a digest of everything the rest of an encounter can depend on, hashed
//! over the table's typed fields (no `Debug` text). May import only the encounter's own types. The
//! setup is not in it (it is the same for every state of one search), nor the run but for where a
//! question was asked inside a hook (`Run::unplaced`).

use super::*;

/// A 128-bit digest of an encounter's state where the replayed dice ran out: two runs with the same
/// key at the same dice request go on alike (XXH3-128 over the typed fields, so that a collision
/// between two states is about as likely as 2^-128 per pair; no key is ever chosen by an adversary,
/// as the states are the rules' own).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct StateKey(u64, u64);

/// The bytes the state's `Hash` writes, gathered to be digested at once: the state writes a few
/// hundred small pieces, which a streaming XXH3 copies into its buffer one call at a time (a tenth of
/// the 4-monster encounter's instructions); the one-shot digest of the same bytes is the same.
/// Without the round (`loop_key`): the AH2e round under way and the tests' count are left out, and
/// with `without_check` the latest Combat check's result too.
pub(super) struct Digest {
    bytes: Vec<u8>,
    without_round: bool,
    without_check: bool,
}

impl Digest {
    fn of(enc: &Encounter, without_round: bool, without_check: bool) -> StateKey {
        let mut h = Digest {
            bytes: Vec::with_capacity(1024),
            without_round,
            without_check,
        };
        enc.hash_state(&mut h);
        let d = xxhash_rust::xxh3::xxh3_128(&h.bytes);
        StateKey((d >> 64) as u64, d as u64)
    }
}

impl Hasher for Digest {
    fn write(&mut self, bytes: &[u8]) {
        self.bytes.extend_from_slice(bytes);
    }

    fn finish(&self) -> u64 {
        xxhash_rust::xxh3::xxh3_64(&self.bytes)
    }
}

impl Encounter {
    /// Feeds into `h` every part of the table the rest of the encounter can depend on. The table is
    /// taken apart whole, so a field added to it is a compile error here until it says what the key
    /// reads of it.
    fn hash_state(&self, h: &mut Digest) {
        let Table {
            investigator,
            // The monsters still to meet, and a summary of those met (`monsters`).
            monsters: _,
            // The slots of the monsters still to meet (`slots`).
            slots: _,
            meeting,
            // What was lost so far: added to, never read by a rule (the odds add the losses to
            // come to it: `relative_key`).
            tally: _,
            // History, never read by a rule: exact odds read it beside the key (`loop_key`).
            rounds_begun: _,
            // Their number, the next test's index (`tests`).
            tests: _,
            // Which test the odds of a `[test]` report: read by them, not by a rule.
            upkeep_tests,
            may_encounter_again,
            current,
            // Whole, or without its round (`combat`).
            combat: _,
            queued,
            waiting_loss,
            no_more_encounters,
            stopped,
            store,
            exhausted,
            stage,
            cascade,
            asked,
            gaining,
            discarded,
            becoming,
        } = &self.table;
        investigator.hash(h);
        monsters(self, h);
        slots(self, h);
        meeting.hash(h);
        tests(self, h);
        upkeep_tests.hash(h);
        may_encounter_again.hash(h);
        current.hash(h);
        combat(self, h);
        queued.hash(h);
        waiting_loss.hash(h);
        no_more_encounters.hash(h);
        stopped.hash(h);
        store.hash(h);
        exhausted.hash(h);
        stage.hash(h);
        cascade.hash(h);
        asked.hash(h);
        gaining.hash(h);
        discarded.hash(h);
        becoming.hash(h);
        // Where a question was asked inside a hook: the path there, so that no other path shares
        // the key.
        self.run.unplaced.hash(h);
    }
}

/// Where an AH2e fight may repeat itself (`Encounter::loop_key`): the key of the state without its
/// round, that round, and the monster fought (its index).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LoopKey {
    pub key: StateKey,
    pub round: usize,
    pub monster: usize,
}

impl Encounter {
    /// The key of this state for exact odds, taken where the replayed dice ran out: of what the rest
    /// of the encounter does from here, whatever came before. Every field of the state but the tally
    /// (no rule reads what was lost so far: it is only added to) and the monsters already met, of
    /// which only what the end of the encounter reads stays (whether all of them were defeated,
    /// whether one that came in an ambush was). The odds keyed on it count the losses to come and the
    /// monsters still to meet (`Encounter::met`), and add what came before.
    pub fn relative_key(&self) -> StateKey {
        Digest::of(self, false, false)
    }

    /// In the rounds of an AH2e combat past the last round of the scenario's table (each round
    /// then plays by the same plan), the key of this state without the round under way and the
    /// number of tests resolved, with that round: two states of one combat with the same such key
    /// in two rounds go on alike but for the rounds' limit (`MAX_ROUNDS`) and for what reads the
    /// round (`ctx.combat.round`: exact odds look for none in the scenario's scripts), so that a
    /// fight that comes back to the same state a round later is a loop exact odds solve
    /// (`odds/exact/rounds.rs`). With `without_check`, for a scenario none of whose scripts reads
    /// the latest Combat check's result (`ctx.combat.combat_result`, `combat_passed`; the kernel
    /// reads it never), that result is left out too: a check failed with 1 success and one failed
    /// with none then leave the same state. None elsewhere.
    pub fn loop_key(&self, without_check: bool) -> Option<LoopKey> {
        if self.setup.game != Game::Arkham || !self.run.decisions.is_fixed() {
            return None;
        }
        let round = self.table.combat.as_ref()?.round;
        let monster = self.table.current?;
        (round >= self.setup.rounds.len().max(1)).then(|| LoopKey {
            key: Digest::of(self, true, without_check),
            round,
            monster,
        })
    }

    /// The last round of Fight or Flee begun against monster `m` (0: none).
    pub fn round_begun(&self, m: usize) -> usize {
        self.table.rounds_begun.get(m).copied().unwrap_or(0)
    }

    /// How many monsters are met and done with: those before the one being encountered (monsters
    /// are met in their order, and once a combat ends nothing changes or reads its monster but the
    /// end of the encounter). Between two combats, those before the one to be met next (`meeting`):
    /// never fewer than at any earlier state of the run, which the odds' shares of each monster
    /// rely on (`odds::exact::Base`: a later state met the monsters an earlier one met). 0 while no
    /// monster is encountered (a `[test]` scenario): then every monster is state.
    pub fn met(&self) -> usize {
        self.table.current.unwrap_or(self.table.meeting)
    }
}

/// Of the monsters met, what the end of the encounter reads (another encounter only if every monster
/// was defeated; EH: none after an ambush); the monsters still to meet whole.
pub(super) fn monsters(enc: &Encounter, h: &mut impl Hasher) {
    let (done, to_come) = enc.table.monsters.split_at(enc.met());
    done.iter().all(|m| m.defeated).hash(h);
    let procedure = enc.procedure();
    done.iter()
        .any(|m| m.defeated && procedure.ambush(m))
        .hash(h);
    to_come.hash(h);
}

/// The slots of the monsters still to meet: the odds key each one's defeat by its slot, so two
/// states that meet alike monsters of different slots go on differently.
pub(super) fn slots(enc: &Encounter, h: &mut impl Hasher) {
    enc.table.slots[enc.met()..].hash(h);
}

/// Of the tests resolved so far, their number (the next test's index). No rule reads a past test once
/// a die has been rolled since (the procedure reads a test's result as soon as it is resolved); what
/// odds read of them (the first test's result) the odds add to their key.
pub(super) fn tests(enc: &Encounter, h: &mut Digest) {
    if !h.without_round {
        enc.table.tests.len().hash(h);
    }
}

/// The combat under way, whole, or without the number of its round and maybe its latest Combat
/// check's result (`loop_key`).
pub(super) fn combat(enc: &Encounter, h: &mut Digest) {
    match &enc.table.combat {
        Some(c) if h.without_round => {
            let mut c = c.clone();
            c.round = 0;
            c.view.round = None;
            if h.without_check {
                c.view.strength_result = None;
                c.view.strength_passed = None;
            }
            Some(c).hash(h)
        }
        c => c.hash(h),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::bounds::{self, Bounds};
    use crate::kernel::{Part, Problem, Setup, SetupRules, Source, TestOutcome, TestRequest};

    /// The setup rules every game shares, and none of a game's own: the key is the same for both.
    struct Shared;

    impl SetupRules for Shared {
        fn toughness_bounds(&self) -> Bounds {
            bounds::TOUGHNESS
        }

        fn check_investigator(&self, _: &Investigator, _: &mut dyn FnMut(Part, Problem)) {}
    }

    fn encounter() -> Encounter {
        let setup = Setup::bare(Game::Eldritch);
        let setup = setup
            .check(&TestRequest::Combat, &Shared)
            .expect("a valid setup");
        crate::kernel::Start::of(&setup).encounter(DiceSource::replay(Vec::new()))
    }

    /// What was lost so far is history: no rule reads it, and the odds add the losses to come to it,
    /// so two states that differ only in it go on alike (the Skeleton case, Sanity lost then
    /// recovered, is counted by that addition: `tests/scenarios/odds/`).
    #[test]
    fn the_tally_is_not_in_the_key() {
        let a = encounter();
        let mut b = encounter();
        b.table.tally.sanity_lost = 1;
        assert_eq!(a.relative_key(), b.relative_key());
    }

    fn monster(id: &str) -> Arc<Monster> {
        Arc::new(Monster {
            id: id.into(),
            name: id.into(),
            epic: false,
            toughness: 2,
            health_tokens: 0,
            horror: None,
            combat: None,
            awareness: None,
            keywords: Vec::new(),
            nightmarish: 0,
            overwhelming: 0,
            defeated: false,
            ambush: false,
            place: Place::Space,
        })
    }

    /// Against the second of two monsters: the first counts only by whether it was defeated (the
    /// rules read no more of a monster met: another encounter only if every monster was defeated).
    #[test]
    fn a_monster_met_counts_only_by_its_defeat() {
        let at_second = |defeated: bool, health_tokens: i32| {
            let mut e = encounter();
            let mut first = monster("first");
            Arc::make_mut(&mut first).defeated = defeated;
            Arc::make_mut(&mut first).health_tokens = health_tokens;
            e.table.monsters = vec![first, monster("second")].into();
            e.table.slots = vec![0, 1];
            e.table.current = Some(1);
            e.relative_key()
        };
        assert_eq!(at_second(false, 0), at_second(false, 1));
        assert_ne!(at_second(false, 0), at_second(true, 0));
    }

    /// The slots of the monsters still to meet are state: the odds count each one's defeat by its slot,
    /// so the same monsters to come in other slots go on to other outcomes.
    #[test]
    fn the_slots_to_come_are_in_the_key() {
        let with = |slots: Vec<usize>| {
            let mut e = encounter();
            e.table.monsters = vec![monster("first"), monster("second")].into();
            e.table.slots = slots;
            e.table.current = Some(0);
            e.relative_key()
        };
        assert_ne!(with(vec![0, 1]), with(vec![1, 0]));
    }

    /// The monster being encountered is state, Health tokens and all.
    #[test]
    fn the_monster_encountered_is_in_the_key() {
        let at_first = |health_tokens: i32| {
            let mut e = encounter();
            let mut first = monster("first");
            Arc::make_mut(&mut first).health_tokens = health_tokens;
            e.table.monsters = vec![first].into();
            e.table.slots = vec![0];
            e.table.current = Some(0);
            e.relative_key()
        };
        assert_ne!(at_first(0), at_first(1));
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
        b.table.tests.push(outcome(1).into());
        c.table.tests.push(outcome(2).into());
        assert_ne!(a.relative_key(), b.relative_key());
        assert_eq!(b.relative_key(), c.relative_key());
    }

    /// A test whose tokens are spent goes on to its result; the same test in its `after_roll` window
    /// still has its token step (AH2e Clue dice, EH Clue rerolls) and `after_tokens` to come: a die
    /// asked for in one is not a state of the other.
    #[test]
    fn whether_a_test_s_tokens_are_spent_is_in_the_key() {
        let at = |spent: bool| {
            let mut e = encounter();
            let mut stage = Stage::new(crate::kernel::TestSpec::new(Skill::Luck, "test"));
            stage.faces = vec![2, 3];
            stage.tokens_spent = spent;
            e.table.stage = Some(stage);
            e.relative_key()
        };
        assert_ne!(at(false), at(true));
    }

    /// What happened before (the transcript, the dice used up) is not state.
    #[test]
    fn the_transcript_and_the_dice_used_are_not() {
        let a = encounter();
        let mut b = encounter();
        b.run.dice = DiceSource::replay(vec![1, 2, 3]);
        b.run.events.push(Event::Note {
            source: Source::Card("a_card".into()),
            text: "a line".into(),
        });
        assert_eq!(a.relative_key(), b.relative_key());
    }
}
