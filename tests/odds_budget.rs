//! Odds as a denial of service (issue 11): every budget of `src/odds/budget.rs` is checked before the
//! work or the memory it bounds, so each attack below ends at once, by construction, with a diagnostic
//! naming the scenario and pointing at `--samples`, or with a finite answer.

use mythos::{Library, Scenario, render};

/// A `[test]` of Will 1 with an inline card holding `script`.
fn with_card(script: &str) -> Scenario {
    let text = format!(
        "game = \"eldritch\"\n[investigator]\nwill = 1\npossessions = [{{ id = \"attack\", name = \"Attack\", kind = \"asset\", script = '''\n{script}\n''' }}]\n[test]\nskill = \"will\"\n"
    );
    match Scenario::parse(&Library::new(), "attack.toml", &text) {
        Ok(s) => s,
        Err(ds) => panic!("{}", render(&ds, false)),
    }
}

fn refused_exactly(s: Scenario) -> mythos::Diagnostic {
    match s.exact_odds() {
        Ok(o) => panic!("answered:\n{}", o.text()),
        Err(d) => d,
    }
}

/// The refusal names the scenario's file and suggests sampling.
fn assert_too_large(d: &mythos::Diagnostic) {
    assert_eq!(d.code(), "E0501", "{}", d.message());
    assert!(d.message().contains("attack.toml"), "{}", d.message());
    assert!(
        d.hint().is_some_and(|h| h.contains("--samples")),
        "{:?}",
        d.hint()
    );
}

/// 101 dice whose faces a script reads cannot be grouped: C(106, 5) ways, refused before the table.
#[test]
fn a_hundred_face_reading_dice_are_refused() {
    let d = refused_exactly(with_card(
        "fn on_pool(ctx) { ctx.test.add_dice(100); }\nfn after_roll(ctx) { let f = ctx.test.faces; }",
    ));
    assert_too_large(&d);
}

/// A script's `ctx.roll(100)` in a card that reads faces: 100 dice that cannot be grouped, refused
/// before the table.
#[test]
fn a_script_rolling_a_hundred_dice_is_refused() {
    let d = refused_exactly(with_card(
        "fn after_test(ctx) { let f = ctx.roll(100); let g = ctx.test.faces; }",
    ));
    assert_too_large(&d);
}

/// 10^5 dice that count alike in two classes, within every bound of the sandbox (ten cards, each asking
/// for 100 times 100 dice: 100 effects, the most one hook call may ask for): 100,002 ways of 10^5 faces
/// each, refused by the budget of one roll's branches before the table is built.
#[test]
fn a_hundred_thousand_grouped_dice_are_refused() {
    let cards: Vec<String> = (0..10)
        .map(|i| {
            format!(
                "{{ id = \"attack{i}\", name = \"Attack {i}\", kind = \"asset\", script = '''\n\
                 fn on_pool(ctx) {{ for i in 0..100 {{ ctx.test.add_dice(100); }} }}\n''' }}"
            )
        })
        .collect();
    let text = format!(
        "game = \"eldritch\"\n[investigator]\nwill = 1\npossessions = [{}]\n[test]\nskill = \"will\"\n",
        cards.join(", ")
    );
    let s = match Scenario::parse(&Library::new(), "attack.toml", &text) {
        Ok(s) => s,
        Err(ds) => panic!("{}", render(&ds, false)),
    };
    let d = refused_exactly(s);
    assert_too_large(&d);
    assert!(
        d.message().contains("100002"),
        "names the roll's branches: {}",
        d.message()
    );
}

/// 171 dice: 171! overflows an f64, the multinomial weights in log space do not. Grouped into
/// successes and failures, the roll has 172 ways; every probability is finite and they sum to 1.
#[test]
fn a_hundred_and_seventy_one_dice_give_finite_odds() {
    let s = with_card("fn on_pool(ctx) { ctx.test.add_dice(100); ctx.test.add_dice(70); }");
    let o = s.exact_odds().expect("answered");
    let successes = o.successes().expect("a test");
    let total: f64 = successes.values().sum();
    assert!((total - 1.0).abs() < 1e-9, "sum {total}");
    assert!(successes.values().all(|p| p.is_finite() && *p >= 0.0));
    // 171 dice at 1/3: the expected number of successes is 57.
    let mean: f64 = successes.iter().map(|(k, p)| f64::from(*k) * p).sum();
    assert!((mean - 57.0).abs() < 1e-6, "mean {mean}");
    let text = o.text();
    assert!(!text.contains("inf") && !text.contains("NaN"), "{text}");
}

/// No sample at all is refused, not reported as 0%.
#[test]
fn zero_samples_are_refused() {
    let s = with_card("fn on_pool(ctx) { }");
    let d = s.sampled_odds(0, 1).expect_err("refused");
    assert_eq!(d.code(), "E0502", "{}", d.message());
    assert!(d.message().contains("attack.toml"), "{}", d.message());
}

