//! Which cards a compiled script can bring into play: a Condition it gains
//! (`ctx.investigator.gain_condition("paranoia")`). Read from the syntax tree, so that a scenario compiles
//! only the scripts of the cards it can bring into play. Imports nothing of this room.

use crate::defs::CardSet;
use rhai::{AST, ASTNode, Expr, Stmt};

/// The only API call that brings a card into play during an encounter (its last argument is the id).
const BRINGS_INTO_PLAY: &str = "gain_condition";
/// The call that brings any Condition of a trait into play (its last argument is the trait).
const BRINGS_OF_TRAIT: &str = "gain_condition_by_trait";

/// The cards `ast` can bring into play, as ids of `set`; `None` when a call names its card by
/// anything but a string literal (a variable, a computed string): then any card may come into play.
/// A literal that names no card is left out (loading reports it, E0201; the kernel refuses the gain).
pub fn brought_into_play(ast: &AST, set: &CardSet) -> Option<Vec<String>> {
    let mut ids = Vec::new();
    let mut any = false;
    ast.walk(&mut |path: &[ASTNode]| {
        let call = match path.last() {
            Some(ASTNode::Stmt(Stmt::FnCall(x, _))) | Some(ASTNode::Expr(Expr::FnCall(x, _))) => {
                Some(x)
            }
            Some(ASTNode::Expr(Expr::MethodCall(x, _))) => Some(x),
            _ => None,
        };
        if let Some(x) = call.filter(|x| x.name.as_str() == BRINGS_INTO_PLAY) {
            match x.args.last() {
                Some(Expr::StringConstant(s, _)) => {
                    ids.extend(set.resolve(s).map(|c| c.id.clone()));
                }
                _ => any = true,
            }
        }
        // "Gain a Madness Condition": any Condition of the trait may be the one drawn.
        if let Some(x) = call.filter(|x| x.name.as_str() == BRINGS_OF_TRAIT) {
            match x.args.last() {
                Some(Expr::StringConstant(s, _)) => ids.extend(of_trait(set, s)),
                _ => any = true,
            }
        }
        !any
    });
    (!any).then_some(ids)
}

/// The ids of the Conditions of `set` that have trait `name` (case-insensitive), in id order.
pub fn of_trait(set: &CardSet, name: &str) -> Vec<String> {
    let name = name.trim().to_lowercase();
    let mut ids: Vec<String> = set
        .cards
        .values()
        .filter(|c| {
            c.kind == crate::defs::CardKind::Condition
                && c.traits.iter().any(|t| t.to_lowercase() == name)
        })
        .map(|c| c.id.clone())
        .collect();
    ids.sort();
    ids
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::Game;

    fn set_with(ids: &[&str]) -> CardSet {
        set_of(ids, "")
    }

    /// Synthetic Conditions `ids`, each with `traits` (a TOML array's inside, or nothing).
    fn set_of(ids: &[&str], traits: &str) -> CardSet {
        let mut set = CardSet::empty(Game::Eldritch);
        for id in ids {
            let file = crate::defs::SourceFile::new(
                format!("{id}.toml"),
                format!(
                    "id = \"{id}\"\nname = \"{id}\"\nkind = \"condition\"\ntraits = [{traits}]\n"
                ),
            );
            set.add_card_of(&file, "p")
                .expect("a synthetic condition loads");
        }
        set
    }

    fn reach(code: &str, set: &CardSet) -> Option<Vec<String>> {
        let ast = rhai::Engine::new_raw().compile(code).expect("compiles");
        brought_into_play(&ast, set)
    }

    #[test]
    fn a_literal_condition_gained_comes_into_play() {
        let set = set_with(&["dread", "gloom"]);
        let code = "fn after_test(ctx) { if ctx.test.passed { ctx.investigator.gain_condition(\"dread\"); } }";
        assert_eq!(reach(code, &set), Some(vec!["dread".to_string()]));
    }

    #[test]
    fn a_condition_named_by_a_variable_may_be_any_card() {
        let set = set_with(&["dread"]);
        let code =
            "fn after_test(ctx) { let c = ctx.card.id; ctx.investigator.gain_condition(c); }";
        assert_eq!(reach(code, &set), None);
    }

    #[test]
    fn discarding_brings_nothing_into_play() {
        let set = set_with(&["dread"]);
        let code = "fn on_pool(ctx) { ctx.investigator.discard_condition(\"dread\"); }";
        assert_eq!(reach(code, &set), Some(Vec::new()));
    }

    #[test]
    fn a_gain_inside_a_helper_function_counts() {
        let set = set_with(&["dread"]);
        let code = "fn helper(i) { i.gain_condition(\"dread\") }\nfn on_pool(ctx) { helper(ctx.investigator); }";
        assert_eq!(reach(code, &set), Some(vec!["dread".to_string()]));
    }

    #[test]
    fn a_condition_gained_by_its_trait_may_be_any_condition_of_the_trait() {
        let mut set = set_of(&["dread", "gloom"], "\"madness\"");
        let file = crate::defs::SourceFile::new(
            "sprain.toml".to_string(),
            "id = \"sprain\"\nname = \"sprain\"\nkind = \"condition\"\ntraits = [\"injury\"]\n"
                .to_string(),
        );
        set.add_card_of(&file, "p")
            .expect("a synthetic condition loads");
        let code = "fn after_test(ctx) { ctx.investigator.gain_condition_by_trait(\"Madness\"); }";
        assert_eq!(
            reach(code, &set),
            Some(vec!["dread".to_string(), "gloom".to_string()])
        );
        let code = "fn after_test(ctx) { let t = \"injury\"; ctx.investigator.gain_condition_by_trait(t); }";
        assert_eq!(reach(code, &set), None);
    }
}
