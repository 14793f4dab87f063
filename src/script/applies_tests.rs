//! Unit tests of `applies.rs`: when a hook cannot apply.

use super::*;

const NOT_CHOSEN: Encounter = Encounter {
    chosen: false,
    no_combat: false,
    deciding: false,
};

fn never(code: &str, hook: Hook, enc: Encounter) -> bool {
    let ast = crate::script::engine::sandboxed_engine(Default::default())
        .compile(code)
        .expect("compiles");
    never_applies(&ast, hook, enc)
}

#[test]
fn an_optional_effect_not_chosen_never_applies() {
    let code = "fn after_roll(ctx) { if ctx.test.slot == \"strength\" && ctx.card.chosen { ctx.test.reroll(0); } }";
    assert!(never(code, Hook::AfterRoll, NOT_CHOSEN));
    let chosen = Encounter {
        chosen: true,
        ..NOT_CHOSEN
    };
    assert!(!never(code, Hook::AfterRoll, chosen));
}

/// A card with two hooks: the one that cannot apply is found all the same (the other is not
/// in its body).
#[test]
fn a_hook_beside_another_is_judged_alone() {
    let code = "fn before_encounter(ctx) { ctx.monster.reduce_damage(1, 1); } fn after_roll(ctx) { if ctx.card.chosen { ctx.test.reroll(0); } }";
    assert!(never(code, Hook::AfterRoll, NOT_CHOSEN));
    assert!(!never(code, Hook::BeforeCombat, NOT_CHOSEN));
}

/// In a known test, a hook whose condition names another slot or skill cannot apply.
#[test]
fn a_hook_for_another_slot_never_applies_to_this_test() {
    let ast = crate::script::engine::sandboxed_engine(Default::default())
        .compile("fn after_roll(ctx) { if ctx.test.slot == \"strength\" && ctx.card.chosen { ctx.test.reroll(0); } }")
        .expect("compiles");
    let test = |slot: &str| TestFacts {
        skill: slot.into(),
        kind: "combat".into(),
        slot: Some(slot.into()),
        in_combat: true,
    };
    assert!(never_applies_to(&ast, Hook::AfterRoll, &test("will")));
    assert!(!never_applies_to(&ast, Hook::AfterRoll, &test("strength")));
}

/// `ctx.card.may(w)` is `ctx.card.chosen` when the scenario's `[choices]` answer, and
/// `may(w, false)` is false; when the player is asked, nothing is known of either.
#[test]
fn a_may_effect_not_chosen_never_applies_unless_the_player_is_asked() {
    let code = "fn after_roll(ctx) { if ctx.test.slot == \"strength\" && ctx.card.may(\"reroll\") { ctx.test.reroll(0); } }";
    assert!(never(code, Hook::AfterRoll, NOT_CHOSEN));
    let chosen = Encounter {
        chosen: true,
        ..NOT_CHOSEN
    };
    assert!(!never(code, Hook::AfterRoll, chosen));
    let asked = Encounter {
        deciding: true,
        ..NOT_CHOSEN
    };
    assert!(!never(code, Hook::AfterRoll, asked));
    let declined = "fn on_pool(ctx) { if ctx.card.may(\"x\", false) { ctx.test.add_dice(1); } }";
    assert!(never(declined, Hook::OnPool, chosen));
    assert!(!never(declined, Hook::OnPool, asked));
    // Words the call would refuse: the call is made, and fails.
    let long = format!(
        "fn on_pool(ctx) {{ if ctx.card.may(\"{}\") {{ ctx.test.add_dice(1); }} }}",
        "w".repeat(101)
    );
    assert!(!never(&long, Hook::OnPool, NOT_CHOSEN));
}

/// Read without failure before a "may": whether the card is exhausted, and in a test's hooks how
/// many dice are not successes (compared with a whole number).
#[test]
fn exhausted_and_the_count_of_failing_dice_are_safe_reads() {
    let code = "fn after_roll(ctx) { if !ctx.card.exhausted && ctx.test.failing_dice.len() > 0 && ctx.card.may(\"reroll 1 die\") { ctx.test.reroll(0); } }";
    assert!(never(code, Hook::AfterRoll, NOT_CHOSEN));
    // Outside a test's hooks `ctx.test` is `()`: reading it fails, so the call is made.
    let outside = code.replace("after_roll", "after_encounter");
    assert!(!never(&outside, Hook::AfterCombat, NOT_CHOSEN));
    // Another method of the dice is not known to be safe.
    let other = code.replace("len()", "pop()");
    assert!(!never(&other, Hook::AfterRoll, NOT_CHOSEN));
}

