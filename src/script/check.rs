//! What loading checks in a compiled script beyond its syntax, before anything runs: a call to a
//! function neither the script API, Rhai's standard library nor the script itself defines (E0407), a
//! property that does not exist anywhere in a chain read from `ctx` (`ctx.investigator.clus`, E0407), and a card id written as a literal
//! (`ctx.investigator.gain_condition("paranoia")`) that names no card (E0201), a closure that captures a variable and
//! a map key longer than `Limits::MAP_KEY` (E0408). `import`, `eval`, `Fn` and `curry` are disabled
//! keywords: the parser refuses them (E0408, in `hooks.rs`). Imports `engine` and `position`.

use super::context::OBJECTS;
use super::limits::Limits;
use super::position::place;
use crate::defs::{CardSet, Code, Diagnostic, ScriptSource, closest};
use rhai::{AST, ASTNode, Engine, Expr, Position, Stmt};
use std::collections::{BTreeMap, BTreeSet};

/// Rhai's keywords that are called like functions but registered nowhere.
const KEYWORDS: [&str; 7] = [
    "print",
    "debug",
    "type_of",
    "call",
    "is_def_var",
    "is_def_fn",
    "this",
];

/// API methods whose last argument is a card id.
const TAKES_CARD: [&str; 3] = ["gain_condition", "discard_condition", "discard"];

/// The names a script may call and the properties of each registered type, read from the engine once.
pub struct Known {
    functions: BTreeSet<String>,
    /// Each registered type's getters (by the type's script name: `Ctx`, ...), with the script name
    /// of what each returns (`map`, `Dynamic`, a registered type's name).
    getters: BTreeMap<String, BTreeMap<String, String>>,
    /// The methods of `ctx` and of its objects, for hints.
    api: BTreeSet<String>,
}

impl Known {
    pub fn of(engine: &Engine) -> Known {
        let mut functions: BTreeSet<String> = KEYWORDS.iter().map(|s| s.to_string()).collect();
        let mut getters: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
        let mut api = BTreeSet::new();
        for sig in engine.gen_fn_signatures(true) {
            let name = sig.split('(').next().unwrap_or("").trim();
            if let Some(p) = name.strip_prefix("get$") {
                // `get$name(_: &mut Type) -> Returned`
                let of = sig
                    .split_once("&mut ")
                    .map(|(_, t)| t.split(')').next().unwrap_or("").trim());
                let returned = sig.rsplit_once("->").map_or("", |(_, r)| r.trim());
                if let Some(of) = of {
                    getters
                        .entry(of.to_string())
                        .or_default()
                        .insert(p.to_string(), returned.to_string());
                }
            } else if !name.is_empty() {
                // `name(_: &mut Type, ...)`: a method of `ctx` or of one of its objects.
                let on = sig.split(['(', ',', ')']).nth(1).unwrap_or("");
                if OBJECTS
                    .iter()
                    .any(|o| on.trim_end().ends_with(&format!("&mut {o}")))
                {
                    api.insert(name.to_string());
                }
                functions.insert(name.to_string());
            }
        }
        Known {
            functions,
            getters,
            api,
        }
    }

    /// The type a property chain is read from after `ty.property`, when it is known: the getter's
    /// registered return type, or, where the getter returns a `Dynamic` (an object or `()` for
    /// "absent"), the registered type named as the property (`monster` -> `Monster`). A map or a
    /// value of no registered type is not followed (its keys are not the engine's to know).
    fn after(&self, returned: &str, property: &str) -> Option<&str> {
        if self.getters.contains_key(returned) {
            return Some(self.getters.get_key_value(returned)?.0);
        }
        if returned.ends_with("Dynamic") {
            return self
                .getters
                .keys()
                .find(|t| t.eq_ignore_ascii_case(property) && t.as_str() != CTX)
                .map(String::as_str);
        }
        None
    }
}

/// The script name of `ctx`'s type.
const CTX: &str = "Ctx";

