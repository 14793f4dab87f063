//! The result object of docs/scenario.md, field names and values exactly as the contract gives
//! them: each kernel value is spelled with its `as_str` here (`where`, `location`, `status`), and
//! the kernel's `Monster::health_tokens` is the contract's `damage`.

use super::Played;
use crate::kernel::Game;
use serde_json::{Value, json};

pub fn result_object(p: &Played) -> Value {
    let enc = &p.encounter;
    let inv = &enc.table.investigator;
    let sorted = |v: &[String]| {
        let mut v = v.to_vec();
        v.sort();
        v
    };
    let mut investigator = serde_json::Map::new();
    match enc.setup.game {
        Game::Eldritch => {
            investigator.insert("health".into(), json!(inv.health));
        }
        Game::Arkham => {
            investigator.insert("stamina".into(), json!(inv.health));
        }
    }
    investigator.insert("sanity".into(), json!(inv.sanity));
    investigator.insert("clues".into(), json!(inv.clues));
    if enc.setup.game == Game::Eldritch {
        investigator.insert("focus".into(), json!(inv.focus));
        let tokens: serde_json::Map<String, Value> = inv
            .improvements
            .iter()
            .map(|(skill, t)| (skill.as_str().to_string(), json!(t)))
            .collect();
        investigator.insert("improvements".into(), Value::Object(tokens));
    }
    investigator.insert("conditions".into(), json!(sorted(&inv.conditions)));
    investigator.insert("possessions".into(), json!(sorted(&inv.possessions)));
    investigator.insert("trophies".into(), json!(sorted(&inv.trophies)));
    investigator.insert("status".into(), json!(inv.status.as_str()));
    investigator.insert("delayed".into(), json!(inv.delayed));
    investigator.insert("location".into(), json!(inv.location.map(|l| l.as_str())));
    let drawn: serde_json::Map<String, Value> = inv
        .drawn
        .iter()
        .map(|(deck, n)| (deck.as_str().to_string(), json!(n)))
        .collect();
    investigator.insert("drawn".into(), Value::Object(drawn));
    if enc.setup.game == Game::Eldritch {
        let flipped: Vec<Value> = inv
            .flipped
            .iter()
            .map(|(card, copy)| json!({ "card": card, "copy": copy }))
            .collect();
        investigator.insert("flipped".into(), Value::Array(flipped));
    }
    let monsters: Vec<Value> = enc
        .table
        .monsters
        .iter()
        .map(|m| {
            json!({
                "card": m.id,
                "damage": enc.procedure().health_tokens(m),
                "defeated": m.defeated,
                "where": m.place.as_str(),
            })
        })
        .collect();
    json!({
        "game": enc.setup.game.as_str(),
        "investigator": investigator,
        "monsters": monsters,
        "may_encounter_again": enc.table.may_encounter_again,
        "tests": enc.table.tests,
        "events": events(p),
    })
}

/// The events as JSON. A bonus left out keeps its `reason` as text, as the contract has always
/// spelled it, with the typed reason beside it as `exclusion` (an addition).
fn events(p: &Played) -> Vec<Value> {
    let names = p.names();
    p.encounter
        .run
        .events
        .iter()
        .map(|ev| {
            let mut v = json!(ev);
            if let (crate::kernel::Event::BonusIgnored { reason, .. }, Some(obj)) =
                (ev, v.as_object_mut())
            {
                let text =
                    crate::transcript::exclusion_text(reason, &names, p.encounter.setup.game);
                if let Some(why) = obj.insert("reason".into(), json!(text)) {
                    obj.insert("exclusion".into(), why);
                }
            }
            v
        })
        .collect()
}
