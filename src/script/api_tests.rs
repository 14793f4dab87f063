//! The README's script API reference is the engine's: every property and method of `ctx` and its
//! objects that the engine registers is in the README's tables, and the tables list nothing else.

use super::context::{OBJECTS, surface};
use super::sandboxed_engine;
use std::collections::BTreeSet;

/// (object, name, whether it is a method): one item of the API.
type Item = (String, String, bool);

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

/// Every `ctx...` item in the first cell of the rows between the `api:begin` and `api:end` markers
/// of `readme`, or the item that names no object.
fn readme_items(readme: &str) -> Result<BTreeSet<Item>, String> {
    let start = readme
        .find("<!-- api:begin -->")
        .ok_or("no api:begin marker")?;
    let end = readme.find("<!-- api:end -->").ok_or("no api:end marker")?;
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
            let (name, on) = parts.split_last().ok_or(format!("`{item}`: no name"))?;
            let object = object_of(on).ok_or(format!("`{item}`: no such object"))?;
            out.insert((object.to_string(), name.to_string(), method));
        }
    }
    Ok(out)
}

/// The engine's items less the README's, and the README's less the engine's.
fn disagreement(readme: &str) -> (Vec<Item>, Vec<Item>) {
    let engine = sandboxed_engine(Default::default());
    let registered: BTreeSet<Item> = surface(&engine)
        .into_iter()
        // Printing an object prints its type: not a name a modder calls.
        .filter(|(_, name, _)| name != "to_string" && name != "to_debug")
        .collect();
    let readme = readme_items(readme).unwrap_or_else(|e| panic!("README: {e}"));
    (
        registered.difference(&readme).cloned().collect(),
        readme.difference(&registered).cloned().collect(),
    )
}

/// The script API reference, moved from the README into docs/ (issue 40).
const README: &str = include_str!("../../docs/script-api.md");

#[test]
fn the_readme_lists_exactly_the_registered_api() {
    let (missing, extra) = disagreement(README);
    assert!(
        missing.is_empty() && extra.is_empty(),
        "registered but not in the Script API tables of docs/script-api.md (section \"Script API (`ctx`)\", \
         between <!-- api:begin --> and <!-- api:end -->): {missing:?}\n\
         in docs/script-api.md's tables but not registered: {extra:?}"
    );
}

/// The comparison finds a name missing either way: a README without the row of `ctx.monster.to_box()`
/// and with a row of a `ctx.test.no_such()` the engine does not have.
#[test]
fn a_name_missing_from_either_side_is_a_disagreement() {
    let row = README
        .lines()
        .find(|l| l.starts_with("| `ctx.monster.to_box()`"))
        .expect("the README's row of ctx.monster.to_box()");
    let edited = README.replacen(row, "| `ctx.test.no_such()` | |", 1);
    let (missing, extra) = disagreement(&edited);
    let item = |o: &str, n: &str| (o.to_string(), n.to_string(), true);
    assert_eq!(missing, [item("Monster", "to_box")]);
    assert_eq!(extra, [item("Test", "no_such")]);
}

/// The surface the reference is held to has every object's fields and methods, not a part of them:
/// an item of each object, and more than 90 in all.
#[test]
fn the_surface_holds_every_object() {
    let engine = sandboxed_engine(Default::default());
    let items = surface(&engine);
    for o in OBJECTS {
        assert!(
            items.iter().any(|(of, _, _)| of == o),
            "no item of `{o}`: {items:?}"
        );
    }
    assert!(items.len() > 90, "{}", items.len());
}
