//! Exact odds are computed through the real rules: they match the closed-form dice tables, agree with
//! sampled odds, and do not change when faces that count alike are grouped.

use mythos::defs::{CardSet, SourceFile};
use mythos::odds::{Odds, exact, exact_with, sampled};
use mythos::scenario::{Prepared, no_packs, prepare_file};

fn prepare(name: &str, text: &str) -> Prepared {
    let file = SourceFile::new(name, text);
    match prepare_file(&file, &CardSet::base, &no_packs) {
        Ok(p) => p,
        Err(ds) => panic!("{}", mythos::defs::render_all(&ds, false)),
    }
}

fn binomial_at_least(n: u32, k: u32, p: f64) -> f64 {
    let choose = |n: u32, k: u32| (0..k).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64);
    (k..=n)
        .map(|j| choose(n, j) * p.powi(j as i32) * (1.0 - p).powi((n - j) as i32))
        .sum()
}

/// P(at least k successes) with 1 to 10 dice, normal (5–6), Blessed (4–6) and Cursed (6), equals the
/// binomial distribution to 1e-9.
#[test]
fn plain_dice_tables_match_the_binomial() {
    for (condition, p) in [("", 1.0 / 3.0), ("blessed", 0.5), ("cursed", 1.0 / 6.0)] {
        for n in 1..=10u32 {
            let conditions = if condition.is_empty() {
                String::new()
            } else {
                format!("conditions = [\"{condition}\"]")
            };
            let text = format!(
                "game = \"eldritch\"\n[investigator]\nwill = {n}\n{conditions}\n[test]\nskill = \"will\"\n"
            );
            let odds = exact(&mut prepare("table.toml", &text)).unwrap();
            for k in 1..=n {
                let got = odds.p(|o| o.test.is_some_and(|t| t.0 >= k));
                let want = binomial_at_least(n, k, p);
                assert!(
                    (got - want).abs() < 1e-9,
                    "{condition} {n} dice, at least {k}: {got} vs {want}"
                );
            }
        }
    }
}

fn scenario(path: &str) -> Prepared {
    let full = format!("{}/tests/scenarios/odds/{path}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&full).unwrap();
    prepare(&full, &text)
}

/// Each probability the report prints: every monster defeated, each amount lost, each status.
fn marginals(o: &Odds) -> Vec<(String, f64)> {
    let mut out = Vec::new();
    for i in 0..o.monsters.len() {
        out.push((format!("defeated {i}"), o.p(|x| x.defeated[i])));
    }
    for (k, p) in o.by(|x| x.health_lost) {
        out.push((format!("health lost {k}"), p));
    }
    for (k, p) in o.by(|x| x.sanity_lost) {
        out.push((format!("sanity lost {k}"), p));
    }
    for (k, p) in o.by(|x| x.status) {
        out.push((format!("status {k:?}"), p));
    }
    out.push(("may encounter again".into(), o.p(|x| x.may_encounter_again)));
    out
}

/// Sampled odds agree with exact odds within 4 standard errors, on scenarios whose cards have scripts
/// (Double-barreled Shotgun, Blessed, Handcuffs, Magical Resistance, Clue rerolls, Trish Scarborough,
/// an AH2e combat to its end).
#[test]
fn exact_and_sampled_odds_agree() {
    const N: u64 = 6000;
    for name in [
        "eh_ghoul_blessed_shotgun.toml",
        "eh_handcuffs_goat_spawn.toml",
        "eh_magical_resistance.toml",
        "eh_clue_rerolls_star_spawn.toml",
        "eh_trish_clues_haunter.toml",
        "ah_pete_fights_the_star_spawn.toml",
    ] {
        let mut p = scenario(name);
        let e = exact(&mut p).unwrap();
        let s = sampled(&mut p, N, 7, false).unwrap();
        let sampled: std::collections::BTreeMap<String, f64> = marginals(&s).into_iter().collect();
        for (what, pe) in marginals(&e) {
            let ps = sampled.get(&what).copied().unwrap_or(0.0);
            let se = (pe * (1.0 - pe) / N as f64).sqrt();
            assert!(
                (pe - ps).abs() <= 4.0 * se + 1e-12,
                "{name}: {what}: exact {pe}, sampled {ps}, 4 SE = {}",
                4.0 * se
            );
        }
    }
}

/// Grouping faces that count alike is only a shortcut: the distribution is the same as with every
/// face apart.
#[test]
fn grouping_faces_changes_no_probability() {
    for name in [
        "eh_ghoul_blessed_shotgun.toml",
        "eh_magical_resistance.toml",
        "eh_clue_rerolls_star_spawn.toml",
        "ah_pete_fights_the_star_spawn.toml",
    ] {
        let mut p = scenario(name);
        let grouped = exact_with(&mut p, true).unwrap();
        let apart = exact_with(&mut p, false).unwrap();
        assert!(grouped.runs < apart.runs, "{name}: grouping saved no run");
        for ((a, pa), (b, pb)) in grouped.dist.iter().zip(apart.dist.iter()) {
            assert_eq!(a, b, "{name}");
            assert!((pa - pb).abs() < 1e-12, "{name}: {a:?}: {pa} vs {pb}");
        }
        assert_eq!(grouped.dist.len(), apart.dist.len(), "{name}");
    }
}

/// The Ghoul (Strength +0, damage 2, toughness 1) against Strength 4: the closed form.
#[test]
fn the_ghoul_worked_example_odds_are_the_closed_form() {
    let full = format!(
        "{}/tests/scenarios/eldritch/combat/ghoul_worked_example_a.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&full).unwrap();
    let o = exact(&mut prepare(&full, &text)).unwrap();
    let miss = (2.0f64 / 3.0).powi(4);
    assert!((o.p(|x| x.defeated[0]) - (1.0 - miss)).abs() < 1e-12);
    assert!((o.p(|x| x.health_lost == 2) - miss).abs() < 1e-12);
    let one = 4.0 * (1.0 / 3.0) * (2.0f64 / 3.0).powi(3);
    assert!((o.p(|x| x.health_lost == 1) - one).abs() < 1e-12);
    assert!((o.p(|x| x.sanity_lost == 1) - (2.0f64 / 3.0).powi(5)).abs() < 1e-12);
    assert_eq!(o.unresolved, 0.0);
}

/// Every `.toml` under `dir`, recursively.
fn scenario_files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a scenario folder") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            scenario_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "toml") {
            out.push(path);
        }
    }
}

