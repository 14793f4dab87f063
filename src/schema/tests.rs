//! The schemas, written by hand, held to the raw TOML structs: for every table of a card file, a
//! scenario file and pack.toml, the schema's keys are exactly the keys the loader accepts.

use crate::defs::{RawCard, RawManifest};
use crate::scenario::RawScenario;
use serde_json::Value;
use std::collections::BTreeSet;

/// The keys serde accepts in the table that `toml` puts `zzz_probe` into: read from its "unknown field"
/// error, which lists every field of the struct.
fn accepted<T: serde::de::DeserializeOwned>(toml: &str) -> BTreeSet<String> {
    let err = match toml::from_str::<T>(toml) {
        Ok(_) => panic!("`{toml}` was accepted"),
        Err(e) => e.message().to_string(),
    };
    assert!(
        err.starts_with("unknown field `zzz_probe`"),
        "{toml}: {err}"
    );
    let expected = err.split("expected").nth(1).unwrap_or("");
    expected
        .split('`')
        .enumerate()
        .filter(|(i, _)| i % 2 == 1)
        .map(|(_, s)| s.to_string())
        .collect()
}

/// The property names of the schema object at `path` (`/`-separated keys into the JSON).
fn keys(schema: &Value, path: &str) -> BTreeSet<String> {
    let mut v = schema;
    for k in path.split('/').filter(|k| !k.is_empty()) {
        v = &v[k];
    }
    v["properties"]
        .as_object()
        .unwrap_or_else(|| panic!("no properties at `{path}`"))
        .keys()
        .cloned()
        .collect()
}

#[test]
fn the_card_schema_has_every_key_of_a_card_file() {
    let s = super::card();
    for (probe, path) in [
        ("zzz_probe = 1", ""),
        ("bonuses = [{ zzz_probe = 1 }]", "properties/bonuses/items"),
        ("will = { zzz_probe = 1 }", "properties/will"),
        ("strength = { zzz_probe = 1 }", "properties/strength"),
        ("horror = { zzz_probe = 1 }", "properties/horror"),
        ("combat = { zzz_probe = 1 }", "properties/combat"),
    ] {
        assert_eq!(keys(&s, path), accepted::<RawCard>(probe), "card: {probe}");
    }
}

#[test]
fn the_scenario_schema_has_every_key_of_a_scenario_file() {
    let s = super::scenario();
    for (probe, path) in [
        ("zzz_probe = 1", ""),
        (
            "investigator = { zzz_probe = 1 }",
            "properties/investigator",
        ),
        ("test = { zzz_probe = 1 }", "properties/test"),
        (
            "monsters = [{ zzz_probe = 1 }]",
            "properties/monsters/items",
        ),
        ("dice = { zzz_probe = 1 }", "properties/dice"),
        ("choices = { zzz_probe = 1 }", "properties/choices"),
        (
            "choices = { rounds = [{ zzz_probe = 1 }] }",
            "properties/choices/properties/rounds/items",
        ),
        ("rules = { zzz_probe = 1 }", "properties/rules"),
    ] {
        assert_eq!(
            keys(&s, path),
            accepted::<RawScenario>(probe),
            "scenario: {probe}"
        );
    }
    // An inline card in a scenario has the keys of a card file.
    assert_eq!(keys(&s, "definitions/card"), keys(&super::card(), ""));
}

#[test]
fn the_pack_schema_has_every_key_of_pack_toml() {
    assert_eq!(
        keys(&super::pack(), ""),
        accepted::<RawManifest>("zzz_probe = 1")
    );
}
