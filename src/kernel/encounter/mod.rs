//! The `Encounter`: the whole state of one play (a test, or every combat of a scenario), the dice, the
//! transcript so far, and the steps every procedure shares: calling hooks in the documented order,
//! applying their effects, resolving one test, applying a loss. Imports nothing outside the kernel.
//!
//! Files, one noun each: this file the `Encounter` itself; `fire.rs` firing a hook on the active cards;
//! `snapshot.rs` the state a failed hook is rolled back to; `effects/` applying each effect a hook asks
//! for (one file a group of effects); `stage.rs` the test under way and the view hooks read of it;
//! `resolve.rs` resolving one test; `losses.rs` gains, spending and losses, and their `Tally`;
//! `combat.rs` the combat under way; `error.rs` how a play fails; `memo.rs` the memo key of exact odds;
//! `copy.rs` the copy of the table kept at a checkpoint.
//!
//! Words: `Encounter` is only this state. One monster met is a *combat* (EH's Combat Encounter,
//! AH2e's combat): `CombatState`, `CombatView`, `begin_combat`, `Event::CombatBegins`.

use super::hooks::LossView;
use super::pool::{Bonus, PoolInput, assemble};
use super::test::count_successes;
use super::{
    Answer, BonusKind, CastRefusal, CheckedSetup, CombatView, DecisionNeeded, Decisions, DiceError,
    DiceSource, During, Effect, Event, Exclusion, Game, Hook, HookCall, HookSet, Hooks,
    Investigator, KernelError, KernelLimit, Location, Monster, MonsterValue, Place, Point, Policy,
    Refusal, Round, Rules, Skill, Slot, Source, Stat, Status, Target, TestKind, TestOutcome,
    TestSpec, TestView,
};
use std::collections::BTreeMap;
use std::hash::{Hash, Hasher};
use std::rc::Rc;
use std::sync::Arc;

mod becoming;
mod bonuses;
mod combat;
mod conditions;
mod copy;
mod effects;
mod error;
mod fire;
mod losses;
mod memo;
mod optional;
mod reroll;
mod resolve;
mod snapshot;
mod stage;

pub use becoming::Becoming;
pub use combat::CombatState;
pub use conditions::Gaining;
pub use copy::Saved;
use error::limit_error;
pub use losses::Tally;
pub use memo::{LoopKey, StateKey};
pub use resolve::{Consequences, Resolution};
use stage::Stage;
pub use stage::{RollRules, StageRules};

/// The active cards with the hooks each defines: the investigator's (his card, his possessions,
/// his conditions, in order) with the hooks any of them defines, and every monster's, by id.
#[derive(Clone)]
struct Hooked {
    /// Shared by the copies of a checkpoint (made anew when the investigator's cards change).
    cards: Rc<[(Rc<str>, HookSet)]>,
    any: HookSet,
    /// Whether `cards` is known to be of the investigator's cards as they are: every change of
    /// them goes through `Encounter::cards_mut`, which clears it.
    fresh: bool,
    /// Every monster of the encounter, made once (a monster's id never changes, and the one met
    /// changes twice a combat): the one being encountered is looked up here by id.
    monsters: Rc<[(Rc<str>, HookSet)]>,
    /// The hooks any of `monsters` defines.
    monsters_any: HookSet,
}

/// An encounter under way: what the scenario set up (`setup`, read-only, shared by every run of a
/// search), what the rules change (`table`: a checkpoint is a copy of it) and the run that drives it
/// (`run`: the dice, the answers, the transcript and the hooks' bookkeeping).
pub struct Encounter {
    pub setup: Arc<Setting>,
    pub table: Table,
    pub run: Run,
}

/// What the scenario set up that no rule changes during the play: read by the rules, never written,
/// shared by every run of a search and every copy of their state (and so not in the memo key, which
/// keys the states of one search).
pub struct Setting {
    pub game: Game,
    pub catalog: Arc<crate::kernel::Catalog>,
    policy: BTreeMap<String, Policy>,
    default_policy: Policy,
    chosen: Box<[String]>,
    pub first: Box<[String]>,
    investigators_in_game: u32,
    pub rules: Rules,
    pub rounds: Box<[Round]>,
    pub evade_first: bool,
}

