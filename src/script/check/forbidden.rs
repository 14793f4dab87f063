//! What the size limits cannot see (E0408): a closure that captures a variable, and a map key or
//! property name longer than `Limits::MAP_KEY`.

use super::{Checker, at, where_in};
use crate::defs::{Code, Diagnostic, ScriptSource};
use crate::script::limits::Limits;
use rhai::Position;

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

impl Checker<'_> {
    /// A closure that captures a variable carries it in a function pointer, where the size limits
    /// do not see it (`E0408`).
    pub(super) fn captures<'b>(&mut self, vars: impl Iterator<Item = &'b rhai::Ident>) {
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
    pub(super) fn long_key(&mut self, key: &str, pos: Position) {
        if key.len() > Limits::MAP_KEY {
            let d = long_key(self.src, self.id(), pos, key.len());
            self.out.push((pos, d));
        }
    }

    /// A map of constants holding a key longer than `Limits::MAP_KEY` (`E0408`).
    pub(super) fn constant_keys(&mut self, v: &rhai::Dynamic, pos: Position) {
        if let Some(len) = longest_key(v).filter(|n| *n > Limits::MAP_KEY) {
            let d = long_key(self.src, self.id(), pos, len);
            self.out.push((pos, d));
        }
    }
}
