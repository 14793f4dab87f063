//! The hook contract as the kernel sees it: what a hook may read (the views), and the trait through
//! which `script/` answers. The kernel calls only hooks a card defines; which hooks exist is
//! `hook.rs`, how one fails `error.rs`. Imports nothing outside the kernel.

use super::{
    DiceSource, Effect, Fate, Game, Hook, HookSet, Investigator, KernelError, Lost, Monster, Point,
    Skill, Slot, Source, Stat, Store, Target, TestKind,
};

/// A loss about to be applied, as `on_damage` sees it (and the after_test hooks of a test asked in
/// on_damage, which the loss waits for).
#[derive(Debug, Clone, PartialEq, Hash)]
pub struct LossView {
    pub target: Target,
    pub stat: Stat,
    pub amount: i32,
    /// The card or rule that causes it.
    pub cause: Source,
}

/// What the investigator is about to become, as `on_status` sees it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct BecomingView {
    pub fate: Fate,
    /// The card or rule that causes it (the loss that knocked him out, the card that set it).
    pub cause: Source,
}

/// The combat under way, as hooks see it (`ctx.combat`).
#[derive(Debug, Clone, PartialEq, Default, Hash)]
pub struct CombatView {
    /// 1-based: the how-manieth monster of this phase.
    pub number: usize,
    pub ambush: bool,
    /// The monster's damage value after modifiers (Fishing Net).
    pub damage_value: Option<i32>,
    /// The monster's horror (EH) or horror damage (AH2e) after modifiers (`reduce_horror`).
    pub horror_value: Option<i32>,
    /// The monster's toughness this combat (`reduce_toughness`).
    pub toughness: i32,
    /// The modifiers of its two tests this combat (EH: the Will and Strength tests' modifiers;
    /// AH2e: the horror and combat ratings), after `set_modifier`.
    pub horror_modifier: Option<i32>,
    pub combat_modifier: Option<i32>,
    pub will_result: Option<u32>,
    pub will_passed: Option<bool>,
    pub strength_result: Option<u32>,
    pub strength_passed: Option<bool>,
    /// Sanity lost from the Will test.
    pub sanity_lost: i32,
    /// Health lost from the Strength test.
    pub health_lost: i32,
    /// AH2e: the round of Fight or Flee under way (1-based), `None` before the first.
    pub round: Option<usize>,
    /// The abilities the monster lost for this combat (`lose_ability`), in the order lost.
    pub lost_abilities: Vec<Lost>,
    /// EH: the card that forbade spending Clues to reroll dice for the rest of this combat
    /// (`forbid_clue_rerolls`), if any: the first one's word stands.
    pub clue_rerolls_forbidden: Option<super::Source>,
}