/// Odds play scenarios without a transcript: every scenario of the test suite, with the same seeded
/// dice, ends the same with and without one (the outcome, the investigator, the monsters), and the
/// losses the outcome counts are the ones the transcript lists.
#[test]
fn a_run_without_a_transcript_ends_like_one_with_it() {
    use mythos::kernel::{DiceSource, Event, Stat, Target};
    use mythos::odds::Outcome;
    let mut files = Vec::new();
    scenario_files(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios"),
        &mut files,
    );
    files.sort();
    let mut compared = 0;
    for path in files {
        let text = std::fs::read_to_string(&path).expect("scenario text");
        let file = SourceFile::new(path.to_string_lossy().as_ref(), text);
        let Ok(mut p) = prepare_file(&file, &CardSet::base, &no_packs) else {
            continue; // the diagnostics scenarios
        };
        let is_test = matches!(p.request, mythos::kernel::TestRequest::Test(_));
        for seed in 0..8 {
            let (full, r1) = p.run_with(DiceSource::seeded(seed));
            let (quiet, r2) = p.run_for_odds(DiceSource::seeded(seed));
            let name = path.display();
            assert_eq!(r1.is_ok(), r2.is_ok(), "{name} seed {seed}");
            if r1.is_err() {
                continue;
            }
            assert!(quiet.events.is_empty(), "{name}: no transcript kept");
            assert!(!full.events.is_empty(), "{name}: a transcript kept");
            assert_eq!(
                Outcome::of(&full, is_test),
                Outcome::of(&quiet, is_test),
                "{name} seed {seed}"
            );
            assert_eq!(full.investigator, quiet.investigator, "{name} seed {seed}");
            assert_eq!(full.monsters, quiet.monsters, "{name} seed {seed}");
            let (mut health, mut sanity) = (0, 0);
            for e in &full.events {
                match e {
                    Event::Lost {
                        target: Target::Investigator,
                        stat,
                        amount,
                        ..
                    } => match stat {
                        Stat::Health => health += amount,
                        Stat::Sanity => sanity += amount,
                        _ => {}
                    },
                    Event::Spent {
                        stat: Stat::Sanity,
                        amount,
                        ..
                    } => sanity += amount,
                    _ => {}
                }
            }
            assert_eq!(
                (full.tally.health_lost, full.tally.sanity_lost),
                (health, sanity),
                "{name} seed {seed}"
            );
            compared += 1;
        }
    }
    assert!(compared > 800, "only {compared} runs compared");
}
