//! What a hook can read: `ctx` and the objects reached from it, each a copy of the state the kernel
//! gave the hook. A field that does not apply in a game (or not yet) is `()`, never `""` or `0`.

use super::*;
use crate::kernel::{Ability, Lost};

fn ints<T: Copy + Into<i64>>(v: impl IntoIterator<Item = T>) -> Array {
    v.into_iter()
        .map(|n| Dynamic::from(n.into() as INT))
        .collect()
}

/// The kind and traits of card `id`, lowercase (`()` for a card the game does not know).
fn traits_of(v: &TestView, id: &str) -> Dynamic {
    v.catalog
        .get(id)
        .map_or(Dynamic::UNIT, |c| strings(&c.traits).into())
}

/// The skill a monster's printed test is of (`()` when it has no such test).
fn skill_of(t: Option<&crate::kernel::MonsterTest>) -> Dynamic {
    t.map_or(Dynamic::UNIT, |t| name(t.skill.as_str()).into())
}

/// Registers a getter of object `$ty`, read from the view (`v`) by `$body`, or (`@state`) from
/// the hook's whole state (`s`); recorded when the call records its reads.
macro_rules! get {
    ($e:ident, $ty:ty, $name:literal, |$v:ident| -> $ret:ty $body:block) => {
        get!(@state $e, $ty, $name, $ret, |s| {
            let $v = &s.view;
            $body
        })
    };
    ($e:ident, $ty:ty, $name:literal, |$v:ident| $body:expr) => {
        get!(@state $e, $ty, $name, impl Valued + use<>, |s| {
            let $v = &s.view;
            $body
        })
    };
    (@state $e:ident, $ty:ty, $name:literal, $ret:ty, |$s:ident| $body:expr) => {{
        fn typed($s: &State) -> $ret {
            $body
        }
        fn again(s: &State) -> Value {
            typed(s).value()
        }
        $e.register_get($name, |o: &mut $ty| o.ctx().read(typed, again));
    }};
}

/// Registers a function of object `$ty` and one text argument (`a`), read from the view (`v`);
/// recorded with its argument.
macro_rules! get_with {
    ($e:ident, $ty:ty, $name:literal, |$v:ident, $a:ident| -> $ret:ty $body:block) => {{
        fn typed(s: &State, $a: &str) -> $ret {
            let $v = &s.view;
            $body
        }
        fn again(s: &State, a: &str) -> Value {
            typed(s, a).value()
        }
        $e.register_fn($name, |o: &mut $ty, a: &str| {
            o.ctx().read_with(a, typed, again)
        });
    }};
}

/// Registers a getter of `ctx.monster` that reads the monster (`m`) and the view (`v`).
macro_rules! mon {
    ($e:ident, $name:literal, |$v:ident, $m:ident| $body:expr) => {
        get!($e, Monster, $name, |view| -> Dynamic {
            match view.monster.as_deref() {
                Some($m) => {
                    let $v = view;
                    $body
                }
                None => Dynamic::UNIT,
            }
        })
    };
}

/// Registers a getter of `ctx.combat` that reads the combat under way (`c`).
macro_rules! fight {
    ($e:ident, $name:literal, |$c:ident| $body:expr) => {
        get!($e, Combat, $name, |v| -> Dynamic {
            v.combat.as_ref().map_or(Dynamic::UNIT, |$c| $body)
        })
    };
}

/// Registers getter `$name` of `ctx`: the object `$obj` when `$present` holds of the view (`v`),
/// else `()`. What is recorded is whether it is there (its getters record the rest).
macro_rules! part {
    ($e:ident, $name:literal, $obj:ident, |$v:ident| $present:expr) => {{
        fn present(s: &State) -> bool {
            let $v = &s.view;
            $present
        }
        fn again(s: &State) -> Value {
            Value::Bool(present(s))
        }
        $e.register_get($name, |c: &mut Ctx| {
            if c.read(present, again) {
                Dynamic::from($obj(c.clone()))
            } else {
                Dynamic::UNIT
            }
        });
    }};
}

pub(super) fn register(engine: &mut Engine) {
    ctx(engine);
    card(engine);
    test(engine);
    monster_getters(engine);
    investigator(engine);
    combat(engine);
    loss(engine);
    gaining(engine);
    discarded(engine);
    becoming(engine);
    space(engine);
    board(engine);
}

