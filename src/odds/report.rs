//! Odds as text a player reads and as JSON.

use super::outcome::Odds;
use crate::kernel::Game;
use serde_json::{Map, Value, json};
use std::fmt::Write;

fn pct(p: f64) -> String {
    // Sums of tiny floating-point terms can come out as −0.
    let p = if p.abs() < 5e-9 { 0.0 } else { p };
    format!("{:6.2}%", p * 100.0)
}

fn health_word(game: Game) -> &'static str {
    match game {
        Game::Eldritch => "Health",
        Game::Arkham => "Stamina",
    }
}

pub fn odds_text(o: &Odds, title: Option<&str>) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{}", title.unwrap_or("(untitled scenario)"));
    match o.method {
        "exact" => {
            let _ = writeln!(
                out,
                "exact odds, from {} runs of the rules; unresolved probability at most {:.1e}",
                o.runs, o.unresolved
            );
        }
        _ => {
            let _ = writeln!(
                out,
                "sampled odds, {} samples from seed {} (standard error at most {:.2}%)",
                o.runs,
                o.seed.unwrap_or(0),
                50.0 / (o.runs.max(1) as f64).sqrt()
            );
        }
    }
    if o.is_test {
        let _ = writeln!(
            out,
            "\ntest passed: {}",
            pct(o.p(|x| x.test.is_some_and(|t| t.1)))
        );
        let _ = writeln!(out, "successes:");
        for (k, p) in o.by(|x| x.test.map_or(0, |t| t.0)) {
            let _ = writeln!(out, "  {k:>3}  {}", pct(p));
        }
    }
    for (i, (_, name)) in o.monsters.iter().enumerate() {
        let p = o.p(|x| x.defeated.get(i).copied().unwrap_or(false));
        let _ = writeln!(out, "{name} defeated: {}", pct(p));
    }
    let _ = writeln!(out, "\n{} lost:", health_word(o.game));
    for (k, p) in o.by(|x| x.health_lost) {
        let _ = writeln!(out, "  {k:>3}  {}", pct(p));
    }
    let _ = writeln!(out, "Sanity lost:");
    for (k, p) in o.by(|x| x.sanity_lost) {
        let _ = writeln!(out, "  {k:>3}  {}", pct(p));
    }
    let _ = writeln!(out, "investigator:");
    for (k, p) in o.by(|x| x.status) {
        let _ = writeln!(out, "  {:<24}{}", k.as_str(), pct(p));
    }
    if !o.monsters.is_empty() {
        let _ = writeln!(
            out,
            "may encounter again: {}",
            pct(o.p(|x| x.may_encounter_again))
        );
    }
    out
}

fn table<K: ToString>(m: std::collections::BTreeMap<K, f64>) -> Value {
    Value::Object(
        m.into_iter()
            .map(|(k, p)| (k.to_string(), json!(p)))
            .collect::<Map<String, Value>>(),
    )
}

pub fn odds_json(o: &Odds) -> Value {
    let monsters: Vec<Value> = o
        .monsters
        .iter()
        .enumerate()
        .map(|(i, (id, _))| {
            json!({
                "card": id,
                "defeated": o.p(|x| x.defeated.get(i).copied().unwrap_or(false)),
            })
        })
        .collect();
    let health_key = match o.game {
        Game::Eldritch => "health_lost",
        Game::Arkham => "stamina_lost",
    };
    let mut v = json!({
        "game": o.game.as_str(),
        "method": o.method,
        "runs": o.runs,
        "unresolved": o.unresolved,
        "monsters": monsters,
        "sanity_lost": table(o.by(|x| x.sanity_lost)),
        "status": table(o.by(|x| x.status.as_str())),
        "may_encounter_again": o.p(|x| x.may_encounter_again),
    });
    v[health_key] = table(o.by(|x| x.health_lost));
    if let Some(seed) = o.seed {
        v["seed"] = json!(seed);
    }
    if o.is_test {
        v["test"] = json!({
            "passed": o.p(|x| x.test.is_some_and(|t| t.1)),
            "successes": table(o.by(|x| x.test.map_or(0, |t| t.0))),
        });
    }
    v
}
