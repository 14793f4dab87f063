//! Everything that happens, as data. The kernel emits these; `transcript/` turns them into text (all
//! of the wording lives there) and JSON. A card is named by its id, a cause by its [`Source`]; the
//! transcript looks printed names up. No event carries English written by the kernel: the only text
//! is a card's own (`Note`, a skip reason). Imports nothing outside the kernel.
//!
//! Words: a *combat* is one monster met (EH: a Combat Encounter; AH2e: a combat); the
//! [`Encounter`](super::Encounter) is the whole state of a play. The JSON names of the combat
//! events (`encounter_begins`, `damage`) are kept as they were.

use super::monster::{Keyword, LossValue, Lost, MonsterTest, MonsterValue};
use super::{
    Action, BonusKind, Exclusion, Fate, Location, Place, Skill, Slot, Source, Stat, Status, Stored,
};
use super::{Target, TestKind};
use serde::Serialize;

fn is_zero(n: &i32) -> bool {
    *n == 0
}

/// What a line of the dice pool is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PartKind {
    Skill,
    Modifier,
    Improvement,
    Bonus,
    AdditionalDice,
    FewerDice,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    TestBegins {
        test: usize,
        skill: Skill,
        kind: TestKind,
        modifier: i32,
        difficulty: u32,
        combat: bool,
        /// Which printed test of the monster this is.
        #[serde(skip_serializing_if = "Option::is_none")]
        slot: Option<Slot>,
        /// AH2e: its rating is printed −X and no card has given it yet (`modifier` is then 0).
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        unrated: bool,
        /// AH2e: its rating is printed −X, whatever value a card gave it for an earlier check: the
        /// heading shows −X, the card's line the value this check uses.
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        printed_x: bool,
    },
    SkillReplaced {
        source: Source,
        from: Skill,
        to: Skill,
    },
    /// A card said not to resolve the test, in its own words.
    TestSkipped {
        source: Source,
        reason: String,
    },
    /// A card made the test pass or fail automatically: no dice are rolled.
    AutomaticResult {
        source: Source,
        passed: bool,
    },
    /// A card defeated the monster before the test, which is not resolved.
    DefeatedBeforeTest {
        source: Source,
    },
    /// The investigator was knocked out (`status`) before the test's result was known: it is not
    /// resolved (`Procedure::out_stops_the_test`).
    TestStopped {
        status: Status,
    },
    PoolPart {
        part: PartKind,
        source: Source,
        amount: i32,
    },
    BonusIgnored {
        source: Source,
        amount: i32,
        reason: Exclusion,
    },
    /// AH2e: the monster's Physical or Magical Resistance halves a bonus (rounded up).
    BonusHalved {
        source: Source,
        from: i32,
        to: i32,
        kind: BonusKind,
        monster: String,
    },
    /// AH2e: a Clue token spent for an extra die.
    ClueDie {
        face: u8,
        clues_left: i32,
        /// The further dice the same token added (`extra_dice_per_clue`), after `face`.
        #[serde(skip_serializing_if = "Vec::is_empty")]
        extra: Vec<u8>,
        /// The card discarded in place of the Clue token (`spent_as_clue`), if one was.
        #[serde(skip_serializing_if = "Option::is_none")]
        card: Option<String>,
    },
    /// AH2e, open point D1: this scenario reads 0 or fewer dice as a failure Clue tokens cannot change.
    NoClueDice,
    /// AH2e, open point D1: 0 dice, yet Clue tokens may add dice (the engine's default reading).
    ClueDiceAfterNoDice,
    /// AH2e: a round of Fight or Flee begins.
    RoundBegins {
        round: usize,
        action: Action,
        hands: Vec<String>,
    },
    /// AH2e: the monster's Ambush: once combat has begun the investigator cannot flee, and fights.
    CannotFlee {
        monster: String,
    },
    /// AH2e: a spell cast successfully and still held keeps its bonus without a new cast.
    StillCast {
        spell: String,
    },
    /// AH2e: an Evade check passed: before combat (no combat), or fleeing (the combat ends).
    Evaded {
        fled: bool,
    },
    /// AH2e: the monster has no horror rating, so there is no horror check.
    NoHorrorRating {
        monster: String,
    },
    /// AH2e: a combat that would not end, stopped after this many rounds.
    CombatStopped {
        rounds: usize,
    },
    /// AH2e: the investigator moves (hospital, asylum, through a gate, lost in time and space).
    Moved {
        to: Location,
        source: Source,
    },
    Pool {
        total: i32,
        rolled: usize,
    },
    SuccessRule {
        source: Source,
        from: u8,
    },
    CountRule {
        source: Source,
        face: u8,
        successes: u32,
    },
    /// A reroll `windows` windows deep opened no further window after it (`REROLL_WINDOWS`).
    RerollWindowsSpent {
        /// 1-based position of the die.
        die: usize,
        windows: usize,
    },
    /// Each `face` negates `successes` successes (the result never below 0).
    NegateRule {
        source: Source,
        face: u8,
        successes: u32,
    },
    /// A card added successes to the result of the test under way (`add_successes`).
    SuccessesAdded {
        source: Source,
        successes: u32,
    },
    DicePerClue {
        source: Source,
        dice: u32,
    },
    DicePerFocus {
        source: Source,
        dice: u32,
    },
    /// AH2e: each Clue token spent on this check adds `dice` more dice (`per_clue` in all, with the
    /// other cards' and the rules' one).
    ExtraDicePerClue {
        source: Source,
        dice: u32,
        per_clue: u32,
    },
    Rolled {
        faces: Vec<u8>,
    },
    Reroll {
        /// 1-based position of the die.
        die: usize,
        from: u8,
        to: u8,
        source: Source,
    },
    FaceSet {
        die: usize,
        from: u8,
        to: u8,
        source: Source,
    },
    TestResult {
        test: usize,
        faces: Vec<u8>,
        successes: u32,
        difficulty: u32,
        passed: bool,
    },
    DiceRolled {
        source: Source,
        faces: Vec<u8>,
    },
    /// `amount` is what was to be gained; `now - before` what was.
    Gained {
        stat: Stat,
        amount: i32,
        now: i32,
        source: Source,
        before: i32,
        /// The investigator's maximum, when it cut the gain short.
        #[serde(skip_serializing_if = "Option::is_none")]
        maximum: Option<i32>,
    },
    Spent {
        stat: Stat,
        amount: i32,
        now: i32,
        source: Source,
    },
    /// A card's hook asked to spend what the investigator cannot spend (more than he holds, or his
    /// last Health or Sanity in Eldritch Horror): nothing of that hook was applied.
    CannotSpend {
        stat: Stat,
        amount: i32,
        held: i32,
        source: Source,
    },
    /// `amount` is what was lost; `asked` what was to be lost once on_damage hooks had their say
    /// (more than `amount` when the loss was cut at 0, the investigator having no more).
    Lost {
        target: Target,
        stat: Stat,
        amount: i32,
        now: i32,
        source: Source,
        asked: i32,
    },
    /// A test's loss counted from the monster's printed value, before on_damage hooks may change it
    /// (EH: the value less the test result; AH2e: the whole value, as the check passed or failed).
    /// `amount` 0: the test causes no loss.
    LossCounted {
        stat: Stat,
        value_of: LossValue,
        value: i32,
        /// EH: the test result taken off the value; AH2e: none.
        #[serde(skip_serializing_if = "Option::is_none")]
        successes: Option<u32>,
        passed: bool,
        amount: i32,
        source: Source,
    },
    LossChanged {
        source: Source,
        from: i32,
        to: i32,
    },
    ConditionGained {
        condition: String,
        source: Source,
    },
    /// "Gain a Madness Condition" (EH): the deck is searched for the first Condition of `trait_`
    /// he does not hold, the deck shuffled: `condition` is the one found, copy `copy` of the
    /// `copies` such copies (a chance, each copy as likely: `[dice] flips` fixes it); `None` when
    /// he holds every Condition of the trait (nothing is gained).
    ConditionDrawn {
        #[serde(rename = "trait")]
        trait_: String,
        condition: Option<String>,
        copy: u8,
        copies: usize,
        source: Source,
    },
    /// The investigator already holds the Condition he would gain: he does not gain a copy (EH FAQ,
    /// Errata to the Reference Guide p.4).
    ConditionAlreadyHeld {
        condition: String,
        source: Source,
    },
    /// A card in play prevented or replaced the gain of a Condition (`on_gain_condition`,
    /// `prevent_gain`).
    ConditionNotGained {
        condition: String,
        /// What would have given it.
        source: Source,
        /// The card that prevented the gain.
        by: Source,
        /// It left play in the same window: it was discarded in place of the gain (Blessed: "If you
        /// would gain a Cursed Condition, discard this card instead"), not merely preventing it (Mark
        /// Harrigan: "You cannot ... gain a Detained Condition unless you choose to").
        instead: bool,
    },
    ConditionDiscarded {
        condition: String,
        source: Source,
    },
    Discarded {
        card: String,
        source: Source,
    },
    /// A card he holds raises his maximum `stat` by `by`, to `max` (AH2e "+1 Maximum Sanity"),
    /// written when the play begins.
    MaximumRaised {
        card: String,
        stat: Stat,
        by: i32,
        max: i32,
    },
    /// A loss of `amount` `stat` waits for the `tests` its on_damage hooks asked for (their after_test
    /// hooks may change it) before it is applied.
    LossWaits {
        stat: Stat,
        amount: i32,
        tests: usize,
    },
    /// A card that raised his maximum `stat` by `by` is gone: the maximum is `max`, and `value` what
    /// he now has (cut to the maximum).
    MaximumLowered {
        card: String,
        stat: Stat,
        by: i32,
        max: i32,
        value: i32,
    },
    /// AH2e, knocked out: of his `items` he loses half, rounded down (`lose`: his choice, the last
    /// listed), never one that cannot be lost (`kept`).
    HalfItemsLost {
        items: usize,
        lose: usize,
        kept: Vec<String>,
    },
    /// A card's "may" answered yes would spend `amount` of `stat` he cannot (he holds `held`): that
    /// option is not taken, and the card's effects without it apply ("unless you spend 1 Clue").
    MayDeclined {
        stat: Stat,
        amount: i32,
        held: i32,
        source: Source,
    },
    /// EH: the token on `skill` went from `from` to `to` (+1, +2 improvement; −1, −2 impairment; 0
    /// none), by a card (`ctx.investigator.improve`).
    Improved {
        skill: Skill,
        from: i32,
        to: i32,
        source: Source,
    },
    /// A hook call that would make the investigator become Delayed along with other effects (its
    /// cost), while he is Delayed already: none of its effects is applied.
    CannotBecomeDelayed {
        source: Source,
    },
    /// Devoured (both games): every card is discarded; trophies are kept.
    DevouredDiscards,
    /// EH, defeated: "The investigator discards all Condition cards" (RG, Defeated Investigators,
    /// Collect Possessions): those he held.
    DefeatedDiscards {
        conditions: Vec<String>,
    },
    /// A hook would defeat a monster no effect may defeat (EH: an Epic Monster): nothing of it applied.
    CannotDefeat {
        monster: String,
        source: Source,
    },
    /// Of the monsters an effect defeats all at once (`ctx.space.defeat_all`), one no effect may
    /// defeat (EH: an Epic Monster) stays; the others are defeated.
    NotDefeatedByEffect {
        monster: String,
        source: Source,
    },
    MonsterDefeated {
        monster: String,
        source: Source,
        /// Where it goes.
        place: Place,
    },
    /// The monster recovers Health: Health tokens come off it.
    MonsterRecovered {
        source: Source,
        amount: i32,
        health_tokens: i32,
    },
    /// AH2e: the monster goes back to the box, no trophy.
    MonsterToBox {
        source: Source,
    },
    /// AH2e: the monster goes back to the cup, no trophy, and its combat ends.
    MonsterToCup {
        source: Source,
    },
    /// AH2e: the defeated monster is kept as a trophy, not returned to the cup.
    MonsterToTrophy {
        source: Source,
    },
    /// A bonus for the rest of the combat (`None`: every skill).
    CombatBonus {
        source: Source,
        skill: Option<Skill>,
        value: i32,
    },
    /// AH2e: a bonus for the rest of the combat to every check of kind `check`, whatever its skill.
    CombatCheckBonus {
        source: Source,
        check: TestKind,
        value: i32,
    },
    /// Two effects at the same moment (hook `hook`): the monster's and the investigator's cards',
    /// resolved in the order the player chose: the monster's first (`monster_first`) or his.
    EffectsOrdered {
        hook: &'static str,
        monster: String,
        cards: Vec<String>,
        monster_first: bool,
    },
    /// EH: the Strength test is resolved before the Will test.
    StrengthFirst {
        source: Source,
    },
    /// EH: the monster's damage value for this combat changed.
    DamageValueChanged {
        source: Source,
        from: i32,
        to: i32,
    },
    /// A value of the monster met changed for this combat (`reduce_horror`, `reduce_toughness`,
    /// `set_modifier`).
    MonsterValueChanged {
        source: Source,
        value: MonsterValue,
        /// `None`: a rating printed −X that no card had given.
        from: Option<i32>,
        to: i32,
    },
    /// The monster met lost an ability for this combat (`lose_ability`).
    AbilityLost {
        source: Source,
        monster: String,
        ability: Lost,
    },
    /// The monster met gained an ability (`gain_ability`).
    AbilityGained {
        source: Source,
        monster: String,
        ability: Keyword,
    },
    /// EH: no Clue may be spent to reroll dice for the rest of this combat.
    ClueRerollsForbidden {
        source: Source,
    },
    /// AH2e: a copy of card `card` gives magical bonuses for the rest of this combat
    /// (`ctx.combat.make_magical`).
    MadeMagical {
        source: Source,
        card: String,
    },
    /// EH: a Clue reroll the player's policy would have made, not made: a card forbade them.
    ClueRerollRefused {
        source: Source,
    },
    /// The investigator resolves no other encounter this phase.
    NoMoreEncounters {
        source: Source,
    },
    /// AH2e: a card ended the combat.
    CombatEnded {
        source: Source,
    },
    /// EH: the monster prints no test for this slot.
    NoMonsterTest {
        monster: String,
        slot: Slot,
    },
    /// EH: the monster's Health lost is already equal to or greater than its toughness (a toughness of
    /// 0: "zero lost Health is equal to zero toughness", EH FAQ): it is defeated before any test.
    ToughnessReached {
        monster: String,
        toughness: i32,
        health_tokens: i32,
    },
    /// EH: the investigator defeated the monster that ambushed him: no additional encounter this
    /// phase (RG, Ambush).
    AmbushNoMoreEncounters,
    /// The investigator is out (defeated, devoured...) and meets no further monster.
    NoFurtherMonster {
        status: Status,
    },
    #[serde(rename = "encounter_begins")]
    CombatBegins {
        monster: String,
        number: usize,
        epic: bool,
        ambush: bool,
        toughness: i32,
        /// Health tokens already on it.
        #[serde(rename = "damage")]
        health_tokens: i32,
        /// Its printed values, as it is flipped. EH: the Will test (its horror) and the Strength
        /// test (its damage); AH2e: the horror rating (horror damage) and the combat rating (combat
        /// damage).
        #[serde(skip_serializing_if = "Option::is_none")]
        horror: Option<MonsterTest>,
        #[serde(skip_serializing_if = "Option::is_none")]
        combat: Option<MonsterTest>,
        /// AH2e: awareness, ability keywords, Nightmarish X and Overwhelming X.
        #[serde(skip_serializing_if = "Option::is_none")]
        awareness: Option<i32>,
        #[serde(skip_serializing_if = "Vec::is_empty")]
        abilities: Vec<Keyword>,
        #[serde(skip_serializing_if = "is_zero")]
        nightmarish: i32,
        #[serde(skip_serializing_if = "is_zero")]
        overwhelming: i32,
    },
    #[serde(rename = "encounter_ends")]
    CombatEnds {
        monster: String,
        defeated: bool,
        place: Place,
        #[serde(rename = "damage")]
        health_tokens: i32,
    },
    StatusChanged {
        status: Status,
    },
    /// A card made the investigator this (devoured, delayed, lost in time and space).
    StatusSet {
        fate: Fate,
        source: Source,
    },
    /// What he was about to become, `from`, is `to` instead: a card replaced it in `on_status`.
    StatusReplaced {
        from: Fate,
        to: Fate,
        by: Source,
    },
    /// What a card (`source`) was about to make of him does not happen: `by` prevented it.
    StatusPrevented {
        fate: Fate,
        source: Source,
        by: Source,
    },
    /// A card is exhausted for the rest of the play.
    Exhausted {
        card: String,
    },
    /// A card kept a value in its own store (`None`: forgot the key).
    Kept {
        card: String,
        key: String,
        value: Option<Stored>,
    },
    /// A card's own line (`print`, `ctx.note`).
    Note {
        source: Source,
        text: String,
    },
    /// The investigator takes the Action card `card` prints, outside any combat (a scenario's
    /// `[action]`).
    ActionTaken {
        card: String,
    },
    /// Card `card` is flipped and its back read (`ctx.card.flip()`): copy `copy` of its `backs`, one
    /// a copy, which the player could not know before (a chance: `[dice] flips` fixes it).
    Flipped {
        card: String,
        copy: u8,
        backs: usize,
    },
    /// The Reckoning of the Mythos Phase (a scenario's `[reckoning]`): each card he holds with a
    /// "RECKONING:" effect resolves it (`on_reckoning`).
    Reckoning,
    /// AH2e: the Upkeep Phase before the encounter (a scenario's `[upkeep]`): each card he holds
    /// with an "Upkeep:" effect resolves it (`on_upkeep`).
    Upkeep,
    /// He draws `amount` cards of `deck` by a card's effect (`ctx.investigator.draw`): which ones is not
    /// known to the play; `drawn` is how many of that deck he has drawn in this play.
    Drew {
        deck: crate::kernel::Deck,
        amount: i32,
        drawn: i32,
        source: Source,
    },
}
