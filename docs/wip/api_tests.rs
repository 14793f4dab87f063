//! The README's script API reference is the engine's: every property and method of `ctx` and its
//! objects that the engine registers is in the README's tables, and the tables list nothing else.

use super::context::{OBJECTS, surface};
use super::sandboxed_engine;
use std::collections::BTreeSet;

/// The object `ctx.<name>` is, as the README writes it.
fn object_of(path: &[&str]) -> Option<&'static str> {
    match path {
        [] => Some("Ctx"),
        [one] => OBJECTS
            .iter()
            .copied()
            .find(|o| o.eq_ignore_ascii_case(one) && *o != "Ctx"),
        _ => None,
    }
}

/// Every `ctx...` item in the first cell of the rows between the README's `api:begin` and `api:end`
/// markers: (object, name, whether it is a method).
fn readme_items() -> BTreeSet<(String, String, bool)> {
    let readme = include_str!("../../README.md");
    let start = readme.find("<!-- api:begin -->").expect("an api:begin marker");
    let end = readme.find("<!-- api:end -->").expect("an api:end marker");
    let mut out = BTreeSet::new();
    for row in readme[start..end].lines().filter(|l| l.starts_with('|')) {
        let first = row.split(" | ").next().unwrap_or("");
        for item in first.split('`').skip(1).step_by(2) {
            let Some(rest) = item.strip_prefix("ctx.") else {
                continue;
            };
            let (path, method) = match rest.split_once('(') {
                Some((p, _)) => (p, true),
                None => (rest, false),
            };
            let parts: Vec<&str> = path.split('.').collect();
            let (name, on) = parts.split_last().expect("a name");
            let object = object_of(on).unwrap_or_else(|| panic!("`{item}`: no such object"));
            out.insert((object.to_string(), name.to_string(), method));
        }
    }
    out
}

#[test]
fn the_readme_lists_exactly_the_registered_api() {
    let engine = sandboxed_engine(Default::default());
    let registered: BTreeSet<(String, String, bool)> = surface(&engine)
        .into_iter()
        .filter(|(_, name, _)| name != "to_string" && name != "to_debug")
        .collect();
    let readme = readme_items();
    let missing: Vec<_> = registered.difference(&readme).collect();
    let extra: Vec<_> = readme.difference(&registered).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "registered but not in the README's Script API tables: {missing:?}\n\
         in the README but not registered: {extra:?}"
    );
    assert!(registered.len() > 50, "{registered:?}");
}
