//! The rules kernel: dice, pool assembly, tests and the game procedures, as pure functions on values.
//! It never names a card, does no I/O and may not import `toml`, `rhai` or `serde_json`: cards reach it
//! as [`ActiveCard`] values and their scripts as the [`Hooks`] trait.

/// Adds an event to an encounter's transcript, if it keeps one (`Encounter::record`): the event is not
/// even built when it does not.
macro_rules! emit {
    ($enc:expr, $event:expr) => {
        if $enc.record {
            $enc.events.push($event)
        }
    };
}

mod arkham;
mod card;
mod dice;
mod effect;
mod encounter;
mod event;
mod hooks;
mod investigator;
pub mod monster;
mod pool;
mod procedure;
mod skill;
mod test;

pub use arkham::Arkham;
pub use card::{ActiveCard, BonusDef, BonusKind, Casting, During};
pub use dice::{DiceError, DiceSource, d6_from_u32};
pub use effect::{Effect, Stat};
pub use encounter::{
    CombatState, Encounter, KernelError, Policy, Resolution, Round, Rules, Setup, StageRules,
    StateKey, Tally, TestRequest,
};
pub use event::{Event, PartKind};
pub use hooks::{
    CombatView, Hook, HookCall, HookError, HookSet, Hooks, LossView, NoHooks, TestView,
};
pub use investigator::{Investigator, Status};
pub use monster::Monster;
pub use pool::{Bonus, BonusRule, Pool, PoolInput, assemble, assemble_pool};
pub use procedure::{Eldritch, Procedure, procedure_for};
pub use skill::{Game, Skill};
pub use test::{Slot, TestOutcome, TestSpec, count_successes, face_value, failing_dice};
