//! What the kernel refuses while it plays, as typed values: a card's effect the rules do not allow at
//! that point (`Refusal`), a kernel limit a card ran into (`KernelLimit`). The words are the
//! diagnostics' (`scenario::refusal`), never built here. A `what` is the name of the script method or
//! action refused, as the script API spells it. Imports kernel types only.

use super::{Deck, Fate, Game, Hook, Skill, Slot, Stat};

/// Something a card (or a scenario's choice) asked for that the rules do not allow there (E0406).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// `set_status` / `becoming.replace` with a status the game being played does not have.
    NotAStatusOfTheGame {
        what: &'static str,
        fate: Fate,
        game: Game,
    },
    /// A method that belongs to one hook, called in another (`becoming.replace` outside `on_status`).
    OnlyInHook { what: &'static str, hook: Hook },
    /// `becoming.replace("delayed")` of a status that takes the investigator out.
    DelayedCannotTakeOut,
    /// `becoming.prevent` of a knock-out or defeat at 0 (a card's `set_status` may be prevented).
    KnockOutNotPreventable,
    /// `ctx.card.set` of a new key past `STORE_KEYS`.
    StoreFull { key: String },
    /// A method on the monster met, with no monster met.
    NoMonster { what: &'static str },
    /// A monster's Health lost or recovered in AH2e, whose monsters keep no Health tokens.
    NoHealthTokens { what: &'static str },
    /// `ctx.monster.to_trophy` in Eldritch Horror.
    TrophyIsArkham,
    /// `ctx.monster.to_trophy` of a monster not defeated.
    TrophyNotDefeated,
    /// `ctx.monster.to_cup` in Eldritch Horror.
    CupIsArkham,
    /// `set_modifier` of a test the monster does not print.
    NoSuchMonsterTest { slot: Slot, value: i32 },
    /// `ctx.test.dice_per_clue` in AH2e.
    DicePerClueIsEldritch,
    /// `ctx.test.dice_per_focus` in AH2e.
    DicePerFocusIsEldritch,
    /// `ctx.test.extra_dice_per_clue` in Eldritch Horror.
    ExtraDicePerClueIsArkham,
    /// `ctx.test.auto_pass` / `auto_fail` once the dice are rolled.
    AutomaticResultTooLate { passed: bool, hook: Hook },
    /// `ctx.card.cast` refused.
    Cast(CastRefusal),
    /// `n` of `stat` spent with fewer held (a card's `spend`, a token, a casting cost).
    CannotSpend { n: i32, stat: Stat, held: i32 },
    /// A spell's casting cost that cannot be paid (a round's cast).
    CastingCostUnpaid(Box<Refusal>),
    /// A combat method with no combat under way.
    NeedsCombat { what: &'static str },
    /// `ctx.combat.check_bonus` in Eldritch Horror.
    CheckBonusIsArkham,
    /// `ctx.combat.forbid_clue_rerolls` in AH2e.
    ForbidClueRerollsIsEldritch,
    /// `ctx.combat.make_magical` in Eldritch Horror.
    MakeMagicalIsArkham,
    /// `ctx.combat.make_magical` of a card the investigator does not hold (or every copy of which
    /// is magical already).
    MakeMagicalNotHeld { id: String },
    /// `ctx.test.success_from` of a face that is not 1 to 6.
    SuccessFromNotAFace { face: u8 },
    /// A test method (`ctx.test.what`) with no test under way.
    NeedsTest { what: &'static str },
    /// `ctx.test.reroll` of a die the pool does not have.
    NoSuchDie { die: usize, rolled: usize },
    /// `ctx.test.set_face` of a die the pool does not have, or a face that is not 1 to 6.
    NoSuchDieOrFace { die: usize, face: u8 },
    /// An effect that changes a pool, outside `before_test` and `on_pool`.
    PoolClosed { what: &'static str, hook: Hook },
    /// A rule of how faces count, after `after_roll`.
    CountingFinal { hook: Hook },
    /// `ctx.investigator.draw` from a deck the game being played does not have.
    NoSuchDeck { deck: Deck, game: Game },
    /// `ctx.space.lose` of a monster the space does not have.
    NoSuchSpaceMonster { m: usize, monsters: usize },
    /// The card an `[action]` names has no script for its Action.
    NoAction { hook: Hook },
    /// `ctx.test.add_successes` before the dice are on the table.
    SuccessesBeforeTheRoll { hook: Hook },
    /// `ctx.investigator.gain_condition` of a card that does not exist.
    NoSuchCondition { id: String },
    /// `ctx.investigator.gain_condition_by_trait` of a trait no Condition of the cards loaded has.
    NoConditionOfTrait { trait_: String, traits: Vec<String> },
    /// `ctx.investigator.improve` of a skill without improvement tokens (AH2e, or not one of EH's
    /// five).
    NoImprovementTokens { skill: Skill },
    /// A loss caused from `on_damage`.
    NewLossFromOnDamage,
    /// A check whose rating is printed −X, with no card having given X before its dice.
    Unrated,
    /// A run started from a checkpoint its game's combat does not take.
    NoCheckpointToResume,
    /// An AH2e monster without a combat rating, fought.
    NoCombatRating,
    /// A round's `cast` of a card that is not a spell.
    RoundCastNotASpell,
    /// A round's `cast` of a spell whose casting modifier is printed Special.
    RoundCastSpecial,
    /// A round whose cards in hand need more hands than an investigator has.
    TooManyHands { round: usize, hands: u32 },
}

/// Why `ctx.card.cast` was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CastRefusal {
    /// In Eldritch Horror.
    IsArkham,
    /// The card prints no casting modifier or Sanity cost.
    NotASpell,
    /// `cast(modifier)` of a spell whose modifier is printed.
    ModifierPrinted { printed: i32 },
    /// `cast()` of a spell whose modifier is printed Special.
    ModifierSpecial,
    /// The spell is exhausted.
    Exhausted,
}

/// A kernel limit (`crate::limits`) a card ran into: reported like a sandbox limit of its script
/// (E0403), at its hook.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KernelLimit {
    /// Hooks fired by effects of hooks went `HOOK_CASCADE` deep.
    HookCascade,
    /// A test asked for (`cast: false`) or a spell cast (`cast: true`) beyond
    /// `TESTS_PER_ENCOUNTER`.
    Tests { cast: bool },
}
