//! The combat skeleton both games share: the [`Procedure`] trait, whose provided methods play what a
//! scenario asks for (one test, or a combat against every monster), begin and end a combat, fire its
//! hooks, place the monster and resolve the tests hooks ask for. A rule of one game is decided once, in
//! that game's implementation: `eldritch/` (Eldritch Horror) and `arkham/` (Arkham Horror 2e).
//! May import the rest of the kernel; no other kernel module imports it (the two-hands limit,
//! [`HANDS`](super::HANDS), is the investigator's; the encounter asks its game's rules through
//! `Encounter::procedure`, defined here).
//!
//! Words: a *combat* is one monster met (EH's Combat Encounter, AH2e's combat), between
//! `begin_combat` and `end_combat`; the `Encounter` is the state of the whole play.

mod arkham;
mod eldritch;

pub use arkham::{Arkham, MAX_ROUNDS};
pub use eldritch::Eldritch;

use super::encounter::Resolution;
use super::pool::{Bonus, BonusRule};
use super::setup::SetupRules;
use super::{
    Answer, CombatState, CombatView, Encounter, Event, Game, Hook, Hooks, Investigator,
    KernelError, Monster, Place, Point, Question, Skill, Status, TestKind, TestOutcome,
    TestRequest, TestSpec,
};
use std::sync::Arc;

/// What a step of a procedure ends with: nothing, or the error that stops the run (a hook failed, a
/// card asked what the rules do not allow).
pub type Step = Result<(), KernelError>;

/// What follows from a test's result, applied before after_test hooks fire.
type Consequences<'a> = super::encounter::Consequences<'a>;

