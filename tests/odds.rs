//! Exact odds are computed through the real rules: they match the closed-form dice tables and agree with
//! sampled odds (that grouping faces changes no probability, and that a run without a transcript ends
//! like one with it, are unit tests of `src/odds/`).

use mythos::{Library, Odds, Scenario, render};

fn prepare(name: &str, text: &str) -> Scenario {
    match Scenario::parse(&Library::new(), name, text) {
        Ok(p) => p,
        Err(ds) => panic!("{}", render(&ds, false)),
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
            let odds = prepare("table.toml", &text).exact_odds().unwrap();
            let successes = odds.successes().unwrap();
            for k in 1..=n {
                let got: f64 = successes.range(k..).map(|(_, p)| p).sum();
                let want = binomial_at_least(n, k, p);
                assert!(
                    (got - want).abs() < 1e-9,
                    "{condition} {n} dice, at least {k}: {got} vs {want}"
                );
            }
        }
    }
}

fn scenario(path: &str) -> Scenario {
    let full = format!("{}/tests/scenarios/odds/{path}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&full).unwrap();
    prepare(&full, &text)
}

/// Each probability the report prints: every monster defeated, each amount lost, each status.
fn marginals(o: &Odds) -> Vec<(String, f64)> {
    let mut out = Vec::new();
    for (i, (_, _, p)) in o.defeated().into_iter().enumerate() {
        out.push((format!("defeated {i}"), p));
    }
    for (k, p) in o.health_lost() {
        out.push((format!("health lost {k}"), p));
    }
    for (k, p) in o.sanity_lost() {
        out.push((format!("sanity lost {k}"), p));
    }
    for (k, p) in o.status() {
        out.push((format!("status {k}"), p));
    }
    out.push(("may encounter again".into(), o.may_encounter_again()));
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
        let p = scenario(name);
        let e = p.exact_odds().unwrap();
        let s = p.sampled_odds(N, 7).unwrap();
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

/// The Ghoul (Strength +0, damage 2, toughness 1) against Strength 4: the closed form.
#[test]
fn the_ghoul_worked_example_odds_are_the_closed_form() {
    let full = format!(
        "{}/tests/scenarios/eldritch/combat/ghoul_worked_example_a.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&full).unwrap();
    let o = prepare(&full, &text).exact_odds().unwrap();
    let miss = (2.0f64 / 3.0).powi(4);
    assert!((o.defeated()[0].2 - (1.0 - miss)).abs() < 1e-12);
    let health = |k: i32| o.health_lost().get(&k).copied().unwrap_or(0.0);
    assert!((health(2) - miss).abs() < 1e-12);
    let one = 4.0 * (1.0 / 3.0) * (2.0f64 / 3.0).powi(3);
    assert!((health(1) - one).abs() < 1e-12);
    let sanity_one = o.sanity_lost().get(&1).copied().unwrap_or(0.0);
    assert!((sanity_one - (2.0f64 / 3.0).powi(5)).abs() < 1e-12);
    assert_eq!(o.unresolved(), 0.0);
}

/// A fight that comes back to the same state is solved, not played round by round: Michael McGlen's
/// Strong Body makes the Warlock's 1 Stamina of combat damage 0, so each failed round leaves him as
/// he was. A round passes with 1/9 (2 dice, toughness 2), and a combat is stopped after 200 rounds:
/// the Warlock is defeated with 1 - (8/9)^200, the rest is unresolved, and no Stamina is ever lost.
/// The Horror check, once, fails with 2/3. Played out, the search takes a run per round at least.
#[test]
fn a_fight_that_repeats_is_a_geometric_sum_over_200_rounds() {
    let o = scenario("ah_mcglen_strong_body_against_the_warlock.toml")
        .exact_odds()
        .unwrap();
    let stopped = (8.0f64 / 9.0).powi(200);
    assert!((o.defeated()[0].2 - (1.0 - stopped)).abs() < 1e-15);
    assert!((o.unresolved() - stopped).abs() < 1e-20);
    let stamina = o.health_lost();
    assert_eq!(stamina.len(), 1);
    assert!((stamina[&0] - (1.0 - stopped)).abs() < 1e-15);
    let sanity_one = o.sanity_lost().get(&1).copied().unwrap_or(0.0);
    assert!((sanity_one - 2.0 / 3.0 * (1.0 - stopped)).abs() < 1e-15);
    assert!(o.runs() < 200, "{} runs", o.runs());
}

/// A card that rerolls every failing die of an EH Strength 5 test, one `ctx.test.reroll` after
/// another: each die succeeds with 1/3 + (2/3)(1/3) = 5/9, so the successes are Binomial(5, 5/9).
/// With no window after a reroll (no card defines `after_reroll`), the rerolled dice are one roll of
/// as many dice, whose 252 face-count multisets at most are explored: the first roll's 252 and at most
/// 252 for each one's reroll, fewer than 252 + 252 × 252 runs (die by die, six ways a die, it took
/// 152,857).
#[test]
fn rerolls_one_after_another_are_one_roll_of_as_many_dice() {
    let text = r#"game = "eldritch"
[investigator]
strength = 5
possessions = [{ id = "rerolls_all", name = "Rerolls All (synthetic)", kind = "asset", source = "synthetic", script = "fn after_roll(ctx) { for die in ctx.test.failing_dice { ctx.test.reroll(die); } }" }]
[test]
skill = "strength"
"#;
    let o = prepare("rerolls_all.toml", text).exact_odds().unwrap();
    let successes = o.successes().expect("a [test] scenario");
    for k in 0..=5u32 {
        let expected = binomial_at_least(5, k, 5.0 / 9.0) - binomial_at_least(5, k + 1, 5.0 / 9.0);
        let got = successes.get(&k).copied().unwrap_or(0.0);
        assert!(
            (got - expected).abs() < 1e-12,
            "{k} successes: {got} vs {expected}"
        );
    }
    assert!(o.runs() < 252 + 252 * 252, "{} runs", o.runs());
}

/// Mandy Thompson's Research rerolls every die of a check that is not a success, after its Clue dice:
/// a Luck 1 check with 1 Clue spent until it passes fails only when the die and the Clue die both
/// fail twice, (2/3)^4 = 16/81, so it passes with 65/81 (with the die alone rerolled, before the Clue
/// die: 1 − (4/9)(2/3) = 57/81).
#[test]
fn research_after_the_clue_die_passes_a_luck_1_check_with_65_in_81() {
    let full = format!(
        "{}/tests/scenarios/arkham/mandy_thompson_research_rerolls_a_clue_die.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&full).unwrap();
    let o = prepare(&full, &text).exact_odds().unwrap();
    let passed = o.test_passed().expect("a [test] scenario");
    assert!((passed - 65.0 / 81.0).abs() < 1e-12, "{passed}");
}

/// Blessed, a Double-barreled Shotgun, 3 Clues and 2 Focus against four monsters (the bench's
/// `eh_blessed_shotgun_three_clues_two_focus_four_monsters`): exact odds of a few thousand runs of
/// the rules, long enough for the pilot of their progress (three monsters with 2 Clues were, until
/// rolls of as many successes became one branch).
const FOUR_MONSTERS: &str = "game = \"eldritch\"
[investigator]
card = \"mark_harrigan\"
clues = 3
focus = 2
conditions = [\"blessed\"]
possessions = [\"double_barreled_shotgun\"]
[[monsters]]
card = \"ghoul\"
[[monsters]]
card = \"zombie\"
[[monsters]]
card = \"deep_one\"
[[monsters]]
card = \"skeleton\"
";

/// Every share of the work done that the exact odds of `FOUR_MONSTERS` tell their progress
/// callback, in order.
fn four_monsters_progress() -> Vec<f64> {
    let mut seen = Vec::new();
    prepare("four.toml", FOUR_MONSTERS)
        .exact_odds_with_progress(&mut |done| {
            seen.push(done);
            true
        })
        .unwrap();
    seen
}

/// The progress of exact odds never goes back and ends at 1 (told once at the end); before the
/// end it stays below 1.
#[test]
fn exact_odds_progress_rises_to_one_at_the_end() {
    let seen = four_monsters_progress();
    assert!(seen.windows(2).all(|w| w[0] <= w[1]), "{seen:?}");
    assert_eq!(seen.last(), Some(&1.0));
    assert!(seen[..seen.len() - 1].iter().all(|d| *d < 1.0), "{seen:?}");
}

/// On a first run the progress is an estimate of the work done, not the probability resolved (which
/// stays near 0 until the last few percent of the runs): half way through its calls (one every 64
/// runs) it has passed a tenth.
#[test]
fn exact_odds_progress_is_told_before_the_end() {
    let seen = four_monsters_progress();
    assert!(seen.len() > 20, "{} calls", seen.len());
    let half = seen[seen.len() / 2];
    assert!(half > 0.1 && half < 0.99, "half way: {half} ({seen:?})");
}

/// A monster's chance to be defeated is a probability, and every monster defeated is at most as
/// likely as any one of them, also when the best policy chooses the order the monsters are met in
/// (EH Normal monsters): between two combats the search's share of each monster was counted twice
/// (the Ghoul "defeated" 160.49% of the time, defeating all four 5.37% though the Mi-Go is never
/// defeated). The Ghoul met first under the fixed order is defeated 80.25% of the time (the fixed
/// policy's figure, which nothing of the order changes).
#[test]
fn under_the_best_order_each_monster_is_defeated_at_most_always() {
    let text = "game = \"eldritch\"\ntitle = \"four\"\n[investigator]\ncard = \"Mark Harrigan\"\n\
                [[monsters]]\ncard = \"ghoul\"\n[[monsters]]\ncard = \"zombie\"\n\
                [[monsters]]\ncard = \"deep_one\"\n[[monsters]]\ncard = \"mi_go\"\n";
    let s = prepare("four.toml", text);
    let best = s.best_odds(mythos::Objective::DefeatAll).expect("answered");
    let all = best.value();
    for (id, _, p) in best.odds().defeated() {
        assert!(p <= 1.0 + 1e-9, "{id} defeated {p}");
        assert!(all <= p + 1e-9, "every monster {all} but {id} {p}");
    }
    let fixed = s.exact_odds().expect("answered");
    let ghoul = fixed
        .defeated()
        .into_iter()
        .find(|(id, _, _)| *id == "ghoul");
    assert!((ghoul.expect("the ghoul").2 - 65.0 / 81.0).abs() < 1e-9);
}
