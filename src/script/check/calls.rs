//! The calls of a script: a function nobody defines (E0407), a card id written as a literal that names
//! no card (E0201), and a literal argument out of its method's range (E0105).

use super::known::Literal;
use super::{Checker, GUIDE, at, where_in};
use crate::defs::{Code, Diagnostic, closest};
use crate::script::context::ARGUMENTS;
use rhai::{Expr, Position};

/// API methods whose last argument is a card id.
const TAKES_CARD: [&str; 3] = ["gain_condition", "discard_condition", "discard"];

impl Checker<'_> {
    /// A call of `name`: a function the API, the script and Rhai do not have is `E0407`; a card id
    /// written as the literal argument of a method that takes one must name a card (`E0201`).
    pub(super) fn call(&mut self, name: &str, args: &[Expr], pos: Position, method: bool) {
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
            if self.known.api.contains(name) {
                self.literal_types(name, args);
            }
        }
        if name == "gain_condition_by_trait"
            && let Some(Expr::StringConstant(s, spos)) = args.last()
            && crate::script::reach::of_trait(self.set, s).is_empty()
        {
            let mut traits: Vec<String> = self
                .set
                .cards
                .values()
                .filter(|c| c.kind == crate::defs::CardKind::Condition)
                .flat_map(|c| c.traits.iter().map(|t| t.to_lowercase()))
                .collect();
            traits.sort();
            traits.dedup();
            let d = Diagnostic::new(
                Code::OutOfRange,
                format!(
                    "`{}`{}: `.gain_condition_by_trait(\"{s}\")`: no Condition of the cards loaded has that trait",
                    self.id(),
                    where_in(self.src, *spos)
                ),
            )
            .label("no Condition has it")
            .hint(format!("the traits Conditions have: {}", traits.join(", ")));
            self.out.push((*spos, at(self.src, *spos, s.len() + 2, d)));
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

    /// A literal written as the argument of API method `name` of a kind no registered method of
    /// that name and number of arguments takes at that place (`gain("clues", "1")`) is `E0103` at
    /// the literal, with the method's signatures as the hint: Rhai would only say "function not
    /// found" when the hook runs. The object the method is called on need not be known: a literal
    /// some method of that name and arity takes is let through.
    fn literal_types(&mut self, name: &str, args: &[Expr]) {
        let Some(sigs) = self.known.signatures.get(&(name.to_string(), args.len())) else {
            return;
        };
        for (i, arg) in args.iter().enumerate() {
            let (lit, pos, len) = match arg {
                Expr::StringConstant(s, p) => (Literal::Text, *p, s.len() + 2),
                Expr::IntegerConstant(n, p) => (Literal::Number, *p, n.to_string().len()),
                Expr::BoolConstant(b, p) => (Literal::Bool, *p, b.to_string().len()),
                _ => continue,
            };
            if sigs.iter().any(|s| s.accepts(i, lit)) {
                continue;
            }
            let api: Vec<&super::known::Signature> = sigs
                .iter()
                .filter(|s| crate::script::context::OBJECTS.contains(&s.on.as_str()))
                .collect();
            let shown: Vec<String> = if api.is_empty() {
                sigs.iter().collect()
            } else {
                api
            }
            .iter()
            .map(|s| format!("`{}`", s.shown(name)))
            .collect();
            let d = Diagnostic::new(
                Code::WrongType,
                format!(
                    "`{}`{}: argument {} of `.{name}()` is {}, which it does not take",
                    self.id(),
                    where_in(self.src, pos),
                    i + 1,
                    lit.name()
                ),
            )
            .label("wrong type")
            .hint(format!("the method takes {}", shown.join(" or ")));
            self.out.push((pos, at(self.src, pos, len, d)));
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
}

#[cfg(test)]
mod tests {
    use crate::script::context::ARGUMENTS;

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
}