#[test]
fn a_combat_only_effect_never_applies_to_a_test_outside_combat() {
    let code = "fn on_pool(ctx) { if ctx.test.in_combat && ctx.test.skill == \"strength\" { ctx.test.add_dice(1); } }";
    let no_combat = Encounter {
        no_combat: true,
        ..NOT_CHOSEN
    };
    assert!(never(code, Hook::OnPool, no_combat));
    assert!(
        !never(code, Hook::OnPool, NOT_CHOSEN),
        "in a combat it may apply"
    );
}

#[test]
fn a_read_that_may_fail_before_the_false_condition_keeps_the_call() {
    // `ctx.monster` is `()` outside a combat: reading its toughness would fail, so the call must
    // still be made (its error is part of the result).
    let code = "fn before_test(ctx) { if ctx.monster.toughness <= 2 && ctx.card.chosen { ctx.monster.defeat(); } }";
    assert!(!never(code, Hook::BeforeTest, NOT_CHOSEN));
}

#[test]
fn a_statement_outside_the_if_keeps_the_call() {
    let code = "fn before_encounter(ctx) { ctx.monster.reduce_damage(1, 1); if ctx.card.chosen { ctx.note(\"x\"); } }";
    assert!(!never(code, Hook::BeforeCombat, NOT_CHOSEN));
}

#[test]
fn an_else_branch_keeps_the_call() {
    let code = "fn on_pool(ctx) { if ctx.card.chosen { ctx.test.add_dice(1); } else { ctx.test.add_dice(2); } }";
    assert!(!never(code, Hook::OnPool, NOT_CHOSEN));
}

#[test]
fn test_properties_are_not_safe_outside_the_hooks_of_a_test() {
    // In after_encounter `ctx.test` is `()`: `ctx.test.slot` fails before `chosen` is read.
    let code = "fn after_encounter(ctx) { if ctx.test.slot == \"will\" && ctx.card.chosen { ctx.note(\"x\"); } }";
    assert!(!never(code, Hook::AfterCombat, NOT_CHOSEN));
}

#[test]
fn comparing_a_missing_value_with_a_string_is_false_without_failing() {
    // What `safe_read` relies on: `ctx.test.slot` is `()` in a test outside combat, and `==` of
    // `()` and a string is false in the sandboxed engine, not an error.
    let engine = crate::script::engine::sandboxed_engine(Default::default());
    assert_eq!(engine.eval::<bool>("() == \"strength\"").ok(), Some(false));
    assert_eq!(engine.eval::<bool>("() != \"strength\"").ok(), Some(true));
}

/// At a known loss, an `on_damage` hook whose condition names another target or stat cannot apply
/// (a monster's "If you fail the Strength test, you may discard 1 Ally Asset instead of losing
/// Health": not at a loss of Sanity, nor at the monster's loss); at the investigator's Health it
/// may, and a hook that does not test the loss may anywhere.
#[test]
fn on_damage_for_another_target_or_stat_never_applies_to_this_loss() {
    let compile = |code: &str| {
        crate::script::engine::sandboxed_engine(Default::default())
            .compile(code)
            .expect("compiles")
    };
    let guarded = compile(
        "fn on_damage(ctx) { if ctx.loss.target == \"investigator\" && ctx.loss.stat == \"health\" && ctx.loss.cause == ctx.card.id { ctx.loss.prevent(); } }",
    );
    let plain = compile("fn on_damage(ctx) { if ctx.loss.amount > 1 { ctx.loss.prevent(); } }");
    let loss = |target: &str, stat: &str| LossFacts {
        target: target.into(),
        stat: stat.into(),
    };
    let enc = Encounter {
        chosen: true,
        ..NOT_CHOSEN
    };
    assert!(never_applies_to_loss(
        &guarded,
        enc,
        &loss("investigator", "sanity")
    ));
    assert!(never_applies_to_loss(
        &guarded,
        enc,
        &loss("lurker", "health")
    ));
    assert!(!never_applies_to_loss(
        &guarded,
        enc,
        &loss("investigator", "health")
    ));
    assert!(!never_applies_to_loss(
        &plain,
        enc,
        &loss("lurker", "health")
    ));
}
