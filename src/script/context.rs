//! `ctx`: what a hook receives. Getters read a copy of the state; every method records an effect that
//! the kernel applies after the hook returns. This file is the script API reference's source of truth.
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

pub fn register(engine: &mut Engine) {
    engine.register_type_with_name::<Ctx>("Ctx");

    // What the hook can read.
    engine.register_get("card", |c: &mut Ctx| c.0.borrow().card.clone());
    engine.register_get("game", |c: &mut Ctx| c.view(|v| name(v.game.as_str())));
    engine.register_get("skill", |c: &mut Ctx| c.view(|v| name(v.skill.as_str())));
    engine.register_get("printed_skill", |c: &mut Ctx| {
        c.view(|v| name(v.printed_skill.as_str()))
    });
    engine.register_get("kind", |c: &mut Ctx| {
        c.view(|v| match v.kind.builtin() {
            Some(k) => name(k),
            None => v.kind.as_str().into(),
        })
    });
    engine.register_get("modifier", |c: &mut Ctx| c.view(|v| v.modifier as INT));
    engine.register_get("difficulty", |c: &mut Ctx| c.view(|v| v.difficulty as INT));
    engine.register_get("in_combat", |c: &mut Ctx| c.view(|v| v.in_combat));
    engine.register_get("faces", |c: &mut Ctx| {
        c.view(|v| {
            v.faces
                .iter()
                .map(|f| Dynamic::from(*f as INT))
                .collect::<Array>()
        })
    });
    engine.register_get("successes", |c: &mut Ctx| c.view(|v| v.successes as INT));
    engine.register_get("passed", |c: &mut Ctx| c.view(|v| v.passed));
    engine.register_get("chosen", |c: &mut Ctx| c.view(|v| v.chosen));
    engine.register_get("investigators_in_game", |c: &mut Ctx| {
        c.view(|v| v.investigators_in_game as INT)
    });
    engine.register_get("investigator", |c: &mut Ctx| c.view(investigator_map));
    engine.register_get("monster", |c: &mut Ctx| c.view(monster_map));
    engine.register_get("slot", |c: &mut Ctx| {
        c.view(|v| name(v.slot.map_or("", |s| s.as_str())))
    });
    engine.register_get("failing_dice", |c: &mut Ctx| {
        c.view(|v| {
            v.failing_dice()
                .into_iter()
                .map(|i| Dynamic::from(i as INT))
                .collect::<Array>()
        })
    });
    engine.register_get("encounter", |c: &mut Ctx| {
        c.view(|v| {
            v.combat
                .clone()
                .map_or(Dynamic::UNIT, |e| Dynamic::from(Combat(e)))
        })
    });
    engine.register_type_with_name::<Combat>("Encounter");
    engine.register_get("number", |e: &mut Combat| e.0.number as INT);
    engine.register_get("ambush", |e: &mut Combat| e.0.ambush);
    engine.register_get("damage_value", |e: &mut Combat| opt_int(e.0.damage_value));
    engine.register_get("will_result", |e: &mut Combat| opt_int(e.0.will_result));
    engine.register_get("will_passed", |e: &mut Combat| opt_bool(e.0.will_passed));
    engine.register_get("strength_result", |e: &mut Combat| {
        opt_int(e.0.strength_result)
    });
    engine.register_get("strength_passed", |e: &mut Combat| {
        opt_bool(e.0.strength_passed)
    });
    engine.register_get("sanity_lost", |e: &mut Combat| e.0.sanity_lost as INT);
    engine.register_get("health_lost", |e: &mut Combat| e.0.health_lost as INT);
    engine.register_fn("to_map", |e: &mut Combat| e.to_map());
    engine.register_fn("to_string", |e: &mut Combat| format!("{:?}", e.to_map()));
    engine.register_fn("to_debug", |e: &mut Combat| format!("{:?}", e.to_map()));
    engine.register_get("in_hand", |c: &mut Ctx| c.view(|v| v.in_hand));
    engine.register_get("open_gates", |c: &mut Ctx| c.view(|v| v.open_gates as INT));
    engine.register_get("possession_traits", |c: &mut Ctx| {
        c.view(|v| {
            v.investigator
                .possessions
                .iter()
                .map(|id| {
                    let traits = v
                        .catalog
                        .get(id)
                        .map(|c| c.traits.clone())
                        .unwrap_or_default();
                    let mut m = Map::new();
                    m.insert("id".into(), id.clone().into());
                    m.insert("traits".into(), strings(&traits).into());
                    Dynamic::from(m)
                })
                .collect::<Array>()
        })
    });
    engine.register_get("loss", |c: &mut Ctx| {
        c.view(|v| v.loss.as_ref().map_or(0, |l| l.amount as INT))
    });
    engine.register_get("loss_stat", |c: &mut Ctx| {
        c.view(|v| {
            v.loss
                .as_ref()
                .map_or(String::new(), |l| l.stat.as_str().to_string())
        })
    });
    engine.register_get("loss_target", |c: &mut Ctx| {
        c.view(|v| {
            v.loss
                .as_ref()
                .map_or(String::new(), |l| l.target.key().to_string())
        })
    });
    engine.register_get("loss_cause", |c: &mut Ctx| {
        c.view(|v| {
            v.loss
                .as_ref()
                .map_or(String::new(), |l| l.cause.key().into_owned())
        })
    });

    // before_test
    engine.register_fn("replace_skill", |c: &mut Ctx, s: &str| -> Res<()> {
        let k = skill(s)?;
        c.push(Effect::ReplaceSkill(k));
        Ok(())
    });
    engine.register_fn("skip_test", |c: &mut Ctx, reason: &str| {
        c.push(Effect::SkipTest(reason.to_string()))
    });
    engine.register_fn("defeat_monster", |c: &mut Ctx| {
        c.push(Effect::DefeatMonster)
    });

    // on_pool
    engine.register_fn("bonus", |c: &mut Ctx, n: INT| -> Res<()> {
        let value = count(n, "bonus")?;
        c.push(Effect::Bonus { value, kind: None });
        Ok(())
    });
    engine.register_fn("bonus", |c: &mut Ctx, n: INT, k: &str| -> Res<()> {
        let value = count(n, "bonus")?;
        let kind = Some(kind(k)?);
        c.push(Effect::Bonus { value, kind });
        Ok(())
    });
    engine.register_fn("add_dice", |c: &mut Ctx, n: INT| -> Res<()> {
        let n = count(n, "add_dice")?;
        c.push(Effect::AddDice(n));
        Ok(())
    });
    engine.register_fn("fewer_dice", |c: &mut Ctx, n: INT| -> Res<()> {
        let n = count(n, "fewer_dice")?;
        c.push(Effect::FewerDice(n));
        Ok(())
    });
    engine.register_fn("block_bonuses", |c: &mut Ctx, k: &str| -> Res<()> {
        let k = kind(k)?;
        c.push(Effect::BlockBonuses(k));
        Ok(())
    });
    engine.register_fn("success_from", |c: &mut Ctx, f: INT| -> Res<()> {
        let f = face(f)?;
        c.push(Effect::SuccessFrom(f));
        Ok(())
    });
    engine.register_fn("dice_per_clue", |c: &mut Ctx, n: INT| -> Res<()> {
        let n = count(n, "dice_per_clue")?;
        c.push(Effect::DicePerClue(n as u32));
        Ok(())
    });

    // after_roll
    engine.register_fn("reroll", |c: &mut Ctx, die: INT| -> Res<()> {
        if die < 0 {
            return err(format!("reroll({die}): dice are numbered from 0"));
        }
        c.push(Effect::Reroll(die as usize));
        Ok(())
    });
    engine.register_fn("set_face", |c: &mut Ctx, die: INT, f: INT| -> Res<()> {
        if die < 0 {
            return err(format!("set_face({die}, {f}): dice are numbered from 0"));
        }
        let f = face(f)?;
        c.push(Effect::SetFace {
            die: die as usize,
            face: f,
        });
        Ok(())
    });
    engine.register_fn("count_face", |c: &mut Ctx, f: INT, n: INT| -> Res<()> {
        let f = face(f)?;
        let n = count(n, "count_face")?;
        c.push(Effect::CountFace {
            face: f,
            successes: n as u32,
        });
        Ok(())
    });

    // anywhere
    engine.register_fn("roll", |c: &mut Ctx, n: INT| -> Res<Array> {
        let n = count(n, "roll")? as usize;
        let mut st = c.0.borrow_mut();
        let label = format!("`ctx.roll({n})` of {}", st.card);
        match st.dice.roll_many(n, &label) {
            Ok(faces) => {
                st.push(Effect::Rolled(faces.clone()));
                Ok(faces.into_iter().map(|f| Dynamic::from(f as INT)).collect())
            }
            Err(e) => {
                let msg = e.to_string();
                st.dice_error = Some(e);
                err(msg)
            }
        }
    });
    engine.register_fn("gain", |c: &mut Ctx, s: &str, n: INT| -> Res<()> {
        let (s, n) = (stat(s)?, count(n, "gain")?);
        c.push(Effect::Gain(s, n));
        Ok(())
    });
    engine.register_fn("lose", |c: &mut Ctx, s: &str, n: INT| -> Res<()> {
        let (s, n) = (stat(s)?, count(n, "lose")?);
        c.push(Effect::Lose(s, n));
        Ok(())
    });
    engine.register_fn("spend", |c: &mut Ctx, s: &str, n: INT| -> Res<()> {
        let (s, n) = (stat(s)?, count(n, "spend")?);
        c.push(Effect::Spend(s, n));
        Ok(())
    });
    engine.register_fn("gain_condition", |c: &mut Ctx, id: &str| {
        c.push(Effect::GainCondition(id.to_string()))
    });
    engine.register_fn("discard_condition", |c: &mut Ctx, id: &str| {
        c.push(Effect::DiscardCondition(id.to_string()))
    });
    engine.register_fn("discard", |c: &mut Ctx, id: &str| {
        c.push(Effect::Discard(id.to_string()))
    });
    engine.register_fn("note", |c: &mut Ctx, text: &str| {
        c.push(Effect::Note(text.to_string()))
    });

    // combat encounters
    engine.register_fn(
        "encounter_bonus",
        |c: &mut Ctx, s: &str, n: INT| -> Res<()> {
            let skill = if s == "all" { None } else { Some(skill(s)?) };
            let value = count(n, "encounter_bonus")?;
            c.push(Effect::CombatBonus { skill, value });
            Ok(())
        },
    );
    engine.register_fn("strength_test_first", |c: &mut Ctx| {
        c.push(Effect::StrengthFirst)
    });
    engine.register_fn(
        "reduce_damage",
        |c: &mut Ctx, n: INT, min: INT| -> Res<()> {
            let by = count(n, "reduce_damage")?;
            let min = count(min, "reduce_damage")?;
            c.push(Effect::ReduceDamage { by, min });
            Ok(())
        },
    );
    engine.register_fn(
        "test",
        |c: &mut Ctx, s: &str, modifier: INT, kind: &str| -> Res<()> {
            let skill = skill(s)?;
            if !(-20..=20).contains(&modifier) {
                return err(format!(
                    "test(\"{s}\", {modifier}, ...): a modifier is -20 to 20"
                ));
            }
            c.push(Effect::Test {
                skill,
                modifier: modifier as i32,
                kind: kind.into(),
            });
            Ok(())
        },
    );
    engine.register_fn("monster_lose", |c: &mut Ctx, n: INT| -> Res<()> {
        let n = count(n, "monster_lose")?;
        c.push(Effect::MonsterLose(n));
        Ok(())
    });
    engine.register_fn("monster_recover", |c: &mut Ctx, n: INT| -> Res<()> {
        let n = count(n, "monster_recover")?;
        c.push(Effect::MonsterRecover(n));
        Ok(())
    });
    engine.register_fn("no_more_encounters", |c: &mut Ctx| {
        c.push(Effect::NoMoreEncounters)
    });
    engine.register_fn("move_to", |c: &mut Ctx, place: &str| -> Res<()> {
        let Some(to) = Location::parse(place) else {
            let all: Vec<&str> = Location::ALL.iter().map(|l| l.as_str()).collect();
            return err(format!("move_to(\"{place}\"): one of {}", all.join(", ")));
        };
        c.push(Effect::MoveTo(to));
        Ok(())
    });
    engine.register_fn("end_combat", |c: &mut Ctx| c.push(Effect::EndCombat));
    engine.register_fn("monster_to_box", |c: &mut Ctx| c.push(Effect::MonsterToBox));

    // on_damage
    engine.register_fn("reduce_loss", |c: &mut Ctx, n: INT| -> Res<()> {
        let n = count(n, "reduce_loss")?;
        c.push(Effect::ReduceLoss(n));
        Ok(())
    });
    engine.register_fn("prevent_loss", |c: &mut Ctx| c.push(Effect::PreventLoss));
}
