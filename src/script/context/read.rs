//! `ctx` getters: what a hook can read (a copy of the state the kernel gave it).

use super::*;

pub(super) fn register(engine: &mut Engine) {
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
    engine.register_get("gaining", |c: &mut Ctx| {
        c.view(|v| v.gaining.clone().unwrap_or_default())
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
}