/// One game's rules of tests and combat. `Sync`: sampled odds play one scenario on every core.
/// Its game's rules of a setup are its own too ([`SetupRules`]: `Setup::check` asks them).
pub trait Procedure: Sync + SetupRules {
    #[allow(
        dead_code,
        reason = "the procedure work (proc) is reshaping this trait; left to it"
    )]
    fn game(&self) -> Game;

    // The test.

    /// Which bonuses count towards the pool.
    fn bonus_rule(&self) -> BonusRule;
    /// How many dice a pool of `total` rolls.
    fn dice_to_roll(&self, total: i32) -> usize;
    /// The improvement or impairment token on `skill` that joins the pool.
    fn improvement(&self, investigator: &Investigator, skill: Skill) -> i32;
    /// What the monster being encountered does to the bonuses of a test of `kind` (AH2e resistances
    /// and immunities); by default nothing.
    fn filter_bonuses(&self, _enc: &Encounter, _kind: &TestKind, _bonuses: &mut [Bonus]) {}
    /// After the roll and the after_roll hooks: the player's tokens (EH rerolls, AH2e Clue dice).
    /// The game's token step after the roll (`hooks`: a die rerolled opens its `after_reroll` window).
    fn spend_tokens(&self, enc: &mut Encounter, label: &str, hooks: &mut dyn Hooks) -> Step;
    /// Whether the token step of the test under way (`spend_tokens`) reads no more of its roll than
    /// the successes it counts (no die of it is chosen by its face or its place).
    fn tokens_read_only_successes(&self, enc: &Encounter) -> bool;
    fn passed(&self, rolled: usize, successes: u32, difficulty: u32) -> bool;
    /// The test a scenario asks for, as the game plays it.
    fn scenario_test(&self, spec: &TestSpec) -> TestSpec {
        spec.clone()
    }

    // The investigator.

    /// The most Focus tokens an investigator may hold, if the game limits them; by default none.
    fn focus_limit(&self) -> Option<i32> {
        None
    }

    /// The status an investigator still in play takes after a loss, if his Health or Sanity says so.
    fn knocked_out(&self, investigator: &Investigator) -> Option<Status>;
    /// What follows a knock-out once the test or the combat is over; by default nothing.
    fn after_knockout(&self, _enc: &mut Encounter) {}
    /// What follows a knock-out at once, the moment the status is taken; by default nothing.
    fn on_knockout(&self, _enc: &mut Encounter) {}
    /// Whether an investigator who is out stops resolving at once: no hook fires after his defeat
    /// (no after_test of the test that defeated him, no after_encounter); by default not.
    fn stops_at_once(&self) -> bool {
        false
    }

    /// Whether an investigator knocked out before a test's result is known (a card's loss before or
    /// after the roll, a status a card set) stops it there: no result, nothing of it follows.
    fn out_stops_the_test(&self) -> bool;

    // The combat.

    /// Monsters of a lower rank are met first; the order given otherwise.
    fn combat_rank(&self, _monster: &Monster) -> u8 {
        0
    }
    /// Whether the investigator chooses which monster of the lowest rank left he meets next (a
    /// question; the scenario's answer: the order given); by default not.
    fn order_is_chosen(&self) -> bool {
        false
    }
    /// Whether `monster` came in an ambush.
    fn ambush(&self, monster: &Monster) -> bool;
    /// Whether the investigator goes on to meet the next monster.
    fn meets_next(&self, enc: &mut Encounter) -> bool;
    /// One combat against monster `m`, between `begin_combat` and `end_combat`.
    fn combat(&self, enc: &mut Encounter, m: usize, hooks: &mut dyn Hooks) -> Step;
    /// The rest of the combat against monster `m` from `at`, a checkpoint inside it (a
    /// `Point::Round` or a `Point::Roll`); only a game that takes such checkpoints has any.
    fn resume(&self, _enc: &mut Encounter, _m: usize, _at: Point, _hooks: &mut dyn Hooks) -> Step {
        Err(resume_refused())
    }
    /// Where a monster goes when its combat ends (`investigator_out`: the investigator was knocked
    /// out or defeated during it).
    fn place_monster(&self, monster: &mut Monster, investigator_out: bool);
    /// Whether an effect (`defeat_monster`) may defeat `monster`, rather than only its Health lost;
    /// by default yes.
    fn defeated_by_effects(&self, _monster: &Monster) -> bool {
        true
    }
    /// Where a defeated monster goes; by default back to the cup.
    fn defeated_place(&self, _monster: &Monster) -> Place {
        Place::Cup
    }
    /// The Health tokens that stay on `monster`.
    fn health_tokens(&self, monster: &Monster) -> i32;
    /// Whether a monster keeps Health tokens that a card may make it lose or recover
    /// (`ctx.monster.lose`, `ctx.monster.recover`).
    fn monsters_keep_health(&self) -> bool;
    /// What of the combat state outlives the combat; by default nothing.
    fn after_combat(&self, _combat: CombatState) -> Option<CombatState> {
        None
    }
    /// Whether a card's "no other encounter this phase" keeps the investigator from another one.
    fn honours_no_more_encounters(&self) -> bool;
    /// Whether an investigator ambushed by a monster resolves no additional encounter, even when he
    /// defeats it; by default not.
    fn ambush_ends_encounters(&self) -> bool {
        false
    }

    // Provided: the skeleton.

    /// Plays what the scenario asks for from `from`, a checkpoint `enc` is a copy of the state at
    /// (`Hooks::checkpoint`), or from the start (`None`). Tells `hooks` each checkpoint it passes,
    /// but not the one it starts from.
    fn run_from(
        &self,
        enc: &mut Encounter,
        request: &TestRequest,
        hooks: &mut dyn Hooks,
        from: Option<Point>,
    ) -> Step {
        if from.is_none() {
            enc.note_raised_maxima();
            if enc.setup.rules.upkeep {
                // AH2e: the Upkeep Phase comes first; what its cards gave (a spell cast, a bonus
                // kept by its card) lasts for what follows.
                emit!(enc.run, Event::Upkeep);
                enc.fire(Hook::OnUpkeep, hooks, &mut None)?;
                self.run_queued(enc, hooks)?;
                enc.table.upkeep_tests = enc.table.tests.len();
            }
        }
        match request {
            TestRequest::Test(spec) => {
                match from {
                    None => {
                        // Its roll and each question of its token step are checkpoints: nothing
                        // of the play is kept outside the table there.
                        let mut spec = self.scenario_test(spec);
                        spec.roll_point = Some(Point::TestRoll);
                        spec.tokens_point = Some(Point::TestTokens);
                        self.test(enc, spec, hooks)?;
                    }
                    Some(at) => {
                        let nothing =
                            &mut |_: &mut Encounter, _: &TestOutcome, _: &mut dyn Hooks| Ok(());
                        match at {
                            Point::TestRoll => enc.resume_test_then(hooks, nothing)?,
                            Point::TestTokens => enc.resume_tokens_then(hooks, nothing)?,
                            _ => return Err(resume_refused()),
                        };
                        self.run_queued(enc, hooks)?;
                    }
                }
                self.after_knockout(enc);
            }
            TestRequest::Action(action) => {
                if from.is_none() {
                    // The monsters on the space are numbered in the order they will be met
                    // (`ctx.space.monsters`): the sort the combats make, made first (stable).
                    Arc::make_mut(&mut enc.table.monsters).sort_by_key(|m| self.combat_rank(m));
                    emit!(
                        enc.run,
                        Event::ActionTaken {
                            card: action.card.clone(),
                        }
                    );
                    enc.fire_card(&action.card, Hook::OnAction, hooks)?;
                    self.run_queued(enc, hooks)?;
                }
                if enc.table.monsters.is_empty() {
                    self.after_knockout(enc);
                } else {
                    // Then the Combat Encounters with the monsters on the space (EH: the
                    // Encounter Phase after the Action Phase).
                    self.combats(enc, hooks, from)?;
                }
            }
            TestRequest::Reckoning => {
                if from.is_none() {
                    emit!(enc.run, Event::Reckoning);
                    enc.fire(Hook::OnReckoning, hooks, &mut None)?;
                    self.run_queued(enc, hooks)?;
                }
                self.after_knockout(enc);
            }
            TestRequest::Combat => self.combats(enc, hooks, from)?,
        }
        Ok(())
    }

    /// The combats against every monster of the encounter, from `from` (a checkpoint inside them) or
    /// from the first; then whether the investigator may encounter again.
    fn combats(&self, enc: &mut Encounter, hooks: &mut dyn Hooks, from: Option<Point>) -> Step {
        let first = match from {
            Some(at) => at.monster(),
            None => {
                // Stable: monsters of one rank are met in the order given (their slots,
                // `Encounter::slots`, are their positions after this sort).
                Arc::make_mut(&mut enc.table.monsters).sort_by_key(|m| self.combat_rank(m));
                0
            }
        };
        for m in first..enc.table.monsters.len() {
            let at = Point::Combat { monster: m };
            match from {
                Some(inside) if inside.monster() == m && inside != at => {
                    self.resume(enc, m, inside, hooks)?;
                }
                _ => {
                    if enc.table.monsters[m].defeated {
                        // Defeated before its combat (an Action's effect): not met.
                        continue;
                    }
                    if from != Some(at) {
                        enc.checkpoint(at, hooks);
                    }
                    if !self.meets_next(enc) {
                        break;
                    }
                    self.choose_next(enc, m)?;
                    self.begin_combat(enc, m, hooks)?;
                    self.combat(enc, m, hooks)?;
                }
            }
            self.end_combat(enc, m, hooks)?;
        }
        self.after_knockout(enc);
        let cleared = enc.table.monsters.iter().all(|m| m.defeated)
            && !(self.honours_no_more_encounters() && enc.table.no_more_encounters)
            && !enc.table.investigator.is_out();
        let ambushed = self.ambush_ends_encounters()
            && enc
                .table
                .monsters
                .iter()
                .any(|m| m.defeated && self.ambush(m));
        if cleared && ambushed {
            emit!(enc.run, Event::AmbushNoMoreEncounters);
        }
        enc.table.may_encounter_again = cleared && !ambushed;
        Ok(())
    }

    /// Before meeting the monster at `m`: if the order is chosen (`order_is_chosen`), the player
    /// picks one of the monsters left of `m`'s rank (alike ones are one option), and it is met next,
    /// the others keeping their order: the monsters stay in the order met.
    fn choose_next(&self, enc: &mut Encounter, m: usize) -> Step {
        enc.table.meeting = m;
        // The scenario's own choices meet the monsters in the order given (the fixed answer): no
        // question to put.
        if !self.order_is_chosen() || enc.run.decisions.is_fixed() {
            return Ok(());
        }
        let rank = self.combat_rank(&enc.table.monsters[m]);
        let mut options: Vec<Answer> = Vec::new();
        for (i, monster) in enc.table.monsters.iter().enumerate().skip(m) {
            if self.combat_rank(monster) != rank {
                break;
            }
            if monster.defeated || enc.table.monsters[m..i].iter().any(|o| **o == **monster) {
                continue;
            }
            let id = monster.id.to_string();
            options.push(Answer::Monster { index: i, id });
        }
        let id = enc.table.monsters[m].id.to_string();
        let fixed = Answer::Monster { index: m, id };
        if let Answer::Monster { index, .. } = enc.decide(Question::NextMonster, options, fixed)? {
            Arc::make_mut(&mut enc.table.monsters)[m..=index].rotate_right(1);
            enc.table.slots[m..=index].rotate_right(1);
        }
        Ok(())
    }

    /// One test and the tests hooks ask for after it.
    fn test(
        &self,
        enc: &mut Encounter,
        spec: TestSpec,
        hooks: &mut dyn Hooks,
    ) -> Result<Resolution, KernelError> {
        self.test_then(enc, spec, hooks, &mut |_, _, _| Ok(()))
    }

    /// `test`, with `consequences` applied as soon as the result is known (`Encounter::run_test_then`).
    fn test_then(
        &self,
        enc: &mut Encounter,
        spec: TestSpec,
        hooks: &mut dyn Hooks,
        consequences: &mut Consequences<'_>,
    ) -> Result<Resolution, KernelError> {
        let r = enc.run_test_then(spec, hooks, consequences)?;
        self.run_queued(enc, hooks)?;
        Ok(r)
    }

    /// Resolves the tests hooks asked for, in order; a test they ask for in turn is resolved after them.
    /// A card that asks for a test after every test stops at `TESTS_PER_ENCOUNTER` (counted where a
    /// test is asked for).
    /// A spell's Spell check a card cast now (`ctx.card.cast`) casts it when passed, before the
    /// check's after_test hooks.
    fn run_queued(&self, enc: &mut Encounter, hooks: &mut dyn Hooks) -> Step {
        while !enc.table.queued.is_empty() {
            for (_source, spec) in std::mem::take(&mut enc.table.queued) {
                if enc.table.investigator.is_out() {
                    return Ok(());
                }
                enc.run_asked(spec, hooks)?;
            }
        }
        Ok(())
    }

    /// Starts a combat against monster `m`: the combat state, the transcript line, the
    /// before_encounter (`Hook::BeforeCombat`) hooks and the tests they ask for.
    fn begin_combat(&self, enc: &mut Encounter, m: usize, hooks: &mut dyn Hooks) -> Step {
        let monster = &enc.table.monsters[m];
        enc.table.current = Some(m);
        enc.table.combat = Some(CombatState {
            view: CombatView {
                number: m + 1,
                ambush: monster.ambush,
                damage_value: monster.combat.as_ref().and_then(|t| t.loss),
                horror_value: monster.horror.as_ref().and_then(|t| t.loss),
                toughness: monster.toughness,
                // A rating printed −X has no value until a card gives it (`set_modifier`).
                horror_modifier: monster.horror.as_ref().filter(|t| !t.x).map(|t| t.modifier),
                combat_modifier: monster.combat.as_ref().filter(|t| !t.x).map(|t| t.modifier),
                ..CombatView::default()
            },
            ..CombatState::default()
        });
        emit!(
            enc.run,
            Event::CombatBegins {
                monster: monster.id.to_string(),
                number: m + 1,
                epic: monster.epic,
                ambush: self.ambush(monster),
                toughness: monster.toughness,
                health_tokens: monster.health_tokens,
                horror: monster.horror.clone(),
                combat: monster.combat.clone(),
                awareness: monster.awareness,
                abilities: monster.keywords.clone(),
                nightmarish: monster.nightmarish,
                overwhelming: monster.overwhelming,
            }
        );
        enc.fire(Hook::BeforeCombat, hooks, &mut None)?;
        self.run_queued(enc, hooks)
    }

    /// Ends the combat against monster `m`: the after_encounter (`Hook::AfterCombat`) hooks, the
    /// monster placed, the transcript line.
    fn end_combat(&self, enc: &mut Encounter, m: usize, hooks: &mut dyn Hooks) -> Step {
        if !(self.stops_at_once() && enc.table.investigator.is_out()) {
            enc.fire(Hook::AfterCombat, hooks, &mut None)?;
        }
        let out = enc.table.investigator.is_out();
        let mon = Arc::make_mut(&mut Arc::make_mut(&mut enc.table.monsters)[m]);
        self.place_monster(mon, out);
        emit!(
            enc.run,
            Event::CombatEnds {
                monster: mon.id.to_string(),
                defeated: mon.defeated,
                place: mon.place,
                health_tokens: self.health_tokens(mon),
            }
        );
        enc.table.current = None;
        enc.table.combat = enc.table.combat.take().and_then(|c| self.after_combat(c));
        // A test a card asked for in after_encounter is resolved now, the combat over (not a test
        // during it), before the next monster (it was left queued: put off to the next combat, or
        // dropped after the last).
        for (_, spec) in &mut enc.table.queued {
            spec.in_combat = false;
        }
        self.run_queued(enc, hooks)
    }
}

/// A run started from a checkpoint its game's combat does not take.
pub(crate) fn resume_refused() -> KernelError {
    KernelError::Rule {
        card: "rules".into(),
        hook: None,
        refusal: crate::kernel::Refusal::NoCheckpointToResume,
        effect: None,
    }
}

/// The procedure of `game`.
pub fn procedure_for(game: Game) -> &'static dyn Procedure {
    match game {
        Game::Eldritch => &Eldritch,
        Game::Arkham => &Arkham,
    }
}

impl Encounter {
    /// The procedure of the game being played: the encounter asks it the rules of each test and loss.
    pub fn procedure(&self) -> &'static dyn Procedure {
        procedure_for(self.setup.game)
    }
}