/// The getters of `ctx`.
fn ctx(e: &mut Engine) {
    get!(e, Ctx, "game", |v| name(v.game.as_str()));
    e.register_get("card", |c: &mut Ctx| Card(c.clone()));
    part!(e, "test", Test, |v| v.testing);
    part!(e, "monster", Monster, |v| v.monster.is_some());
    e.register_get("investigator", |c: &mut Ctx| Investigator(c.clone()));
    part!(e, "combat", Combat, |v| v.combat.is_some());
    part!(e, "loss", Loss, |v| v.loss.is_some());
    part!(e, "gaining", Gaining, |v| v.gaining.is_some());
    part!(e, "discarded", Discarded, |v| v.discarded.is_some());
    part!(e, "becoming", Becoming, |v| v.becoming.is_some());
    get!(e, Ctx, "investigators_in_game", |v| v.investigators_in_game
        as INT);
    get!(e, Ctx, "open_gates", |v| only(v, Game::Arkham, || {
        (v.open_gates as INT).into()
    }));
    get!(e, Ctx, "terror_level", |v| only(v, Game::Arkham, || {
        (v.terror_level as INT).into()
    }));
    // The printed name of the Environment in play ("" with none): a monster's text that names one
    // ("If the Blackest Night card is in play") reads it here.
    get!(e, Ctx, "environment", |v| only(v, Game::Arkham, || {
        let name = v.environment.as_deref().map_or(String::new(), |id| {
            v.catalog
                .get(id)
                .map_or_else(|| id.to_string(), |c| c.name.clone())
        });
        name.into()
    }));
    part!(e, "space", Space, |v| v.game == Game::Eldritch);
    part!(e, "board", Board, |v| v.game == Game::Eldritch);
    get_with!(e, Ctx, "traits_of", |v, id| -> Dynamic { traits_of(v, id) });
}

/// The getters of `ctx.card`.
fn card(e: &mut Engine) {
    get!(@state e, Card, "id", ImmutableString, |s| s.card.clone());
    get!(e, Card, "chosen", |v| v.chosen);
    get!(e, Card, "in_hand", |v| only(v, Game::Arkham, || v
        .in_hand
        .into()));
    get!(e, Card, "cast", |v| only(v, Game::Arkham, || v.cast.into()));
    get_with!(e, Card, "get", |v, key| -> Dynamic {
        match v.store.get(key) {
            Some(Stored::Int(n)) => Dynamic::from(*n as INT),
            Some(Stored::Bool(b)) => Dynamic::from(*b),
            Some(Stored::Text(t)) => Dynamic::from(t.clone()),
            None => Dynamic::UNIT,
        }
    });
    get!(e, Card, "exhausted", |v| v.exhausted);
    get!(@state e, Card, "traits", Dynamic, |s| traits_of(&s.view, &s.card));
}

/// The getters of `ctx.test`.
fn test(e: &mut Engine) {
    get!(e, Test, "skill", |v| name(v.skill.as_str()));
    get!(e, Test, "printed_skill", |v| name(v.printed_skill.as_str()));
    get!(e, Test, "kind", |v| match v.kind.builtin() {
        Some(k) => name(k),
        None => v.kind.as_str().into(),
    });
    get!(e, Test, "slot", |v| v
        .slot
        .map_or(Dynamic::UNIT, |s| name(s.as_str()).into()));
    get!(e, Test, "origin", |v| v
        .origin
        .as_ref()
        .map_or(Dynamic::UNIT, |o| Dynamic::from(o.to_string())));
    get!(e, Test, "encounter", |v| v
        .board
        .encounter
        .map_or(Dynamic::UNIT, |k| name(k.as_str()).into()));
    get!(e, Test, "pool", |v| opt_int(v.pool));
    get!(e, Test, "modifier", |v| v.modifier as INT);
    get!(e, Test, "difficulty", |v| v.difficulty as INT);
    get!(e, Test, "in_combat", |v| v.in_combat);
    get!(e, Test, "faces", |v| ints(v.faces.iter().copied()));
    get!(e, Test, "failing_dice", |v| v
        .failing_dice()
        .into_iter()
        .map(|i| Dynamic::from(i as INT))
        .collect::<Array>());
    get!(e, Test, "rerolled", |v| v
        .rerolled
        .map_or(Dynamic::UNIT, |d| Dynamic::from(d as INT)));
    get!(e, Test, "successes", |v| v.successes as INT);
    get!(e, Test, "passed", |v| v.passed);
}

/// Whether the monster met lost `ability` for this combat (`ctx.monster.lose_ability`).
fn lost(v: &TestView, ability: Lost) -> bool {
    v.combat
        .as_ref()
        .is_some_and(|c| c.lost_abilities.contains(&ability))
}

