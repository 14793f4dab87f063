//! `mythos schema`: the JSON Schemas an editor uses to complete and check keys. The schemas are written
//! by hand (`src/schema.rs`, whose unit tests hold them to the raw TOML structs); the command prints
//! them.

use serde_json::Value;
use std::process::Command;

#[test]
fn mythos_schema_prints_json_schemas() {
    for of in ["card", "scenario", "pack"] {
        let out = Command::new(env!("CARGO_BIN_EXE_mythos"))
            .args(["schema", of])
            .output()
            .expect("mythos runs");
        assert_eq!(out.status.code(), Some(0));
        let v: Value = serde_json::from_slice(&out.stdout).expect("valid JSON");
        assert_eq!(
            v["$schema"], "http://json-schema.org/draft-07/schema#",
            "{of}"
        );
        assert_eq!(
            v["additionalProperties"], false,
            "{of}: unknown keys are flagged"
        );
    }
}
