//! Eldritch Horror: the single highest bonus, at least one die, rerolls with Focus then Clues, and the
//! Combat Encounter (each monster, Normal before Epic: the Will test, then the Strength test).
//! Imports the kernel's values and the skeleton in `procedure/mod.rs`; no other game's procedure.

use super::{Procedure, Step, resume_refused};
use crate::kernel::encounter::Resolution;
use crate::kernel::pool::{Bonus, BonusRule};
use crate::kernel::{
    Answer, Encounter, Event, Exclusion, FOCUS_LIMIT, Game, Hooks, Investigator, KernelError,
    LossValue, Monster, Place, Point, Policy, Question, Skill, Slot, Source, Stat, Status,
    TestKind, TestOutcome, TestSpec, Token,
};
use std::sync::Arc;

/// Eldritch Horror.
pub struct Eldritch;

impl Procedure for Eldritch {
    fn game(&self) -> Game {
        Game::Eldritch
    }

    fn bonus_rule(&self) -> BonusRule {
        BonusRule::SingleHighest
    }

    fn dice_to_roll(&self, total: i32) -> usize {
        total.max(1) as usize
    }

    /// Physical and Magical Resistance (`abilities`): "while resolving a Combat Encounter against
    /// this Monster", bonuses of that kind do not apply (EH wiki, Combat Encounter; the Werewolf
    /// token). Improvement tokens, additional dice, rerolls and dice manipulation are no bonuses and
    /// still do.
    fn filter_bonuses(&self, enc: &Encounter, _kind: &TestKind, bonuses: &mut [Bonus]) {
        let in_combat = enc.current_spec().is_some_and(|s| s.in_combat);
        let Some(m) = enc.current.filter(|_| in_combat) else {
            return;
        };
        let monster = &enc.monsters[m];
        for b in bonuses {
            if b.excluded.is_none() && enc.has_now(b.kind.resistance()) {
                b.excluded = Some(Exclusion::Blocked {
                    kind: b.kind,
                    by: Source::card(&monster.id),
                });
            }
        }
    }

    fn improvement(&self, investigator: &Investigator, skill: Skill) -> i32 {
        investigator.improvement(skill)
    }

    /// One token at a time, each a question to the player: which token on which die, or stop. The
    /// scenario's `[choices]` answer Focus first, then Clues, each on the lowest die that is not a
    /// success. Dice showing the same face are one option (the first of them).
    fn spend_tokens(&self, enc: &mut Encounter, label: &str, hooks: &mut dyn Hooks) -> Step {
        let policy = enc.policy_for(enc.current_kind());
        if policy == Policy::None && enc.decisions.is_fixed() {
            return Ok(());
        }
        loop {
            let failing = enc.failing_dice();
            let per_clue = enc.dice_per_clue().max(1) as usize;
            let per_focus = enc.dice_per_focus().max(1) as usize;
            let fixed = if (policy == Policy::UntilPass && enc.current_successes() >= 1)
                || policy == Policy::None
            {
                Answer::Stop
            } else {
                match failing.first() {
                    Some(&die) if enc.investigator.focus > 0 => Answer::Reroll {
                        token: Token::Focus,
                        die,
                    },
                    Some(&die) if enc.investigator.clues > 0 => Answer::Reroll {
                        token: Token::Clue,
                        die,
                    },
                    _ => Answer::Stop,
                }
            };
            let mut options = vec![Answer::Stop];
            for (token, have) in [
                (Token::Focus, enc.investigator.focus),
                (Token::Clue, enc.investigator.clues),
            ] {
                if have <= 0 {
                    continue;
                }
                let faces = enc.current_faces();
                let mut seen = Vec::new();
                for &die in &failing {
                    if !seen.contains(&faces[die]) {
                        seen.push(faces[die]);
                        options.push(Answer::Reroll { token, die });
                    }
                }
            }
            let test = enc.tests.len() + 1;
            let Answer::Reroll { token, die } =
                enc.decide(Question::Reroll { test }, options, fixed)?
            else {
                return Ok(());
            };
            let (stat, dice) = match token {
                Token::Focus => (Stat::Focus, per_focus),
                Token::Clue => (Stat::Clues, per_clue),
            };
            enc.spend(stat, 1, Source::Spent(token))
                .map_err(|message| KernelError::Rule {
                    card: "rules".into(),
                    hook: None,
                    message,
                    effect: None,
                })?;
            // The chosen die, then the lowest other failing dice (a token that rerolls several).
            let others = failing.iter().copied().filter(|&d| d != die);
            let rerolled: Vec<usize> = std::iter::once(die).chain(others).take(dice).collect();
            enc.reroll_dice(
                &rerolled,
                &Source::Reroll(token),
                &reroll_label(label),
                hooks,
            )?;
        }
    }

