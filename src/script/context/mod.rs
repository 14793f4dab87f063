//! `ctx`: what a hook receives. Getters read a copy of the state; every method records an effect that
//! the kernel applies after the hook returns. This folder (`read` for getters, `act` for methods) is the script API reference's source of truth.
//!
//! The boundary between the kernel's typed vocabulary and the strings scripts speak: kinds, places,
//! skills and stats are parsed here and read out with their `as_str`/`key`. Two script names differ
//! from the kernel's: `ctx.monster.damage` is `Monster::health_tokens`, and `ctx.encounter` is the
//! combat under way (`TestView::combat`).

use crate::kernel::CombatView;
use crate::kernel::{BonusKind, DiceError, DiceSource, Effect, Location, Skill, Stat, TestView};
use rhai::{Array, Dynamic, Engine, EvalAltResult, INT, ImmutableString, Map, Position};
use std::cell::RefCell;
use std::rc::Rc;

pub struct State {
    pub view: TestView,
    pub effects: Vec<Effect>,
    pub dice: DiceSource,
    pub dice_error: Option<DiceError>,
    pub card: ImmutableString,
    /// Set when the hook asked for more than `Limits::EFFECTS` effects (those past it are dropped).
    pub too_many: bool,
}

impl State {
    /// Records an effect, unless the hook already asked for `Limits::EFFECTS`.
    pub fn push(&mut self, e: Effect) {
        if self.effects.len() < super::Limits::EFFECTS {
            self.effects.push(e);
        } else {
            self.too_many = true;
        }
    }
}

#[derive(Clone)]
pub struct Ctx(pub Rc<RefCell<State>>);

type Res<T> = Result<T, Box<EvalAltResult>>;

fn err<T>(msg: String) -> Res<T> {
    Err(Box::new(EvalAltResult::ErrorRuntime(
        msg.into(),
        Position::NONE,
    )))
}

fn skill(s: &str) -> Res<Skill> {
    match Skill::parse(s) {
        Some(k) => Ok(k),
        None => err(format!(
            "`{s}` is not a skill (lore, influence, observation, strength, will, speed, sneak, fight, luck)"
        )),
    }
}

fn stat(s: &str) -> Res<Stat> {
    match s {
        "health" | "stamina" => Ok(Stat::Health),
        "sanity" => Ok(Stat::Sanity),
        "clue" | "clues" => Ok(Stat::Clues),
        "focus" => Ok(Stat::Focus),
        _ => err(format!(
            "`{s}` is not a stat (health, stamina, sanity, clues, focus)"
        )),
    }
}

fn kind(s: &str) -> Res<BonusKind> {
    BonusKind::parse(s).map_or_else(
        || err(format!("`{s}` is not a bonus kind (physical, magical)")),
        Ok,
    )
}

fn count(n: INT, what: &str) -> Res<i32> {
    if (0..=100).contains(&n) {
        Ok(n as i32)
    } else {
        err(format!("{what}({n}): expected 0 to 100"))
    }
}

fn face(n: INT) -> Res<u8> {
    if (1..=6).contains(&n) {
        Ok(n as u8)
    } else {
        err(format!("{n} is not a die face (1 to 6)"))
    }
}

impl Ctx {
    fn push(&mut self, e: Effect) {
        self.0.borrow_mut().push(e);
    }
    fn view<T>(&self, f: impl FnOnce(&TestView) -> T) -> T {
        f(&self.0.borrow().view)
    }
}

fn strings(v: &[String]) -> Array {
    v.iter().map(|s| Dynamic::from(s.clone())).collect()
}

fn investigator_map(v: &TestView) -> Map {
    let i = &v.investigator;
    let mut m = Map::new();
    m.insert("name".into(), i.name.clone().into());
    m.insert("card".into(), i.card.clone().unwrap_or_default().into());
    let mut skills = Map::new();
    for (k, val) in &i.skills {
        skills.insert(k.as_str().into(), (*val as INT).into());
    }
    m.insert("skills".into(), skills.into());
    m.insert("health".into(), (i.health as INT).into());
    m.insert("stamina".into(), (i.health as INT).into());
    m.insert("sanity".into(), (i.sanity as INT).into());
    m.insert("clues".into(), (i.clues as INT).into());
    m.insert("focus".into(), (i.focus as INT).into());
    m.insert("conditions".into(), strings(&i.conditions).into());
    m.insert("possessions".into(), strings(&i.possessions).into());
    m.insert(
        "location".into(),
        i.location
            .map_or(Dynamic::UNIT, |l| Dynamic::from(name(l.as_str()))),
    );
    m
}

fn monster_map(v: &TestView) -> Dynamic {
    let Some(mon) = &v.monster else {
        return Dynamic::UNIT;
    };
    let mut m = Map::new();
    m.insert("id".into(), mon.id.clone().into());
    m.insert("name".into(), mon.name.clone().into());
    m.insert("toughness".into(), (mon.toughness as INT).into());
    m.insert("damage".into(), (mon.health_tokens as INT).into());
    m.insert("epic".into(), mon.epic.into());
    m.insert("defeated".into(), mon.defeated.into());
    m.insert("has_will_test".into(), mon.horror.is_some().into());
    m.insert("has_strength_test".into(), mon.combat.is_some().into());
    // The skill each printed test is of ("" when there is none): a Lore test in place of the Strength
    // test is "lore" here.
    let skill = |t: &Option<crate::kernel::MonsterTest>| {
        t.as_ref()
            .map_or(String::new(), |t| t.skill.as_str().to_string())
    };
    m.insert("will_test_skill".into(), skill(&mon.horror).into());
    m.insert("strength_test_skill".into(), skill(&mon.combat).into());
    m.into()
}

/// `ctx.encounter`: the combat under way, read-only. An object with getters rather than a map: a hook
/// reads one or two of its fields, and building a nine-entry map for each call cost more than the
/// hook itself.
#[derive(Clone)]
pub struct Combat(CombatView);

fn opt_int(o: Option<impl Into<i64>>) -> Dynamic {
    o.map_or(Dynamic::UNIT, |n| Dynamic::from(n.into() as INT))
}

fn opt_bool(o: Option<bool>) -> Dynamic {
    o.map_or(Dynamic::UNIT, Dynamic::from)
}

impl Combat {
    /// Its fields as a map (printing, `to_map`).
    fn to_map(&self) -> Map {
        let e = &self.0;
        let mut m = Map::new();
        m.insert("number".into(), (e.number as INT).into());
        m.insert("ambush".into(), e.ambush.into());
        m.insert("damage_value".into(), opt_int(e.damage_value));
        m.insert("will_result".into(), opt_int(e.will_result));
        m.insert("will_passed".into(), opt_bool(e.will_passed));
        m.insert("strength_result".into(), opt_int(e.strength_result));
        m.insert("strength_passed".into(), opt_bool(e.strength_passed));
        m.insert("sanity_lost".into(), (e.sanity_lost as INT).into());
        m.insert("health_lost".into(), (e.health_lost as INT).into());
        m
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
mod read;

/// Registers `ctx` and every getter and method of the script API.
pub fn register(engine: &mut Engine) {
    engine.register_type_with_name::<Ctx>("Ctx");
    read::register(engine);
    act::register(engine);
}