/// What a hook may read: the test under way and the state around it (copies; writing goes through
/// effects).
#[derive(Debug, Clone, PartialEq)]
pub struct TestView {
    pub game: Game,
    /// Whether a test is under way (`ctx.test` is `()` when not: before and after an encounter, and
    /// a loss or gain outside a test). The test fields below are placeholders when it is false.
    pub testing: bool,
    /// The skill tested (after any replacement).
    pub skill: Skill,
    /// The skill the test was printed with (the Strength test of a combat stays "strength" here when a
    /// card makes it a Lore test).
    pub printed_skill: Skill,
    pub kind: TestKind,
    pub modifier: i32,
    pub difficulty: u32,
    pub in_combat: bool,
    pub slot: Option<Slot>,
    pub faces: Vec<u8>,
    /// The lowest face that is a success, and faces that count otherwise (`count_face`).
    pub success_from: u8,
    pub counts: Vec<(u8, u32)>,
    /// Faces that negate successes (`negate_face`).
    pub negates: Vec<(u8, u32)>,
    /// In `after_reroll`: the die (from 0) just rerolled.
    pub rerolled: Option<usize>,
    pub successes: u32,
    pub passed: bool,
    pub loss: Option<LossView>,
    /// In `on_gain_condition`: the id of the Condition about to be gained.
    pub gaining: Option<String>,
    /// In `on_discard_condition`: the Condition just discarded, and the card or rule that discarded it.
    pub discarded: Option<(String, Source)>,
    /// In `on_status`: what the investigator is about to become.
    pub becoming: Option<BecomingView>,
    /// This card's store (`ctx.card.get`), and whether it is exhausted.
    pub store: Store,
    pub exhausted: bool,
    pub investigator: std::sync::Arc<Investigator>,
    pub monster: Option<std::sync::Arc<Monster>>,
    /// The combat under way, if any (`ctx.combat`).
    pub combat: Option<CombatView>,
    /// AH2e: whether this card is held in hand this round.
    pub in_hand: bool,
    /// AH2e: whether this card (a spell) is cast and held since.
    pub cast: bool,
    /// AH2e: the hands the round under way leaves free (2 less the hands of the cards held), `None`
    /// before the first round of Fight or Flee and outside combat.
    pub hands_free: Option<u32>,
    /// The card whose text asked for the test under way (`TestSpec::origin`).
    pub origin: Option<std::sync::Arc<str>>,
    pub open_gates: u32,
    /// AH2e: the terror level.
    pub terror_level: u32,
    /// AH2e: the Environment (Mythos card) in play, by id (a scenario's `environment`).
    pub environment: Option<std::sync::Arc<str>>,
    /// EH: the board around the investigator and the kind of encounter the play is.
    pub board: super::Board,
    /// The dice of the test under way: while its pool is assembled, the sum of its parts so far
    /// (may be 0 or less); once rolled, the dice rolled. `None` with no test under way.
    pub pool: Option<i32>,
    /// Every card's kind and traits (scripts read them through `possession_traits`).
    pub catalog: std::sync::Arc<super::Catalog>,
    /// Whether the player chose to use this card's optional effect (`choices.use`).
    pub chosen: bool,
    pub investigators_in_game: u32,
    /// Every monster of the play, on the investigator's space, in the order met (`ctx.space.monsters`).
    pub space_monsters: std::sync::Arc<Vec<std::sync::Arc<Monster>>>,
}

impl TestView {
    /// Positions (from 0) of the dice that are not successes, lowest face first.
    pub fn failing_dice(&self) -> Vec<usize> {
        super::failing_dice(&self.faces, self.success_from, &self.counts)
    }
}

/// A call of one card's hook.
pub struct HookCall<'a> {
    pub card: &'a str,
    pub hook: Hook,
    pub view: TestView,
    /// How many hook calls are under way around this one (0: fired by the rules, 1: by an effect of a
    /// hook, ...): a refused effect names its call by it (`EffectAt`).
    pub depth: usize,
    /// Who answers a question the script asks (`ctx.card.may`), lent for the call.
    pub decisions: &'a mut super::Decisions,
    /// Every `ctx.card.may` of this call is declined without asking: the call again, after its
    /// effects with the player's answers could not be paid ("lose 2 Health unless you spend 1 Clue"
    /// with no Clue: the option that cannot be paid is not taken, and the loss happens).
    pub decline_mays: bool,
}

pub trait Hooks {
    /// The hooks `card` defines. A card is never called at a hook it does not define.
    fn defined(&self, card: &str) -> HookSet;
    /// Runs one hook. Dice the script rolls come from `dice`.
    fn call(
        &mut self,
        call: HookCall<'_>,
        dice: &mut DiceSource,
    ) -> Result<Vec<Effect>, KernelError>;
    /// The procedure reached the checkpoint `at`, and the encounter keeps a copy of its state there
    /// (`Encounter::checkpoint`): what the hooks need to go on from it (the scripts' budgets used so
    /// far) is theirs to keep. By default nothing.
    fn checkpoint(&mut self, _at: Point) {}
    /// Whether some card of the scenario may tell apart, in the test `spec`, faces that count alike
    /// (its hooks after the roll read raw faces or die positions, as `script/faces.rs` reads them
    /// from the syntax tree). Where none may, the token step offers one reroll for each kind of
    /// failing die, not one for each face (issue 38: equivalent choices are one choice). By default
    /// some card may.
    fn may_tell_faces_apart(&self, _spec: &super::TestSpec) -> bool {
        true
    }
}
