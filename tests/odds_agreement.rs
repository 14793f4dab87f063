//! Exact equals sampled (DESIGN invariant 7): every scenario of tests/scenarios that the exact method
//! accepts is played both ways, and every probability the odds report prints agrees within 5 standard
//! errors of the sampled estimate.

mod common;

use mythos::{Library, Scenario, render};
use rayon::prelude::*;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Samples per scenario: enough that a 3-point disagreement on a probability near 25% is more than 5
/// standard errors (the Skeleton-then-Ghoul case of issue 10), few enough for a debug-build `cargo test`.
const SAMPLES: u64 = 5000;

/// The seed of the first sample; the test is deterministic.
const SEED: u64 = 20_261_201;

/// Every probability of the odds report, by its path in the JSON object (`sanity_lost.2`,
/// `monsters.0.defeated`, `test.passed`, ...): what the text report prints, the same numbers.
fn probabilities(v: &Value, path: &str, out: &mut BTreeMap<String, f64>) {
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                if path.is_empty() && matches!(k.as_str(), "game" | "method" | "runs" | "seed") {
                    continue;
                }
                let p = if path.is_empty() {
                    k.clone()
                } else {
                    format!("{path}.{k}")
                };
                probabilities(x, &p, out);
            }
        }
        Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                probabilities(x, &format!("{path}.{i}"), out);
            }
        }
        Value::Number(n) => {
            out.insert(path.to_string(), n.as_f64().expect("a number"));
        }
        _ => {}
    }
}

/// Whether a sampled share `ps` of `n` samples agrees with the exact probability `pe`: within 5
/// standard errors (SE = sqrt(pe(1 − pe)/n)) plus half a sample, the discreteness of a count. An
/// exact 0 or 1 thus tolerates no sample that differs from it.
fn agrees(pe: f64, ps: f64, n: u64) -> bool {
    let se = (pe * (1.0 - pe)).max(0.0).sqrt() / (n as f64).sqrt();
    (pe - ps).abs() <= 5.0 * se + 0.5 / n as f64
}

#[test]
fn the_agreement_rule_rejects_a_sample_off_an_exact_certainty() {
    assert!(agrees(0.0, 0.0, 1000));
    assert!(!agrees(0.0, 0.001, 1000));
    assert!(!agrees(1.0, 0.999, 1000));
    // 25% against 21% with 5000 samples: 6.5 standard errors apart.
    assert!(!agrees(0.248, 0.209, SAMPLES));
    assert!(agrees(0.248, 0.24, SAMPLES));
}

/// The probabilities on which exact and sampled odds of scenario `name` disagree, or why it is skipped
/// (a scenario that must be refused, or one exact odds refuse).
fn disagreements(library: &Library, name: &str, text: &str) -> Result<Vec<String>, String> {
    let p = match Scenario::parse(library, name, text) {
        Ok(p) => p,
        Err(_) if Scenario::refusal_expected(text).is_some() => {
            return Err(format!("skipped {name}: a scenario that must be refused"));
        }
        Err(ds) => panic!("{name}: {}", render(&ds, false)),
    };
    let e = p
        .exact_odds()
        .map_err(|d| format!("skipped {name}: exact odds refuse it: {}", d.message()))?;
    let s = p
        .sampled_odds(SAMPLES, SEED)
        .expect("sampled odds of a scenario");
    let (mut pe, mut ps) = (BTreeMap::new(), BTreeMap::new());
    probabilities(&e.to_json(), "", &mut pe);
    probabilities(&s.to_json(), "", &mut ps);
    // A value one method gives and the other does not is 0 there.
    let keys: BTreeSet<&String> = pe.keys().chain(ps.keys()).collect();
    Ok(keys
        .into_iter()
        .filter_map(|what| {
            let a = pe.get(what).copied().unwrap_or(0.0);
            let b = ps.get(what).copied().unwrap_or(0.0);
            (!agrees(a, b, SAMPLES))
                .then(|| format!("{name}: {what}: exact {a:.5}, sampled {b:.5}"))
        })
        .collect())
}

/// Sorts the results: the failures found, and how many scenarios were compared (a skip is printed).
fn tally(results: Vec<Result<Vec<String>, String>>) -> (Vec<String>, usize) {
    let mut compared = 0;
    let mut failures = Vec::new();
    for r in results {
        match r {
            Ok(f) => {
                failures.extend(f);
                compared += 1;
            }
            Err(skip) => println!("{skip}"),
        }
    }
    (failures, compared)
}

/// Every scenario of the suite: exact and sampled odds agree on every probability printed.
#[test]
fn exact_and_sampled_odds_agree_on_every_scenario() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios");
    let files = common::files(&root, "toml");
    let library = Library::new();
    // Scenarios are independent: played on every core (each result is deterministic).
    let results: Vec<Result<Vec<String>, String>> = files
        .par_iter()
        .map(|path| {
            let name = path
                .strip_prefix(&root)
                .unwrap_or(path)
                .display()
                .to_string();
            let text = std::fs::read_to_string(path).expect("scenario text");
            disagreements(&library, &name, &text)
        })
        .collect();
    let (failures, compared) = tally(results);
    assert!(
        failures.is_empty(),
        "exact and sampled odds disagree by more than 5 standard errors:\n{}",
        failures.join("\n")
    );
    assert!(compared > 100, "only {compared} scenarios compared");
}

/// Every scenario of every shipped pack (`packs/*/scenarios/`), loaded with the packs it lists as the
/// `mythos` command loads them (folders relative to the scenario file, `..` its own pack): exact and
/// sampled odds agree on every probability printed.
#[test]
fn exact_and_sampled_odds_agree_on_every_pack_scenario() {
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let packs = common::pack_folders(crate_dir);
    let mut jobs = Vec::new();
    for pack in &packs {
        // The folders a scenario of this pack may name: its own (`..`) and each other pack's.
        let mut library = Library::new().with_folder("..", common::pack_files(crate_dir, pack));
        for other in &packs {
            library = library.with_folder(
                format!("../../{other}"),
                common::pack_files(crate_dir, other),
            );
        }
        let dir = crate_dir.join("packs").join(pack).join("scenarios");
        for path in common::files(&dir, "toml") {
            let name = path
                .strip_prefix(crate_dir)
                .unwrap_or(&path)
                .display()
                .to_string();
            jobs.push((library.clone(), name, path));
        }
    }
    // Exact odds recurse once per roll and decision: a fight that never costs Stamina (Child of the
    // Goat) goes deeper than a worker's default stack in a debug build.
    let pool = rayon::ThreadPoolBuilder::new()
        .stack_size(64 << 20)
        .build()
        .expect("a thread pool");
    let results: Vec<Result<Vec<String>, String>> = pool.install(|| {
        jobs.par_iter()
            .map(|(library, name, path)| {
                let text = std::fs::read_to_string(path).expect("scenario text");
                disagreements(library, name, &text)
            })
            .collect()
    });
    let (failures, compared) = tally(results);
    assert!(
        failures.is_empty(),
        "exact and sampled odds disagree by more than 5 standard errors:\n{}",
        failures.join("\n")
    );
    assert!(compared > 100, "only {compared} pack scenarios compared");
}
