//! `ctx`: what a hook receives. Getters read a copy of the state; every method records an effect that
//! the kernel applies after the hook returns. This folder (`read` for getters, `act` for methods,
//! `args` for their arguments and ranges) is the script API reference's source of truth.
//!
//! The boundary between the kernel's typed vocabulary and the strings scripts speak: kinds, places,
//! skills and stats are parsed here and read out with their `as_str`/`key`. Script names that differ
//! from the kernel's: `ctx.combat` is `TestView::combat`, its `horror_*` and `combat_*` are
//! `CombatView::will_*` and `strength_*`, and `ctx.monster.damage` is the combat's `damage_value`
//! (its printed damage until one is set).

use crate::kernel::{
    Answer, DecisionNeeded, Decisions, DiceError, DiceSource, Effect, Game, Location, Question,
    Slot, Stored, TestView,
};
use rhai::{
    Array, Dynamic, Engine, EvalAltResult, INT, ImmutableString, Map, NativeCallContext, Position,
};
use std::cell::RefCell;
use std::rc::Rc;

pub struct State {
    pub view: TestView,
    pub effects: Vec<Effect>,
    /// Where in the script each effect was asked for (the method call's position).
    pub asked_at: Vec<Position>,
    pub dice: DiceSource,
    pub dice_error: Option<DiceError>,
    pub asked: Asked,
    pub card: ImmutableString,
    /// Where the hook asked for an effect past `Limits::EFFECTS`, if it did (those past it are
    /// dropped).
    pub too_many: Option<Position>,
    /// What the call read, in order, when it records its reads (`recorded.rs`).
    pub reads: Option<Vec<Read>>,
    /// Whether the call's effects follow from its reads alone: not once it rolled dice
    /// (`ctx.roll`) or asked a player who answers (`ctx.card.may` when the answers are replayed
    /// ones, not the scenario's `[choices]`).
    pub replayable: bool,
}

impl State {
    /// Records an effect the script asked for at `at`, unless the hook already asked for
    /// `Limits::EFFECTS`.
    pub fn push(&mut self, e: Effect, at: Position) {
        if self.effects.len() < super::Limits::EFFECTS {
            self.effects.push(e);
            self.asked_at.push(at);
        } else {
            self.too_many.get_or_insert(at);
        }
    }
}

pub use crate::limits::MAY_WORDS;

/// The questions a hook's script asks the player (`ctx.card.may`): who answers them, lent for the
/// call; what was answered (the same question asked again in one call gets the same answer); the
/// question the answers given did not reach.
#[derive(Default)]
pub struct Asked {
    decisions: Decisions,
    answered: Vec<(String, bool)>,
    needed: Option<DecisionNeeded>,
    /// Every "may" is declined without asking (`HookCall::decline_mays`).
    decline: bool,
}

impl Asked {
    pub fn lend(decisions: &mut Decisions) -> Asked {
        Asked {
            decisions: std::mem::take(decisions),
            ..Asked::default()
        }
    }

    /// Lent for a call whose every "may" is declined without asking.
    pub fn lend_declining(decisions: &mut Decisions) -> Asked {
        Asked {
            decline: true,
            ..Asked::lend(decisions)
        }
    }

    /// Whether the scenario's `[choices]` answer every question (asking then changes nothing).
    pub fn is_fixed(&self) -> bool {
        self.decisions.is_fixed()
    }

    /// Gives the answers back; the question no answer reached, if one was asked.
    pub fn give_back(self, decisions: &mut Decisions) -> Option<DecisionNeeded> {
        *decisions = self.decisions;
        self.needed
    }

    /// Card `card`'s "may" effect `what`: taken or not (`fixed`: the answer the scenario gives).
    fn may(&mut self, card: &str, what: &str, fixed: bool) -> Res<bool> {
        if self.decline {
            return Ok(false);
        }
        if let Some((_, a)) = self.answered.iter().find(|(w, _)| w == what) {
            return Ok(*a);
        }
        let question = Question::May {
            card: card.to_string(),
            what: what.to_string(),
        };
        let options = vec![Answer::May(false), Answer::May(true)];
        match self.decisions.answer(question, options, Answer::May(fixed)) {
            Ok(answer) => {
                let take = answer == Answer::May(true);
                self.answered.push((what.to_string(), take));
                Ok(take)
            }
            Err(need) => {
                let msg = need.to_string();
                self.needed = Some(need);
                err(msg)
            }
        }
    }
}

#[derive(Clone)]
pub struct Ctx(pub Rc<RefCell<State>>);

/// `ctx` or one of the objects reached from it: the hook's state they share.
trait Shares {
    fn ctx(&self) -> &Ctx;
}

impl Shares for Ctx {
    fn ctx(&self) -> &Ctx {
        self
    }
}

type Res<T> = Result<T, Box<EvalAltResult>>;

fn err<T>(msg: String) -> Res<T> {
    Err(Box::new(EvalAltResult::ErrorRuntime(
        msg.into(),
        Position::NONE,
    )))
}

/// The hook's state as one method call of the script sees it: what it records is recorded at the
/// call's position.
struct Asking<'a> {
    ctx: &'a Ctx,
    at: Position,
}

impl Asking<'_> {
    fn push(&mut self, e: Effect) {
        self.ctx.0.borrow_mut().push(e, self.at);
    }
}

fn strings(v: &[String]) -> Array {
    v.iter().map(|s| Dynamic::from(s.clone())).collect()
}

