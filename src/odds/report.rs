//! Odds as text a player reads and as JSON.

use super::exact::{BestOdds, DecisionOdds, Objective, OptionOdds};
use super::outcome::Odds;
use crate::kernel::Game;
use crate::kernel::{Answer, Question};
use serde_json::{Map, Value, json};
use std::fmt::Write;

fn pct(p: f64) -> String {
    // Sums of tiny floating-point terms can come out as −0.
    let p = if p.abs() < 5e-9 { 0.0 } else { p };
    format!("{:6.2}%", p * 100.0)
}

/// How many characters a bar of 100% takes.
const BAR: usize = 20;

/// A probability as a bar on one 0–100% scale, in plain characters that survive copy-paste and a
/// terminal without colour: `[########            ]`.
fn bar(p: f64) -> String {
    let filled = ((p.clamp(0.0, 1.0) * BAR as f64) + 0.5) as usize;
    format!(
        "[{}{}]",
        "#".repeat(filled),
        " ".repeat(BAR - filled.min(BAR))
    )
}

/// A distribution of amounts lost: its mean in the heading, then each amount with its probability,
/// the probability of at least that much, and a bar of the first.
fn distribution<K: Into<f64> + Copy + std::fmt::Display>(
    out: &mut String,
    heading: &str,
    d: std::collections::BTreeMap<K, f64>,
) {
    let mean: f64 = d.iter().map(|(k, p)| (*k).into() * p).sum();
    let _ = writeln!(out, "{heading}: mean {mean:.2}   (exactly, at least)");
    let mut left: f64 = d.values().sum();
    for (k, p) in &d {
        let _ = writeln!(
            out,
            "  {:>3}  {}  {}  {}",
            k.to_string(),
            pct(*p),
            pct(left),
            bar(*p)
        );
        left -= p;
    }
}

fn health_word(game: Game) -> &'static str {
    match game {
        Game::Eldritch => "Health",
        Game::Arkham => "Stamina",
    }
}

pub fn odds_text(o: &Odds, title: Option<&str>) -> String {
    let mut out = String::new();
    // The scenario's words, one line: a line break in them is shown as `\n`.
    let _ = writeln!(
        out,
        "{}",
        crate::kernel::visible(title.unwrap_or("(untitled scenario)"))
    );
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
        let passed = o.p(|x| x.test.is_some_and(|t| t.1));
        let _ = writeln!(out, "\ntest passed: {}  {}", pct(passed), bar(passed));
        distribution(&mut out, "successes", o.by(|x| x.test.map_or(0, |t| t.0)));
    }
    for (i, (_, name)) in o.monsters.iter().enumerate() {
        let p = o.defeated_p(i);
        let _ = writeln!(
            out,
            "{} defeated: {}  {}",
            crate::kernel::visible(name),
            pct(p),
            bar(p)
        );
    }
    let _ = writeln!(out);
    distribution(
        &mut out,
        &format!("{} lost", health_word(o.game)),
        o.by(|x| x.health_lost),
    );
    distribution(&mut out, "Sanity lost", o.by(|x| x.sanity_lost));
    let _ = writeln!(out, "investigator:");
    for (k, p) in o.by(|x| x.status) {
        let _ = writeln!(out, "  {:<24}{}  {}", k.as_str(), pct(p), bar(p));
    }
    if !o.monsters.is_empty() {
        let again = o.p(|x| x.may_encounter_again);
        let _ = writeln!(out, "may encounter again: {}  {}", pct(again), bar(again));
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
                "defeated": o.defeated_p(i),
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

/// The probability and mean summaries of one option's outcomes.
fn option_summary(o: &OptionOdds, monsters: usize) -> (f64, f64, f64, f64) {
    let total: f64 = o.dist.values().sum();
    let p = |f: &dyn Fn(&super::outcome::Outcome) -> bool| -> f64 {
        // An empty sum is −0.0: + 0.0 makes it 0.
        o.dist
            .iter()
            .filter(|(x, _)| f(x))
            .map(|(_, p)| p)
            .sum::<f64>()
            + 0.0
    };
    let mean = |f: &dyn Fn(&super::outcome::Outcome) -> i32| -> f64 {
        if total <= 0.0 {
            return 0.0;
        }
        o.dist.iter().map(|(x, p)| p * f64::from(f(x))).sum::<f64>() / total + 0.0
    };
    let all = if monsters == 0 {
        0.0
    } else {
        p(&|x| x.every_monster_defeated())
    };
    (
        all,
        p(&|x| x.status == crate::kernel::Status::Ok),
        mean(&|x| x.health_lost),
        mean(&|x| x.sanity_lost),
    )
}

/// How an objective's value reads.
fn value_text(objective: Objective, v: f64) -> String {
    match objective {
        Objective::LeastLost => format!("{:.3} Health and Sanity lost on average", -v),
        _ => format!("{} {}", pct(v).trim(), bar(v)),
    }
}

/// How questions and options read (the words live in `transcript`, which this room does not import:
/// the caller passes them).
pub struct Wording<'a> {
    /// The question, with the test under way (if any), which it names.
    pub question: &'a dyn Fn(&Question, Option<&crate::kernel::TestSpec>) -> String,
    /// An option, with the faces of the test under way.
    pub answer: &'a dyn Fn(&Answer, &[u8]) -> String,
}