/// What the rules change: the investigator, the monsters, the combat and the test under way, what
/// the cards keep, and what was lost and resolved so far. A checkpoint is a copy of it, and the memo
/// key of exact odds is its digest (`memo.rs`: what the rest of the encounter depends on, without the
/// history the odds add back).
#[derive(Clone)]
pub struct Table {
    /// Written through `Arc::make_mut` (copy-on-write: no copy while no view or copy holds it).
    pub investigator: Arc<Investigator>,
    /// Shared with the snapshot a hook call takes (and a checkpoint's copy): copied on the first
    /// change while one holds it (`monster_mut`), so that taking one costs nothing however many
    /// monsters there are (issue 39: a copy at each hook call made a run's time grow with the
    /// square of the monsters).
    pub monsters: Arc<Vec<Arc<Monster>>>,
    /// For each monster (by position), its slot: its position in the order given, Normal before
    /// Epic (the order `odds::Odds::monsters` labels), which a chosen order of meeting
    /// (`Procedure::choose_next`) does not change. Odds key each monster's defeat by it.
    pub slots: Vec<usize>,
    /// EH: the monster (by position) met next; the order of those after it may still be chosen.
    pub meeting: usize,
    /// What the investigator lost, kept whether or not the transcript is. History: no rule reads it.
    pub tally: Tally,
    /// AH2e: the last round of Fight or Flee begun against each monster, by its index (0: none).
    /// History, as the tally is: what exact odds read to solve a fight that repeats round after
    /// round (`loop_key`).
    pub rounds_begun: Vec<usize>,
    /// Shared, each with its copies: a checkpoint's copy takes the tests resolved before it without
    /// copying their faces.
    pub tests: Vec<Rc<TestOutcome>>,
    /// AH2e: the tests the Upkeep Phase resolved (a scenario's `[upkeep]`: its spells' Spell checks),
    /// the first of `tests`: the test a `[test]` scenario's odds report comes after them
    /// (`Encounter::reported_test`).
    pub upkeep_tests: usize,
    pub may_encounter_again: bool,
    /// The monster being encountered, if any.
    pub current: Option<usize>,
    pub combat: Option<CombatState>,
    /// Tests that hooks asked for, resolved at the next point the procedure allows.
    pub queued: Vec<(Source, TestSpec)>,
    /// A loss to the investigator waiting for the tests its on_damage hooks asked for (Flesh Ward:
    /// "cast ... to ignore all Stamina loss being dealt to you"): their after_test hooks read and
    /// change it (`ctx.loss`) before it is applied.
    pub waiting_loss: Option<LossView>,
    /// A card said the investigator resolves no other encounter this phase.
    pub no_more_encounters: bool,
    /// AH2e: a combat went on past the round limit and was stopped.
    pub stopped: bool,
    /// What each card keeps between its hook calls (`ctx.card.set`), by copy key, for the whole play.
    pub store: BTreeMap<String, crate::kernel::Store>,
    /// Cards exhausted (`ctx.card.exhaust`), by copy key: they stay so for the whole play.
    pub exhausted: std::collections::BTreeSet<String>,
    /// Set while a test is being resolved, for the views of hooks fired inside it.
    stage: Option<Stage>,
    /// Hooks running now, one inside the effects of another (bounded by `HOOK_CASCADE`).
    cascade: usize,
    /// Tests cards asked for so far (bounded by `TESTS_PER_ENCOUNTER`).
    asked: usize,
    /// The Condition about to be gained, while `on_gain_condition` hooks run.
    gaining: Option<Gaining>,
    /// The Condition just discarded and what discarded it, while `on_discard_condition` hooks run.
    discarded: Option<(String, Source)>,
    /// What the investigator is about to become, while `on_status` hooks run.
    becoming: Option<Becoming>,
}