/// The properties read one after the other in a chain after `ctx.` (`investigator`, `clues` in
/// `ctx.investigator.clues`), up to the first method call or index.
fn chain(e: &Expr, out: &mut Vec<(String, Position)>) {
    match e {
        Expr::Property(p, pos) => out.push((p.2.to_string(), *pos)),
        Expr::Dot(bin, _, _) | Expr::Index(bin, _, _) => {
            if let Expr::Property(p, pos) = &bin.lhs {
                out.push((p.2.to_string(), *pos));
                if matches!(e, Expr::Dot(..)) {
                    chain(&bin.rhs, out);
                }
            }
        }
        _ => {}
    }
}

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

/// A map key or property name longer than `Limits::MAP_KEY` (Rhai's size limits do not count keys).
fn long_key(src: &ScriptSource, id: &str, pos: Position, len: usize) -> Diagnostic {
    let d = Diagnostic::new(
        Code::Forbidden,
        format!(
            "`{id}`{}: a map key or property name of {len} bytes (at most {})",
            where_in(src, pos),
            Limits::MAP_KEY
        ),
    )
    .label("too long")
    .hint("map keys count against no size limit, so they are kept short: use a shorter name");
    at(src, pos, len, d)
}

/// The longest map key in a constant value, if it holds a map.
fn longest_key(v: &rhai::Dynamic) -> Option<usize> {
    if let Some(m) = v.read_lock::<rhai::Map>() {
        let own = m.keys().map(|k| k.len()).max();
        let inner = m.values().filter_map(longest_key).max();
        return own.max(inner);
    }
    if let Some(a) = v.read_lock::<rhai::Array>() {
        return a.iter().filter_map(longest_key).max();
    }
    None
}

