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

/// Whether `hook` cannot apply when fired in the test `test`, in `enc` (whether the card is chosen,
/// whether the player is asked each "may", as the call knows them).
pub fn never_applies_in_test(ast: &AST, hook: Hook, enc: Encounter, test: &TestFacts) -> bool {
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
        Hook::BeforeTest
            | Hook::OnPool
            | Hook::AfterRoll
            | Hook::AfterReroll
            | Hook::AfterTokens
            | Hook::AfterTest
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
#[path = "applies_tests.rs"]
mod tests;
