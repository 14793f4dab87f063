//! The functions of Rhai's standard library whose native work grows with their arguments, registered
//! over Rhai's own (functions registered on the engine are found before those of its packages), each
//! charging that work to the operations budget before doing it (DESIGN invariant 8). Rhai counts one
//! operation per call however much a call does: `a.contains(x)` on an array of a thousand elements was
//! one operation that compared a thousand values, and a hook of such calls ran for seconds within its
//! budget. Here a call costs one operation per value it looks at (elements of arrays and maps, nested
//! ones included) and one per `TEXT_BYTES` bytes of text, and a call whose result would pass a size
//! limit is refused before it is built. Behaviour is otherwise Rhai's own. Imports `limits`.

use super::limits::Limits;
use rhai::{Array, Dynamic, Engine, EvalAltResult, INT, ImmutableString, Map, NativeCallContext};
use std::cmp::Ordering;

type Res<T> = Result<T, Box<EvalAltResult>>;

/// Bytes of text that cost one operation to look at.
pub const TEXT_BYTES: usize = 64;

/// The operations it costs to look at every part of `v` once.
pub fn weight(v: &Dynamic) -> u64 {
    if let Ok(a) = v.as_array_ref() {
        return 1 + a.iter().map(weight).sum::<u64>();
    }
    if let Ok(m) = v.as_map_ref() {
        return 1 + m
            .iter()
            .map(|(k, v)| text(k.len()) + weight(v))
            .sum::<u64>();
    }
    if let Ok(s) = v.as_immutable_string_ref() {
        return 1 + text(s.len());
    }
    1
}

fn text(bytes: usize) -> u64 {
    (bytes / TEXT_BYTES) as u64
}

fn weight_of(a: &Array) -> u64 {
    1 + a.iter().map(weight).sum::<u64>()
}

fn weight_of_map(m: &Map) -> u64 {
    1 + m
        .iter()
        .map(|(k, v)| text(k.len()) + weight(v))
        .sum::<u64>()
}

/// `a == b` as Rhai's arrays compare their elements: by the `==` a script can call, `false` between
/// values of two types that have none.
fn equal(ctx: &NativeCallContext, a: &mut Dynamic, b: &mut Dynamic) -> Res<bool> {
    match ctx.call_native_fn_raw("==", true, &mut [a, b]) {
        Ok(v) => Ok(v.as_bool().unwrap_or(false)),
        Err(e) => match *e {
            EvalAltResult::ErrorFunctionNotFound(ref sig, ..)
                if sig.starts_with("==") && a.type_id() != b.type_id() =>
            {
                Ok(false)
            }
            _ => Err(e),
        },
    }
}

fn too_large(what: &str) -> Box<EvalAltResult> {
    Box::new(EvalAltResult::ErrorDataTooLarge(
        what.to_string(),
        rhai::Position::NONE,
    ))
}

/// Sorts `a` by Rhai's built-in order (integers, characters, strings, booleans, `()`), all of one type.
fn sort(a: &mut Array, descending: bool) -> Res<()> {
    if a.len() <= 1 {
        return Ok(());
    }
    let first = a[0].type_id();
    if a.iter().any(|x| x.type_id() != first) {
        return Err(Box::new(EvalAltResult::ErrorFunctionNotFound(
            "elements of different types cannot be sorted".into(),
            rhai::Position::NONE,
        )));
    }
    let key = |x: &Dynamic, y: &Dynamic| -> Option<Ordering> {
        if let (Ok(x), Ok(y)) = (x.as_int(), y.as_int()) {
            return Some(x.cmp(&y));
        }
        if let (Ok(x), Ok(y)) = (x.as_char(), y.as_char()) {
            return Some(x.cmp(&y));
        }
        if let (Ok(x), Ok(y)) = (x.as_bool(), y.as_bool()) {
            return Some(x.cmp(&y));
        }
        if let (Ok(x), Ok(y)) = (x.as_immutable_string_ref(), y.as_immutable_string_ref()) {
            return Some(x.as_str().cmp(y.as_str()));
        }
        if x.is_unit() && y.is_unit() {
            return Some(Ordering::Equal);
        }
        None
    };
    if key(&a[0], &a[1]).is_none() {
        return Err(Box::new(EvalAltResult::ErrorFunctionNotFound(
            format!("elements of {} cannot be sorted", a[0].type_name()),
            rhai::Position::NONE,
        )));
    }
    a.sort_by(|x, y| {
        let o = key(x, y).unwrap_or(Ordering::Equal);
        if descending { o.reverse() } else { o }
    });
    Ok(())
}

/// Comparisons a sort of `n` values makes, at most: n · ⌈log2 n⌉.
fn sort_cost(n: usize) -> u64 {
    let n = n as u64;
    n * (64 - n.leading_zeros() as u64)
}

