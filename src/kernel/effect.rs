//! What a hook may ask for. Scripts never change state themselves: they return effects, and the kernel
//! applies each one and writes it into the transcript with the card that asked (DESIGN invariant 3).

use super::{BonusKind, Deck, Fate, Keyword, Location, Lost, Skill, Slot, Stored, TestKind};
use serde::Serialize;

/// A counter on the investigator (or, for `Health`, a monster).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Stat {
    Health,
    Sanity,
    Clues,
    Focus,
}

impl Stat {
    pub fn as_str(self) -> &'static str {
        match self {
            Stat::Health => "health",
            Stat::Sanity => "sanity",
            Stat::Clues => "clues",
            Stat::Focus => "focus",
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum Effect {
    // before_test
    /// Test this skill instead of the printed one.
    ReplaceSkill(Skill),
    /// Do not resolve this test at all.
    SkipTest(String),
    /// Defeat the monster being encountered; its test is not resolved.
    DefeatMonster,
    /// The test passes (`true`) or fails automatically: no dice are rolled.
    AutoResult(bool),
    // on_pool
    /// Offer a bonus to the skill tested (only the highest applies in Eldritch Horror).
    Bonus {
        value: i32,
        kind: Option<BonusKind>,
    },
    AddDice(i32),
    FewerDice(i32),
    /// Bonuses of this kind do not apply (Magical / Physical Resistance).
    BlockBonuses(BonusKind),
    /// The lowest face that is a success (Blessed 4, Cursed 6).
    SuccessFrom(u8),
    /// Each Clue spent on a reroll rerolls up to this many dice.
    DicePerClue(u32),
    /// Each Focus spent on a reroll rerolls up to this many dice.
    DicePerFocus(u32),
    /// AH2e: each Clue token spent on this check adds this many dice more than the one the rules
    /// give (several cards add up: Joe Diamond's Hunches and a Skill's "one extra bonus die").
    ExtraDicePerClue(u32),
    // after_roll
    Reroll(usize),
    SetFace {
        die: usize,
        face: u8,
    },
    /// On the final faces, each `face` counts as `successes` (the highest such rule wins; none multiply).
    CountFace {
        face: u8,
        successes: u32,
    },
    /// On the final faces, each `face` negates `successes` successes; the result is never below 0
    /// (the highest such rule for a face wins; none add up).
    NegateFace {
        face: u8,
        successes: u32,
    },
    /// Successes added to the test result once its dice are on the table (Kid O'Brien: "add 1
    /// success to your test result").
    AddSuccesses(u32),
    // combat encounters
    /// A bonus that lasts for the rest of this combat (`None`: every skill; `ctx.combat.bonus`).
    CombatBonus {
        skill: Option<Skill>,
        value: i32,
    },
    /// AH2e: a bonus to every check of kind `check` (Combat, Horror, Evade, Spell) for the rest of
    /// this combat, whatever skill a card makes it test (`ctx.combat.check_bonus`).
    CombatCheckBonus {
        check: TestKind,
        value: i32,
    },
    /// Resolve the Strength test before the Will test (Hank Samson).
    StrengthFirst,
    /// EH: no Clue may be spent to reroll dice for the rest of this combat (Focus rerolls stay).
    ForbidClueRerolls,
    /// AH2e: one copy of the investigator's card `id` not yet magical gives magical bonuses for the
    /// rest of this combat ("make one Physical weapon a Magical weapon", `ctx.combat.make_magical`).
    MakeMagical(String),
    /// Reduce the monster's damage value for this encounter, to a minimum of `min`.
    ReduceDamage {
        by: i32,
        min: i32,
    },
    /// Reduce the monster's horror (EH) or horror damage (AH2e) for this encounter, to a minimum of
    /// `min`.
    ReduceHorror {
        by: i32,
        min: i32,
    },
    /// Reduce the monster's toughness for this encounter, to a minimum of `min` (EH: at or below its
    /// Health tokens, 0 included, it is defeated).
    ReduceToughness {
        by: i32,
        min: i32,
    },
    /// The monster met loses an ability for this combat ("Monsters you encounter lose Physical
    /// Resistance"): every rule and card that reads it during the combat finds it gone.
    LoseAbility(Lost),
    /// The monster met gains an ability keyword (the Maniac: "If the terror level is at least 6, ...
    /// he gains Endless"): it holds it from then on, as if printed.
    GainAbility(Keyword),
    /// Raise the monster's damage value for this encounter by n (the Maniac: "his combat damage
    /// increases to 3 Stamina").
    RaiseDamage(i32),
    /// Set the modifier of the monster's test `slot` (EH: the Will or Strength test's modifier; AH2e:
    /// the horror or combat rating) for this encounter.
    SetModifier {
        slot: Slot,
        value: i32,
    },
    /// Resolve another test right after this hook's test (or before the token's tests when asked in
    /// before_encounter); `kind` labels it for the hooks that react to it.
    Test {
        skill: Skill,
        modifier: i32,
        kind: TestKind,
    },
    /// The monster loses Health (Ghost: equal to the Will test result).
    MonsterLose(i32),
    /// Monster `monster` on the investigator's space (its place in the order met) loses `amount`
    /// Health, outside its combat (an Action's "choose a Monster on your space to lose 2 Health").
    SpaceMonsterLose {
        monster: usize,
        amount: i32,
    },
    /// Every monster on the investigator's space is defeated (one no effect may defeat, an EH Epic
    /// Monster, is not).
    DefeatSpaceMonsters,
    /// The monster recovers Health (removes Health tokens).
    MonsterRecover(i32),
    /// The investigator does not resolve another encounter this phase (Gug).
    NoMoreEncounters,
    /// AH2e: the investigator moves to a place (`other_world` through a gate, …).
    MoveTo(Location),
    /// AH2e: the combat ends now.
    EndCombat,
    /// AH2e: the monster is returned to the box (no trophy).
    MonsterToBox,
    /// AH2e: the monster is returned to the cup, not defeated (no trophy); its combat ends.
    MonsterToCup,
    /// AH2e: the defeated monster is kept as a trophy where the rules return it to the cup (an
    /// Endless monster: John Legrasse).
    MonsterToTrophy,
    // anywhere
    /// Dice the script rolled outside any test ("roll 1 die").
    Rolled(Vec<u8>),
    /// The script flipped its card (`ctx.card.flip()`): copy `copy` of its `backs` was drawn, and
    /// the script resolves that back.
    Flipped {
        copy: u8,
        backs: usize,
    },
    Gain(Stat, i32),
    Lose(Stat, i32),
    Spend(Stat, i32),
    GainCondition(String),
    /// EH "gain a Madness Condition": a Condition of this trait (lowercase) he does not hold,
    /// drawn over the copies of the deck (`ctx.investigator.gain_condition_by_trait`).
    GainConditionByTrait(String),
    /// EH: an Improvement token on the skill, `n` higher (at most +2).
    Improve(Skill, i32),
    /// Draw `n` cards of a deck ("draw 1 Spell", "gain 2 Spells"): which ones is not known.
    Draw(Deck, i32),
    DiscardCondition(String),
    Discard(String),
    // on_damage
    ReduceLoss(i32),
    PreventLoss,
    // on_gain_condition
    /// The Condition about to be gained is not gained.
    PreventGain,
    /// The investigator becomes this (devoured, delayed, ...), through the `on_status` window.
    SetStatus(Fate),
    // on_status
    /// What he is about to become is this instead (Moon-beast: devoured instead of unconscious).
    ReplaceStatus(Fate),
    /// What a card was about to make of him does not happen.
    PreventStatus,
    // this card's own state
    /// Keep `value` under `key` in this card's store (`None`: forget it).
    Store {
        key: String,
        value: Option<Stored>,
    },
    /// This card is exhausted: it stays so for the rest of the play.
    Exhaust,
    /// AH2e: cast this spell now, as its card says: its Sanity cost paid, exhausted, and its Spell
    /// check (Lore + casting modifier) resolved where a test asked for here would be (`Test`);
    /// `modifier`: the one its text gives (printed "Special"), else the printed one.
    Cast {
        modifier: Option<i32>,
    },
    /// A line of the script's own in the transcript (`print`, `ctx.note`).
    Note(String),
}

impl Effect {
    /// The script name of an effect that changes a pool being assembled (`None` for the others): it
    /// means nothing once the dice are rolled, so asking for it anywhere else is refused.
    pub fn pool_part(&self) -> Option<&'static str> {
        match self {
            Effect::Bonus { .. } => Some("bonus"),
            Effect::AddDice(_) => Some("add_dice"),
            Effect::FewerDice(_) => Some("fewer_dice"),
            Effect::BlockBonuses(_) => Some("block_bonuses"),
            _ => None,
        }
    }
}
