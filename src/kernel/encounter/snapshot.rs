//! What a hook can change, saved before it runs and put back if it fails (DESIGN invariant 4).

use super::*;

/// What a hook can change, saved before it runs so that a failed hook leaves no trace. The transcript
/// and the tests only grow, so their lengths are enough.
pub(super) struct Snapshot {
    investigator: Arc<Investigator>,
    monsters: Arc<Vec<Arc<Monster>>>,
    dice: DiceSource,
    events: usize,
    tally: Tally,
    tests: usize,
    stage: Option<Stage>,
    combat: Option<CombatState>,
    queued: Vec<(Source, TestSpec)>,
    no_more_encounters: bool,
    may_encounter_again: bool,
    store: BTreeMap<String, crate::kernel::Store>,
    exhausted: std::collections::BTreeSet<String>,
}

impl Encounter {
    pub(super) fn snapshot(&self) -> Snapshot {
        Snapshot {
            investigator: self.investigator.clone(),
            monsters: self.monsters.clone(),
            dice: self.dice.clone(),
            events: self.events.len(),
            tally: self.tally,
            tests: self.tests.len(),
            stage: self.stage.clone(),
            combat: self.combat.clone(),
            queued: self.queued.clone(),
            no_more_encounters: self.no_more_encounters,
            may_encounter_again: self.may_encounter_again,
            store: self.store.clone(),
            exhausted: self.exhausted.clone(),
        }
    }

    pub(super) fn restore(&mut self, s: Snapshot) {
        self.investigator = s.investigator;
        // His cards may be other than those the hooks were found for.
        self.hooked.fresh = false;
        self.monsters = s.monsters;
        self.dice = s.dice;
        self.events.truncate(s.events);
        self.tally = s.tally;
        self.tests.truncate(s.tests);
        self.stage = s.stage;
        self.combat = s.combat;
        self.queued = s.queued;
        self.no_more_encounters = s.no_more_encounters;
        self.may_encounter_again = s.may_encounter_again;
        self.store = s.store;
        self.exhausted = s.exhausted;
    }
}