/// Decisions shown in text; JSON holds them all (up to `MAX_DECISIONS_JSON`).
const SHOWN_DECISIONS: usize = 8;
use crate::limits::MAX_DECISIONS_JSON;

/// `mythos odds --best`: the odds under the best policy, then each decision of the first round with
/// the odds of each option (`*` marks the best).
/// `all`: every decision, not the first `SHOWN_DECISIONS` (`--all`).
pub fn best_text(b: &BestOdds, title: Option<&str>, words: &Wording<'_>, all: bool) -> String {
    let shown = if all { usize::MAX } else { SHOWN_DECISIONS };
    let o = &b.odds;
    let body = odds_text(o, title);
    let mut lines = body.lines();
    let mut out = String::new();
    let _ = writeln!(out, "{}", lines.next().unwrap_or_default());
    lines.next();
    let _ = writeln!(
        out,
        "exact odds under the best policy for `{}` ({}), from {} runs of the rules; unresolved \
         probability at most {:.1e}",
        b.objective.as_str(),
        objective_words(b.objective),
        o.runs,
        o.unresolved
    );
    let _ = writeln!(out, "best: {}", value_text(b.objective, b.value));
    for l in lines {
        let _ = writeln!(out, "{l}");
    }
    let n = b.decisions.len();
    if n == 0 {
        let _ = writeln!(out, "\nno decision to make");
        return out;
    }
    let _ = writeln!(
        out,
        "\ndecisions of the first round ({n}{}):",
        if n > shown {
            format!("; the first {shown} met shown, all with --all or --format json")
        } else {
            String::new()
        }
    );
    for d in b.decisions.iter().take(shown) {
        out.push_str(&decision_text(
            d,
            b.objective,
            o.game,
            o.monsters.len(),
            words,
        ));
    }
    out
}

