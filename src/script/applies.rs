//! Which hooks of a card cannot apply in an encounter, read from the hook's syntax tree and what the
//! encounter holds: a hook whose whole body is `if` statements (no `else`) each of whose condition is
//! false in every call of this encounter, before anything in it could fail or act. Such a call would
//! return no effect, print nothing, roll nothing and raise nothing, so the kernel need not make it
//! (each call of a hook that does nothing still costs a Rhai call). Imports nothing of this room.
//!
//! What is known in every call of an encounter: `ctx.card.chosen` (the scenario's `[choices] use`
//! names the card or not), and, in a scenario of one `[test]` (no combat), `ctx.test.in_combat` is
//! false. What may be read before such a condition without any possible failure: `ctx.card.id` and
//! `ctx.card.chosen` anywhere, and `ctx.test`'s properties in the hooks of a test (`before_test`,
//! `on_pool`, `after_roll`, `after_test`: `ctx.test` is the test under way), each compared with `==`
//! or `!=` to a literal or read alone when it is a boolean. For a hook fired in one known test
//! (`never_applies_to`, what exact odds ask before grouping faces: `faces.rs`), also what that test's
//! `ctx.test.skill`, `kind`, `slot` and `in_combat` read.

use crate::kernel::Hook;
use rhai::{AST, ASTNode, Expr, Stmt};

/// What holds in every call of one card's hooks in one encounter.
#[derive(Debug, Clone, Copy)]
pub struct Encounter {
    /// The card is named in `[choices] use`.
    pub chosen: bool,
    /// The encounter is one test, not a combat (every test has `in_combat` false).
    pub no_combat: bool,
    /// The player is asked each "may" (`ctx.card.may`), rather than the scenario's `[choices]`
    /// answering: nothing is known of its answer.
    pub deciding: bool,
}

/// What is known of one test before its roll, for a hook fired in it (`never_applies_to`): what
/// `ctx.test.skill`, `kind`, `slot` and `in_combat` read in it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TestFacts {
    pub skill: String,
    pub kind: String,
    pub slot: Option<String>,
    pub in_combat: bool,
}

/// What a condition gives, as far as it can be told before the encounter: always false, a boolean
/// that cannot fail to be read, or anything else (it may fail, act, or not be a boolean).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Value {
    False,
    SafeBool,
    Unknown,
}

/// Boolean properties of `ctx.test` (`ctx.card.chosen` is handled apart).
const TEST_BOOLS: [&str; 2] = ["in_combat", "passed"];

/// Whether `hook`, as the script `ast` defines it, cannot apply in `enc`.
pub fn never_applies(ast: &AST, hook: Hook, enc: Encounter) -> bool {
    never_applies_in(ast, hook, enc, None)
}

/// Whether `hook` cannot apply when fired in the test `test` (whether the card is chosen is not
/// known here: a hook that cannot apply for that reason is skipped already).
pub fn never_applies_to(ast: &AST, hook: Hook, test: &TestFacts) -> bool {
    let enc = Encounter {
        chosen: true,
        no_combat: !test.in_combat,
        deciding: true,
    };
    never_applies_in(ast, hook, enc, Some(test))
}

fn never_applies_in(ast: &AST, hook: Hook, enc: Encounter, test: Option<&TestFacts>) -> bool {
    let only = functions_only(ast, |name, params| name == hook.name() && params == 1);
    // The hook's own statements: the walk visits them at depth 1.
    let mut body: Vec<Stmt> = Vec::new();
    only.walk(&mut |path: &[ASTNode]| {
        if let [ASTNode::Stmt(s)] = path {
            body.push((*s).clone());
        }
        true
    });
    let in_test = matches!(
        hook,
        Hook::BeforeTest | Hook::OnPool | Hook::AfterRoll | Hook::AfterTest
    );
    only.iter_functions().count() == 1
        && !body.is_empty()
        && body.iter().all(|s| match s {
            Stmt::Noop(_) => true,
            Stmt::If(x, _) => {
                x.branch.is_empty()
                    && condition(&x.expr, in_test, enc, test.filter(|_| in_test)) == Value::False
            }
            _ => false,
        })
}

/// The functions of `ast` that `keep` keeps (by name and number of parameters), without its
/// statements. (Rhai 1.27's `clone_functions_only_filtered` keeps every function when it merges
/// into an empty module, so the functions are cloned whole and then filtered.)
pub fn functions_only(ast: &AST, keep: impl Fn(&str, usize) -> bool) -> AST {
    let mut only = ast.clone_functions_only();
    only.retain_functions(|_, _, name, params| keep(name, params));
    only
}

/// The property chain `ctx.a.b` of `e`, as `(a, b)`.
fn ctx_property(e: &Expr) -> Option<(&str, &str)> {
    let Expr::Dot(outer, _, _) = e else {
        return None;
    };
    let Expr::Variable(v, _, _) = &outer.lhs else {
        return None;
    };
    if v.1 != "ctx" {
        return None;
    }
    let Expr::Dot(inner, _, _) = &outer.rhs else {
        return None;
    };
    match (&inner.lhs, &inner.rhs) {
        (Expr::Property(a, _), Expr::Property(b, _)) => Some((a.2.as_str(), b.2.as_str())),
        _ => None,
    }
}

/// Whether `e` is read without any possible failure or effect in a hook (`in_test`: of a test).
fn safe_read(e: &Expr, in_test: bool) -> bool {
    match ctx_property(e) {
        Some(("card", "id" | "chosen")) => true,
        Some(("test", _)) => in_test,
        _ => false,
    }
}