/// What drives one run and what it keeps for itself: where its dice and answers come from, its
/// transcript, and the bookkeeping of its hook calls and checkpoints. A run that goes on from a
/// checkpoint gets a run of its own (`Encounter::copy_without_dice`).
pub struct Run {
    pub dice: DiceSource,
    /// Who answers the player's questions (the scenario's `[choices]` unless a driver replaces it).
    pub decisions: Decisions,
    /// Set where a question was asked at a point the table does not place (inside a hook call: which
    /// hook, which card, how far its script ran): the faces and answers used to get there, so that
    /// the memo key there is this path's alone (as a die rolled inside a script is not memoised).
    /// The faces are those since the latest checkpoint passed (`since_checkpoint`): the table there
    /// holds everything before, so a run that goes on from a copy of it and a run that replays
    /// every face from the first key the same state alike.
    pub unplaced: Option<(Vec<u8>, Vec<usize>)>,
    /// How many faces the dice source had given at the latest checkpoint passed, kept or not (a
    /// copy's own dice source starts there: 0).
    pub since_checkpoint: usize,
    /// Faces `unplaced` counts that this run's dice source did not give: a run that goes on from a
    /// token step (`Point::Tokens`) carries those rolled since the checkpoint before it.
    carried: Vec<u8>,
    /// The checkpoint this run went on from, until the procedure passes it (a token step is met
    /// again on the way in, and not taken again).
    resumed_at: Option<Point>,
    /// The transcript, if `record` (sampled and exact odds turn it off: they read only the outcome).
    pub events: Vec<Event>,
    pub record: bool,
    /// Save the table before each hook and put it back if the hook fails (on by default; exact odds,
    /// which abandon a failed run anyway, turn it off to save the copies).
    pub rollback: bool,
    /// For each test (by number), how its faces count once the after_roll hooks ran: the lowest
    /// success face, the counting rules and the negation rules. Exact odds read it to group faces
    /// that count alike. A list, not a map: a run rolls a test or two, and each run makes its own;
    /// each test is once, in the order rolled, and is looked for from the end.
    pub roll_rules: Vec<(usize, RollRules)>,
    /// The active cards, in order, with the hooks each defines (and any of them): asked of `Hooks`
    /// again only when the active cards change (an encounter is played with one `Hooks` from start to end).
    hooked: Hooked,
    /// What the hooks under way still have to do that the table does not hold: effects after the
    /// one being applied, cards after the one being called, and the rest of an effect that fired a
    /// hook other than `after_roll`/`after_reroll`. A die asked for while it is above 0 is no memo
    /// point for exact odds (two paths to one state could have different work left).
    pending: usize,
    /// Whether to keep a copy of the table at each checkpoint passed (exact odds).
    pub keep_checkpoints: bool,
    /// The latest checkpoint passed, if they are kept.
    pub checkpoint: Option<Box<Saved>>,
}

impl Encounter {
    /// The test a `[test]` scenario's odds report (its successes and result): the first after the
    /// Upkeep Phase's (`upkeep_tests`), if resolved yet.
    pub fn reported_test(&self) -> Option<&TestOutcome> {
        self.table
            .tests
            .get(self.table.upkeep_tests)
            .map(|t| t.as_ref())
    }

    /// Monster `m`, to change: the list and the monster are copied first if a snapshot or a view
    /// holds them (copy-on-write).
    pub fn monster_mut(&mut self, m: usize) -> &mut Monster {
        Arc::make_mut(&mut Arc::make_mut(&mut self.table.monsters)[m])
    }
}

/// Where every run of a scenario starts: its setup, made once and shared, and the table as set up.
pub struct Start {
    setting: Arc<Setting>,
    table: Table,
}

