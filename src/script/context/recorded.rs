//! What a hook call read, recorded as it ran: each getter of `ctx` and of its objects, and each
//! function that reads the state (`ctx.traits_of`, `ctx.card.get`, `ctx.monster.has`), with the value
//! it returned. A script's path through its code, and so its effects, depend on nothing but these
//! values in this order (no clock, no randomness but the dice, no state kept between calls:
//! `engine.rs`), so a later call whose state gives the same value for each read, one after the
//! other, would do exactly what this one did (`hooks/replay.rs`).

use super::State;
use rhai::{Dynamic, ImmutableString, Variant};

/// How a read is read again, from another call's state.
#[derive(Clone)]
enum Again {
    Plain(fn(&State) -> Dynamic),
    With(fn(&State, &str) -> Dynamic, ImmutableString),
}

/// One value a call read.
#[derive(Clone)]
pub struct Read {
    again: Again,
    value: Dynamic,
}

impl Read {
    /// What `state` gives for this read.
    pub fn again(&self, state: &State) -> Dynamic {
        match &self.again {
            Again::Plain(f) => f(state),
            Again::With(f, arg) => f(state, arg),
        }
    }

    /// The value this read got.
    pub fn value(&self) -> &Dynamic {
        &self.value
    }
}

impl Read {
    /// A "may" effect the scenario's `[choices]` answered (`ctx.card.may`), `answer` when the card
    /// is named by `[choices] use` (the script gave no answer of its own), else the script's answer
    /// (`None`: it follows from what the call read before). Another call gets the same answer when
    /// its answers are the scenario's too and, for the first, the card is named or not the same.
    pub fn may(chosen: Option<bool>) -> Read {
        match chosen {
            Some(answer) => Read {
                again: Again::Plain(|s| {
                    if s.asked.is_fixed() {
                        Dynamic::from(s.view.chosen)
                    } else {
                        Dynamic::UNIT
                    }
                }),
                value: Dynamic::from(answer),
            },
            None => Read {
                again: Again::Plain(|s| Dynamic::from(s.asked.is_fixed())),
                value: Dynamic::from(true),
            },
        }
    }
}

impl super::Ctx {
    /// Reads `typed` of the state, recorded when the call records its reads (`dynamic` reads the
    /// same value as a `Dynamic`, for a later call).
    pub(super) fn read<T: Variant + Clone>(
        &self,
        typed: fn(&State) -> T,
        dynamic: fn(&State) -> Dynamic,
    ) -> T {
        let mut s = self.0.borrow_mut();
        let v = typed(&s);
        if let Some(reads) = s.reads.as_mut() {
            reads.push(Read {
                again: Again::Plain(dynamic),
                value: Dynamic::from(v.clone()),
            });
        }
        v
    }

    /// The same for a function of an argument.
    pub(super) fn read_with<T: Variant + Clone>(
        &self,
        arg: &str,
        typed: fn(&State, &str) -> T,
        dynamic: fn(&State, &str) -> Dynamic,
    ) -> T {
        let mut s = self.0.borrow_mut();
        let v = typed(&s, arg);
        if let Some(reads) = s.reads.as_mut() {
            reads.push(Read {
                again: Again::With(dynamic, arg.into()),
                value: Dynamic::from(v.clone()),
            });
        }
        v
    }
}

/// Whether two values a getter returned are the same: units, booleans, integers, strings, and
/// arrays and maps of them; any other type is never the same (its call is then never replayed).
pub fn same(a: &Dynamic, b: &Dynamic) -> bool {
    if a.type_id() != b.type_id() {
        return false;
    }
    if a.is_unit() {
        return true;
    }
    if let (Ok(x), Ok(y)) = (a.as_bool(), b.as_bool()) {
        return x == y;
    }
    if let (Ok(x), Ok(y)) = (a.as_int(), b.as_int()) {
        return x == y;
    }
    if let (Ok(x), Ok(y)) = (a.as_immutable_string_ref(), b.as_immutable_string_ref()) {
        return *x == *y;
    }
    if let (Ok(x), Ok(y)) = (a.as_array_ref(), b.as_array_ref()) {
        return x.len() == y.len() && x.iter().zip(y.iter()).all(|(p, q)| same(p, q));
    }
    if let (Ok(x), Ok(y)) = (a.as_map_ref(), b.as_map_ref()) {
        return x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w)));
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use rhai::{Array, INT, Map};

    #[test]
    fn values_of_the_same_type_and_contents_are_the_same() {
        assert!(same(&Dynamic::UNIT, &Dynamic::UNIT));
        assert!(same(&Dynamic::from(3 as INT), &Dynamic::from(3 as INT)));
        assert!(same(&Dynamic::from("strength"), &Dynamic::from("strength")));
        let faces: Array = vec![Dynamic::from(5 as INT), Dynamic::from(6 as INT)];
        assert!(same(&Dynamic::from(faces.clone()), &Dynamic::from(faces)));
        let mut m = Map::new();
        m.insert("will".into(), Dynamic::from(4 as INT));
        assert!(same(&Dynamic::from(m.clone()), &Dynamic::from(m)));
    }

    #[test]
    fn another_value_or_type_is_not_the_same() {
        assert!(!same(&Dynamic::from(3 as INT), &Dynamic::from(4 as INT)));
        assert!(!same(&Dynamic::from(1 as INT), &Dynamic::from(true)));
        assert!(!same(&Dynamic::UNIT, &Dynamic::from(false)));
        assert!(!same(&Dynamic::from("will"), &Dynamic::from("strength")));
        let a: Array = vec![Dynamic::from(5 as INT)];
        let b: Array = vec![Dynamic::from(5 as INT), Dynamic::from(1 as INT)];
        assert!(!same(&Dynamic::from(a), &Dynamic::from(b)));
        let mut m = Map::new();
        m.insert("will".into(), Dynamic::from(4 as INT));
        let mut n = Map::new();
        n.insert("lore".into(), Dynamic::from(4 as INT));
        assert!(!same(&Dynamic::from(m), &Dynamic::from(n)));
        // A float is never the same, not even as itself: a call that read one is not replayed.
        assert!(!same(&Dynamic::from(1.5), &Dynamic::from(1.5)));
    }
}
