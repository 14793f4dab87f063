//! Which hooks of a card cannot apply in an encounter, read from the hook's syntax tree and what the
//! encounter holds: a hook whose whole body is `if` statements (no `else`) each of whose condition is
//! false in every call of this encounter, before anything in it could fail or act. Such a call would
//! return no effect, print nothing, roll nothing and raise nothing, so the kernel need not make it
//! (each call of a hook that does nothing still costs a Rhai call). Imports of this room only
//! `context::MAY_WORDS`.
//!
//! What is known in every call of an encounter: `ctx.card.chosen` (the scenario's `[choices] use`
//! names the card or not), and, in a scenario of one `[test]` (no combat), `ctx.test.in_combat` is
//! false. What may be read before such a condition without any possible failure: `ctx.card.id` and
//! `ctx.card.chosen` anywhere, and `ctx.test`'s properties in the hooks of a test (`before_test`,
//! `on_pool`, `after_roll`, `after_test`: `ctx.test` is the test under way), each compared with `==`
//! or `!=` to a literal or read alone when it is a boolean. For a hook fired in one known test
//! (`never_applies_to`, what exact odds ask before grouping faces: `faces.rs`), also what that test's
//! `ctx.test.skill`, `kind`, `slot` and `in_combat` read. For `on_damage` fired at one loss
//! (`never_applies_to_loss`), what `ctx.loss.target` and `ctx.loss.stat` read at it (both read
//! without any possible failure there).

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

/// What is known of one loss, for an `on_damage` hook fired at it (`never_applies_to_loss`): what
/// `ctx.loss.target` and `ctx.loss.stat` read there (`LossFacts::at`, the words the getters of
/// `context` hand out).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct LossFacts {
    pub target: String,
    pub stat: String,
}

impl LossFacts {
    /// What `ctx.loss.target` and `ctx.loss.stat` read at `l`: the target's key and the stat's name.
    pub fn at(l: &crate::kernel::LossView) -> LossFacts {
        LossFacts {
            target: l.target.key().to_string(),
            stat: l.stat.as_str().to_string(),
        }
    }
}

/// What a call knows beside its encounter: the test it is fired in, or the loss.
#[derive(Clone, Copy, Default)]
struct Known<'a> {
    test: Option<&'a TestFacts>,
    loss: Option<&'a LossFacts>,
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
    never_applies_in(ast, hook, enc, Known::default())
}

/// Whether `hook` cannot apply when fired in the test `test` (whether the card is chosen is not
/// known here: a hook that cannot apply for that reason is skipped already).
pub fn never_applies_to(ast: &AST, hook: Hook, test: &TestFacts) -> bool {
    let enc = Encounter {
        chosen: true,
        no_combat: !test.in_combat,
        deciding: true,
    };
    never_applies_in_test(ast, hook, enc, test)
}

/// Whether `hook` cannot apply when fired in the test `test`, in `enc` (whether the card is chosen,
/// whether the player is asked each "may", as the call knows them).
pub fn never_applies_in_test(ast: &AST, hook: Hook, enc: Encounter, test: &TestFacts) -> bool {
    never_applies_in(
        ast,
        hook,
        enc,
        Known {
            test: Some(test),
            loss: None,
        },
    )
}

/// Whether `on_damage` cannot apply when fired at the loss `loss`, in `enc` (a monster's "If you
/// fail the Strength test, you may discard 1 Ally Asset instead of losing Health" at a loss of
/// Sanity, or of the monster's).
pub fn never_applies_to_loss(ast: &AST, enc: Encounter, loss: &LossFacts) -> bool {
    never_applies_in(
        ast,
        Hook::OnDamage,
        enc,
        Known {
            test: None,
            loss: Some(loss),
        },
    )
}

fn never_applies_in(ast: &AST, hook: Hook, enc: Encounter, known: Known<'_>) -> bool {
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
    let known = Known {
        test: known.test.filter(|_| in_test),
        loss: known.loss.filter(|_| hook == Hook::OnDamage),
    };
    only.iter_functions().count() == 1
        && !body.is_empty()
        && body.iter().all(|s| match s {
            Stmt::Noop(_) => true,
            Stmt::If(x, _) => {
                x.branch.is_empty() && condition(&x.expr, in_test, enc, known) == Value::False
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

/// Whether `e` is read without any possible failure or effect in a hook (`in_test`: of a test;
/// `at_loss`: `on_damage` at a known loss).
fn safe_read(e: &Expr, in_test: bool, at_loss: bool) -> bool {
    match ctx_property(e) {
        Some(("card", "id" | "chosen")) => true,
        Some(("test", _)) => in_test,
        Some(("loss", "target" | "stat")) => at_loss,
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

/// What `ctx.test.<p> == <literal>` gives in the test known, or `ctx.loss.<p> == <literal>` at the
/// loss known, when `p` is known there.
fn known_comparison(a: &Expr, b: &Expr, known: Known<'_>) -> Option<bool> {
    let ((of, p), lit) = match (ctx_property(a), ctx_property(b)) {
        (Some(read), None) => (read, b),
        (None, Some(read)) => (read, a),
        _ => return None,
    };
    let value = match (of, p, known.test, known.loss) {
        ("test", "skill", Some(test), _) => Some(test.skill.as_str()),
        ("test", "kind", Some(test), _) => Some(test.kind.as_str()),
        ("test", "slot", Some(test), _) => test.slot.as_deref(),
        ("loss", "target", _, Some(loss)) => Some(loss.target.as_str()),
        ("loss", "stat", _, Some(loss)) => Some(loss.stat.as_str()),
        _ => return None,
    };
    match lit {
        Expr::StringConstant(s, _) => Some(value == Some(s.as_str())),
        Expr::Unit(_) => Some(value.is_none()),
        _ => None,
    }
}

fn condition(e: &Expr, in_test: bool, enc: Encounter, known: Known<'_>) -> Value {
    match e {
        // Read left to right, each only while those before it were true.
        Expr::And(conjuncts, _) => {
            for c in conjuncts.iter() {
                match condition(c, in_test, enc, known) {
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
            let at_loss = known.loss.is_some();
            let compared = (safe_read(a, in_test, at_loss) && literal(b))
                || (literal(a) && safe_read(b, in_test, at_loss));
            let counted = |a: &Expr, b: &Expr| {
                in_test && failing_count(a) && matches!(b, Expr::IntegerConstant(..))
            };
            let equality = matches!(x.name.as_str(), "==" | "!=");
            let order = matches!(x.name.as_str(), "==" | "!=" | "<" | "<=" | ">" | ">=");
            let equal = if equality && compared {
                known_comparison(a, b, known)
            } else {
                None
            };
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
            match condition(&x.args[0], in_test, enc, known) {
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
