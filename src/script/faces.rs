//! Whether a card's script can tell apart faces that count alike, read from its syntax tree (as the
//! validator reads it), hook by hook and test by test: exact odds group such faces into one branch
//! of a roll only where nothing can tell them apart (`hooks/faces.rs` asks it for each card).
//! Imports `applies`.
//!
//! A hook tells faces apart when it reads raw faces or die positions (`ctx.test.faces`,
//! `failing_dice`, `set_face`, `reroll`), in it or in a function of the script it may call; an
//! `after_roll` also when it reads the result (`successes`, `passed`): exact odds learn each test's
//! counting rules from a probe run, so they must not depend on the faces. Only hooks that fire
//! between a test's roll and its end can read its faces; one that cannot apply to the test
//! (`applies::never_applies_to`: its `if` conditions are false for that test's skill, kind, slot)
//! reads nothing.

use super::applies;
use crate::kernel::{Hook, HookSet};
use rhai::{AST, ASTNode, Expr, Stmt};

/// What reveals raw faces or die positions.
const RAW: [&str; 5] = ["faces", "failing_dice", "set_face", "reroll", "rerolled"];
/// What an `after_roll` may not read either (the result, before its counting rules are final).
const RESULT: [&str; 2] = ["successes", "passed"];

/// The hooks that fire between a test's roll and its end, when its faces are there to read.
pub const AFTER_THE_ROLL: [Hook; 8] = [
    Hook::AfterRoll,
    Hook::AfterReroll,
    Hook::AfterTokens,
    Hook::AfterTest,
    Hook::OnDamage,
    Hook::OnGainCondition,
    Hook::OnDiscardCondition,
    Hook::OnStatus,
];

/// The hooks of `ast` (among `defined`) that read raw faces.
pub fn hooks_reading_faces(ast: &AST, defined: HookSet) -> HookSet {
    AFTER_THE_ROLL
        .into_iter()
        .filter(|h| defined.contains(*h) && reads_raw_faces(ast, *h))
        .fold(HookSet::NONE, HookSet::with)
}

/// What tells apart faces that count alike, where reading which dice fail and where they are
/// (`failing_dice`, `reroll`, `rerolled`) does not: the faces themselves.
const FACE: [&str; 2] = ["faces", "set_face"];

/// The hooks of `ast` (among `defined`) that tell apart faces that count alike: they read the faces
/// themselves (`ctx.test.faces`, `set_face`), or in `after_roll` the result. A hook that reads raw
/// faces but none of these reads only which dice fail and where they are (the Fishing Net rerolls
/// the first failing die): exact odds may still group its test's faces into classes that count
/// alike, when each class is a run of faces next to each other (then a die's class is the same at
/// each position however the faces are grouped; `odds/exact/collapse.rs`).
pub fn hooks_telling_faces_apart(ast: &AST, defined: HookSet) -> HookSet {
    AFTER_THE_ROLL
        .into_iter()
        .filter(|h| {
            defined.contains(*h)
                && names_in_hook(ast, *h, |name| {
                    FACE.contains(&name)
                        || (matches!(h, Hook::AfterRoll | Hook::AfterReroll)
                            && RESULT.contains(&name))
                })
        })
        .fold(HookSet::NONE, HookSet::with)
}

/// What changes how a test's faces count.
const COUNTING: [&str; 3] = ["success_from", "count_face", "negate_face"];

/// Whether `ast` may change a test's counting rules once its dice are rolled: it defines
/// `after_roll` or `after_reroll` and names what changes them anywhere. Where no script may, the
/// counting rules of a roll are those before it, and exact odds need no probe run to learn them.
pub fn sets_counting_after_roll(ast: &AST, defined: HookSet) -> bool {
    (defined.contains(Hook::AfterRoll) || defined.contains(Hook::AfterReroll))
        && names_any(ast, &COUNTING)
}

/// Whether `hook` as `ast` defines it, or a function of the script that is not a hook, names what
/// reveals raw faces: as a property, a method or function called, or a string (an index by name).
fn reads_raw_faces(ast: &AST, hook: Hook) -> bool {
    names_in_hook(ast, hook, |name| {
        RAW.contains(&name)
            || (matches!(hook, Hook::AfterRoll | Hook::AfterReroll) && RESULT.contains(&name))
    })
}

/// Whether `hook` as `ast` defines it, or a function of the script that is not a hook, names
/// something `reads` holds: as a property, a method or function called, or a string.
fn names_in_hook(ast: &AST, hook: Hook, reads: impl Fn(&str) -> bool) -> bool {
    let only = applies::functions_only(ast, |name, params| {
        (name == hook.name() && params == 1) || Hook::parse(name).is_none()
    });
    let mut found = false;
    only.walk(&mut |path: &[ASTNode]| {
        found |= match path.last() {
            Some(ASTNode::Expr(Expr::Property(x, _))) => reads(x.2.as_str()),
            Some(ASTNode::Expr(Expr::MethodCall(x, _) | Expr::FnCall(x, _)))
            | Some(ASTNode::Stmt(Stmt::FnCall(x, _))) => reads(x.name.as_str()),
            Some(ASTNode::Expr(Expr::StringConstant(s, _))) => reads(s.as_str()),
            _ => false,
        };
        !found
    });
    found
}

