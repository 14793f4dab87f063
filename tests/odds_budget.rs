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

fn refused_exactly(mut s: Scenario) -> mythos::Diagnostic {
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

/// 10^5 dice that count alike in two classes: 100,001 ways of 10^5 faces each, refused before the
/// table (or by the sandbox's own bound on effects, before any die).
#[test]
fn a_hundred_thousand_grouped_dice_are_refused() {
    let d = refused_exactly(with_card(
        "fn on_pool(ctx) { for i in 0..1000 { ctx.test.add_dice(100); } }",
    ));
    assert!(
        d.code() == "E0501" || d.code() == "E0403",
        "{}: {}",
        d.code(),
        d.message()
    );
}

/// 171 dice: 171! overflows an f64, the multinomial weights in log space do not. Grouped into
/// successes and failures, the roll has 172 ways; every probability is finite and they sum to 1.
#[test]
fn a_hundred_and_seventy_one_dice_give_finite_odds() {
    let mut s = with_card("fn on_pool(ctx) { ctx.test.add_dice(100); ctx.test.add_dice(70); }");
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
    let mut s = with_card("fn on_pool(ctx) { }");
    let d = s.sampled_odds(0, 1).expect_err("refused");
    assert_eq!(d.code(), "E0502", "{}", d.message());
    assert!(d.message().contains("attack.toml"), "{}", d.message());
}

/// A huge sample count is refused before anything is allocated or played.
#[test]
fn a_huge_sample_count_is_refused() {
    let mut s = with_card("fn on_pool(ctx) { }");
    let d = s.sampled_odds(u64::MAX, 1).expect_err("refused");
    assert_eq!(d.code(), "E0502", "{}", d.message());
}
