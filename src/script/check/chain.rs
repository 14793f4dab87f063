//! Chains read from `ctx` (`ctx.investigator.clues`, `ctx.test.bonus(1)`): each property against the
//! getters of the object before it, the method that ends it against that object's methods, and an
//! object of the API used as a value (all E0407).

use super::{CTX, Checker, GUIDE, renamed};
use crate::script::moved::moved;
use rhai::{Expr, Position};

/// One link of a chain read from `ctx`: a property, the method call that ends it, or an index into
/// the value read so far (`ctx.test.faces[0]`: a value, whatever it was read from).
enum Link {
    Property(String, Position),
    Method(String, Position),
    Index,
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
                } else {
                    out.push(Link::Index);
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

impl Checker<'_> {
    /// A `.` expression: checked when it is a chain read from `ctx`.
    pub(super) fn dot(&mut self, e: &Expr) {
        if let Some(links) = ctx_chain(e) {
            self.ctx_chain(links);
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
                Link::Index => return,
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
    pub(super) fn objects_as_values(&mut self, args: &[Expr]) {
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
                        "`{path}` is an object now, not a value: {} (docs/script-api.md: Moving a script to this API)",
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
}
