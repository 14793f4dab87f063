//! Which cards a compiled script can bring into play: a Condition it gains
//! (`ctx.investigator.gain_condition("paranoia")`). Read from the syntax tree, so that a scenario compiles
//! only the scripts of the cards it can bring into play. Imports nothing of this room.

use crate::defs::CardSet;
use rhai::{AST, ASTNode, Expr, Stmt};

/// The only API call that brings a card into play during an encounter (its last argument is the id).
const BRINGS_INTO_PLAY: &str = "gain_condition";

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
        !any
    });
    (!any).then_some(ids)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::Game;

    fn set_with(ids: &[&str]) -> CardSet {
        let mut set = CardSet::empty(Game::Eldritch);
        for id in ids {
            let file = crate::defs::SourceFile::new(
                format!("{id}.toml"),
                format!("id = \"{id}\"\nname = \"{id}\"\nkind = \"condition\"\n"),
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
}
