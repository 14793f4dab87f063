//! An encounter in progress: the state, the dice, the transcript so far, and the steps every procedure
//! shares: calling hooks in the documented order, applying their effects, resolving one test, applying
//! a loss.

use super::hooks::LossView;
use super::pool::{Bonus, PoolInput, assemble};
use super::test::count_successes;
use super::{
    ActiveCard, BonusKind, CombatView, DiceError, DiceSource, During, Effect, Event, Game, Hook,
    HookCall, HookError, HookSet, Hooks, Investigator, Monster, Skill, Stat, Status, TestOutcome,
    TestSpec, TestView,
};
use std::collections::BTreeMap;
use std::hash::{Hash, Hasher};
use std::rc::Rc;
use std::sync::Arc;

mod effects;
mod losses;
mod memo;
mod resolve;

pub use memo::StateKey;

/// How the player spends tokens on a test.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Policy {
    None,
    UntilPass,
    Max,
}

impl Policy {
    pub fn parse(s: &str) -> Option<Policy> {
        match s {
            "none" => Some(Policy::None),
            "until_pass" => Some(Policy::UntilPass),
            "max" => Some(Policy::Max),
            _ => None,
        }
    }
}

/// What the scenario asks for.
#[derive(Debug, Clone, PartialEq)]
pub enum TestRequest {
    Test(TestSpec),
    /// A combat against every monster of the setup, in the order given (the game may reorder: EH puts
    /// every Normal monster before any Epic one).
    Combat,
}

/// The Combat Encounter under way.
#[derive(Debug, Clone, Default, Hash)]
pub struct CombatState {
    pub view: CombatView,
    /// Bonuses that last for this encounter: (source card, skill or every skill, value).
    pub bonuses: Vec<(String, Option<Skill>, i32)>,
    pub strength_first: bool,
    /// AH2e: the round of Fight or Flee under way.
    pub round: usize,
    /// AH2e: cards held this round.
    pub hands: Vec<String>,
    /// AH2e: spells cast successfully and held since.
    pub cast: Vec<String>,
    /// AH2e: a card ended the combat (the Nightgaunt with no open gate).
    pub ended: bool,
}

/// Everything an encounter starts from.
#[derive(Debug, Clone)]
pub struct Setup {
    pub game: Game,
    /// Shared by every run of the scenario until one changes it (copy-on-write).
    pub investigator: Arc<Investigator>,
    pub monsters: Vec<Arc<Monster>>,
    /// Every card that is or may come into play (conditions gained mid-encounter included), by id.
    pub catalog: Arc<BTreeMap<String, ActiveCard>>,
    pub dice: DiceSource,
    /// Token policy by test kind; kinds not listed use `default_policy`.
    pub policy: BTreeMap<String, Policy>,
    pub default_policy: Policy,
    /// Card ids whose optional effects the player takes.
    pub chosen: Vec<String>,
    pub investigators_in_game: u32,
    pub rules: Rules,
    /// AH2e: the player's plan for each round of Fight or Flee; the last one repeats.
    pub rounds: Vec<Round>,
    /// AH2e: try to evade before combat.
    pub evade_first: bool,
}

/// Readings of the rules a scenario may choose where sources disagree, and table state.
#[derive(Debug, Clone, PartialEq, Hash)]
pub struct Rules {
    /// AH2e, open point D1: whether Clue tokens may add dice to a check whose modified skill is 0 or
    /// less (the AH wiki's Clue page and a rules digest: yes; the wiki's Skill check page: no).
    pub clues_after_zero_dice: bool,
    /// AH2e: open gates on the board (the Nightgaunt draws the investigator through the nearest).
    pub open_gates: u32,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            clues_after_zero_dice: true,
            open_gates: 0,
        }
    }
}

