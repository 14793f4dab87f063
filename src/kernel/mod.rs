//! The rules kernel: dice, pool assembly, tests and the game procedures, as pure functions on values.
//! It never names a card, does no I/O and may not import `toml`, `rhai` or `serde_json`: cards reach it
//! as [`ActiveCard`] values and their scripts as the [`Hooks`] trait.
//!
//! It speaks a typed vocabulary and no English: causes ([`Source`]), loss targets ([`Target`]), where
//! a monster is ([`Place`]), where an investigator is ([`Location`]), kinds of test ([`TestKind`]),
//! monster abilities ([`Keyword`]), round actions ([`Action`]), why a bonus adds nothing
//! ([`Exclusion`]); each has one machine spelling (`as_str`, `Source::key`), and `transcript/` words
//! them. Words: [`Encounter`] is the state of one play; a *combat* is one monster met (EH's Combat
//! Encounter, AH2e's combat); a monster's Health tokens are `Monster::health_tokens`.

/// Adds an event to an encounter's transcript, if it keeps one (`Encounter::record`): the event is not
/// even built when it does not.
macro_rules! emit {
    ($enc:expr, $event:expr) => {
        if $enc.record {
            $enc.events.push($event)
        }
    };
}

mod board;
pub mod bounds;
mod card;
mod checkpoint;
mod choices;
mod decide;
mod dice;
mod effect;
mod encounter;
mod error;
mod event;
mod exclusion;
mod hook;
mod hooks;
mod investigator;
mod limits;
pub mod monster;
mod place;
mod pool;
mod procedure;
mod refusal;
mod request;
mod setup;
#[cfg(test)]
mod setup_tests;
mod skill;
mod source;
mod stored;
mod test;
mod visible;

pub use board::{Board, EncounterKind, OnSpace, SpaceKind};
pub use card::{ActiveCard, BonusDef, BonusKind, Casting, Catalog, During};
pub use checkpoint::Point;
pub use choices::{Action, Policy, Round};
pub use decide::{Answer, DecisionNeeded, Decisions, Question, TooManyOptions, round_options};
pub use dice::{DiceError, DiceSource};
pub use effect::{Effect, Stat};
pub use encounter::{CombatState, Encounter, LoopKey, Saved, Start, StateKey, Tally};
pub use error::{EffectAt, HookError, HookFault, KernelError};
pub use event::{Event, PartKind};
pub use exclusion::Exclusion;
pub use hook::{Hook, HookSet};
pub use hooks::{BecomingView, CombatView, HookCall, Hooks, LossView, TestView};
pub use investigator::{Deck, Fate, HANDS, Investigator, Status, copy_key, split_copy};
pub use limits::{HOOK_CASCADE, REROLL_WINDOWS, ROUND_OPTIONS, TESTS_PER_ENCOUNTER};
pub use monster::{Keyword, LossValue, Lost, Monster, MonsterTest, MonsterValue};
pub use place::{Location, Place};
pub use procedure::{MAX_ROUNDS, Procedure, procedure_for};
pub use refusal::{CastRefusal, KernelLimit, Refusal};
pub use request::{ActionSpec, TestRequest};
pub use setup::{
    CheckedSetup, FOCUS_LIMIT, MonsterPart, Part, Problem, Rules, Setup, SetupProblem, SetupRules,
};
pub use skill::{Game, Skill};
pub use source::{Ability, Source, Target, Token};
pub use stored::{STORE_KEYS, Store, Stored};
pub use test::{
    Slot, TestKind, TestOutcome, TestSpec, count_successes, face_negates, face_value, failing_dice,
};
pub use visible::visible;