/// A huge sample count is refused before anything is allocated or played.
#[test]
fn a_huge_sample_count_is_refused() {
    let s = with_card("fn on_pool(ctx) { }");
    let d = s.sampled_odds(u64::MAX, 1).expect_err("refused");
    assert_eq!(d.code(), "E0502", "{}", d.message());
}

/// Runs `attack`, failing the test if it takes longer than a refusal may: a bound on a runaway (without
/// the budget, minutes), not a measure of speed.
fn within_seconds<T>(attack: impl FnOnce() -> T) -> T {
    let start = std::time::Instant::now();
    let out = attack();
    let took = start.elapsed();
    assert!(took < std::time::Duration::from_secs(30), "took {took:?}");
    out
}

/// The operations all runs' card scripts of one exact computation may take together, and all
/// samples' of one sampled computation (src/odds/budget.rs, listed among the budgets of docs/odds.md).
const EXACT_SCRIPT_OPERATIONS: u64 = 20_000_000;
const SAMPLED_SCRIPT_OPERATIONS: u64 = 100_000_000;

/// A hook that takes about 60,000 operations: within the sandbox's 100,000 for one call and 10^6 for
/// one run, and run again in every run the odds make.
const HEAVY: &str = "let n = 0; for i in 0..20000 { n += 1; }";

/// Exact odds of 8 dice whose faces a script reads (1,287 ways, none grouped), each run's scripts
/// taking about 60,000 operations: about 8·10^7 in all, refused by the budget of the whole computation
/// after a few hundred runs, naming the scenario and suggesting sampling.
#[test]
fn exact_odds_whose_scripts_together_run_long_are_refused() {
    let d = within_seconds(|| {
        refused_exactly(with_card(&format!(
            "fn on_pool(ctx) {{ ctx.test.add_dice(7); }}\nfn after_roll(ctx) {{ let f = ctx.test.faces; {HEAVY} }}"
        )))
    });
    assert_too_large(&d);
    assert!(
        d.message().contains(&format!(
            "card scripts take more than {} operations together",
            EXACT_SCRIPT_OPERATIONS
        )),
        "{}",
        d.message()
    );
}

/// 10^6 samples whose scripts each take about 60,000 operations: about 6·10^10 in all, refused by the
/// budget of the whole computation, with the number of samples that would fit.
#[test]
fn samples_whose_scripts_together_run_long_are_refused() {
    let s = with_card(&format!("fn on_pool(ctx) {{ {HEAVY} }}"));
    let d = within_seconds(|| s.sampled_odds(1_000_000, 1).expect_err("refused"));
    assert_eq!(d.code(), "E0502", "{}", d.message());
    assert!(d.message().contains("attack.toml"), "{}", d.message());
    assert!(
        d.message().contains(&format!(
            "the card scripts of 1000000 samples take more than {} operations together",
            SAMPLED_SCRIPT_OPERATIONS
        )),
        "{}",
        d.message()
    );
    // One sample takes the same operations whatever its dice: the hint names how many fit.
    let hint = d.hint().expect("a hint");
    let ops: u64 = hint
        .split("took ")
        .nth(1)
        .and_then(|t| t.split(' ').next())
        .and_then(|t| t.parse().ok())
        .expect("the first sample's operations");
    assert!((40_000..100_000).contains(&ops), "{hint}");
    assert!(
        hint.contains(&format!("`--samples {}`", SAMPLED_SCRIPT_OPERATIONS / ops)),
        "{hint}"
    );
}

/// Samples whose first is cheap and most others heavy (the heavy part runs only when the test fails):
/// the estimate from sample 0 lets them start, and the chunk they pass the budget of a chunk in is
/// refused, the same on one thread and on four.
#[test]
fn samples_heavy_only_after_the_first_are_refused_the_same_on_any_threads() {
    let script = format!("fn after_test(ctx) {{ if !ctx.test.passed {{ {HEAVY} }} }}");
    // A seed whose first sample passes the test (Will 1: one die, a third of seeds).
    let seed = (0..100)
        .find(|s| {
            let o = with_card(&script).sampled_odds(1, *s).expect("one sample");
            o.successes().expect("a test").get(&1).copied() == Some(1.0)
        })
        .expect("a seed whose first sample passes");
    let run = |threads: usize| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("a pool")
            .install(|| {
                let s = with_card(&script);
                let d = within_seconds(|| s.sampled_odds(100_000, seed).expect_err("refused"));
                (
                    d.code().to_string(),
                    d.message().to_string(),
                    d.hint().map(str::to_string),
                )
            })
    };
    let one = run(1);
    assert_eq!(one.0, "E0502");
    assert!(
        one.1.contains(&format!(
            "take more than {} operations (at most that for 4096 samples",
            SAMPLED_SCRIPT_OPERATIONS / 32
        )),
        "{}",
        one.1
    );
    assert_eq!(one, run(4));
}
