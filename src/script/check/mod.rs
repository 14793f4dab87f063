//! What loading checks in a compiled script beyond its syntax, before anything runs, one node of the
//! syntax tree at a time (`Checker`): a call to a function neither the script API, Rhai's standard
//! library nor the script itself defines (E0407, `calls.rs`), a property that does not exist anywhere
//! in a chain read from `ctx` (`ctx.investigator.clus`, E0407, `chain.rs`), a card id written as a
//! literal (`ctx.investigator.gain_condition("paranoia")`) that names no card (E0201, `calls.rs`), a
//! closure that captures a variable and a map key longer than `Limits::MAP_KEY` (E0408,
//! `forbidden.rs`). What the engine registers is read once into `Known` (`known.rs`). `import`,
//! `eval`, `Fn` and `curry` are disabled keywords: the parser refuses them (E0408, in `hooks/faults.rs`).
//! Imports `context`, `limits`, `moved` and `position`, never `hooks`.

mod calls;
mod chain;
mod forbidden;
mod known;

pub use known::Known;

use super::position::place;
use crate::defs::{CardSet, Code, Diagnostic, ScriptSource};
use rhai::{AST, ASTNode, Expr, Position, Stmt};
use std::collections::BTreeSet;

/// The script name of `ctx`'s type.
const CTX: &str = "Ctx";

/// The hook or function whose body holds script line `line`: the last `fn` defined at or above it.
fn enclosing_fn(code: &str, line: usize) -> Option<String> {
    code.lines()
        .take(line)
        .filter_map(|l| {
            let t = l.trim_start();
            let t = t.strip_prefix("private ").map_or(t, str::trim_start);
            let rest = t.strip_prefix("fn ")?;
            let name: String = rest
                .trim_start()
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            (!name.is_empty()).then_some(name)
        })
        .last()
}

/// `in hook `on_pool`` or `in function `helper``, for the place of a problem.
pub fn where_in(src: &ScriptSource, pos: Position) -> String {
    match enclosing_fn(&src.code, pos.line().unwrap_or(1)) {
        Some(f) if crate::kernel::Hook::parse(&f).is_some() => format!(" in hook `{f}`"),
        Some(f) => format!(" in function `{f}`"),
        None => String::new(),
    }
}

fn at(src: &ScriptSource, pos: Position, len: usize, d: Diagnostic) -> Diagnostic {
    let (_, _, span) = place(src, pos);
    let end = (span.start + len).min(span.end.max(span.start));
    d.at(&src.file, span.start..end.max(span.start))
}

/// Checks one compiled script, node by node; `finish` gives its problems in the order of the source.
struct Checker<'a> {
    src: &'a ScriptSource,
    known: &'a Known,
    set: &'a CardSet,
    /// The functions the script defines.
    own: BTreeSet<String>,
    out: Vec<(Position, Diagnostic)>,
    /// Calls of a function the API does not have, by position: dropped where the chain they end
    /// was checked (it names the object the method was called on).
    calls: Vec<(Position, Diagnostic)>,
    /// The method calls of `ctx` chains that were checked against their object's methods.
    on_objects: BTreeSet<Position>,
}

impl<'a> Checker<'a> {
    fn id(&self) -> &str {
        &self.src.card
    }

    /// `E0407` at `pos`, over `len` characters.
    fn unknown(
        &self,
        pos: Position,
        len: usize,
        message: String,
        label: &str,
        hint: String,
    ) -> Diagnostic {
        let d = Diagnostic::new(
            Code::UnknownApi,
            format!("`{}`{}: {message}", self.id(), where_in(self.src, pos)),
        )
        .label(label)
        .hint(hint);
        at(self.src, pos, len, d)
    }