/// `ctx.card.may(words)` or `ctx.card.may(words, fixed)` with literal arguments that cannot fail (words
/// of the allowed length, a literal boolean): `Some(fixed)`, `fixed` `None` for the first form.
fn may_call(e: &Expr) -> Option<Option<bool>> {
    let Expr::Dot(outer, _, _) = e else {
        return None;
    };
    let Expr::Variable(v, _, _) = &outer.lhs else {
        return None;
    };
    let Expr::Dot(inner, _, _) = &outer.rhs else {
        return None;
    };
    let (Expr::Property(card, _), Expr::MethodCall(call, _)) = (&inner.lhs, &inner.rhs) else {
        return None;
    };
    if v.1 != "ctx" || card.2 != "card" || call.name != "may" {
        return None;
    }
    let words_ok = |a: &Expr| match a {
        Expr::StringConstant(w, _) => {
            !w.trim().is_empty() && w.chars().count() <= super::context::MAY_WORDS
        }
        _ => false,
    };
    match &call.args[..] {
        [w] if words_ok(w) => Some(None),
        [w, Expr::BoolConstant(b, _)] if words_ok(w) => Some(Some(*b)),
        _ => None,
    }
}

/// `ctx.test.failing_dice.len()`: in a test's hooks, a whole number read without any failure.
fn failing_count(e: &Expr) -> bool {
    let Expr::Dot(outer, _, _) = e else {
        return false;
    };
    let (Expr::Variable(v, _, _), Expr::Dot(test, _, _)) = (&outer.lhs, &outer.rhs) else {
        return false;
    };
    let (Expr::Property(t, _), Expr::Dot(dice, _, _)) = (&test.lhs, &test.rhs) else {
        return false;
    };
    let (Expr::Property(f, _), Expr::MethodCall(len, _)) = (&dice.lhs, &dice.rhs) else {
        return false;
    };
    v.1 == "ctx"
        && t.2 == "test"
        && f.2 == "failing_dice"
        && len.name == "len"
        && len.args.is_empty()
}

fn literal(e: &Expr) -> bool {
    matches!(
        e,
        Expr::StringConstant(..)
            | Expr::BoolConstant(..)
            | Expr::IntegerConstant(..)
            | Expr::Unit(_)
    )
}

/// What `ctx.test.<p> == <literal>` gives in the test `test`, when `p` is known there.
fn known_comparison(a: &Expr, b: &Expr, test: &TestFacts) -> Option<bool> {
    let (p, lit) = match (ctx_property(a), ctx_property(b)) {
        (Some(("test", p)), None) => (p, b),
        (None, Some(("test", p))) => (p, a),
        _ => return None,
    };
    let value = match p {
        "skill" => Some(test.skill.as_str()),
        "kind" => Some(test.kind.as_str()),
        "slot" => test.slot.as_deref(),
        _ => return None,
    };
    match lit {
        Expr::StringConstant(s, _) => Some(value == Some(s.as_str())),
        Expr::Unit(_) => Some(value.is_none()),
        _ => None,
    }
}

fn condition(e: &Expr, in_test: bool, enc: Encounter, test: Option<&TestFacts>) -> Value {
    match e {
        // Read left to right, each only while those before it were true.
        Expr::And(conjuncts, _) => {
            for c in conjuncts.iter() {
                match condition(c, in_test, enc, test) {
                    Value::False => return Value::False,
                    Value::SafeBool => {}
                    Value::Unknown => return Value::Unknown,
                }
            }
            Value::SafeBool
        }
        Expr::BoolConstant(false, _) => Value::False,
        Expr::FnCall(x, _) if x.is_operator_call() && x.args.len() == 2 => {
            let (a, b) = (&x.args[0], &x.args[1]);
            let compared =
                (safe_read(a, in_test) && literal(b)) || (literal(a) && safe_read(b, in_test));
            let counted = |a: &Expr, b: &Expr| {
                in_test && failing_count(a) && matches!(b, Expr::IntegerConstant(..))
            };
            let equality = matches!(x.name.as_str(), "==" | "!=");
            let order = matches!(x.name.as_str(), "==" | "!=" | "<" | "<=" | ">" | ">=");
            let equal = test
                .filter(|_| equality && compared)
                .and_then(|t| known_comparison(a, b, t));
            if (equality && compared) || (order && (counted(a, b) || counted(b, a))) {
                match equal {
                    Some(eq) if eq != (x.name.as_str() == "==") => Value::False,
                    _ => Value::SafeBool,
                }
            } else {
                Value::Unknown
            }
        }
        Expr::FnCall(x, _)
            if x.is_operator_call() && x.name.as_str() == "!" && x.args.len() == 1 =>
        {
            match condition(&x.args[0], in_test, enc, test) {
                Value::SafeBool => Value::SafeBool,
                // `!false` is true: nothing is known of it but that it is read safely.
                Value::False => Value::SafeBool,
                Value::Unknown => Value::Unknown,
            }
        }
        _ if may_call(e).is_some() => match may_call(e) {
            _ if enc.deciding => Value::Unknown,
            // `ctx.card.may(w)` answers as `ctx.card.chosen` when the scenario answers.
            Some(None) if !enc.chosen => Value::False,
            Some(Some(false)) => Value::False,
            _ => Value::SafeBool,
        },
        _ => match ctx_property(e) {
            Some(("card", "chosen")) if !enc.chosen => Value::False,
            Some(("card", "chosen" | "exhausted")) => Value::SafeBool,
            Some(("test", "in_combat")) if in_test && enc.no_combat => Value::False,
            Some(("test", p)) if in_test && TEST_BOOLS.contains(&p) => Value::SafeBool,
            _ => Value::Unknown,
        },
    }
}

#[cfg(test)]
mod tests {
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
        let declined =
            "fn on_pool(ctx) { if ctx.card.may(\"x\", false) { ctx.test.add_dice(1); } }";
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
}