/// The getters of `ctx.monster`.
fn monster_getters(e: &mut Engine) {
    mon!(e, "id", |_v, m| m.id.as_ref().into());
    mon!(e, "name", |_v, m| m.name.as_ref().into());
    mon!(e, "traits", |v, m| traits_of(v, &m.id));
    mon!(e, "keywords", |v, m| m
        .keywords
        .iter()
        .filter(|k| !lost(v, Lost::Keyword(**k)))
        .map(|k| Dynamic::from(name(k.as_str())))
        .collect::<Array>()
        .into());
    get_with!(e, Monster, "has", |v, word| -> bool {
        v.monster.as_deref().is_some_and(|m| {
            m.keywords
                .iter()
                .any(|k| k.as_str() == word && !lost(v, Lost::Keyword(*k)))
                || v.catalog
                    .get(&*m.id)
                    .is_some_and(|c| c.traits.iter().any(|t| t == word))
        })
    });
    mon!(e, "horror_skill", |_v, m| skill_of(m.horror.as_ref()));
    mon!(e, "combat_skill", |_v, m| skill_of(m.combat.as_ref()));
    // In a combat, this encounter's values (cards may have changed them); else the printed ones.
    mon!(e, "horror_modifier", |v, m| opt_int(
        v.combat.as_ref().map_or_else(
            || m.horror.as_ref().filter(|t| !t.x).map(|t| t.modifier),
            |c| c.horror_modifier
        )
    ));
    mon!(e, "combat_modifier", |v, m| opt_int(
        v.combat.as_ref().map_or_else(
            || m.combat.as_ref().filter(|t| !t.x).map(|t| t.modifier),
            |c| c.combat_modifier
        )
    ));
    mon!(e, "printed_horror", |_v, m| opt_int(
        m.horror.as_ref().and_then(|t| t.loss)
    ));
    mon!(e, "printed_damage", |_v, m| opt_int(
        m.combat.as_ref().and_then(|t| t.loss)
    ));
    mon!(e, "horror", |v, m| opt_int(v.combat.as_ref().map_or_else(
        || m.horror.as_ref().and_then(|t| t.loss),
        |c| c.horror_value
    )));
    mon!(e, "damage", |v, m| opt_int(
        v.combat
            .as_ref()
            .and_then(|c| c.damage_value)
            .or_else(|| m.combat.as_ref().and_then(|t| t.loss))
    ));
    mon!(e, "printed_toughness", |_v, m| (m.toughness as INT).into());
    mon!(e, "toughness", |v, m| {
        (v.combat.as_ref().map_or(m.toughness, |c| c.toughness) as INT).into()
    });
    mon!(e, "health_tokens", |v, m| only(v, Game::Eldritch, || {
        (m.health_tokens as INT).into()
    }));
    mon!(e, "epic", |v, m| only(v, Game::Eldritch, || m.epic.into()));
    mon!(e, "awareness", |v, m| only(v, Game::Arkham, || opt_int(
        m.awareness
    )));
    // Lost for this combat (`lose_ability`), the monster has none: 0.
    mon!(e, "nightmarish", |v, m| only(v, Game::Arkham, || {
        let gone = lost(v, Lost::Value(Ability::Nightmarish));
        (if gone { 0 } else { m.nightmarish } as INT).into()
    }));
    mon!(e, "overwhelming", |v, m| only(v, Game::Arkham, || {
        let gone = lost(v, Lost::Value(Ability::Overwhelming));
        (if gone { 0 } else { m.overwhelming } as INT).into()
    }));
    mon!(e, "defeated", |_v, m| m.defeated.into());
}

/// The getters of `ctx.investigator`.
fn investigator(e: &mut Engine) {
    get!(e, Investigator, "name", |v| v.investigator.name.clone());
    get!(e, Investigator, "card", |v| v
        .investigator
        .card
        .clone()
        .map_or(Dynamic::UNIT, Dynamic::from));
    // A skill's value is the printed number with its improvement or impairment token (EH; "If he
    // has an Improvement token for the skill being tested, he adds the Improvement token's
    // modifier", EH wiki, Tests): "if your Will is 3 or higher" reads it.
    get!(e, Investigator, "skills", |v| {
        let mut skills = Map::new();
        for (k, val) in &v.investigator.skills {
            let token = v.investigator.improvement(*k);
            skills.insert(k.as_str().into(), (val.saturating_add(token) as INT).into());
        }
        skills
    });
    get!(e, Investigator, "printed_skills", |v| {
        let mut skills = Map::new();
        for (k, val) in &v.investigator.skills {
            skills.insert(k.as_str().into(), (*val as INT).into());
        }
        skills
    });
    get!(e, Investigator, "improvements", |v| {
        let mut tokens = Map::new();
        for (k, val) in &v.investigator.improvements {
            tokens.insert(k.as_str().into(), (*val as INT).into());
        }
        tokens
    });
    get!(e, Investigator, "health", |v| v.investigator.health as INT);
    get!(e, Investigator, "stamina", |v| v.investigator.health as INT);
    get!(e, Investigator, "max_health", |v| v.investigator.max_health
        as INT);
    get!(e, Investigator, "sanity", |v| v.investigator.sanity as INT);
    get!(e, Investigator, "max_sanity", |v| v.investigator.max_sanity
        as INT);
    get!(e, Investigator, "clues", |v| v.investigator.clues as INT);
    get!(e, Investigator, "focus", |v| only(
        v,
        Game::Eldritch,
        || (v.investigator.focus as INT).into()
    ));
    get!(e, Investigator, "conditions", |v| strings(
        &v.investigator.conditions
    ));
    get!(e, Investigator, "possessions", |v| strings(
        &v.investigator.possessions
    ));
    get!(e, Investigator, "trophies", |v| strings(
        &v.investigator.trophies
    ));
    get!(e, Investigator, "status", |v| name(
        v.investigator.status.as_str()
    ));
    get!(e, Investigator, "delayed", |v| v.investigator.delayed);
    get!(e, Investigator, "location", |v| v
        .investigator
        .location
        .map_or(Dynamic::UNIT, |l| Dynamic::from(name(l.as_str()))));
}

