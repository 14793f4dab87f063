//! What the unit tests of synthetic scenarios share (tests only): a scenario's text prepared
//! against the base cards and no pack, the scenario files of `tests/scenarios` prepared the same
//! way, and one play with replayed dice and answers.

use super::{Prepared, no_packs, prepare_file};
use crate::defs::{CardSet, SourceFile};
use crate::kernel::{DecisionNeeded, Decisions, DiceSource, Encounter, KernelError};
use std::path::{Path, PathBuf};

/// `text`, named `name` in its diagnostics, prepared; a refusal fails the test with its diagnostics.
pub fn prepare(name: &str, text: &str) -> Prepared {
    match prepare_file(&SourceFile::new(name, text), &CardSet::base, &no_packs) {
        Ok(p) => p,
        Err(ds) => panic!("{}", crate::defs::render_all(&ds, false)),
    }
}

/// Every scenario file of the crate's `tests/scenarios`, sorted.
pub fn scenario_files() -> Vec<PathBuf> {
    crate::test_files::files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios"),
        "toml",
    )
}

/// The scenario file at `path`, prepared; `None` when it is refused (the scenarios that say so).
pub fn prepare_path(path: &Path) -> Option<Prepared> {
    let text = std::fs::read_to_string(path).expect("scenario text");
    let file = SourceFile::new(path.to_string_lossy().as_ref(), text);
    prepare_file(&file, &CardSet::base, &no_packs).ok()
}

/// Plays `p` with `faces` and `answers`: the encounter, and the question where the answers end
/// (any other error fails the test).
pub fn replay(
    p: &mut Prepared,
    faces: &[u8],
    answers: &[usize],
) -> (Encounter, Option<DecisionNeeded>) {
    let (enc, result) = p.run_deciding(
        DiceSource::replay(faces.to_vec()),
        Decisions::replay(answers.to_vec()),
        false,
    );
    match result {
        Ok(()) => (enc, None),
        Err(KernelError::Decision(need)) => (enc, Some(need)),
        Err(other) => panic!("{other:?}"),
    }
}

/// Plays `p` with `faces`, every question answered as the scenario's `[choices]` say
/// (`Decisions::Fixed`): the encounter at its end (an error fails the test).
pub fn play_fixed(p: &mut Prepared, faces: &[u8]) -> Encounter {
    let (enc, result) = p.run_deciding(DiceSource::replay(faces.to_vec()), Decisions::Fixed, false);
    if let Err(e) = result {
        panic!("{e:?}");
    }
    enc
}
