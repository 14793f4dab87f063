//! What exact odds ask of the scenario's scripts before grouping a roll's faces: which cards may
//! read raw faces (`script/faces.rs`), and whether one may in a given test.

use super::ScriptHooks;
use crate::kernel::{HookSet, TestSpec};
use crate::script::applies::{self, TestFacts};
use crate::script::faces::AFTER_THE_ROLL;

impl ScriptHooks {
    /// The cards whose hooks (those kept: `skip_what_cannot_apply`) may read raw faces in some test,
    /// in id order. A card whose script was left uncompiled cannot come into play (`reach.rs`; were
    /// one asked for all the same, its call would fail the run): it reads nothing.
    pub fn face_readers(&self) -> Vec<String> {
        let mut out: Vec<String> = self
            .compiled_cards()
            .filter(|(_, c)| {
                AFTER_THE_ROLL
                    .into_iter()
                    .any(|h| c.reads_faces.contains(h) && c.defined.contains(h))
            })
            .map(|(id, _)| id.clone())
            .collect();
        out.sort();
        out
    }

    /// Whether a script compiled for the scenario names the round of a combat (a card whose
    /// script was left uncompiled cannot come into play).
    pub fn reads_round(&self) -> bool {
        self.compiled_cards().any(|(_, c)| c.reads_round)
    }

    /// Whether a script compiled for the scenario names the latest Combat check's result
    /// (`ctx.combat.combat_result`, `combat_passed`).
    pub fn reads_combat_result(&self) -> bool {
        self.compiled_cards().any(|(_, c)| c.reads_combat_result)
    }

    /// Whether `card`'s hooks may read raw faces in the test `spec` (as hooks left it so far).
    pub fn reads_faces_in(&self, card: &str, spec: &TestSpec) -> bool {
        self.compiled_card(card)
            .is_some_and(|c| Self::any_in(c, c.reads_faces, spec))
    }

    /// Whether `card`'s hooks may tell apart faces that count alike in the test `spec`: read more
    /// than which dice fail and where (`script/faces.rs`).
    pub fn tells_faces_apart_in(&self, card: &str, spec: &TestSpec) -> bool {
        self.compiled_card(card)
            .is_some_and(|c| Self::any_in(c, c.tells_faces, spec))
    }

    /// Whether a script compiled for the scenario may change a test's counting rules once its dice
    /// are rolled (`script/faces.rs`).
    pub fn sets_counting_after_roll(&self) -> bool {
        self.compiled_cards().any(|(_, c)| c.sets_counting)
    }

    /// Whether one of `hooks` of `c`, after the roll, may apply to the test `spec`: kept for the
    /// scenario's `[choices]` or for a player who is asked (`mythos play`, `--best`).
    fn any_in(c: &super::Compiled, hooks: HookSet, spec: &TestSpec) -> bool {
        let test = TestFacts {
            skill: spec.skill.as_str().to_string(),
            kind: spec.kind.as_str().to_string(),
            slot: spec.slot.map(|s| s.as_str().to_string()),
            in_combat: spec.in_combat,
        };
        AFTER_THE_ROLL.into_iter().any(|h| {
            hooks.contains(h)
                && (c.defined.contains(h) || c.defined_deciding.contains(h))
                && !applies::never_applies_to(&c.ast, h, &test)
        })
    }
}
