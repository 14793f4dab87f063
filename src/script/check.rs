//! What loading checks in a compiled script beyond its syntax, before anything runs: a call to a
//! function neither the script API, Rhai's standard library nor the script itself defines (E0407), a
//! property that does not exist anywhere in a chain read from `ctx` (`ctx.investigator.clus`, E0407), and a card id written as a literal
//! (`ctx.investigator.gain_condition("paranoia")`) that names no card (E0201), a closure that captures a variable and
//! a map key longer than `Limits::MAP_KEY` (E0408). `import`, `eval`, `Fn` and `curry` are disabled
//! keywords: the parser refuses them (E0408, in `hooks/faults.rs`). Imports `engine` and `position`.

use super::context::{ARGUMENTS, OBJECTS};
use super::limits::Limits;
use super::moved::moved;
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
    /// The methods of each of them, by the type's script name.
    methods: BTreeMap<String, BTreeSet<String>>,
}

impl Known {
    pub fn of(engine: &Engine) -> Known {
        let mut functions: BTreeSet<String> = KEYWORDS.iter().map(|s| s.to_string()).collect();
        let mut getters: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
        let mut api = BTreeSet::new();
        let mut methods: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
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
                if let Some(o) = OBJECTS
                    .iter()
                    .find(|o| on.trim_end().ends_with(&format!("&mut {o}")))
                {
                    api.insert(name.to_string());
                    methods
                        .entry(o.to_string())
                        .or_default()
                        .insert(name.to_string());
                }
                functions.insert(name.to_string());
            }
        }
        Known {
            functions,
            getters,
            api,
            methods,
        }
    }

    /// The name of the API closest to `name` (a method when `method`), written with the object it
    /// belongs to (`ctx.test.reroll`): of object `ty` (read at `path`) when it has it, else of the
    /// first object that does.
    fn suggest(&self, ty: &str, path: &str, name: &str, method: bool) -> Option<String> {
        let names = |t: &str| -> BTreeSet<&str> {
            if method {
                self.methods
                    .get(t)
                    .into_iter()
                    .flatten()
                    .map(String::as_str)
                    .collect()
            } else {
                self.getters
                    .get(t)
                    .into_iter()
                    .flat_map(|g| g.keys())
                    .map(String::as_str)
                    .collect()
            }
        };
        let mut paths: Vec<(String, &str)> = vec![(path.to_string(), ty)];
        paths.push(("ctx".to_string(), CTX));
        for (p, returned) in self.getters.get(CTX).into_iter().flatten() {
            if let Some(t) = self.after(returned, p) {
                paths.push((format!("ctx.{p}"), t));
            }
        }
        let all: BTreeSet<&str> = paths.iter().flat_map(|(_, t)| names(t)).collect();
        let near = closest(name, all);
        let n = near.first()?;
        let (at, _) = paths.iter().find(|(_, t)| names(t).contains(n.as_str()))?;
        Some(format!("{at}.{n}"))
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

/// One link of a chain read from `ctx`: a property, or the method call that ends it.
enum Link {
    Property(String, Position),
    Method(String, Position),
}

/// The links of a chain after `ctx.` (`investigator`, `clues` in `ctx.investigator.clues`; `test`,
/// `bonus()` in `ctx.test.bonus(1)`), up to the first method call or index.
fn chain(e: &Expr, out: &mut Vec<Link>) {
    match e {
        Expr::Property(p, pos) => out.push(Link::Property(p.2.to_string(), *pos)),
        Expr::MethodCall(x, pos) => out.push(Link::Method(x.name.to_string(), *pos)),
        Expr::Dot(bin, _, _) | Expr::Index(bin, _, _) => match &bin.lhs {
            Expr::Property(p, pos) => {
                out.push(Link::Property(p.2.to_string(), *pos));
                if matches!(e, Expr::Dot(..)) {
                    chain(&bin.rhs, out);
                }
            }
            Expr::MethodCall(x, pos) => out.push(Link::Method(x.name.to_string(), *pos)),
            _ => {}
        },
        _ => {}
    }
}

/// The chain `e` reads from `ctx`, when it is one (`ctx.a.b`).
fn ctx_chain(e: &Expr) -> Option<Vec<Link>> {
    let Expr::Dot(bin, _, _) = e else {
        return None;
    };
    let Expr::Variable(v, _, _) = &bin.lhs else {
        return None;
    };
    if v.1 != "ctx" {
        return None;
    }
    let mut links = Vec::new();
    chain(&bin.rhs, &mut links);
    Some(links)
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

    /// A call of `name`: a function the API, the script and Rhai do not have is `E0407`; a card id
    /// written as the literal argument of a method that takes one must name a card (`E0201`).
    fn call(&mut self, name: &str, args: &[Expr], pos: Position, method: bool) {
        // `curry` here is the parser's own, for a closure's captures (reported below): a script's
        // `curry` is refused when it is compiled.
        if name.contains('$')
            || name == "curry"
            || !name.starts_with(|c: char| c.is_alphabetic() || c == '_')
        {
            return;
        }
        if !self.known.functions.contains(name) && !self.own.contains(name) {
            let candidates = self
                .known
                .api
                .iter()
                .chain(self.own.iter())
                .map(String::as_str);
            let shown = if method {
                format!(".{name}()")
            } else {
                format!("{name}()")
            };
            let hint = match closest(name, candidates).first() {
                Some(n) => format!("did you mean `{n}`?"),
                None => GUIDE.to_string(),
            };
            let message = format!("`{shown}` is not a function of the script API");
            let d = self.unknown(pos, name.len(), message, "no such function", hint);
            self.calls.push((pos, d));
        }
        if self.known.api.contains(name) {
            self.objects_as_values(args);
        }
        if method {
            self.literal_ranges(name, args);
        }
        if TAKES_CARD.contains(&name)
            && let Some(Expr::StringConstant(s, spos)) = args.last()
            && self.set.resolve(s).is_none()
        {
            let mut d = self.set.unknown(s, &self.src.file, 0..0);
            d.message = format!(
                "`{}`{}: unknown card `{s}`",
                self.id(),
                where_in(self.src, *spos)
            );
            self.out.push((*spos, at(self.src, *spos, s.len() + 2, d)));
        }
    }

    /// A number written as the argument of method `name` outside the range the method checks when it
    /// is called (`ARGUMENTS`) is `E0105` at the number. The object the method is called on need not
    /// be known: the methods of one name and arity take a number at a place in one range or none.
    fn literal_ranges(&mut self, name: &str, args: &[Expr]) {
        for (i, arg) in args.iter().enumerate() {
            let Expr::IntegerConstant(n, pos) = arg else {
                continue;
            };
            let range = ARGUMENTS
                .iter()
                .filter(|(_, m, ranges)| *m == name && ranges.len() == args.len())
                .find_map(|(_, _, ranges)| ranges[i]);
            let Some(b) = range.filter(|b| !b.contains(*n)) else {
                continue;
            };
            let range = if b.max == i64::MAX {
                format!("at least {}", b.min)
            } else {
                format!("{} to {}", b.min, b.max)
            };
            let d = Diagnostic::new(
                Code::OutOfRange,
                format!(
                    "`{}`{}: argument {} of `.{name}()`: {n} is out of range for {}",
                    self.id(),
                    where_in(self.src, *pos),
                    i + 1,
                    b.what
                ),
            )
            .label("out of range")
            .hint(format!("{} is {range}", b.what));
            self.out
                .push((*pos, at(self.src, *pos, n.to_string().len(), d)));
        }
    }

    /// A closure that captures a variable carries it in a function pointer, where the size limits
    /// do not see it (`E0408`).
    fn captures<'b>(&mut self, vars: impl Iterator<Item = &'b rhai::Ident>) {
        for v in vars {
            let d = Diagnostic::new(
                Code::Forbidden,
                format!(
                    "`{}`{}: a closure may not capture `{}`",
                    self.id(),
                    where_in(self.src, v.pos),
                    v.name
                ),
            )
            .label("captured here")
            .hint("an anonymous function sees only its parameters here: pass the value as one");
            self.out.push((v.pos, at(self.src, v.pos, v.name.len(), d)));
        }
    }

    /// A map key or property name longer than `Limits::MAP_KEY` (`E0408`).
    fn long_key(&mut self, key: &str, pos: Position) {
        if key.len() > Limits::MAP_KEY {
            let d = long_key(self.src, self.id(), pos, key.len());
            self.out.push((pos, d));
        }
    }

    /// A chain read from `ctx`: each property is checked against the getters of the object before
    /// it, and a method call that ends it against that object's methods (`E0407`, with the new name
    /// when it is an old one of the API, else the closest).
    fn ctx_chain(&mut self, links: Vec<Link>) {
        let mut ty = CTX.to_string();
        let mut path = String::from("ctx");
        for link in links {
            match link {
                Link::Property(p, pos) => {
                    let Some(of) = self.known.getters.get(&ty) else {
                        return;
                    };
                    let Some(returned) = of.get(&p) else {
                        let hint = match moved(&format!("{path}.{p}")) {
                            Some(new) => renamed(new),
                            None => match self.known.suggest(&ty, &path, &p, false) {
                                Some(n) => format!("did you mean `{n}`?"),
                                None => GUIDE.into(),
                            },
                        };
                        let message = format!("`{path}.{p}` is not a property of the script API");
                        let d = self.unknown(pos, p.len(), message, "no such property", hint);
                        self.out.push((pos, d));
                        return;
                    };
                    match self.known.after(returned, &p) {
                        Some(next) => ty = next.to_string(),
                        None => return,
                    }
                    path = format!("{path}.{p}");
                }
                Link::Method(m, pos) => {
                    self.method_of(&ty, &path, &m, pos);
                    return;
                }
            }
        }
    }

    /// Method `m` called on object `ty` (read at `path`): one the object does not have is `E0407`,
    /// when it is a method of the API or no function at all (Rhai's own functions, `type_of` or
    /// `to_string`, apply to any value).
    fn method_of(&mut self, ty: &str, path: &str, m: &str, pos: Position) {
        let of = self.known.methods.get(ty);
        if of.is_some_and(|ms| ms.contains(m))
            || (self.known.functions.contains(m) && !self.known.api.contains(m))
        {
            return;
        }
        self.on_objects.insert(pos);
        let hint = match moved(&format!("{path}.{m}()")) {
            Some(new) => renamed(new),
            None => match self.known.suggest(ty, path, m, true) {
                Some(n) => format!("did you mean `{n}()`?"),
                None => GUIDE.into(),
            },
        };
        let message = format!("`{path}.{m}()` is not a method of `{path}`");
        let d = self.unknown(pos, m.len(), message, "no such method", hint);
        self.out.push((pos, d));
    }

    /// An object of the API (`ctx.loss`, `ctx.card`) used as a value, compared with one or given to
    /// a method: `ctx.card` was the card's id and `ctx.loss` the amount before `ctx` had objects, and
    /// an object compares unequal to any value without an error (`E0407`). Comparing with `()` asks
    /// whether it exists, and is what a script should do.
    fn objects_as_values(&mut self, args: &[Expr]) {
        if args.iter().any(|a| matches!(a, Expr::Unit(_))) {
            return;
        }
        for a in args {
            let Some(links) = ctx_chain(a) else {
                continue;
            };
            let mut ty = CTX;
            let mut path = String::from("ctx");
            let mut last = None;
            for link in &links {
                let Link::Property(p, pos) = link else {
                    last = None;
                    break;
                };
                let Some(next) = self
                    .known
                    .getters
                    .get(ty)
                    .and_then(|of| of.get(p))
                    .and_then(|r| self.known.after(r, p))
                else {
                    last = None;
                    break;
                };
                ty = next;
                path = format!("{path}.{p}");
                last = Some(*pos);
            }
            if let Some(pos) = last {
                let hint = match moved(&path) {
                    Some(new) => format!(
                        "`{path}` is an object now, not a value: {} (README: Moving a script to this API)",
                        new
                    ),
                    None => format!("`{path}` is an object, not a value: read one of its fields"),
                };
                let name_len = path.rsplit('.').next().map_or(0, str::len);
                let message = format!("`{path}` used as a value");
                let d = self.unknown(pos, name_len, message, "an object", hint);
                self.out.push((pos, d));
            }
        }
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
            Some(ASTNode::Expr(Expr::DynamicConstant(v, pos))) => {
                if let Some(len) = longest_key(v).filter(|n| *n > Limits::MAP_KEY) {
                    let d = long_key(self.src, self.id(), *pos, len);
                    self.out.push((*pos, d));
                }
            }
            Some(ASTNode::Expr(Expr::Property(p, pos))) => self.long_key(&p.2, *pos),
            Some(ASTNode::Expr(e @ Expr::Dot(..))) => {
                if let Some(links) = ctx_chain(e) {
                    self.ctx_chain(links);
                }
            }
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

/// The hint for an old name of the API.
fn renamed(new: &str) -> String {
    format!("renamed: use {new} (README: Moving a script to this API)")
}

/// Where a problem's hint sends the reader when no name is close.
const GUIDE: &str = "the script API is listed in the README's modder's guide";

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

    /// Every method the argument ranges name is a registered method of that object with that many
    /// arguments, so a renamed method cannot leave its literal arguments unchecked without this
    /// failing; and the methods of one name and arity agree on the range at each place.
    #[test]
    fn every_argument_range_names_a_registered_method() {
        let engine = crate::script::sandboxed_engine(Default::default());
        let sigs = engine.gen_fn_signatures(false);
        for (object, method, ranges) in ARGUMENTS {
            let registered = sigs.iter().any(|sig| {
                sig.starts_with(&format!("{method}(_: &mut {object}"))
                    && sig.split("->").next().unwrap_or("").matches(':').count() == ranges.len() + 1
            });
            assert!(
                registered,
                "`{object}.{method}` with {} arguments is not registered",
                ranges.len()
            );
            for (o2, m2, r2) in ARGUMENTS {
                if m2 == method && r2.len() == ranges.len() {
                    for (a, b) in ranges.iter().zip(r2.iter()) {
                        assert!(
                            a.is_none() || b.is_none() || a == b,
                            "{object}.{method} and {o2}.{m2}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn the_enclosing_function_is_the_last_defined_above() {
        let code = "fn helper(x) {\n  x\n}\nfn on_pool(ctx) {\n  loop {}\n}\n";
        assert_eq!(enclosing_fn(code, 2).as_deref(), Some("helper"));
        assert_eq!(enclosing_fn(code, 5).as_deref(), Some("on_pool"));
    }
}
