//! Eldritch Horror's Combat Encounter against one monster: the token's two tests top to bottom, each
//! roll a checkpoint, and what each test costs. Imports the kernel's values and `eldritch/mod.rs`.

use super::Eldritch;
use crate::kernel::encounter::Resolution;
use crate::kernel::procedure::{Procedure, Step};
use crate::kernel::{
    Encounter, Event, Hooks, LossValue, Point, Slot, Source, Stat, TestKind, TestOutcome, TestSpec,
};
use std::sync::Arc;

impl Eldritch {
    /// The token's tests against monster `m` from test `first` on (0: the first); `resumed`: the run
    /// starts inside test `first`, at its roll (`Point::Roll`) or its token step (`Point::Tokens`,
    /// taken in `spend_tokens`). Each test's roll is a checkpoint
    /// (`TestSpec::roll_point`): there the whole state is in the encounter (the test under way in its
    /// stage; the printed token's lines are the monster's, which no effect changes: a card changes
    /// this combat's values, `CombatView`), so that each branch of the dice goes on from there.
    pub(super) fn tests_from(
        &self,
        enc: &mut Encounter,
        m: usize,
        first: usize,
        resumed: Option<Point>,
        hooks: &mut dyn Hooks,
    ) -> Step {
        // The printed token (held, the shared one is copied when it changes, as it takes Health).
        let monster = Arc::clone(&enc.table.monsters[m]);
        let strength_first = enc.table.combat.as_ref().is_some_and(|c| c.strength_first);
        let slots = if strength_first {
            [Slot::Strength, Slot::Will]
        } else {
            [Slot::Will, Slot::Strength]
        };
        for (test, slot) in slots.into_iter().enumerate().skip(first) {
            // A run resumed inside this test goes on inside it (below).
            let inside = resumed.filter(|_| test == first);
            let at_roll = inside.is_some();
            if !at_roll && (enc.table.monsters[m].defeated || enc.table.investigator.is_out()) {
                break;
            }
            let line = match slot {
                Slot::Will => monster.horror.clone(),
                Slot::Strength => monster.combat.clone(),
            };
            let Some(line) = line else {
                emit!(
                    enc.run,
                    Event::NoMonsterTest {
                        monster: monster.id.to_string(),
                        slot,
                    }
                );
                continue;
            };
            let mut spec = TestSpec::new(
                line.skill,
                match slot {
                    Slot::Will => TestKind::Horror,
                    Slot::Strength => TestKind::Combat,
                },
            );
            // This combat's modifier (a card may have set it: `set_modifier`).
            let view = enc.table.combat.as_ref().map(|c| &c.view);
            spec.modifier = view
                .and_then(|v| match slot {
                    Slot::Will => v.horror_modifier,
                    Slot::Strength => v.combat_modifier,
                })
                .unwrap_or(line.modifier);
            spec.in_combat = true;
            spec.slot = Some(slot);
            spec.rating = Some(slot);
            spec.origin = Some(monster.id.clone());
            spec.roll_point = Some(Point::Roll { monster: m, test });
            spec.tokens_point = Some(Point::Tokens { monster: m, test });
            let id = Source::card(monster.id.clone());
            let horror = line.loss;
            let mut consequences =
                |enc: &mut Encounter, out: &TestOutcome, hooks: &mut dyn Hooks| -> Step {
                    consequences(enc, m, slot, horror, &id, out, hooks)
                };
            let resolution = match inside {
                Some(Point::Tokens { .. }) => enc.resume_tokens_then(hooks, &mut consequences)?,
                Some(_) => enc.resume_test_then(hooks, &mut consequences)?,
                None => enc.run_test_then(spec, hooks, &mut consequences)?,
            };
            // A card defeated the monster instead: the combat ends here.
            if resolution == Resolution::MonsterDefeated {
                break;
            }
            self.run_queued(enc, hooks)?;
        }
        Ok(())
    }
}

/// What a test of the token costs: the result is known to on_damage hooks before the losses it
/// causes are applied.
fn consequences(
    enc: &mut Encounter,
    m: usize,
    slot: Slot,
    horror: Option<i32>,
    id: &Source,
    out: &TestOutcome,
    hooks: &mut dyn Hooks,
) -> Step {
    let result = i32::try_from(out.successes).unwrap_or(i32::MAX);
    if let Some(c) = enc.table.combat.as_mut() {
        match slot {
            Slot::Will => {
                c.view.will_result = Some(out.successes);
                c.view.will_passed = Some(out.passed);
            }
            Slot::Strength => {
                c.view.strength_result = Some(out.successes);
                c.view.strength_passed = Some(out.passed);
            }
        }
    }
    let (stat, value_of, value) = match slot {
        // This combat's horror (a card may have reduced it: `reduce_horror`).
        Slot::Will => (
            Stat::Sanity,
            LossValue::Horror,
            match enc.table.combat.as_ref() {
                Some(c) => horror.and(c.view.horror_value),
                None => horror,
            },
        ),
        Slot::Strength => (
            Stat::Health,
            LossValue::Damage,
            enc.table.combat.as_ref().and_then(|c| c.view.damage_value),
        ),
    };
    let lost = match value {
        Some(v) => enc.lose_counted(
            stat,
            value_of,
            v,
            Some(out.successes),
            out.passed,
            id.clone(),
            hooks,
        )?,
        None => 0,
    };
    if matches!(slot, Slot::Strength) {
        // The investigator and the monster lose Health at the same time: a defeated investigator
        // still deals his successes.
        enc.lose_monster(m, result, Source::StrengthResult, hooks)?;
    }
    if let Some(c) = enc.table.combat.as_mut() {
        match slot {
            Slot::Will => c.view.sanity_lost = lost,
            Slot::Strength => c.view.health_lost = lost,
        }
    }
    Ok(())
}