    fn passed(&self, _rolled: usize, successes: u32, _difficulty: u32) -> bool {
        successes >= 1
    }

    /// A test passes with one success: there is no difficulty.
    fn scenario_test(&self, spec: &TestSpec) -> TestSpec {
        TestSpec {
            difficulty: 1,
            ..spec.clone()
        }
    }

    /// At 0 Health or 0 Sanity the investigator is defeated.
    fn knocked_out(&self, investigator: &Investigator) -> Option<Status> {
        (investigator.health <= 0 || investigator.sanity <= 0).then_some(Status::Defeated)
    }

    /// "When an investigator has zero Health or Sanity, he is immediately defeated, stops resolving
    /// any encounter" and, Collect Possessions, "discards all Condition cards" (RG, Defeated
    /// Investigators).
    fn on_knockout(&self, enc: &mut Encounter) {
        if enc.investigator.conditions.is_empty() {
            return;
        }
        let conditions = std::mem::take(&mut Arc::make_mut(&mut enc.investigator).conditions);
        emit!(enc, Event::DefeatedDiscards { conditions });
    }

    fn stops_at_once(&self) -> bool {
        true
    }

    /// Every Normal monster before any Epic one.
    fn combat_rank(&self, monster: &Monster) -> u8 {
        u8::from(monster.epic)
    }

    /// "You must enter a Combat Encounter with all Monsters in the order of your choice. If there are
    /// both non-epic Monsters and Epic Monsters on that space, the non-epic Monsters must be
    /// encountered before the Epic Monsters" (EH wiki, Encounters, Encounter Order). Read as each
    /// next monster chosen when it is met (the rules fix no moment for the whole order).
    fn order_is_chosen(&self) -> bool {
        true
    }

    fn ambush(&self, monster: &Monster) -> bool {
        monster.ambush
    }

    /// A defeated investigator encounters no further monster.
    fn meets_next(&self, enc: &mut Encounter) -> bool {
        if !enc.investigator.is_out() {
            return true;
        }
        emit!(
            enc,
            Event::NoFurtherMonster {
                status: enc.investigator.status,
            }
        );
        false
    }

    /// The token's tests top to bottom (Will: lose Sanity = horror − result; Strength: lose Health =
    /// damage − result and the monster loses Health = result, at the same time).
    fn combat(&self, enc: &mut Encounter, m: usize, hooks: &mut dyn Hooks) -> Step {
        // "If a Monster's or Epic Monster's toughness is reduced to zero, is that Monster defeated?
        // Yes ... zero lost Health is equal to zero toughness" (EH FAQ, Mythos, Gates & Monsters).
        let toughness = enc.toughness_of(m);
        let monster = &enc.monsters[m];
        if !monster.defeated && monster.health_tokens >= toughness {
            emit!(
                enc,
                Event::ToughnessReached {
                    monster: monster.id.clone(),
                    toughness,
                    health_tokens: monster.health_tokens,
                }
            );
            enc.defeat_monster(m, Source::Rules);
            return Ok(());
        }
        self.tests_from(enc, m, 0, false, hooks)
    }

    /// The combat from the roll of one of its tests (a `Point::Roll` checkpoint): the rest of it.
    fn resume(&self, enc: &mut Encounter, m: usize, at: Point, hooks: &mut dyn Hooks) -> Step {
        match at {
            Point::Roll { test, .. } => self.tests_from(enc, m, test, true, hooks),
            _ => Err(resume_refused()),
        }
    }

    /// A defeated monster goes where `defeated_place` says; one brought by an ambush goes back to the
    /// cup (without its Health tokens); any other stays on the space with them.
    fn place_monster(&self, monster: &mut Monster) {
        monster.place = if monster.defeated {
            self.defeated_place(monster)
        } else if monster.ambush {
            Place::Cup
        } else {
            Place::Space
        };
        if monster.ambush && !monster.defeated {
            monster.health_tokens = 0;
        }
    }

    /// "An Epic Monster cannot be defeated by any effect except losing Health equal to or greater than
    /// its toughness" (expansion rules, Epic Monsters).
    fn defeated_by_effects(&self, monster: &Monster) -> bool {
        !monster.epic
    }

    /// "When an Epic Monster is defeated, it is returned to the game box"; "Epic Monsters are never
    /// placed in the Monster cup" (expansion rules, Epic Monsters). Any other goes back to the cup.
    fn defeated_place(&self, monster: &Monster) -> Place {
        if monster.epic { Place::Box } else { Place::Cup }
    }

    /// "An investigator cannot have more than two Focus tokens" (Masks of Nyarlathotep rules, Focus
    /// Action; rules-reference.md A1, Rerolls: "gains 1 Focus, up to a maximum of 2").
    fn focus_limit(&self) -> Option<i32> {
        Some(FOCUS_LIMIT)
    }