/// One decision and the odds of each of its options, as `mythos play` and `--best` print them.
pub fn decision_text(
    d: &DecisionOdds,
    objective: Objective,
    game: Game,
    monsters: usize,
    words: &Wording<'_>,
) -> String {
    let mut out = String::new();
    let faces = match &d.counted {
        _ if d.faces.is_empty() => String::new(),
        // Grouped: the faces are representatives; what the dice count is what they are.
        Some(counted) => {
            let failing = counted.iter().filter(|c| **c == 0).count();
            let successes: u32 = counted.iter().sum();
            format!(
                ", {} {}: {failing} failing, {successes} success{}",
                counted.len(),
                if counted.len() == 1 { "die" } else { "dice" },
                if successes == 1 { "" } else { "es" }
            )
        }
        None => format!(
            ", dice showing {}",
            d.faces
                .iter()
                .map(u8::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        ),
    };
    let focus = match game {
        Game::Eldritch => format!(", Focus {}", d.focus),
        Game::Arkham => String::new(),
    };
    let _ = writeln!(
        out,
        "  {} {}, Sanity {}, Clues {}{focus}{faces}: {}",
        health_word(game),
        d.health,
        d.sanity,
        d.clues,
        (words.question)(&d.question, d.test.as_ref())
    );
    for (i, opt, same) in merged(d, words) {
        let (all, ok, hl, sl) = option_summary(opt, monsters);
        let mark = if i == d.best { '*' } else { ' ' };
        let mut tail = String::new();
        if monsters > 0 {
            let _ = write!(tail, "{} every monster defeated, ", pct(all).trim());
        }
        let _ = write!(
            tail,
            "{} not defeated, {hl:.2} {} and {sl:.2} Sanity lost on average",
            pct(ok).trim(),
            health_word(game)
        );
        let _ = writeln!(
            out,
            "   {mark}{:>2}. {same}: {} ({tail})",
            i + 1,
            value_text(objective, opt.value),
        );
    }
    out
}

/// A die of a decision's test, as a player reads it: where the search grouped faces, whether it
/// fails (its face is only a class's representative); otherwise its face.
fn die_word(d: &DecisionOdds, die: usize) -> String {
    match (&d.counted, d.faces.get(die)) {
        (Some(c), _) => match c.get(die) {
            Some(0) => "a failing die".to_string(),
            Some(1) => "a success".to_string(),
            Some(n) => format!("a die counting {n} successes"),
            None => "a die".to_string(),
        },
        (None, Some(f)) => format!("a {f}"),
        (None, None) => "a die".to_string(),
    }
}

/// Whether two options lead to the same outcomes with the same probabilities.
fn same_odds(a: &OptionOdds, b: &OptionOdds) -> bool {
    (a.value - b.value).abs() < 1e-12
        && a.dist.len() == b.dist.len()
        && a.dist
            .iter()
            .zip(&b.dist)
            .all(|((x, p), (y, q))| x == y && (p - q).abs() < 1e-12)
}

/// The options of `d` with their words, identical options merged (issue 38: four times "reroll die
/// n" when four dice fail alike): rerolls with the same token that lead to the same outcomes with the
/// same probabilities are one option, naming every such die. Each is `(index, option, words)`, the
/// index of the first merged.
fn merged<'d>(d: &'d DecisionOdds, words: &Wording<'_>) -> Vec<(usize, &'d OptionOdds, String)> {
    type Merged<'d> = (
        usize,
        &'d OptionOdds,
        Option<crate::kernel::Token>,
        Vec<usize>,
    );
    let mut out: Vec<Merged<'d>> = Vec::new();
    for (i, opt) in d.options.iter().enumerate() {
        if let Answer::Reroll { token, die } = &opt.answer {
            if let Some(m) = out
                .iter_mut()
                .find(|(_, o, t, _)| *t == Some(*token) && same_odds(o, opt))
            {
                m.3.push(*die);
                continue;
            }
            out.push((i, opt, Some(*token), vec![*die]));
        } else {
            out.push((i, opt, None, Vec::new()));
        }
    }
    out.into_iter()
        .map(|(i, opt, token, dice)| {
            let text = match token {
                Some(token) => {
                    let each: Vec<String> = dice
                        .iter()
                        .map(|n| format!("{} ({})", n + 1, die_word(d, *n)))
                        .collect();
                    let which = match each.as_slice() {
                        [one] => format!("die {one}"),
                        [rest @ .., last] => {
                            format!("any one of dice {} or {last}, alike", rest.join(", "))
                        }
                        [] => "a die".to_string(),
                    };
                    format!("reroll {which} with a {} token", token.as_str())
                }
                None => (words.answer)(&opt.answer, &d.faces),
            };
            (i, opt, text)
        })
        .collect()
}

