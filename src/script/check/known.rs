//! [`Known`]: the names a script may call and the properties and methods of each registered type,
//! read from the engine's signatures once.

use super::CTX;
use crate::defs::closest;
use crate::script::context::OBJECTS;
use rhai::Engine;
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

/// The names a script may call and the properties of each registered type, read from the engine once.
pub struct Known {
    pub(super) functions: BTreeSet<String>,
    /// Each registered type's getters (by the type's script name: `Ctx`, ...), with the script name
    /// of what each returns (`map`, `Dynamic`, a registered type's name).
    pub(super) getters: BTreeMap<String, BTreeMap<String, String>>,
    /// The methods of `ctx` and of its objects, for hints.
    pub(super) api: BTreeSet<String>,
    /// The methods of each of them, by the type's script name.
    pub(super) methods: BTreeMap<String, BTreeSet<String>>,
    /// Every registered function taking a receiver (`name(_: &mut Type, ...)`: a method of `ctx`,
    /// of one of its objects, or of a value of Rhai's), by name and number of arguments after the
    /// receiver: the receiver's type and the type of each argument, as the engine names them.
    pub(super) signatures: BTreeMap<(String, usize), Vec<Signature>>,
}

/// One registered method: what it is called on and the types it takes, as the engine names them
/// (`&str`, `i64`, `bool`, `Dynamic`, ...).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Signature {
    pub(super) on: String,
    pub(super) params: Vec<String>,
}

/// The kind of a literal a script writes as an argument.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Literal {
    Text,
    Number,
    Bool,
}

impl Literal {
    /// The literal as the README's API table calls its kind.
    pub(super) fn name(self) -> &'static str {
        match self {
            Literal::Text => "a string",
            Literal::Number => "a whole number",
            Literal::Bool => "a bool",
        }
    }
}

/// A parameter's type as a script writer reads it.
pub(super) fn type_word(t: &str) -> &str {
    match t.trim() {
        "&str" | "String" | "ImmutableString" | "&ImmutableString" | "string" => "string",
        "i64" | "INT" | "int" => "int",
        "bool" => "bool",
        "Dynamic" | "?" => "any",
        other => other,
    }
}

impl Signature {
    /// Whether argument `i` may be a literal of kind `lit`: its type is that kind's, or any value,
    /// or a type this check does not know (never a false alarm).
    pub(super) fn accepts(&self, i: usize, lit: Literal) -> bool {
        let Some(t) = self.params.get(i) else {
            return false;
        };
        match (type_word(t), lit) {
            ("any", _) => true,
            ("string", l) => l == Literal::Text,
            ("int", l) => l == Literal::Number,
            ("bool", l) => l == Literal::Bool,
            ("Array" | "Map" | "FnPtr" | "Blob" | "()", _) => false,
            _ => true,
        }
    }

    /// `Investigator.gain(string, int)`.
    pub(super) fn shown(&self, name: &str) -> String {
        let params: Vec<&str> = self.params.iter().map(|p| type_word(p)).collect();
        format!("{}.{name}({})", self.on, params.join(", "))
    }
}

/// `name(_: &mut Type, _: T1, ...) -> R` read into its receiver and argument types; `None` for a
/// function without a receiver.
fn signature(sig: &str) -> Option<Signature> {
    let inside = sig.split_once('(')?.1;
    let inside = inside.split_once(')')?.0;
    let mut types = inside
        .split(',')
        .map(|p| p.rsplit_once(':').map_or(p, |(_, t)| t).trim().to_string());
    let on = types.next()?.strip_prefix("&mut ")?.trim().to_string();
    Some(Signature {
        on,
        params: types.filter(|t| !t.is_empty()).collect(),
    })
}

impl Known {
    /// Reads the names of `engine`'s functions, and the getters and methods of each registered type.
    pub fn of(engine: &Engine) -> Known {
        let mut functions: BTreeSet<String> = KEYWORDS.iter().map(|s| s.to_string()).collect();
        let mut getters: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
        let mut api = BTreeSet::new();
        let mut methods: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        let mut signatures: BTreeMap<(String, usize), Vec<Signature>> = BTreeMap::new();
        for sig in engine.gen_fn_signatures(true) {
            let name = sig.split('(').next().unwrap_or("").trim();
            if !name.contains('$')
                && !name.is_empty()
                && let Some(s) = signature(&sig)
            {
                signatures
                    .entry((name.to_string(), s.params.len()))
                    .or_default()
                    .push(s);
            }
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
            } else if name.starts_with("set$") {
                // The write-back setters of `ctx`'s objects (`context/mod.rs`): not a name a
                // script calls.
                continue;
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
            signatures,
        }
    }

    /// The name of the API closest to `name` (a method when `method`), written with the object it
    /// belongs to (`ctx.test.reroll`): of object `ty` (read at `path`) when it has it, else of the
    /// first object that does.
    pub(super) fn suggest(&self, ty: &str, path: &str, name: &str, method: bool) -> Option<String> {
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
    pub(super) fn after(&self, returned: &str, property: &str) -> Option<&str> {
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

    /// A method's signature is read into what it is called on and the type of each argument.
    #[test]
    fn a_signature_is_read_into_its_receiver_and_argument_types() {
        let s = signature("gain(_: &mut Investigator, _: &str, _: i64) -> ()").unwrap();
        assert_eq!(s.on, "Investigator");
        assert_eq!(s.params, ["&str", "i64"]);
        assert!(s.accepts(0, Literal::Text) && !s.accepts(0, Literal::Number));
        assert!(s.accepts(1, Literal::Number) && !s.accepts(1, Literal::Text));
        assert_eq!(s.shown("gain"), "Investigator.gain(string, int)");
        assert_eq!(signature("roll(n: i64) -> Array"), None);
    }
}