    fn node(&mut self, node: Option<&ASTNode>) {
        match node {
            Some(ASTNode::Stmt(Stmt::FnCall(x, pos)))
            | Some(ASTNode::Expr(Expr::FnCall(x, pos))) => {
                if x.is_operator_call() {
                    self.objects_as_values(&x.args);
                } else {
                    self.call(&x.name, &x.args, *pos, false);
                }
            }
            Some(ASTNode::Expr(Expr::MethodCall(x, pos))) => {
                self.call(&x.name, &x.args, *pos, true)
            }
            Some(ASTNode::Stmt(Stmt::Share(vars))) => self.captures(vars.iter().map(|(v, _)| v)),
            Some(ASTNode::Expr(Expr::Map(m, _))) => {
                for (key, _) in m.0.iter() {
                    self.long_key(&key.name, key.pos);
                }
            }
            // A map literal of constants, folded into one value when the script was compiled.
            Some(ASTNode::Expr(Expr::DynamicConstant(v, pos))) => self.constant_keys(v, *pos),
            Some(ASTNode::Expr(Expr::Property(p, pos))) => self.long_key(&p.2, *pos),
            Some(ASTNode::Expr(e @ Expr::Dot(..))) => self.dot(e),
            Some(ASTNode::Expr(Expr::Index(x, _, _))) => self.skill_key(&x.lhs, &x.rhs),
            _ => {}
        }
    }

    fn finish(mut self) -> Vec<Diagnostic> {
        let on_objects = std::mem::take(&mut self.on_objects);
        self.out.extend(
            self.calls
                .into_iter()
                .filter(|(p, _)| !on_objects.contains(p)),
        );
        self.out.sort_by_key(|(p, _)| (p.line(), p.position()));
        self.out.into_iter().map(|(_, d)| d).collect()
    }
}

/// The maps the API returns whose keys are the game's skills (`ctx.investigator.skills`).
const SKILL_MAPS: [&str; 3] = ["skills", "printed_skills", "improvements"];

impl Checker<'_> {
    /// A literal key of a map of skills the API returns (`ctx.investigator.skills["fihgt"]`) that
    /// is not a skill of the game: `E0102` at the key, with the keys the map has (Rhai would give
    /// `()` for it, and the comparison that reads it would be silently false).
    fn skill_key(&mut self, lhs: &Expr, rhs: &Expr) {
        let Expr::Property(p, _) = lhs else {
            return;
        };
        let map = p.2.as_str();
        if !SKILL_MAPS.contains(&map) {
            return;
        }
        let Expr::StringConstant(key, pos) = rhs else {
            return;
        };
        let keys: Vec<&str> = self.set.game.skills().iter().map(|s| s.as_str()).collect();
        if keys.contains(&key.as_str()) {
            return;
        }
        let near = crate::defs::closest(key, keys.iter().copied());
        let d = Diagnostic::new(
            Code::UnknownKey,
            format!(
                "`{}`{}: `{map}[\"{key}\"]`: `{key}` is not a key of `{map}`",
                self.id(),
                where_in(self.src, *pos)
            ),
        )
        .label("no such key")
        .hint(match near.first() {
            Some(n) => format!(
                "did you mean `{n}`? `{map}` has the keys {}",
                keys.join(", ")
            ),
            None => format!("`{map}` has the keys {}", keys.join(", ")),
        });
        self.out.push((*pos, at(self.src, *pos, key.len() + 2, d)));
    }
}

/// The hint for an old name of the API.
fn renamed(new: &str) -> String {
    format!("renamed: use {new} (docs/script-api.md: Moving a script to this API)")
}

/// Where a problem's hint sends the reader when no name is close.
const GUIDE: &str = "the script API is listed in docs/script-api.md";

/// Every problem of one compiled script, in the order of the source.
pub fn check(ast: &AST, src: &ScriptSource, known: &Known, set: &CardSet) -> Vec<Diagnostic> {
    let mut c = Checker {
        src,
        known,
        set,
        own: ast.iter_functions().map(|f| f.name.to_string()).collect(),
        out: Vec::new(),
        calls: Vec::new(),
        on_objects: BTreeSet::new(),
    };
    ast.walk(&mut |path: &[ASTNode]| {
        c.node(path.last());
        true
    });
    c.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_enclosing_function_is_the_last_defined_above() {
        let code = "fn helper(x) {\n  x\n}\nfn on_pool(ctx) {\n  loop {}\n}\n";
        assert_eq!(enclosing_fn(code, 2).as_deref(), Some("helper"));
        assert_eq!(enclosing_fn(code, 5).as_deref(), Some("on_pool"));
    }
}
