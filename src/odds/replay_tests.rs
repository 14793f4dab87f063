//! Replaying a hook call from one kept (`script/hooks/replay.rs`) changes no probability, and only
//! a call whose effects follow from what it read is replayed.

use super::exact::{Objective, best_resuming, exact_resuming};
use crate::scenario::Prepared;
use crate::scenario::synthetic::{prepare, prepare_path, scenario_files};

/// Replaying a hook call from one kept (`script/hooks/replay.rs`) is only a shortcut: on every
/// scenario of the suite and every realistic encounter of the bench, exact odds with hook calls
/// replayed give the same distribution, to the bit, from as many runs, with the same defeats and
/// the same unresolved mass, as exact odds that run every hook call (or the same refusal: the
/// operations budgets count a replayed call as it ran); and so do the odds under the best policy
/// (`survive`) of the suite's smaller ones. Calls are replayed at all: the bench's encounters
/// replay most.
#[test]
fn replaying_a_hook_call_changes_no_probability() {
    use rayon::prelude::*;
    let benches = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/encounters");
    let mut files = scenario_files();
    files.extend(crate::test_files::files(&benches, "toml"));
    let pool = rayon::ThreadPoolBuilder::new()
        .stack_size(64 << 20)
        .build()
        .expect("a thread pool");
    let (compared, replayed) = pool.install(|| {
        files
            .par_iter()
            .map(|path| {
                let (Some(mut on), Some(mut off)) = (prepare_path(path), prepare_path(path)) else {
                    return (0, 0); // the diagnostics scenarios
                };
                off.hooks.set_replay(false);
                let name = path.display();
                let a = exact_resuming(&mut on, true, true, None);
                let b = exact_resuming(&mut off, true, true, None);
                assert_eq!(off.hooks.replayed(), 0, "{name}");
                // The best policy on the suite's smaller scenarios (the suite's time).
                let small = !path.starts_with(&benches) && a.as_ref().is_ok_and(|o| o.runs <= 500);
                match (a, b) {
                    (Ok(a), Ok(b)) => {
                        assert_eq!(a.dist, b.dist, "{name}");
                        assert_eq!(a.defeated, b.defeated, "{name}");
                        assert_eq!(a.runs, b.runs, "{name}");
                        assert_eq!(a.unresolved, b.unresolved, "{name}");
                    }
                    (Err(a), Err(b)) => assert_eq!(a.message, b.message, "{name}"),
                    (a, b) => panic!("{name}: {:?} vs {:?}", a.err(), b.err()),
                }
                if small {
                    let a = best_resuming(&mut on, Objective::Survive, &[], &[], true, None);
                    let b = best_resuming(&mut off, Objective::Survive, &[], &[], true, None);
                    match (a, b) {
                        (Ok(a), Ok(b)) => {
                            assert_eq!(a.odds.dist, b.odds.dist, "{name}: best");
                            assert_eq!(a.value, b.value, "{name}: best");
                            assert_eq!(a.odds.runs, b.odds.runs, "{name}: best");
                        }
                        (Err(a), Err(b)) => assert_eq!(a.message, b.message, "{name}: best"),
                        (a, b) => panic!("{name}: best: {:?} vs {:?}", a.err(), b.err()),
                    }
                }
                (1, on.hooks.replayed())
            })
            .reduce(|| (0, 0), |a, b| (a.0 + b.0, a.1 + b.1))
    });
    assert!(compared > 150, "only {compared} scenarios compared");
    assert!(replayed > 10_000, "only {replayed} hook calls replayed");
}

/// An EH combat whose card's `after_roll` runs `body` in the Will test and again in the Strength
/// test (each with the same `ctx.test.in_combat`), against a monster that deals no loss.
fn after_roll_twice(body: &str) -> Prepared {
    let text = format!(
        r#"game = "eldritch"
[investigator]
name = "Test investigator"
strength = 1
will = 1
health = 5
sanity = 5
possessions = [{{ id = "charm", name = "Charm (synthetic)", kind = "asset", source = "synthetic", script = "fn after_roll(ctx) {{ if ctx.test.in_combat {{ {body} }} }}" }}]
[[monsters]]
card = {{ id = "still", name = "Still (synthetic)", kind = "monster", toughness = 1, will = {{ modifier = 0, horror = 0 }}, strength = {{ modifier = 0, damage = 0 }}, source = "synthetic" }}
"#
    );
    prepare("after_roll_twice.toml", &text)
}

/// A hook call is replayed only when its effects follow from what it read: one that read the same
/// value as a call before it is replayed, a note among its effects too (its text is an effect,
/// admitted to the transcript when the effects are handed back, replayed or not), and a "may" the
/// scenario's `[choices]` answer (the answer is read like any value); one that printed, rolled dice
/// or asked a player who answers (the best policy's questions) is run every time (printed text
/// counts against the transcript budget as the script runs, dice and such answers are not read
/// through `ctx`'s getters).
#[test]
fn only_a_call_whose_effects_follow_from_its_reads_is_replayed() {
    let replayed = |body: &str| {
        let mut p = after_roll_twice(body);
        exact_resuming(&mut p, true, true, None).expect("exact odds");
        p.hooks.replayed()
    };
    assert!(replayed("ctx.test.count_face(6, 2);") > 0);
    assert_eq!(replayed(r#"print(\"seen\");"#), 0);
    assert!(replayed(r#"ctx.note(\"seen\");"#) > 0);
    assert_eq!(replayed("let r = ctx.roll(1);"), 0);
    let may = r#"if ctx.card.may(\"look\", true) { ctx.test.count_face(6, 2); }"#;
    assert!(replayed(may) > 0);
    let mut p = after_roll_twice(may);
    best_resuming(&mut p, Objective::Survive, &[], &[], true, None).expect("the best policy");
    assert!(p.hooks.calls() > 1);
    assert_eq!(p.hooks.replayed(), 0);
}

/// A replayed note is in the transcript as the call's own: the card's `after_roll` notes in the Will
/// test and again in the Strength test, the second call replayed from the first (the same reads),
/// and the transcript holds the note twice, each time the card's.
#[test]
fn a_replayed_note_is_written_as_the_call_would_write_it() {
    use crate::kernel::{Decisions, DiceSource, Event};
    let mut p = after_roll_twice(r#"ctx.note(\"seen\");"#);
    // One die a test (Will 1, Strength 1); both fail, and the monster deals no loss. Played with
    // its transcript.
    let (enc, result) = p.run_deciding(DiceSource::replay(vec![1, 1]), Decisions::Fixed, true);
    result.expect("played to its end");
    assert_eq!(p.hooks.replayed(), 1);
    let notes: Vec<_> = enc
        .run
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Note { source, text } => Some((source.clone(), text.as_str())),
            _ => None,
        })
        .collect();
    assert_eq!(notes.len(), 2, "{notes:?}");
    let charm = crate::kernel::Source::card("charm");
    assert!(
        notes
            .iter()
            .all(|(source, text)| *source == charm && *text == "seen"),
        "{notes:?}"
    );
}
