//! The result object of spec/scenario.md, field names and values exactly as the contract gives
//! them: each kernel value is spelled with its `as_str` here (`where`, `location`, `status`), and
//! the kernel's `Monster::health_tokens` is the contract's `damage`.

use super::Played;
use crate::kernel::Game;
use serde_json::{Value, json};

pub fn result_object(p: &Played) -> Value {
    let enc = &p.encounter;
    let inv = &enc.investigator;
    let sorted = |v: &[String]| {
        let mut v = v.to_vec();
        v.sort();
        v
    };
    let mut investigator = serde_json::Map::new();
    match enc.game {
        Game::Eldritch => {
            investigator.insert("health".into(), json!(inv.health));
        }
        Game::Arkham => {
            investigator.insert("stamina".into(), json!(inv.health));
        }
    }
    investigator.insert("sanity".into(), json!(inv.sanity));
    investigator.insert("clues".into(), json!(inv.clues));
    if enc.game == Game::Eldritch {
        investigator.insert("focus".into(), json!(inv.focus));
    }
    investigator.insert("conditions".into(), json!(sorted(&inv.conditions)));
    investigator.insert("possessions".into(), json!(sorted(&inv.possessions)));
    investigator.insert("trophies".into(), json!(sorted(&inv.trophies)));
    investigator.insert("status".into(), json!(inv.status.as_str()));
    investigator.insert("location".into(), json!(inv.location.map(|l| l.as_str())));
    let monsters: Vec<Value> = enc
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
        "game": enc.game.as_str(),
        "investigator": investigator,
        "monsters": monsters,
        "may_encounter_again": enc.may_encounter_again,
        "tests": enc.tests,
        "events": enc.events,
    })
}