    fn health_tokens(&self, monster: &Monster) -> i32 {
        monster.health_tokens
    }

    /// "Health loss on a monster persists … as Health tokens, until the monster is defeated or an
    /// effect makes it recover Health" (rules-reference.md A2, step 5).
    fn monsters_keep_health(&self) -> bool {
        true
    }

    fn honours_no_more_encounters(&self) -> bool {
        true
    }

    /// "Unlike a normal Combat Encounter, if an investigator is ambushed by a Monster and he defeats
    /// that Monster, he cannot resolve an additional encounter" (RG, Ambush).
    fn ambush_ends_encounters(&self) -> bool {
        true
    }
}

impl Eldritch {
    /// The token's tests against monster `m` from test `first` on (0: the first); `resumed`: the run
    /// starts at test `first`'s roll (`Point::Roll`), inside it. Each test's roll is a checkpoint
    /// (`TestSpec::roll_point`): there the whole state is in the encounter (the test under way in its
    /// stage; the printed token's lines are the monster's, which no effect changes: a card changes
    /// this combat's values, `CombatView`), so that each branch of the dice goes on from there.
    fn tests_from(
        &self,
        enc: &mut Encounter,
        m: usize,
        first: usize,
        resumed: bool,
        hooks: &mut dyn Hooks,
    ) -> Step {
        // The printed token (held, the shared one is copied when it changes, as it takes Health).
        let monster = Arc::clone(&enc.monsters[m]);
        let strength_first = enc.combat.as_ref().is_some_and(|c| c.strength_first);
        let slots = if strength_first {
            [Slot::Strength, Slot::Will]
        } else {
            [Slot::Will, Slot::Strength]
        };
        for (test, slot) in slots.into_iter().enumerate().skip(first) {
            // A run resumed at this test's roll goes on inside it (below).
            let at_roll = resumed && test == first;
            if !at_roll && (enc.monsters[m].defeated || enc.investigator.is_out()) {
                break;
            }
            let line = match slot {
                Slot::Will => monster.horror.clone(),
                Slot::Strength => monster.combat.clone(),
            };
            let Some(line) = line else {
                emit!(
                    enc,
                    Event::NoMonsterTest {
                        monster: monster.id.clone(),
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
            let view = enc.combat.as_ref().map(|c| &c.view);
            spec.modifier = view
                .and_then(|v| match slot {
                    Slot::Will => v.horror_modifier,
                    Slot::Strength => v.combat_modifier,
                })
                .unwrap_or(line.modifier);
            spec.in_combat = true;
            spec.slot = Some(slot);
            spec.rating = Some(slot);
            spec.origin = Some(monster.id.as_str().into());
            spec.roll_point = Some(Point::Roll { monster: m, test });
            let id = Source::card(&monster.id);
            let horror = line.loss;
            let mut consequences =
                |enc: &mut Encounter, out: &TestOutcome, hooks: &mut dyn Hooks| -> Step {
                    consequences(enc, m, slot, horror, &id, out, hooks)
                };
            let resolution = if at_roll {
                enc.resume_test_then(hooks, &mut consequences)?
            } else {
                enc.run_test_then(spec, hooks, &mut consequences)?
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
    if let Some(c) = enc.combat.as_mut() {
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
            match enc.combat.as_ref() {
                Some(c) => horror.and(c.view.horror_value),
                None => horror,
            },
        ),
        Slot::Strength => (
            Stat::Health,
            LossValue::Damage,
            enc.combat.as_ref().and_then(|c| c.view.damage_value),
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
    if let Some(c) = enc.combat.as_mut() {
        match slot {
            Slot::Will => c.view.sanity_lost = lost,
            Slot::Strength => c.view.health_lost = lost,
        }
    }
    Ok(())
}

/// What a token's reroll is named by when fixed faces run out: the test's label and "a reroll"
/// (no label, no name: seeded and replayed dice name nothing, `DiceSource::names_what_rolls`).
fn reroll_label(label: &str) -> String {
    if label.is_empty() {
        String::new()
    } else {
        format!("{label}, a reroll")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// EH: an investigator with no Health or no Sanity left is defeated (rules-reference.md A2, step
    /// 8: reduced to 0 Health by a Strength test, he resolves no further encounters).
    #[test]
    fn either_at_zero_defeats() {
        let mut inv = Investigator::new(Game::Eldritch);
        inv.sanity = 0;
        assert_eq!(Eldritch.knocked_out(&inv), Some(Status::Defeated));
        inv.sanity = 1;
        inv.health = 0;
        assert_eq!(Eldritch.knocked_out(&inv), Some(Status::Defeated));
        inv.health = 1;
        assert_eq!(Eldritch.knocked_out(&inv), None);
    }
}