fn objective_words(o: Objective) -> &'static str {
    match o {
        Objective::DefeatAll => "the chance to defeat every monster",
        Objective::Survive => "the chance to end neither defeated nor knocked out",
        Objective::LeastLost => "the least Health (Stamina) and Sanity lost on average",
        Objective::Pass => "the chance to pass the test",
    }
}

/// `--best --format json`: the odds object, plus `best` (the objective, its value, and each decision of
/// the first round with the odds of each option).
pub fn best_json(b: &BestOdds) -> Value {
    let o = &b.odds;
    let mut v = odds_json(o);
    let (hk, ek) = match o.game {
        Game::Eldritch => ("health", "health_lost_mean"),
        Game::Arkham => ("stamina", "stamina_lost_mean"),
    };
    let decisions: Vec<Value> = b
        .decisions
        .iter()
        .take(MAX_DECISIONS_JSON)
        .map(|d| {
            let options: Vec<Value> = d
                .options
                .iter()
                .map(|opt| {
                    let (all, ok, hl, sl) = option_summary(opt, o.monsters.len());
                    let mut x = json!({
                        "answer": answer_json(&opt.answer),
                        "value": opt.value,
                        "every_monster_defeated": all,
                        "not_defeated": ok,
                        "sanity_lost_mean": sl,
                    });
                    x[ek] = json!(hl);
                    x
                })
                .collect();
            let mut inv = json!({ "sanity": d.sanity, "clues": d.clues });
            inv[hk] = json!(d.health);
            if o.game == Game::Eldritch {
                inv["focus"] = json!(d.focus);
            }
            json!({
                "question": question_json(&d.question),
                "investigator": inv,
                "faces": d.faces,
                "counted": d.counted,
                "best": d.best,
                "options": options,
            })
        })
        .collect();
    v["best"] = json!({
        "objective": b.objective.as_str(),
        "value": b.value,
        "decisions_total": b.decisions.len(),
        "decisions": decisions,
    });
    v
}
/// The question's machine spelling: `{ "kind": ..., ... }`.
fn question_json(q: &Question) -> serde_json::Value {
    match q {
        Question::Reroll { test } => serde_json::json!({ "kind": "reroll", "test": test }),
        Question::ClueDie { test } => serde_json::json!({ "kind": "clue_die", "test": test }),
        Question::Evade { monster } => serde_json::json!({ "kind": "evade", "monster": monster }),
        Question::Round { monster, round } => {
            serde_json::json!({ "kind": "round", "monster": monster, "round": round })
        }
        Question::May { card, what } => {
            serde_json::json!({ "kind": "may", "card": card, "what": what })
        }
        Question::Bonus { card } => serde_json::json!({ "kind": "bonus", "card": card }),
        Question::NextMonster => serde_json::json!({ "kind": "next_monster" }),
        Question::Order { hook, monster } => {
            serde_json::json!({ "kind": "order", "hook": hook, "monster": monster })
        }
    }
}

/// The option's machine spelling (dice numbered from 1).
fn answer_json(a: &Answer) -> serde_json::Value {
    match a {
        Answer::Stop => serde_json::json!({ "kind": "stop" }),
        Answer::Reroll { token, die } => {
            serde_json::json!({ "kind": "reroll", "token": token.as_str(), "die": die + 1 })
        }
        Answer::ClueDie => serde_json::json!({ "kind": "clue_die" }),
        Answer::Evade(e) => serde_json::json!({ "kind": "evade", "evade": e }),
        Answer::Round(r) => serde_json::json!({
            "kind": "round",
            "action": r.action.as_str(),
            "wield": r.wield,
            "cast": r.cast,
        }),
        Answer::May(take) => serde_json::json!({ "kind": "may", "take": take }),
        Answer::Monster { index, id } => {
            serde_json::json!({ "kind": "monster", "monster": id, "index": index })
        }
        Answer::MonsterFirst(first) => {
            serde_json::json!({ "kind": "order", "monster_first": first })
        }
    }
}
