//! The `Encounter`: the whole state of one play (a test, or every combat of a scenario), the dice, the
//! transcript so far, and the steps every procedure shares: calling hooks in the documented order,
//! applying their effects, resolving one test, applying a loss. Imports nothing outside the kernel.
//!
//! Words: `Encounter` is only this state. One monster met is a *combat* (EH's Combat Encounter,
//! AH2e's combat): `CombatState`, `CombatView`, `begin_combat`, `Event::CombatBegins`.

use super::hooks::LossView;
use super::pool::{Bonus, PoolInput, assemble};
use super::test::count_successes;
use super::{
    ActiveCard, BonusKind, CheckedSetup, CombatView, DiceError, DiceSource, During, Effect, Event,
    Exclusion, Game, Hook, HookCall, HookError, HookSet, Hooks, Investigator, Location, Monster,
    Place, Rules, Skill, Source, Stat, Status, Target, TestOutcome, TestSpec, TestView,
};
use std::collections::BTreeMap;
use std::hash::{Hash, Hasher};
use std::rc::Rc;
use std::sync::Arc;

mod choices;
mod conditions;
mod effects;
mod losses;
mod memo;
mod resolve;

pub use choices::{Action, Policy, Round};
pub use conditions::Gaining;
pub use memo::StateKey;

/// What the scenario asks for.
#[derive(Debug, Clone, PartialEq)]
pub enum TestRequest {
    Test(TestSpec),
    /// A combat against every monster of the setup, in the order given (the game may reorder: EH puts
    /// every Normal monster before any Epic one).
    Combat,
}

/// The combat under way (EH: the Combat Encounter with one monster; AH2e: the combat).
#[derive(Debug, Clone, Default, Hash)]
pub struct CombatState {
    pub view: CombatView,
    /// Bonuses that last for this combat: (source, skill or every skill, value).
    pub bonuses: Vec<(Source, Option<Skill>, i32)>,
    pub strength_first: bool,
    /// AH2e: the round of Fight or Flee under way.
    pub round: usize,
    /// AH2e: cards held this round.
    pub hands: Vec<String>,
    /// AH2e: spells cast successfully and held since.
    pub cast: Vec<String>,
    /// AH2e: a card ended the combat (the Nightgaunt with no open gate).
    pub ended: bool,
    /// AH2e: the investigator left the monster's location (drawn through a gate, lost in time and
    /// space): no further monster of it is met.
    pub left: bool,
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
    additional: Vec<(Source, i32)>,
    fewer: Vec<(Source, i32)>,
    blocked: Vec<(BonusKind, Source)>,
    success_from: u8,
    counts: Vec<(u8, u32)>,
    dice_per_clue: u32,
    faces: Vec<u8>,
    /// A card said not to resolve the test, with its reason.
    skip: Option<(Source, String)>,
    /// A card defeated the monster before the test.
    defeat: Option<Source>,
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
    queued: Vec<(Source, TestSpec)>,
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
    pub queued: Vec<(Source, TestSpec)>,
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
    /// Hooks running now, one inside the effects of another (bounded by `HOOK_CASCADE`).
    cascade: usize,
    /// Tests cards asked for so far (bounded by `TESTS_PER_ENCOUNTER`).
    asked: usize,
    /// The Condition about to be gained, while `on_gain_condition` hooks run.
    gaining: Option<Gaining>,
}

impl Encounter {
    /// An encounter at its start; the setup was checked by [`Setup::check`](super::Setup::check).
    pub fn new(setup: CheckedSetup) -> Encounter {
        let setup = setup.into_inner();
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
            cascade: 0,
            asked: 0,
            gaining: None,
        }
    }

    /// The token policy for tests of the kind named `kind` (`TestKind::as_str`).
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
            gaining: self.gaining.as_ref().map(|g| g.condition.clone()),
            investigator: self.investigator.clone(),
            monster: self.current.map(|m| self.monsters[m].clone()),
            combat: self.combat.as_ref().map(|c| c.view.clone()),
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
            if self.cascade >= crate::kernel::HOOK_CASCADE {
                return Err(limit_error(
                    &card,
                    hook,
                    format!(
                        "hooks fired by effects of hooks went {} deep (an effect of this hook fires it again?)",
                        crate::kernel::HOOK_CASCADE
                    ),
                ));
            }
            let mut view = self.view(&card);
            view.loss = loss.clone();
            // A hook applies whole or not at all (DESIGN invariant 4): if it fails, or one of its
            // effects breaks a rule, the state goes back to what it was before it ran.
            let before = self.rollback.then(|| (self.snapshot(), loss.clone()));
            self.cascade += 1;
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
                    if let Some(m) = self.undefeatable(&effects) {
                        // "An Epic Monster cannot be defeated by any effect except losing Health
                        // equal to or greater than its toughness": the effect cannot be used, and
                        // nothing of the hook is applied (no Focus spent on the Handcuffs).
                        let monster = self.monsters[m].id.clone();
                        let source = Source::card(&*card);
                        emit!(self, Event::CannotDefeat { monster, source });
                        return Ok(());
                    }
                    if let Some((stat, amount, held)) = self.unpayable(&effects) {
                        // "An investigator cannot spend a token he does not have", nor his last
                        // Health or Sanity (EH RG, Spend): the effect paid by it cannot be used.
                        let source = Source::card(&*card);
                        emit!(
                            self,
                            Event::CannotSpend {
                                stat,
                                amount,
                                held,
                                source,
                            }
                        );
                        return Ok(());
                    }
                    effects
                        .into_iter()
                        .try_for_each(|effect| self.apply(&card, hook, effect, loss, hooks))
                });
            self.cascade -= 1;
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

/// A kernel limit a card ran into: reported like a sandbox limit of its script (E0403), at its hook.
pub(super) fn limit_error(card: &str, hook: Hook, message: String) -> KernelError {
    KernelError::Hook(HookError {
        card: card.to_string(),
        hook,
        message,
        fault: super::HookFault::Limit,
        line: None,
        column: None,
    })
}
