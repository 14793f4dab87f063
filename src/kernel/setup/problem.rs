//! What `Setup::check` finds wrong: the part of the setup a problem is about, and the problem, as typed
//! values (the wording, and the place in a file, belong to whoever built the setup). Imports kernel
//! types only.

use crate::kernel::bounds::Bounds;
use crate::kernel::{Game, Location, Skill};

/// The part of a setup (and of the test asked of it) a problem is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Part {
    /// The number of investigators in the game.
    InvestigatorsInGame,
    /// AH2e: open gates on the board.
    OpenGates,
    /// AH2e: the terror level.
    TerrorLevel,
    /// EH: other investigators on the investigator's space.
    InvestigatorsOnSpace,
    /// EH: Mysteries solved.
    MysteriesSolved,
    /// The investigator's value of a skill.
    Skill(Skill),
    /// Health (Stamina), Sanity, their maximums, Clue and Focus tokens.
    Health,
    MaxHealth,
    Sanity,
    MaxSanity,
    Clues,
    Focus,
    /// The improvement or impairment token on a skill.
    Improvement(Skill),
    /// The investigator's location.
    Location,
    /// `monsters[i]`.
    Monster(usize, MonsterPart),
    /// The skill of the test asked for.
    TestSkill,
    /// The modifier of the test asked for.
    TestModifier,
    /// The difficulty of the test asked for.
    TestDifficulty,
    /// `rounds[i].cast[j]`.
    RoundCast(usize, usize),
    /// `rounds[i].wield`, as a whole.
    RoundWield(usize),
}

/// The part of a monster a problem is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum MonsterPart {
    Toughness,
    /// The Health tokens put on it (a scenario's `damage`).
    HealthTokens,
}

/// What is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    /// A number outside the range the kernel's arithmetic is made for (`kernel::bounds`).
    OutOfRange { value: i64, bounds: Bounds },
    /// A skill the game does not have.
    NotASkillOfTheGame { skill: Skill, game: Game },
    /// Improvement tokens are Eldritch Horror tokens on its five skills.
    NoImprovementToken,
    /// An improvement token is +1 or +2, an impairment −1 or −2.
    TokenValue(i32),
    /// Health tokens on a monster must leave it standing (fewer than its toughness, not negative).
    HealthTokens { tokens: i32, toughness: i32 },
    /// EH: "An investigator cannot impair a skill if doing so reduces that skill's modified value to
    /// below 1" (RG, Impairment Tokens): the skill's value and the token.
    ImpairedBelowOne {
        skill: Skill,
        value: i32,
        token: i32,
    },
    /// Eldritch Horror tests pass on one success: no difficulty.
    DifficultyInEldritch,
    /// AH2e: an investigator starts in Arkham or in an other world.
    NotAStartingLocation(Location),
    /// A spell is cast from the hands: it must be wielded too.
    CastNotWielded(String),
    /// AH2e: a round casts a spell (a copy key) its card exhausted (`ctx.card.cast`) and that is not
    /// cast now: an exhausted card is not used again until it refreshes (found in play, not by
    /// `Setup::check`: the round is refused when it is reached).
    CastExhausted(String),
    /// A card (a copy key: `id#2` is its second copy) held in hand that the investigator does not
    /// have, or that is held twice: each copy is one possession.
    NoSuchCopy(String),
    /// An investigator has two hands (AH rulebook p.16).
    TooManyHands(u32),
    /// EH: at most [`FOCUS_LIMIT`] Focus tokens (Masks of Nyarlathotep, Focus Action).
    TooMuchFocus(i32),
    /// Current Health (Stamina) or Sanity above its maximum (EH FAQ, Investigators; RG, Health and
    /// Sanity: "cannot have more Health or Sanity than his maximum").
    AboveMaximum { value: i32, max: i32 },
    /// EH: more other investigators on the investigator's space than the game has besides him.
    MoreOnSpaceThanInGame { on_space: u32, in_game: u32 },
}

/// EH: "An investigator cannot have more than two Focus tokens" (Masks of Nyarlathotep, Focus Action).
pub const FOCUS_LIMIT: i32 = 2;

/// One problem and the part it is about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetupProblem {
    pub part: Part,
    pub problem: Problem,
}

/// A setup refused: every problem found.
#[derive(Debug, Clone)]
pub struct SetupError {
    pub problems: Vec<SetupProblem>,
}