/// What `to_debug` gives for `v`, as Rhai's own printing of arrays and maps asks it of each element.
fn debug_of(ctx: &NativeCallContext, v: &mut Dynamic) -> String {
    match ctx.call_native_fn_raw("to_debug", true, &mut [v]) {
        Ok(r) if r.is_string() => r
            .into_immutable_string()
            .map(|s| s.to_string())
            .unwrap_or_default(),
        Ok(r) => ctx.engine().map_type_name(r.type_name()).to_string(),
        Err(_) => ctx.engine().map_type_name(&format!("{v:?}")).to_string(),
    }
}

fn format_array(ctx: &NativeCallContext, a: &mut Array) -> ImmutableString {
    let items: Vec<String> = a.iter_mut().map(|x| debug_of(ctx, x)).collect();
    format!("[{}]", items.join(", ")).into()
}

fn format_map(ctx: &NativeCallContext, m: &mut Map) -> ImmutableString {
    let items: Vec<String> = m
        .iter_mut()
        .map(|(k, v)| format!("{k:?}: {}", debug_of(ctx, v)))
        .collect();
    format!("#{{{}}}", items.join(", ")).into()
}

/// The length of `s` with every `find` replaced by `by`, computed without building it.
fn replaced_len(s: &str, find: &str, by: usize) -> usize {
    if find.is_empty() {
        // Rust's `replace` puts `by` between every character and at both ends.
        return s.len() + (s.chars().count() + 1) * by;
    }
    let n = s.matches(find).count();
    s.len() - n * find.len() + n * by
}

/// Replaces in place, refusing a result longer than the string size limit before it is built.
fn replace(s: &mut ImmutableString, find: &str, by: &str) -> Res<()> {
    if replaced_len(s, find, by.len()) > Limits::STRING_SIZE {
        return Err(too_large("Length of string"));
    }
    *s = s.replace(find, by).into();
    Ok(())
}

/// Registers every charged function over Rhai's own; `charge(n)` counts `n` operations against the
/// budget of the call under way, an error once it is spent.
pub fn register(engine: &mut Engine, charge: impl Fn(u64) -> Res<()> + Clone + 'static) {
    register_arrays(engine, &charge);
    register_array_order(engine, &charge);
    register_printing(engine, &charge);
    register_maps(engine, &charge);
    register_strings(engine, &charge);
}