/// The objects a hook reaches from `ctx`. Each shares the hook's state: reading one reads the
/// view the kernel gave the hook, and each method records an effect in the same list as `ctx`'s own,
/// applied after the hook returns (a reference a script keeps past its return can do nothing: the
/// effects are taken when the call ends).
macro_rules! object {
    ($($(#[$m:meta])* $name:ident),* $(,)?) => {
        $(
            $(#[$m])* #[derive(Clone)] pub struct $name(pub(super) Ctx);
            impl Shares for $name {
                fn ctx(&self) -> &Ctx {
                    &self.0
                }
            }
        )*
        /// The script names of the objects, as `gen_fn_signatures` writes their types.
        pub const OBJECTS: &[&str] = &["Ctx", $(stringify!($name)),*];
        /// Registers each object's type under its name; printing one prints that name (its fields
        /// are read one by one).
        ///
        /// Each object also gets a setter on `ctx` (`ctx.test`, named as its type in lowercase) that
        /// takes only that object and does nothing. Rhai writes a property back after a method call
        /// on it (`ctx.test.reroll(1)` sets `ctx.test` again); with no setter it looks for one, then
        /// for an indexer, and builds two errors that it drops, a fifth of a scripted hook call's
        /// time. With the setter, the write-back is found at once; `ctx.test = 1` is still refused
        /// (no setter takes a number), and `known.rs` does not list the setters as methods.
        fn register_objects(e: &mut Engine) {
            e.register_type_with_name::<Ctx>("Ctx");
            $(
                e.register_type_with_name::<$name>(stringify!($name));
                e.register_fn("to_string", |_: &mut $name| stringify!($name).to_string());
                e.register_fn("to_debug", |_: &mut $name| stringify!($name).to_string());
                e.register_set(stringify!($name).to_lowercase(), |_: &mut Ctx, _: $name| {});
            )*
        }
    };
}

object!(
    /// `ctx.card`: the card whose hook runs.
    Card,
    /// `ctx.test`: the test under way (`()` when none).
    Test,
    /// `ctx.monster`: the monster being encountered (`()` when none).
    Monster,
    /// `ctx.investigator`: the investigator the test or encounter is his.
    Investigator,
    /// `ctx.combat`: the combat encounter under way (`()` when none).
    Combat,
    /// `ctx.loss`: in `on_damage`, the loss about to be applied (`()` elsewhere).
    Loss,
    /// `ctx.gaining`: in `on_gain_condition`, the Condition about to be gained (`()` elsewhere).
    Gaining,
    /// `ctx.discarded`: in `on_discard_condition`, the Condition just discarded (`()` elsewhere).
    Discarded,
    /// `ctx.becoming`: in `on_status`, what the investigator is about to become (`()` elsewhere).
    Becoming,
    /// `ctx.space` (EH): the space the investigator is on (`()` in Arkham Horror).
    Space,
    /// `ctx.board` (EH): the board state a card reads (`()` in Arkham Horror).
    Board,
);

fn opt_int(o: Option<impl Into<i64>>) -> Dynamic {
    o.map_or(Dynamic::UNIT, |n| Dynamic::from(n.into() as INT))
}

fn opt_bool(o: Option<bool>) -> Dynamic {
    o.map_or(Dynamic::UNIT, Dynamic::from)
}

/// `v` in game `only`, `()` in the other: a field that does not apply in a game is never a
/// placeholder value.
fn only(view: &TestView, game: Game, v: impl FnOnce() -> Dynamic) -> Dynamic {
    if view.game == game {
        v()
    } else {
        Dynamic::UNIT
    }
}

thread_local! {
    /// Rhai strings for the kernel's `&'static str` names (skills, slots, games, test kinds), made
    /// once per thread: a getter hands out a reference-counted copy instead of a new string.
    static NAMES: RefCell<Vec<(&'static str, ImmutableString)>> = const { RefCell::new(Vec::new()) };
}

/// `s` as a shared Rhai string.
fn name(s: &'static str) -> ImmutableString {
    NAMES.with_borrow_mut(|names| {
        if let Some((_, i)) = names.iter().find(|(k, _)| std::ptr::eq(*k, s)) {
            return i.clone();
        }
        let i = ImmutableString::from(s);
        names.push((s, i.clone()));
        i
    })
}

mod act;
mod args;
mod read;
mod recorded;

pub use recorded::{Read, Value, Valued};

pub use args::ARGUMENTS;
use args::*;

/// The script API as the engine registered it: (object, name, whether it is a method) for every
/// property and method whose first parameter is `ctx` or one of its objects (`OBJECTS`). A test holds
/// the script API reference (docs/script-api.md) to it.
#[cfg(test)]
pub fn surface(engine: &Engine) -> std::collections::BTreeSet<(String, String, bool)> {
    let mut out = std::collections::BTreeSet::new();
    for sig in engine.gen_fn_signatures(false) {
        let Some((name, rest)) = sig.split_once('(') else {
            continue;
        };
        let first = rest.split([',', ')']).next().unwrap_or("");
        let ty = first.rsplit("&mut ").next().unwrap_or("").trim();
        let ty = ty.rsplit("::").next().unwrap_or(ty);
        if !OBJECTS.contains(&ty) || !first.contains("&mut ") {
            continue;
        }
        let name = name.trim();
        if let Some(p) = name.strip_prefix("get$") {
            out.insert((ty.to_string(), p.to_string(), false));
        } else if !name.contains('$') {
            out.insert((ty.to_string(), name.to_string(), true));
        }
    }
    out
}

/// Registers `ctx` and every getter and method of the script API.
pub fn register(engine: &mut Engine) {
    register_objects(engine);
    read::register(engine);
    act::register(engine);
}
