//! The playground's bridge: each function takes and returns plain strings (JSON for structured values),
//! so the page's Web Worker calls the library API of `mythos` without knowing its types. Everything is
//! in memory: the card packs a user loads from the disk arrive as `(path, text)` pairs.

use mythos::{
    BestOdds, Diagnostic, Game, Library, Misses, Objective, Odds, OddsOf, PackFiles, Policy,
    Scenario,
};
use serde_json::{Value, json};
use std::cell::RefCell;
use std::collections::BTreeMap;
use wasm_bindgen::prelude::*;

/// What is worked out once per library and kept until the packs change: its own problems (every card
/// file and script of both games checked, the costly part of Validate) and each game's cards as the
/// picker's JSON.
#[derive(Default)]
struct Cached {
    problems: Option<Vec<Diagnostic>>,
    cards: BTreeMap<&'static str, String>,
}

thread_local! {
    /// The library every call uses: the built-in base packs and the packs the user loaded.
    static LIBRARY: RefCell<Library> = RefCell::new(Library::new());
    /// What the calls on [`LIBRARY`] have worked out, for the next calls on the same library.
    static CACHED: RefCell<Cached> = RefCell::new(Cached::default());
    /// The message of the last panic, for the page to show after the module traps.
    static LAST_PANIC: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Keeps the message of a panic, so the page can say what went wrong after the module traps.
#[wasm_bindgen(start)]
pub fn start() {
    std::panic::set_hook(Box::new(|info| {
        LAST_PANIC.with(|p| *p.borrow_mut() = Some(info.to_string()));
    }));
}

/// The message of the last panic, if the module trapped.
#[wasm_bindgen]
pub fn last_panic() -> Option<String> {
    LAST_PANIC.with(|p| p.borrow().clone())
}

/// The version of the library, for the page's footer.
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

/// Calls `f` with the library (borrowed, never copied).
fn with_library<T>(f: impl FnOnce(&Library) -> T) -> T {
    LIBRARY.with(|l| f(&l.borrow()))
}

/// The library's own problems: worked out on the first call after the packs changed, then kept.
fn library_problems() -> Vec<Diagnostic> {
    if let Some(ds) = CACHED.with(|c| c.borrow().problems.clone()) {
        return ds;
    }
    let ds = with_library(Library::validate);
    CACHED.with(|c| c.borrow_mut().problems = Some(ds.clone()));
    ds
}

/// The 1-based line and column (in characters) of byte `at` of `text`.
fn line_col(text: &str, at: usize) -> (usize, usize) {
    let at = at.min(text.len());
    let before = text.get(..at).unwrap_or(text);
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

/// A diagnostic as the page shows it: its JSON object, what its code means, the label under the caret,
/// where it ends (in the scenario's text, when it is in it) and the text `mythos` prints.
pub fn diagnostic_json(d: &Diagnostic, path: &str, text: &str) -> Value {
    let mut v = d.to_json();
    v["meaning"] = json!(d.meaning());
    v["label"] = json!(d.label());
    v["rendered"] = json!(d.render(false));
    if d.file() == Some(path) && d.line().is_some() {
        let span = d.span();
        let (end_line, end_column) = line_col(text, span.end.max(span.start));
        v["end_line"] = json!(end_line);
        v["end_column"] = json!(end_column);
        v["in_scenario"] = json!(true);
    } else {
        v["in_scenario"] = json!(false);
    }
    v
}

fn diagnostics_json(ds: &[Diagnostic], path: &str, text: &str) -> Value {
    Value::Array(ds.iter().map(|d| diagnostic_json(d, path, text)).collect())
}

fn misses_json(misses: &Misses) -> Value {
    Value::Array(
        misses
            .iter()
            .map(|m| {
                let line = m
                    .location()
                    .rsplit(':')
                    .next()
                    .and_then(|l| l.parse::<usize>().ok());
                json!({
                    "path": m.path(),
                    "expected": m.expected(),
                    "got": m.got(),
                    "location": m.location(),
                    "line": line,
                    "text": m.to_string(),
                })
            })
            .collect(),
    )
}

/// Replaces the loaded packs: `packs` is a JSON array of `{"root": DIR, "files": [[path, text], ...],
/// "aliases": [DIR, ...]}`. Each is loaded after the base pack (as `mythos --pack DIR` does) and also
/// reached by a scenario whose `packs` names `DIR` or one of its aliases (`..` for the scenarios in the
/// pack's own `scenarios/` folder). Returns the JSON array of every problem of the packs (empty when none).
#[wasm_bindgen]
pub fn set_packs(packs: &str) -> String {
    let parsed: Vec<(PackFiles, Vec<String>)> = match serde_json::from_str::<Value>(packs) {
        Ok(Value::Array(items)) => items
            .iter()
            .map(|p| {
                let root = p["root"].as_str().unwrap_or("pack").to_string();
                let files = p["files"]
                    .as_array()
                    .map(|fs| {
                        fs.iter()
                            .filter_map(|f| {
                                Some((f[0].as_str()?.to_string(), f[1].as_str()?.to_string()))
                            })
                            .collect()
                    })
                    .unwrap_or_default();
                let aliases: Vec<String> = p["aliases"]
                    .as_array()
                    .map(|a| {
                        a.iter()
                            .filter_map(|x| Some(x.as_str()?.to_string()))
                            .collect()
                    })
                    .unwrap_or_default();
                (PackFiles::new(root, files), aliases)
            })
            .collect(),
        _ => Vec::new(),
    };
    let mut lib = Library::new();
    for (p, aliases) in parsed {
        for dir in aliases {
            lib = lib.with_folder(dir, p.clone());
        }
        lib = lib
            .with_folder(p.root().to_string(), p.clone())
            .with_pack(p);
    }
    let problems = lib.validate();
    LIBRARY.with(|l| *l.borrow_mut() = lib);
    CACHED.with(|c| {
        *c.borrow_mut() = Cached {
            problems: Some(problems.clone()),
            cards: BTreeMap::new(),
        }
    });
    diagnostics_json(&problems, "", "").to_string()
}

/// Every card of `game` (`"eldritch"` or `"arkham"`), the loaded packs' included: a JSON object
/// `{"cards": [{id, name, kind, pack, traits, text, possessions, scripted, sliders}]}`, or `{"diagnostics": [...]}`.
#[wasm_bindgen]
pub fn cards(game: &str) -> String {
    let Some(g) = Game::parse(game) else {
        return json!({"diagnostics": [], "error": format!("no such game `{game}`")}).to_string();
    };
    if let Some(out) = CACHED.with(|c| c.borrow().cards.get(g.as_str()).cloned()) {
        return out;
    }
    let out = cards_of(g);
    CACHED.with(|c| c.borrow_mut().cards.insert(g.as_str(), out.clone()));
    out
}

fn cards_of(g: Game) -> String {
    match with_library(|l| l.cards(g)) {
        Ok(cards) => json!({
            "game": g.as_str(),
            "cards": cards.iter().map(|c| json!({
                "id": c.id(),
                "name": c.name(),
                "kind": c.kind(),
                "pack": c.pack(),
                "traits": c.traits(),
                "text": c.text(),
                "possessions": c.possessions(),
                "scripted": c.has_script(),
                "sliders": c.sliders().iter().map(|(pair, stops)| json!([pair, stops])).collect::<Vec<_>>(),
            })).collect::<Vec<_>>(),
        })
        .to_string(),
        Err(ds) => json!({"diagnostics": diagnostics_json(&ds, "", "")}).to_string(),
    }
}

/// Plays the scenario `text` (named `path` in diagnostics) with its own dice: a JSON object with the
/// `transcript`, the `result` object, the `error` of a run a script broke off, and the `misses` of its
/// `[expect]` lines; or, when it cannot be played, its `diagnostics` (and `misses`, when the file
/// expects to be refused).
#[wasm_bindgen]
pub fn run(path: &str, text: &str) -> String {
    let refused = |ds: &[Diagnostic]| {
        let misses = Misses::of_refusal(path, text, ds);
        json!({
            "diagnostics": diagnostics_json(ds, path, text),
            "refusal_expected": Scenario::refusal_expected(text),
            "misses": misses.as_ref().map(misses_json),
        })
    };
    let scenario = match with_library(|l| Scenario::parse(l, path, text)) {
        Ok(s) => s,
        Err(ds) => return refused(&ds).to_string(),
    };
    let title = scenario.title().map(str::to_string);
    let source = scenario.source().map(str::to_string);
    let game = scenario.game().as_str();
    match scenario.play() {
        Ok(played) => {
            let error = played.error();
            let misses = match &error {
                Some(e) => Misses::of_refusal(path, text, std::slice::from_ref(e))
                    .unwrap_or_else(|| played.check()),
                None => played.check(),
            };
            json!({
                "game": game,
                "title": title,
                "source": source,
                "transcript": played.transcript(),
                "result": played.result(),
                "error": error.as_ref().map(|e| diagnostic_json(e, path, text)),
                "refusal_expected": Scenario::refusal_expected(text),
                "misses": misses_json(&misses),
            })
            .to_string()
        }
        Err(ds) => refused(&ds).to_string(),
    }
}

/// Every problem of the scenario `text` and of the loaded packs, as a JSON array (empty when none).
#[wasm_bindgen]
pub fn validate(path: &str, text: &str) -> String {
    let mut out = match with_library(|l| Scenario::parse(l, path, text)) {
        Ok(_) => Vec::new(),
        Err(ds) => ds.iter().map(|d| diagnostic_json(d, path, text)).collect(),
    };
    let seen: std::collections::BTreeSet<String> = out.iter().map(|d| d.to_string()).collect();
    for d in library_problems() {
        let v = diagnostic_json(&d, path, text);
        if !seen.contains(&v.to_string()) {
            out.push(v);
        }
    }
    Value::Array(out).to_string()
}

/// The odds as the page draws them: every distribution as `[value, probability]` pairs.
pub fn odds_json(o: &Odds, game: Game) -> Value {
    let pairs = |m: std::collections::BTreeMap<i32, f64>| {
        m.into_iter()
            .map(|(k, p)| json!([k, p]))
            .collect::<Vec<_>>()
    };
    json!({
        "game": game.as_str(),
        "method": o.method(),
        "runs": o.runs(),
        "seed": o.seed(),
        "unresolved": o.unresolved(),
        "health_lost": pairs(o.health_lost()),
        "sanity_lost": pairs(o.sanity_lost()),
        "defeated": o.defeated().iter().map(|(id, name, p)| json!({"id": id, "name": name, "p": p})).collect::<Vec<_>>(),
        "status": o.status(),
        "may_encounter_again": o.may_encounter_again(),
        "test_passed": o.test_passed(),
        "successes": o.successes().map(|m| m.into_iter().map(|(k, p)| json!([k, p])).collect::<Vec<_>>()),
        "text": o.text(),
        // Who answered the player's questions (issue 38): the best play for the default objective
        // unless the scenario's [choices] pin a fixed policy, or the page picks one.
        "policy": o.policy().to_json(),
    })
}

/// A best-choice result as the page draws it: the odds under the best policy, the objective and its
/// value, and each decision with each option's value and odds.
pub fn best_json(b: &BestOdds, game: Game) -> Value {
    json!({
        "objective": b.objective().as_str(),
        // The scenario's default objective, not one the page picked (`mythos odds FILE`'s policy).
        "default": matches!(b.policy(), Policy::Best { default: true, .. }),
        "value": b.value(),
        "odds": odds_json(&b.odds(), game),
        "decisions": b.decisions().iter().map(|d| json!({
            "question": d.question(),
            "health": d.health(),
            "sanity": d.sanity(),
            "clues": d.clues(),
            "focus": d.focus(),
            "faces": d.faces(),
            "best": d.best(),
            "options": d.options().iter().map(|c| json!({
                "answer": c.answer(),
                "value": c.value(),
                "odds": odds_json(c.odds(), game),
            })).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
    })
}

/// A scenario parsed once, explored for odds: exactly, or sampled a chunk at a time (the page draws the
/// progress between chunks; sample `i` of a chunk that starts at `seed` uses `seed + i`, so chunks at
/// consecutive seeds add up to one sampled run).
#[wasm_bindgen]
pub struct OddsJob {
    scenario: Scenario,
    path: String,
    text: String,
}

#[wasm_bindgen]
impl OddsJob {
    /// Parses the scenario; on failure the error is the JSON array of its diagnostics.
    #[wasm_bindgen(constructor)]
    pub fn new(path: &str, text: &str) -> Result<OddsJob, JsValue> {
        with_library(|l| Scenario::parse(l, path, text))
            .map(|scenario| OddsJob {
                scenario,
                path: path.to_string(),
                text: text.to_string(),
            })
            .map_err(|ds| JsValue::from_str(&diagnostics_json(&ds, path, text).to_string()))
    }

    /// The exact odds, as JSON; or `{"diagnostics": [...]}`.
    pub fn exact(&mut self) -> String {
        let game = self.scenario.game();
        match self.scenario.exact_odds() {
            Ok(o) => odds_json(&o, game).to_string(),
            Err(d) => {
                json!({"diagnostics": [diagnostic_json(&d, &self.path, &self.text)]}).to_string()
            }
        }
    }

    /// The exact odds, as JSON (or `{"diagnostics": [...]}`), calling `on_progress(done)` every few
    /// dozen runs of the rules with the share of the probability mass resolved so far (0 to 1; a finer
    /// pass starts again from 0). When it returns `false` the computation stops with E0503 (cancelled).
    pub fn exact_with_progress(&mut self, on_progress: &js_sys::Function) -> String {
        let game = self.scenario.game();
        let mut progress = |done: f64| {
            on_progress
                .call1(&JsValue::NULL, &JsValue::from_f64(done))
                .map_or(true, |v| v.as_bool() != Some(false))
        };
        match self.scenario.exact_odds_with_progress(&mut progress) {
            Ok(o) => odds_json(&o, game).to_string(),
            Err(d) => {
                json!({"diagnostics": [diagnostic_json(&d, &self.path, &self.text)]}).to_string()
            }
        }
    }

    /// The odds `mythos odds FILE` answers (`Scenario::odds`): the best play for the scenario's
    /// default objective (`pass` on a [test], `defeat_all` on a combat) as [`best_json`] with
    /// `"kind": "best"`, or, when its `[choices]` pin a fixed policy, the exact odds as [`odds_json`]
    /// with `"kind": "fixed"`; or `{"diagnostics": [...]}`. `on_progress` as for
    /// [`OddsJob::exact_with_progress`].
    pub fn default_with_progress(&mut self, on_progress: &js_sys::Function) -> String {
        let game = self.scenario.game();
        let mut progress = |done: f64| {
            on_progress
                .call1(&JsValue::NULL, &JsValue::from_f64(done))
                .map_or(true, |v| v.as_bool() != Some(false))
        };
        match self.scenario.odds_with_progress(&mut progress) {
            Ok(OddsOf::Best(b)) => {
                let mut v = best_json(&b, game);
                v["kind"] = json!("best");
                v.to_string()
            }
            Ok(OddsOf::Fixed(o)) => {
                let mut v = odds_json(&o, game);
                v["kind"] = json!("fixed");
                v.to_string()
            }
            Err(d) => {
                json!({"diagnostics": [diagnostic_json(&d, &self.path, &self.text)]}).to_string()
            }
        }
    }

    /// The exact odds under the best policy for `objective` (`defeat_all`, `survive`, `least_lost`,
    /// `pass`), with each decision's options and their odds (see [`best_json`]), or `{"diagnostics":
    /// [...]}`; `on_progress` as for [`OddsJob::exact_with_progress`].
    pub fn best_with_progress(
        &mut self,
        objective: &str,
        on_progress: &js_sys::Function,
    ) -> String {
        let game = self.scenario.game();
        let Some(objective) = Objective::parse(objective) else {
            return json!({"diagnostics": [], "error": format!("no such objective `{objective}`")})
                .to_string();
        };
        let mut progress = |done: f64| {
            on_progress
                .call1(&JsValue::NULL, &JsValue::from_f64(done))
                .map_or(true, |v| v.as_bool() != Some(false))
        };
        match self
            .scenario
            .best_odds_with_progress(objective, &mut progress)
        {
            Ok(b) => best_json(&b, game).to_string(),
            Err(d) => {
                json!({"diagnostics": [diagnostic_json(&d, &self.path, &self.text)]}).to_string()
            }
        }
    }

    /// The odds of `samples` runs, the first seeded `seed`, as JSON; or `{"diagnostics": [...]}`.
    pub fn sampled(&mut self, samples: u32, seed: u32) -> String {
        let game = self.scenario.game();
        match self
            .scenario
            .sampled_odds(u64::from(samples), u64::from(seed))
        {
            Ok(o) => odds_json(&o, game).to_string(),
            Err(d) => {
                json!({"diagnostics": [diagnostic_json(&d, &self.path, &self.text)]}).to_string()
            }
        }
    }
}