/// Arrays: looking for a value, comparing, removing repeats.
fn register_arrays(engine: &mut Engine, charge: &(impl Fn(u64) -> Res<()> + Clone + 'static)) {
    let c = charge.clone();
    engine.register_fn(
        "contains",
        move |ctx: NativeCallContext, a: &mut Array, mut v: Dynamic| -> Res<bool> {
            c(weight_of(a) + weight(&v))?;
            for x in a.iter_mut() {
                if equal(&ctx, x, &mut v)? {
                    return Ok(true);
                }
            }
            Ok(false)
        },
    );
    let c = charge.clone();
    let index_of = move |ctx: &NativeCallContext, a: &mut Array, mut v: Dynamic, start: INT| {
        c(weight_of(a) + weight(&v))?;
        let len = a.len() as INT;
        let start = if start < 0 {
            (len + start).max(0)
        } else {
            start.min(len)
        } as usize;
        for (i, x) in a.iter_mut().enumerate().skip(start) {
            if equal(ctx, x, &mut v)? {
                return Ok(i as INT);
            }
        }
        Ok(-1)
    };
    let f = index_of.clone();
    engine.register_fn(
        "index_of",
        move |ctx: NativeCallContext, a: &mut Array, v: Dynamic| -> Res<INT> { f(&ctx, a, v, 0) },
    );
    let f = index_of;
    engine.register_fn(
        "index_of",
        move |ctx: NativeCallContext, a: &mut Array, v: Dynamic, start: INT| -> Res<INT> {
            f(&ctx, a, v, start)
        },
    );
    let c = charge.clone();
    let equals = move |ctx: &NativeCallContext, a: &mut Array, mut b: Array| -> Res<bool> {
        c(weight_of(a) + weight_of(&b))?;
        if a.len() != b.len() {
            return Ok(false);
        }
        for (x, y) in a.iter_mut().zip(b.iter_mut()) {
            if !equal(ctx, x, y)? {
                return Ok(false);
            }
        }
        Ok(true)
    };
    let f = equals.clone();
    engine.register_fn(
        "==",
        move |ctx: NativeCallContext, a: &mut Array, b: Array| -> Res<bool> { f(&ctx, a, b) },
    );
    let f = equals;
    engine.register_fn(
        "!=",
        move |ctx: NativeCallContext, a: &mut Array, b: Array| -> Res<bool> {
            f(&ctx, a, b).map(|e| !e)
        },
    );
    let c = charge.clone();
    engine.register_fn(
        "dedup",
        move |ctx: NativeCallContext, a: &mut Array| -> Res<()> {
            c(weight_of(a))?;
            let mut kept: Array = Vec::with_capacity(a.len());
            for mut x in std::mem::take(a) {
                let same = match kept.last_mut() {
                    Some(last) => equal(&ctx, last, &mut x)?,
                    None => false,
                };
                if !same {
                    kept.push(x);
                }
            }
            *a = kept;
            Ok(())
        },
    );
}

/// Arrays: sorting, joining.
fn register_array_order(engine: &mut Engine, charge: &(impl Fn(u64) -> Res<()> + Clone + 'static)) {
    for (name, descending, copy) in [
        ("sort", false, false),
        ("sort_desc", true, false),
        ("order", false, true),
        ("order_desc", true, true),
    ] {
        let c = charge.clone();
        if copy {
            engine.register_fn(name, move |a: &mut Array| -> Res<Array> {
                c(weight_of(a) + sort_cost(a.len()))?;
                let mut a = a.clone();
                sort(&mut a, descending)?;
                Ok(a)
            });
        } else {
            engine.register_fn(name, move |a: &mut Array| -> Res<()> {
                c(weight_of(a) + sort_cost(a.len()))?;
                sort(a, descending)
            });
        }
    }
    let c = charge.clone();
    engine.register_fn("+", move |mut a: Array, b: Array| -> Res<Array> {
        c(weight_of(&a) + weight_of(&b))?;
        a.extend(b);
        Ok(a)
    });
    for name in ["append", "+="] {
        let c = charge.clone();
        engine.register_fn(name, move |a: &mut Array, b: Array| -> Res<()> {
            c(weight_of(a) + weight_of(&b))?;
            a.extend(b);
            Ok(())
        });
    }
}

/// Arrays and maps: printing.
fn register_printing(engine: &mut Engine, charge: &(impl Fn(u64) -> Res<()> + Clone + 'static)) {
    for name in ["print", "to_string", "debug", "to_debug"] {
        let c = charge.clone();
        engine.register_fn(
            name,
            move |ctx: NativeCallContext, a: &mut Array| -> Res<ImmutableString> {
                c(weight_of(a))?;
                Ok(format_array(&ctx, a))
            },
        );
        let c = charge.clone();
        engine.register_fn(
            name,
            move |ctx: NativeCallContext, m: &mut Map| -> Res<ImmutableString> {
                c(weight_of_map(m))?;
                Ok(format_map(&ctx, m))
            },
        );
    }
}

/// Maps: comparing.
fn register_maps(engine: &mut Engine, charge: &(impl Fn(u64) -> Res<()> + Clone + 'static)) {
    let c = charge.clone();
    let map_equals = move |ctx: &NativeCallContext, a: &mut Map, mut b: Map| -> Res<bool> {
        c(weight_of_map(a) + weight_of_map(&b))?;
        if a.len() != b.len() {
            return Ok(false);
        }
        for (k, x) in a.iter_mut() {
            let Some(y) = b.get_mut(k) else {
                return Ok(false);
            };
            if !equal(ctx, x, y)? {
                return Ok(false);
            }
        }
        Ok(true)
    };
    let f = map_equals.clone();
    engine.register_fn(
        "==",
        move |ctx: NativeCallContext, a: &mut Map, b: Map| -> Res<bool> { f(&ctx, a, b) },
    );
    let f = map_equals;
    engine.register_fn(
        "!=",
        move |ctx: NativeCallContext, a: &mut Map, b: Map| -> Res<bool> {
            f(&ctx, a, b).map(|e| !e)
        },
    );
}

/// Strings: replacing (a replacement may grow a string far past the size limit before Rhai checks
/// it). Searching a string is linear in its bytes, which the string size limit bounds.
fn register_strings(engine: &mut Engine, charge: &(impl Fn(u64) -> Res<()> + Clone + 'static)) {
    let c = charge.clone();
    engine.register_fn(
        "replace",
        move |s: &mut ImmutableString, find: &str, by: &str| -> Res<()> {
            c(text(s.len()) + text(by.len()) + 1)?;
            replace(s, find, by)
        },
    );
    let c = charge.clone();
    engine.register_fn(
        "replace",
        move |s: &mut ImmutableString, find: char, by: &str| -> Res<()> {
            c(text(s.len()) + text(by.len()) + 1)?;
            replace(s, find.encode_utf8(&mut [0; 4]), by)
        },
    );
    let c = charge.clone();
    engine.register_fn(
        "replace",
        move |s: &mut ImmutableString, find: &str, by: char| -> Res<()> {
            c(text(s.len()) + 1)?;
            replace(s, find, by.encode_utf8(&mut [0; 4]))
        },
    );
    let c = charge.clone();
    engine.register_fn(
        "replace",
        move |s: &mut ImmutableString, find: char, by: char| -> Res<()> {
            c(text(s.len()) + 1)?;
            replace(
                s,
                find.encode_utf8(&mut [0; 4]),
                by.encode_utf8(&mut [0; 4]),
            )
        },
    );
}