impl Start {
    /// The start of every run of `setup` (checked by [`Setup::check`](super::Setup::check)); its
    /// dice are left to each run.
    pub fn of(setup: &CheckedSetup) -> Start {
        Start {
            setting: Arc::new(Setting {
                game: setup.game,
                catalog: Arc::clone(&setup.catalog),
                policy: setup.policy.clone(),
                default_policy: setup.default_policy,
                chosen: setup.chosen.clone().into(),
                first: setup.first.clone().into(),
                investigators_in_game: setup.investigators_in_game,
                rules: setup.rules.clone(),
                rounds: setup.rounds.clone().into(),
                evade_first: setup.evade_first,
            }),
            table: Table {
                investigator: Arc::clone(&setup.investigator),
                slots: (0..setup.monsters.len()).collect(),
                monsters: Arc::new(setup.monsters.clone()),
                meeting: 0,
                tally: Tally::default(),
                rounds_begun: Vec::new(),
                tests: Vec::new(),
                upkeep_tests: 0,
                may_encounter_again: true,
                current: None,
                combat: None,
                queued: Vec::new(),
                waiting_loss: None,
                no_more_encounters: false,
                stopped: false,
                store: BTreeMap::new(),
                exhausted: std::collections::BTreeSet::new(),
                stage: None,
                cascade: 0,
                asked: 0,
                gaining: None,
                discarded: None,
                becoming: None,
            },
        }
    }

    /// A run from the start with `dice`.
    pub fn encounter(&self, dice: DiceSource) -> Encounter {
        Encounter::at(&self.setting, self.table.clone(), dice)
    }

    /// A run that goes on from `table` (a checkpoint's) with `dice`.
    pub fn encounter_at(&self, table: Table, dice: DiceSource) -> Encounter {
        Encounter::at(&self.setting, table, dice)
    }
}

impl Encounter {
    /// A run of `setting` from `table`, with `dice`, answering the player's questions by the
    /// scenario's `[choices]`, with its transcript.
    fn at(setting: &Arc<Setting>, table: Table, dice: DiceSource) -> Encounter {
        Encounter {
            setup: Arc::clone(setting),
            table,
            run: Run {
                dice,
                decisions: Decisions::Fixed,
                unplaced: None,
                since_checkpoint: 0,
                carried: Vec::new(),
                resumed_at: None,
                events: Vec::new(),
                record: true,
                rollback: true,
                roll_rules: Vec::new(),
                hooked: Hooked {
                    cards: Rc::new([]),
                    any: HookSet::NONE,
                    fresh: false,
                    monsters: Rc::new([]),
                    monsters_any: HookSet::NONE,
                },
                pending: 0,
                keep_checkpoints: false,
                checkpoint: None,
            },
        }
    }

    /// The token policy for tests of the kind named `kind` (`TestKind::as_str`).
    pub fn policy_for(&self, kind: &str) -> Policy {
        self.setup
            .policy
            .get(kind)
            .copied()
            .unwrap_or(self.setup.default_policy)
    }

    /// Asks the player `question` (`fixed`: what the scenario's `[choices]` answer).
    pub fn decide(
        &mut self,
        question: super::Question,
        options: Vec<Answer>,
        fixed: Answer,
    ) -> Result<Answer, KernelError> {
        self.run
            .decisions
            .answer(question, options, fixed)
            .map_err(|e: DecisionNeeded| KernelError::Decision(e))
    }

    /// `decide`, for a question asked at a point the state does not place (`unplaced`).
    pub fn decide_unplaced(
        &mut self,
        question: super::Question,
        options: Vec<Answer>,
        fixed: Answer,
    ) -> Result<Answer, KernelError> {
        let answer = self.decide(question, options, fixed);
        if answer.is_err() {
            self.mark_unplaced();
        }
        answer
    }

    /// Keys this state by the path that led to it (`unplaced`), unless already so.
    pub(super) fn mark_unplaced(&mut self) {
        if self.run.unplaced.is_none() {
            let faces = self.run.dice.used();
            let since = faces.get(self.run.since_checkpoint..).unwrap_or_default();
            let path = [&self.run.carried[..], since].concat();
            self.run.unplaced = Some((path, self.run.decisions.used().to_vec()));
        }
    }

    /// The investigator, to change the cards he holds (his possessions, his conditions): every such
    /// change goes through here, so that the hooks of his cards are found again.
    pub(crate) fn cards_mut(&mut self) -> &mut Investigator {
        self.run.hooked.fresh = false;
        Arc::make_mut(&mut self.table.investigator)
    }

    pub fn is_chosen(&self, card: &str) -> bool {
        self.setup.chosen.iter().any(|c| c == card)
    }
}
