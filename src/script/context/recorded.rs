//! What a hook call read, recorded as it ran: each getter of `ctx` and of its objects, and each
//! function that reads the state (`ctx.traits_of`, `ctx.card.get`, `ctx.monster.has`), with the value
//! it returned. A script's path through its code, and so its effects, depend on nothing but these
//! values in this order (no clock, no randomness but the dice, no state kept between calls:
//! `engine.rs`), so a later call whose state gives the same value for each read, one after the
//! other, would do exactly what this one did (`hooks/replay.rs`).

use super::State;
use rhai::{Dynamic, INT, ImmutableString, Variant};

/// How a read is read again, from another call's state.
#[derive(Clone)]
enum Again {
    Plain(fn(&State) -> Value),
    With(fn(&State, &str) -> Value, ImmutableString),
}

/// A type a getter returns, as a `Value` (without going through a `Dynamic` for the plain ones).
pub trait Valued: Variant + Clone {
    fn value(&self) -> Value;
}

impl Valued for bool {
    fn value(&self) -> Value {
        Value::Bool(*self)
    }
}

impl Valued for INT {
    fn value(&self) -> Value {
        Value::Int(*self)
    }
}

impl Valued for ImmutableString {
    fn value(&self) -> Value {
        Value::Str(self.clone())
    }
}

impl Valued for String {
    fn value(&self) -> Value {
        Value::Str(self.as_str().into())
    }
}

impl Valued for Dynamic {
    fn value(&self) -> Value {
        Value::of(self)
    }
}

impl Valued for rhai::Array {
    fn value(&self) -> Value {
        Value::Array(self.iter().map(Value::of).collect())
    }
}

impl Valued for rhai::Map {
    fn value(&self) -> Value {
        Value::Map(
            self.iter()
                .map(|(k, v)| (k.to_string(), Value::of(v)))
                .collect(),
        )
    }
}

/// One value a call read.
#[derive(Clone)]
pub struct Read {
    again: Again,
    value: Value,
}

impl Read {
    /// What `state` gives for this read.
    pub fn again(&self, state: &State) -> Value {
        match &self.again {
            Again::Plain(f) => f(state),
            Again::With(f, arg) => f(state, arg),
        }
    }

    /// The value this read got.
    pub fn value(&self) -> &Value {
        &self.value
    }
}

/// A value a getter returned, as it is compared with another (`same`), its type told once: units,
/// booleans, integers, strings, and arrays and maps of them (a map by its keys in order); any other
/// type (a float, an object) is never the same as anything, not even as itself.
#[derive(Clone, Debug)]
pub enum Value {
    Unit,
    Bool(bool),
    Int(INT),
    Str(ImmutableString),
    Array(Vec<Value>),
    Map(Vec<(String, Value)>),
    Other,
}

impl Value {
    pub fn of(d: &Dynamic) -> Value {
        if d.is_unit() {
            Value::Unit
        } else if let Ok(b) = d.as_bool() {
            Value::Bool(b)
        } else if let Ok(i) = d.as_int() {
            Value::Int(i)
        } else if let Ok(s) = d.as_immutable_string_ref() {
            Value::Str(s.clone())
        } else if let Ok(a) = d.as_array_ref() {
            Value::Array(a.iter().map(Value::of).collect())
        } else if let Ok(m) = d.as_map_ref() {
            Value::Map(
                m.iter()
                    .map(|(k, v)| (k.to_string(), Value::of(v)))
                    .collect(),
            )
        } else {
            Value::Other
        }
    }

    /// Whether `self` and `other` are the same value of the same type.
    pub fn same(&self, other: &Value) -> bool {
        match (self, other) {
            (Value::Unit, Value::Unit) => true,
            (Value::Bool(a), Value::Bool(b)) => a == b,
            (Value::Int(a), Value::Int(b)) => a == b,
            (Value::Str(a), Value::Str(b)) => a == b,
            (Value::Array(a), Value::Array(b)) => {
                a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.same(y))
            }
            (Value::Map(a), Value::Map(b)) => {
                a.len() == b.len() && a.iter().zip(b).all(|((k, x), (l, y))| k == l && x.same(y))
            }
            _ => false,
        }
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
                        Value::Bool(s.view.chosen)
                    } else {
                        Value::Unit
                    }
                }),
                value: Value::Bool(answer),
            },
            None => Read {
                again: Again::Plain(|s| Value::Bool(s.asked.is_fixed())),
                value: Value::Bool(true),
            },
        }
    }
}

impl super::Ctx {
    /// Reads `typed` of the state, recorded when the call records its reads (`dynamic` reads the
    /// same value as a `Dynamic`, for a later call).
    pub(super) fn read<T: Valued>(&self, typed: fn(&State) -> T, again: fn(&State) -> Value) -> T {
        let mut s = self.0.borrow_mut();
        let v = typed(&s);
        if let Some(reads) = s.reads.as_mut() {
            reads.push(Read {
                again: Again::Plain(again),
                value: v.value(),
            });
        }
        v
    }

    /// The same for a function of an argument.
    pub(super) fn read_with<T: Valued>(
        &self,
        arg: &str,
        typed: fn(&State, &str) -> T,
        again: fn(&State, &str) -> Value,
    ) -> T {
        let mut s = self.0.borrow_mut();
        let v = typed(&s, arg);
        if let Some(reads) = s.reads.as_mut() {
            reads.push(Read {
                again: Again::With(again, arg.into()),
                value: v.value(),
            });
        }
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rhai::{Array, Map};

    fn same(a: &Dynamic, b: &Dynamic) -> bool {
        Value::of(a).same(&Value::of(b))
    }

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

    /// A read is recorded from the getter's own value (`Valued`) and read again the same way: each
    /// type a getter returns gives the value it gives as the `Dynamic` the script sees.
    #[test]
    fn a_getters_value_is_the_value_of_what_the_script_sees() {
        fn agrees<T: Valued>(x: T) -> bool {
            x.value().same(&Value::of(&Dynamic::from(x.clone())))
        }
        assert!(agrees(true));
        assert!(agrees(3 as INT));
        assert!(agrees(ImmutableString::from("strength")));
        assert!(agrees("will".to_string()));
        assert!(agrees(Dynamic::UNIT));
        let faces: Array = vec![Dynamic::from(5 as INT), Dynamic::from("six")];
        assert!(agrees(faces));
        let mut m = Map::new();
        m.insert("will".into(), Dynamic::from(4 as INT));
        assert!(agrees(m));
        // Not the same as a value of another type.
        assert!(!true.value().same(&Value::of(&Dynamic::from(1 as INT))));
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
