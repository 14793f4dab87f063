//! The range of every number a card or a scenario gives the kernel, in one table (the table of
//! numbers in docs/scenario-files.md is this one; a test holds them together). Imports nothing.
//!
//! Why these ranges make overflow impossible: the largest sum the rules build is a test's pool, a skill
//! (at most 20) + a modifier (20) + an improvement token (2) + bonuses (20 each, one per card held) +
//! additional dice; the largest loss is a horror or damage value (20) minus a result; Health tokens on a
//! monster stop at its toughness (99). Every such sum stays many orders of magnitude below `i32::MAX`
//! for any number of cards a machine can hold. Values that come from scripts at run time (`ctx`
//! effects) have no range a file can check, so the kernel's arithmetic saturates instead of wrapping
//! (`saturating_add` and the like in `pool.rs`, `test.rs`, `encounter/`, the procedures).

/// An inclusive range of whole numbers, and what the numbers in it are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bounds {
    /// What a number of this range is, as a sentence's subject: "a skill".
    pub what: &'static str,
    pub min: i64,
    pub max: i64,
}

impl Bounds {
    pub const fn contains(self, value: i64) -> bool {
        self.min <= value && value <= self.max
    }
}

const fn bounds(what: &'static str, min: i64, max: i64) -> Bounds {
    Bounds { what, min, max }
}

/// A skill value: an investigator's (scenario or card), a slider position.
pub const SKILL: Bounds = bounds("a skill", 0, 20);
/// A test's modifier, a monster's test modifier or rating, an AH2e awareness or casting modifier.
pub const MODIFIER: Bounds = bounds("a modifier", -20, 20);
/// A printed bonus ("+2 Strength").
pub const BONUS: Bounds = bounds("a bonus", -20, 20);
/// Clue and Focus tokens held (a card's printed Focus too).
pub const TOKENS: Bounds = bounds("a number of tokens", 0, 99);
/// Health (EH) or Stamina (AH2e), current or maximum, in a scenario or printed.
pub const HEALTH: Bounds = bounds("Health (Stamina)", 1, 99);
/// Sanity, current or maximum, in a scenario or printed.
pub const SANITY: Bounds = bounds("Sanity", 1, 99);
/// A monster's toughness, printed or in a scenario: 0 stands for an EH toughness reduced to 0 (the
/// monster is defeated before any test, EH FAQ); an AH2e monster's is at least 1 (`ARKHAM_TOUGHNESS`).
pub const TOUGHNESS: Bounds = bounds("a toughness", 0, 99);
/// An AH2e monster's toughness: the difficulty of the combat check, at least 1.
pub const ARKHAM_TOUGHNESS: Bounds = bounds("an Arkham Horror toughness", 1, 99);
/// A monster's horror or damage value (EH test lines, AH2e horror and combat damage).
pub const LOSS: Bounds = bounds("a horror or damage value", 0, 20);
/// AH2e Nightmarish X and Overwhelming X.
pub const KEYWORD_VALUE: Bounds = bounds("a Nightmarish or Overwhelming value", 0, 20);
/// Hands a card needs.
pub const HANDS: Bounds = bounds("a number of hands", 0, 2);
/// An AH2e spell's Sanity cost.
pub const SANITY_COST: Bounds = bounds("a Sanity cost", 0, 20);
/// A card's printed cost or price (read by no rule yet).
pub const PRICE: Bounds = bounds("a cost or price", 0, 99);
/// What a card held adds to a maximum ("+1 Maximum Sanity").
pub const MAX_BONUS: Bounds = bounds("a maximum Stamina or Sanity bonus", 0, 20);
/// How many copies of a card a game holds.
pub const COPIES: Bounds = bounds("a number of copies", 1, 99);
/// An AH2e check's difficulty.
pub const DIFFICULTY: Bounds = bounds("a difficulty", 1, 20);
/// Investigators in the game (both games seat one to eight).
pub const INVESTIGATORS: Bounds = bounds("the number of investigators", 1, 8);
/// AH2e open gates on the board (the Ancient One awakens at eight with one or two players).
pub const OPEN_GATES: Bounds = bounds("the number of open gates", 0, 8);
/// AH2e terror level (the track runs from 0 to 10; at 10 Arkham is overrun).
pub const TERROR_LEVEL: Bounds = bounds("the terror level", 0, 10);
/// EH: other investigators on the investigator's space (at most the seven others of a game of eight).
pub const INVESTIGATORS_ON_SPACE: Bounds =
    bounds("the number of other investigators on a space", 0, 7);
/// EH: Mysteries solved (the investigators win once the third is solved before the Ancient One awakens).
pub const MYSTERIES: Bounds = bounds("the number of Mysteries solved", 0, 3);

/// A number a script gives a `ctx` method as a count (`ctx.test.bonus(n)`, `ctx.investigator.lose(stat,
/// n)`, ...), checked when the method is called and, for a literal, when the script is loaded.
pub const SCRIPT_COUNT: Bounds = bounds("a count given to a script method", 0, 100);
/// A die face a script names (`ctx.test.success_from(f)`, `ctx.test.set_face(die, f)`).
pub const DIE_FACE: Bounds = bounds("a die face", 1, 6);
/// A die's number in the pool a script names (`ctx.test.reroll(die)`): dice are numbered from 0.
pub const DIE_NUMBER: Bounds = bounds("a die's number", 0, i64::MAX);

/// Every range, with the keys that take it, in the order of the table in docs/scenario-files.md (which a test holds
/// to it).
#[cfg(test)]
pub const ALL: &[(&str, Bounds)] = &[
    ("scenario skill keys; card `skills`, `sliders`", SKILL),
    (
        "`[test] modifier`; card `will`/`strength` `modifier`, `horror`/`combat` `rating`, `awareness`, `casting_modifier`",
        MODIFIER,
    ),
    ("card `bonuses` `value`", BONUS),
    ("scenario `clues`, `focus`; card `focus`", TOKENS),
    (
        "scenario `health`, `max_health`, `stamina`, `max_stamina`; card `health`, `stamina`",
        HEALTH,
    ),
    ("scenario `sanity`, `max_sanity`; card `sanity`", SANITY),
    ("card and `[[monsters]]` `toughness`", TOUGHNESS),
    (
        "card and `[[monsters]]` `toughness`, checked when an AH2e monster is played",
        ARKHAM_TOUGHNESS,
    ),
    (
        "card `will` `horror`, `strength` `damage`, `horror`/`combat` `damage`",
        LOSS,
    ),
    ("card `nightmarish`, `overwhelming`", KEYWORD_VALUE),
    ("card `hands`", HANDS),
    ("card `sanity_cost`", SANITY_COST),
    ("card `cost`, `price`", PRICE),
    ("card `max_stamina_bonus`, `max_sanity_bonus`", MAX_BONUS),
    ("card `count`", COPIES),
    ("`[test] difficulty`", DIFFICULTY),
    ("`investigators_in_game`", INVESTIGATORS),
    ("`open_gates`", OPEN_GATES),
    ("`terror_level`", TERROR_LEVEL),
    ("`investigators_on_space`", INVESTIGATORS_ON_SPACE),
    ("`mysteries_solved`", MYSTERIES),
];