/// The getters of `ctx.combat`.
fn combat(e: &mut Engine) {
    fight!(e, "number", |c| (c.number as INT).into());
    fight!(e, "ambush", |c| c.ambush.into());
    fight!(e, "horror_result", |c| opt_int(c.will_result));
    fight!(e, "horror_passed", |c| opt_bool(c.will_passed));
    fight!(e, "combat_result", |c| opt_int(c.strength_result));
    fight!(e, "combat_passed", |c| opt_bool(c.strength_passed));
    fight!(e, "sanity_lost", |c| (c.sanity_lost as INT).into());
    fight!(e, "health_lost", |c| (c.health_lost as INT).into());
    fight!(e, "round", |c| opt_int(c.round.map(|r| r as i64)));
    get!(e, Combat, "hands_free", |v| only(v, Game::Arkham, || {
        opt_int(v.hands_free)
    }));
    fight!(e, "clue_rerolls_forbidden", |c| c
        .clue_rerolls_forbidden
        .is_some()
        .into());
}

/// Registers a getter of `$ty` that reads the view's `$field` (`x`), `()` when it is not there.
macro_rules! field {
    ($e:ident, $ty:ty, $field:ident, $name:literal, |$x:ident| $body:expr) => {
        get!($e, $ty, $name, |v| -> Dynamic {
            v.$field.as_ref().map_or(Dynamic::UNIT, |$x| $body)
        })
    };
}

/// The getters of `ctx.loss`.
fn loss(e: &mut Engine) {
    field!(e, Loss, loss, "amount", |l| (l.amount as INT).into());
    field!(e, Loss, loss, "stat", |l| name(l.stat.as_str()).into());
    field!(e, Loss, loss, "target", |l| l
        .target
        .key()
        .to_string()
        .into());
    field!(e, Loss, loss, "cause", |l| l
        .cause
        .key()
        .into_owned()
        .into());
}

/// The getters of `ctx.gaining`.
fn gaining(e: &mut Engine) {
    field!(e, Gaining, gaining, "id", |id| Dynamic::from(id.clone()));
}

/// The getters of `ctx.discarded`.
fn discarded(e: &mut Engine) {
    field!(e, Discarded, discarded, "id", |d| Dynamic::from(
        d.0.clone()
    ));
    field!(e, Discarded, discarded, "cause", |d| d
        .1
        .key()
        .into_owned()
        .into());
}

/// The getters of `ctx.becoming`.
fn becoming(e: &mut Engine) {
    field!(e, Becoming, becoming, "status", |b| name(b.fate.as_str())
        .into());
    field!(e, Becoming, becoming, "cause", |b| b
        .cause
        .key()
        .into_owned()
        .into());
}

/// The getters of `ctx.space` (EH): the investigator's space.
fn space(e: &mut Engine) {
    get!(e, Space, "kind", |v| v
        .board
        .space
        .map_or(Dynamic::UNIT, |k| name(k.as_str()).into()));
    get!(
        e,
        Space,
        "other_investigators",
        |v| v.board.investigators_on_space as INT
    );
    get!(e, Space, "monsters", |v| v
        .space_monsters
        .iter()
        .map(|m| Dynamic::from(m.id.to_string()))
        .collect::<rhai::Array>());
    get!(e, Space, "defeated", |v| v
        .space_monsters
        .iter()
        .map(|m| Dynamic::from(m.defeated))
        .collect::<rhai::Array>());
}

/// The getters of `ctx.board` (EH): what the board shows that a card reads.
fn board(e: &mut Engine) {
    get!(e, Board, "mysteries_solved", |v| v.board.mysteries_solved
        as INT);
    get!(e, Board, "ancient_one", |v| v
        .board
        .ancient_one
        .as_ref()
        .map_or(Dynamic::UNIT, |a| Dynamic::from(a.to_string())));
}