/// AH2e: one round of Fight or Flee as the player plays it.
#[derive(Debug, Clone, PartialEq, Default, Hash)]
pub struct Round {
    /// "fight" or "flee".
    pub action: String,
    /// Weapons and spells in hand (at most two hands).
    pub wield: Vec<String>,
    /// Spells among `wield` cast this round.
    pub cast: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum KernelError {
    #[error(transparent)]
    Dice(#[from] DiceError),
    #[error(transparent)]
    Hook(#[from] HookError),
    /// A hook asked for something the rules do not allow at that point.
    #[error("{card}: {message}")]
    Rule {
        card: String,
        hook: Option<Hook>,
        message: String,
    },
}

/// How the faces of the test under way count (exact odds group faces by it).
#[derive(Debug, Clone, PartialEq)]
pub struct StageRules {
    pub test: usize,
    pub success_from: u8,
    pub counts: Vec<(u8, u32)>,
    /// Whether its dice are rolled yet.
    pub rolled: bool,
}

/// What follows from a test's result, applied before after_test hooks fire.
pub type Consequences<'a> =
    dyn FnMut(&mut Encounter, &TestOutcome, &mut dyn Hooks) -> Result<(), KernelError> + 'a;

/// How a test ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Resolution {
    /// Resolved; the index into `Encounter::tests`.
    Resolved(usize),
    /// A card said not to resolve it.
    Skipped,
    /// A card defeated the monster instead.
    MonsterDefeated,
}

/// Health (Stamina) and Sanity the investigator lost in an encounter (Sanity spent, for spells,
/// included).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct Tally {
    pub health_lost: i32,
    pub sanity_lost: i32,
}

/// Per-test state that hooks build up before it is final.
#[derive(Debug, Clone, Hash)]
struct Stage {
    spec: TestSpec,
    printed_skill: Skill,
    bonuses: Vec<Bonus>,
    additional: Vec<(String, i32)>,
    fewer: Vec<(String, i32)>,
    blocked: Vec<(BonusKind, String)>,
    success_from: u8,
    counts: Vec<(u8, u32)>,
    dice_per_clue: u32,
    faces: Vec<u8>,
    skip: Option<(String, String)>,
    defeat: Option<String>,
}

/// What a hook can change, saved before it runs so that a failed hook leaves no trace. The transcript
/// and the tests only grow, so their lengths are enough.
struct Snapshot {
    investigator: Arc<Investigator>,
    monsters: Vec<Arc<Monster>>,
    dice: DiceSource,
    events: usize,
    tally: Tally,
    tests: usize,
    stage: Option<Stage>,
    combat: Option<CombatState>,
    queued: Vec<(String, TestSpec)>,
    no_more_encounters: bool,
    may_encounter_again: bool,
}

pub struct Encounter {
    pub game: Game,
    /// Shared with the views hooks read; written through `Arc::make_mut` (copy-on-write: no copy while
    /// no view holds it).
    pub investigator: Arc<Investigator>,
    pub monsters: Vec<Arc<Monster>>,
    pub dice: DiceSource,
    /// The transcript, if `record` (sampled and exact odds turn it off: they read only the outcome).
    pub events: Vec<Event>,
    pub record: bool,
    /// What the investigator lost, kept whether or not the transcript is.
    pub tally: Tally,
    pub tests: Vec<TestOutcome>,
    pub may_encounter_again: bool,
    pub catalog: Arc<BTreeMap<String, ActiveCard>>,
    policy: BTreeMap<String, Policy>,
    default_policy: Policy,
    chosen: Vec<String>,
    investigators_in_game: u32,
    pub rules: Rules,
    pub rounds: Vec<Round>,
    pub evade_first: bool,
    /// The monster being encountered, if any.
    pub current: Option<usize>,
    pub combat: Option<CombatState>,
    /// Tests that hooks asked for, resolved at the next point the procedure allows.
    pub queued: Vec<(String, TestSpec)>,
    /// A card said the investigator resolves no other encounter this phase.
    pub no_more_encounters: bool,
    /// AH2e: a combat went on past the round limit and was stopped.
    pub stopped: bool,
    /// Save the state before each hook and put it back if the hook fails (on by default; exact odds,
    /// which abandon a failed run anyway, turn it off to save the copies).
    pub rollback: bool,
    /// For each test (by number), how its faces count once the after_roll hooks ran: the lowest
    /// success face and the counting rules. Exact odds read it to group faces that count alike.
    pub roll_rules: BTreeMap<usize, (u8, Vec<(u8, u32)>)>,
    /// Set while a test is being resolved, for the views of hooks fired inside it.
    stage: Option<Stage>,
    /// The active cards, in order, with the hooks each defines: asked of `Hooks` again only when the
    /// active cards change (an encounter is played with one `Hooks` from start to end).
    hooked: Vec<(Rc<str>, HookSet)>,
}

impl Encounter {
    pub fn new(setup: Setup) -> Encounter {
        Encounter {
            game: setup.game,
            investigator: setup.investigator,
            monsters: setup.monsters,
            dice: setup.dice,
            events: Vec::new(),
            record: true,
            tally: Tally::default(),
            tests: Vec::new(),
            may_encounter_again: true,
            catalog: setup.catalog,
            policy: setup.policy,
            default_policy: setup.default_policy,
            chosen: setup.chosen,
            investigators_in_game: setup.investigators_in_game,
            rules: setup.rules,
            rounds: setup.rounds,
            evade_first: setup.evade_first,
            current: None,
            combat: None,
            queued: Vec::new(),
            no_more_encounters: false,
            stopped: false,
            rollback: true,
            roll_rules: BTreeMap::new(),
            stage: None,
            hooked: Vec::new(),
        }
    }

