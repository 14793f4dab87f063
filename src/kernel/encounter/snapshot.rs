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
            investigator: self.table.investigator.clone(),
            monsters: self.table.monsters.clone(),
            dice: self.run.dice.clone(),
            events: self.run.events.len(),
            tally: self.table.tally,
            tests: self.table.tests.len(),
            stage: self.table.stage.clone(),
            combat: self.table.combat.clone(),
            queued: self.table.queued.clone(),
            no_more_encounters: self.table.no_more_encounters,
            may_encounter_again: self.table.may_encounter_again,
            store: self.table.store.clone(),
            exhausted: self.table.exhausted.clone(),
        }
    }

    pub(super) fn restore(&mut self, s: Snapshot) {
        self.table.investigator = s.investigator;
        // His cards may be other than those the hooks were found for.
        self.run.hooked.fresh = false;
        self.table.monsters = s.monsters;
        self.run.dice = s.dice;
        self.run.events.truncate(s.events);
        self.table.tally = s.tally;
        self.table.tests.truncate(s.tests);
        self.table.stage = s.stage;
        self.table.combat = s.combat;
        self.table.queued = s.queued;
        self.table.no_more_encounters = s.no_more_encounters;
        self.table.may_encounter_again = s.may_encounter_again;
        self.table.store = s.store;
        self.table.exhausted = s.exhausted;
    }
}