/// Every problem of one compiled script, in the order of the source.
pub fn check(ast: &AST, src: &ScriptSource, known: &Known, set: &CardSet) -> Vec<Diagnostic> {
    let own: BTreeSet<String> = ast.iter_functions().map(|f| f.name.to_string()).collect();
    let id = &src.card;
    let mut out: Vec<(Position, Diagnostic)> = Vec::new();
    let mut checked: Vec<(Position, Diagnostic)> = Vec::new();
    let mut call = |name: &str, args: &[Expr], pos: Position, method: bool| {
        // `curry` here is the parser's own, for a closure's captures (reported below): a script's
        // `curry` is refused when it is compiled.
        if name.contains('$')
            || name == "curry"
            || !name.starts_with(|c: char| c.is_alphabetic() || c == '_')
        {
            return;
        }
        if !known.functions.contains(name) && !own.contains(name) {
            let candidates = known.api.iter().chain(own.iter()).map(String::as_str);
            let near = closest(name, candidates);
            let shown = if method {
                format!(".{name}()")
            } else {
                format!("{name}()")
            };
            let d = Diagnostic::new(
                Code::UnknownApi,
                format!(
                    "`{id}`{}: `{shown}` is not a function of the script API",
                    where_in(src, pos)
                ),
            )
            .label("no such function");
            let d = d.hint(match near.first() {
                Some(n) => format!("did you mean `{n}`?"),
                None => "the script API is listed in the README's modder's guide".to_string(),
            });
            out.push((pos, at(src, pos, name.len(), d)));
        }
        if TAKES_CARD.contains(&name)
            && let Some(Expr::StringConstant(s, spos)) = args.last()
            && set.resolve(s).is_none()
        {
            let mut d = set.unknown(s, &src.file, 0..0);
            d.message = format!("`{id}`{}: unknown card `{s}`", where_in(src, *spos));
            out.push((*spos, at(src, *spos, s.len() + 2, d)));
        }
    };
    ast.walk(&mut |path: &[ASTNode]| {
        match path.last() {
            Some(ASTNode::Stmt(Stmt::FnCall(x, pos)))
            | Some(ASTNode::Expr(Expr::FnCall(x, pos)))
                if !x.is_operator_call() =>
            {
                call(&x.name, &x.args, *pos, false);
            }
            Some(ASTNode::Expr(Expr::MethodCall(x, pos))) => call(&x.name, &x.args, *pos, true),
            // A closure that captures a variable carries it in a function pointer, where the size
            // limits do not see it.
            Some(ASTNode::Stmt(Stmt::Share(vars))) => {
                for (v, _) in vars.iter() {
                    let d = Diagnostic::new(
                        Code::Forbidden,
                        format!(
                            "`{id}`{}: a closure may not capture `{}`",
                            where_in(src, v.pos),
                            v.name
                        ),
                    )
                    .label("captured here")
                    .hint("an anonymous function sees only its parameters here: pass the value as one");
                    checked.push((v.pos, at(src, v.pos, v.name.len(), d)));
                }
            }
            Some(ASTNode::Expr(Expr::Map(m, pos))) => {
                for (key, _) in m.0.iter().filter(|(k, _)| k.name.len() > Limits::MAP_KEY) {
                    checked.push((*pos, long_key(src, id, key.pos, key.name.len())));
                }
            }
            // A map literal of constants, folded into one value when the script was compiled.
            Some(ASTNode::Expr(Expr::DynamicConstant(v, pos))) => {
                if let Some(len) = longest_key(v).filter(|n| *n > Limits::MAP_KEY) {
                    checked.push((*pos, long_key(src, id, *pos, len)));
                }
            }
            Some(ASTNode::Expr(Expr::Property(p, ppos))) if p.2.len() > Limits::MAP_KEY => {
                checked.push((*ppos, long_key(src, id, *ppos, p.2.len())));
            }
            Some(ASTNode::Expr(Expr::Dot(bin, _, _))) => {
                if let Expr::Variable(v, _, _) = &bin.lhs
                    && v.1 == "ctx"
                {
                    let mut props = Vec::new();
                    chain(&bin.rhs, &mut props);
                    let mut ty = CTX.to_string();
                    let mut path = String::from("ctx");
                    for (p, ppos) in props {
                        let Some(of) = known.getters.get(&ty) else {
                            break;
                        };
                        let Some(returned) = of.get(&p) else {
                            let near = closest(&p, of.keys().map(String::as_str));
                            let d = Diagnostic::new(
                                Code::UnknownApi,
                                format!(
                                    "`{id}`{}: `{path}.{p}` is not a property of the script API",
                                    where_in(src, ppos),
                                ),
                            )
                            .label("no such property")
                            .hint(match near.first() {
                                Some(n) => format!("did you mean `{path}.{n}`?"),
                                None => "the script API is listed in the README's modder's guide"
                                    .into(),
                            });
                            checked.push((ppos, at(src, ppos, p.len(), d)));
                            break;
                        };
                        match known.after(returned, &p) {
                            Some(next) => ty = next.to_string(),
                            None => break,
                        }
                        path = format!("{path}.{p}");
                    }
                }
            }
            _ => {}
        }
        true
    });
    out.append(&mut checked);
    out.sort_by_key(|(p, _)| (p.line(), p.position()));
    out.into_iter().map(|(_, d)| d).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A sub-object returned as a `Dynamic` (an object, or `()` when absent) is followed by the
    /// registered type named as its property; a map is not followed.
    #[test]
    fn a_chain_follows_the_registered_type_a_getter_returns() {
        #[derive(Clone)]
        struct Ctx;
        #[derive(Clone)]
        struct Monster;
        let mut e = Engine::new_raw();
        e.register_type_with_name::<Ctx>("Ctx");
        e.register_type_with_name::<Monster>("Monster");
        e.register_get("monster", |_: &mut Ctx| rhai::Dynamic::from(Monster));
        e.register_get("typed", |_: &mut Ctx| Monster);
        e.register_get("table", |_: &mut Ctx| rhai::Map::new());
        e.register_get("toughness", |_: &mut Monster| 1 as rhai::INT);
        let k = Known::of(&e);
        let ctx = &k.getters[CTX];
        assert_eq!(k.after(&ctx["monster"], "monster"), Some("Monster"));
        assert_eq!(k.after(&ctx["typed"], "typed"), Some("Monster"));
        assert_eq!(k.after(&ctx["table"], "table"), None);
        assert!(k.getters["Monster"].contains_key("toughness"));
    }

    #[test]
    fn the_enclosing_function_is_the_last_defined_above() {
        let code = "fn helper(x) {\n  x\n}\nfn on_pool(ctx) {\n  loop {}\n}\n";
        assert_eq!(enclosing_fn(code, 2).as_deref(), Some("helper"));
        assert_eq!(enclosing_fn(code, 5).as_deref(), Some("on_pool"));
    }
}