    pub fn policy_for(&self, kind: &str) -> Policy {
        self.policy
            .get(kind)
            .copied()
            .unwrap_or(self.default_policy)
    }

    pub fn is_chosen(&self, card: &str) -> bool {
        self.chosen.iter().any(|c| c == card)
    }

    /// The cards whose hooks fire, in the documented order: the monster being encountered, the
    /// investigator, the possessions in order, then the conditions.
    fn active_ids(&self) -> impl Iterator<Item = &str> {
        self.current
            .map(|m| self.monsters[m].id.as_str())
            .into_iter()
            .chain(self.investigator.card.as_deref())
            .chain(self.investigator.possessions.iter().map(String::as_str))
            .chain(self.investigator.conditions.iter().map(String::as_str))
    }

    pub fn card_name(&self, id: &str) -> String {
        self.catalog
            .get(id)
            .map(|c| c.name.clone())
            .unwrap_or_else(|| id.to_string())
    }

    fn view(&self, chosen_card: &str) -> TestView {
        let (spec, printed, faces, success_from, counts) = match &self.stage {
            Some(s) => (
                s.spec.clone(),
                s.printed_skill,
                s.faces.clone(),
                s.success_from,
                s.counts.clone(),
            ),
            None => (
                TestSpec::new(Skill::Will, "none"),
                Skill::Will,
                Vec::new(),
                5,
                Vec::new(),
            ),
        };
        let successes = count_successes(&faces, success_from, &counts);
        TestView {
            game: self.game,
            skill: spec.skill,
            printed_skill: printed,
            passed: successes >= spec.difficulty && successes > 0,
            kind: spec.kind,
            modifier: spec.modifier,
            difficulty: spec.difficulty,
            in_combat: spec.in_combat,
            slot: spec.slot,
            faces,
            success_from,
            counts,
            successes,
            loss: None,
            investigator: self.investigator.clone(),
            monster: self.current.map(|m| self.monsters[m].clone()),
            encounter: self.combat.as_ref().map(|c| c.view.clone()),
            in_hand: self
                .combat
                .as_ref()
                .is_some_and(|c| c.hands.iter().any(|h| h == chosen_card)),
            open_gates: self.rules.open_gates,
            catalog: self.catalog.clone(),
            chosen: self.is_chosen(chosen_card),
            investigators_in_game: self.investigators_in_game,
        }
    }

    /// Calls `hook` on every active card that defines it, applying each card's effects before the next
    /// card is called.
    pub fn fire(
        &mut self,
        hook: Hook,
        hooks: &mut dyn Hooks,
        loss: &mut Option<LossView>,
    ) -> Result<(), KernelError> {
        if !self
            .hooked
            .iter()
            .map(|(id, _)| &**id)
            .eq(self.active_ids())
        {
            self.hooked = self
                .active_ids()
                .map(|id| (Rc::from(id), hooks.defined(id)))
                .collect();
        }
        // Only the cards that define this hook (usually none or one) are taken out, before any is
        // called: a card that comes into play during this hook point is not called at it.
        let cards: Vec<Rc<str>> = self
            .hooked
            .iter()
            .filter(|(_, defined)| defined.contains(hook))
            .map(|(id, _)| id.clone())
            .collect();
        for card in cards {
            let mut view = self.view(&card);
            view.loss = loss.clone();
            // A hook applies whole or not at all (DESIGN invariant 4): if it fails, or one of its
            // effects breaks a rule, the state goes back to what it was before it ran.
            let before = self.rollback.then(|| (self.snapshot(), loss.clone()));
            let applied = hooks
                .call(
                    HookCall {
                        card: &card,
                        hook,
                        view,
                    },
                    &mut self.dice,
                )
                .and_then(|effects| {
                    effects
                        .into_iter()
                        .try_for_each(|effect| self.apply(&card, hook, effect, loss, hooks))
                });
            if let Err(err) = applied {
                if let Some((state, l)) = before {
                    self.restore(state);
                    *loss = l;
                }
                return Err(err);
            }
        }
        Ok(())
    }

    fn snapshot(&self) -> Snapshot {
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
        }
    }

    fn restore(&mut self, s: Snapshot) {
        self.investigator = s.investigator;
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
    }
}