/// Whether `ast` names any of `names` anywhere: as a property, a method or function called, or a
/// string. Exact odds solve an AH2e fight that repeats round after round only where no script of
/// the scenario can tell one round from the next (`ctx.combat.round`), and leave the latest Combat
/// check's result out of the state that repeats where no script reads it
/// (`ctx.combat.combat_result`, `combat_passed`; `odds/exact/rounds.rs`).
pub fn names_any(ast: &AST, names: &[&str]) -> bool {
    let mut found = false;
    ast.walk(&mut |path: &[ASTNode]| {
        let named = |n: &str| names.contains(&n);
        found |= match path.last() {
            Some(ASTNode::Expr(Expr::Property(x, _))) => named(x.2.as_str()),
            Some(ASTNode::Expr(Expr::MethodCall(x, _) | Expr::FnCall(x, _)))
            | Some(ASTNode::Stmt(Stmt::FnCall(x, _))) => named(x.name.as_str()),
            Some(ASTNode::Expr(Expr::StringConstant(s, _))) => named(s.as_str()),
            _ => false,
        };
        !found
    });
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reads(code: &str, hook: Hook) -> bool {
        let ast = crate::script::engine::sandboxed_engine(Default::default())
            .compile(code)
            .expect("compiles");
        reads_raw_faces(&ast, hook)
    }

    /// A local variable named `faces` (the dice a card rolls with `ctx.roll`) reveals no face of
    /// the test; `ctx.test.faces` does.
    #[test]
    fn a_variable_named_faces_is_not_the_test_s_faces() {
        let own =
            "fn after_test(ctx) { let faces = ctx.roll(1); if faces[0] >= 5 { ctx.note(\"x\"); } }";
        assert!(!reads(own, Hook::AfterTest));
        let test =
            "fn after_test(ctx) { let f = ctx.test.faces; if f[0] >= 5 { ctx.note(\"x\"); } }";
        assert!(reads(test, Hook::AfterTest));
    }

    /// The result counts faces by what they count for: read after the roll's hooks it tells no
    /// face apart, read in `after_roll` it may change the counting rules a probe learns.
    #[test]
    fn the_result_is_a_raw_read_in_after_roll_only() {
        let after_test = "fn after_test(ctx) { if ctx.test.passed { ctx.note(\"x\"); } }";
        assert!(!reads(after_test, Hook::AfterTest));
        let after_roll =
            "fn after_roll(ctx) { if ctx.test.successes == 0 { ctx.test.count_face(6, 2); } }";
        assert!(reads(after_roll, Hook::AfterRoll));
    }

    /// A hook that calls a function of its script reads what that function reads.
    #[test]
    fn a_helper_function_s_reads_count() {
        let code = "fn lowest(t) { t.failing_dice } fn after_roll(ctx) { let d = lowest(ctx.test); ctx.note(\"x\"); }";
        assert!(reads(code, Hook::AfterRoll));
        // Another hook's reads do not.
        let other =
            "fn on_pool(ctx) { let f = ctx.test.faces; } fn after_test(ctx) { ctx.note(\"x\"); }";
        assert!(!reads(other, Hook::AfterTest));
    }

    /// The Fishing Net's `after_roll` reads which dice fail and rerolls the first of them: it reads
    /// raw faces (positions), but tells no two faces that count alike apart; one that reads
    /// `ctx.test.faces` does.
    #[test]
    fn reading_which_dice_fail_tells_no_alike_faces_apart() {
        let net = "fn after_roll(ctx) { if ctx.test.failing_dice.len() > 0 && ctx.card.may(\"reroll 1 die\") { let f = ctx.test.failing_dice; ctx.test.reroll(f[0]); } }";
        let tells = |code: &str| {
            let ast = crate::script::engine::sandboxed_engine(Default::default())
                .compile(code)
                .expect("compiles");
            let defined = HookSet::NONE.with(Hook::AfterRoll);
            hooks_telling_faces_apart(&ast, defined).contains(Hook::AfterRoll)
        };
        assert!(reads(net, Hook::AfterRoll));
        assert!(!tells(net));
        assert!(tells(
            "fn after_roll(ctx) { let f = ctx.test.faces; if f[0] == 1 { ctx.test.reroll(0); } }"
        ));
        assert!(tells(
            "fn after_roll(ctx) { if ctx.test.successes == 0 { ctx.test.reroll(0); } }"
        ));
    }

    /// A method written as a function call (`reroll(ctx.test, 0)`) is the same call.
    #[test]
    fn a_method_called_as_a_function_counts() {
        assert!(reads(
            "fn after_roll(ctx) { reroll(ctx.test, 0); }",
            Hook::AfterRoll
        ));
    }
}
