//! Eldritch Horror: the single highest bonus, at least one die, rerolls with Focus then Clues, and the
//! Combat Encounter (each monster, Normal before Epic: the Will test, then the Strength test).
//! Imports the kernel's values and the skeleton in `procedure/mod.rs`; no other game's procedure.

mod combat;

use super::{Procedure, Step, resume_refused};
use crate::kernel::bounds::{self, Bounds};
use crate::kernel::pool::{Bonus, BonusRule};
use crate::kernel::{
    Answer, Encounter, Event, Exclusion, FOCUS_LIMIT, Game, Hooks, Investigator, KernelError,
    Monster, Place, Point, Policy, Question, Skill, Source, Stat, Status, TestKind, TestSpec,
    Token,
};
use crate::kernel::{Part, Problem, SetupRules};

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
        let Some(m) = enc.table.current.filter(|_| in_combat) else {
            return;
        };
        let monster = &enc.table.monsters[m];
        for b in bonuses {
            if b.excluded.is_none() && enc.has_now(b.kind.resistance()) {
                b.excluded = Some(Exclusion::Blocked {
                    kind: b.kind,
                    by: Source::card(monster.id.clone()),
                });
            }
        }
    }

    fn improvement(&self, investigator: &Investigator, skill: Skill) -> i32 {
        investigator.improvement(skill)
    }

    /// One token at a time, each a question to the player: which token on which die, or stop. The
    /// scenario's `[choices]` answer Focus first, then Clues, each on the lowest die that is not a
    /// success. Dice showing the same face are one option (the first of them); where no card may
    /// tell apart faces that count alike (`Hooks::may_tell_faces_apart`), so are failing dice that
    /// negate as many successes.
    /// Only where no token is spent (the rerolls pick a die by its face).
    fn tokens_read_only_successes(&self, enc: &Encounter) -> bool {
        enc.policy_for(enc.current_kind()) == Policy::None && enc.run.decisions.is_fixed()
    }

    fn spend_tokens(&self, enc: &mut Encounter, label: &str, hooks: &mut dyn Hooks) -> Step {
        let policy = enc.policy_for(enc.current_kind());
        if policy == Policy::None && enc.run.decisions.is_fixed() {
            return Ok(());
        }
        // A card may forbid Clue rerolls for the rest of the combat (the token step offers none).
        let forbidden = enc.clue_rerolls_forbidden().cloned();
        // Where no card may tell apart faces that count alike, failing dice that count alike (they
        // negate as many successes) are one option: rerolling a 1 or a 3 is the same choice.
        let alike = enc
            .current_spec()
            .is_some_and(|spec| !hooks.may_tell_faces_apart(spec));
        loop {
            let failing = enc.failing_dice();
            let per_clue = enc.dice_per_clue().max(1) as usize;
            let per_focus = enc.dice_per_focus().max(1) as usize;
            let clues = if forbidden.is_some() {
                0
            } else {
                enc.table.investigator.clues
            };
            let fixed = if (policy == Policy::UntilPass && enc.current_successes() >= 1)
                || policy == Policy::None
            {
                Answer::Stop
            } else {
                match failing.first() {
                    Some(&die) if enc.table.investigator.focus > 0 => Answer::Reroll {
                        token: Token::Focus,
                        die,
                    },
                    Some(&die) if clues > 0 => Answer::Reroll {
                        token: Token::Clue,
                        die,
                    },
                    Some(_) if enc.table.investigator.clues > 0 && enc.run.decisions.is_fixed() => {
                        // The policy would spend a Clue here: say why it does not.
                        if let Some(source) = forbidden.clone() {
                            emit!(enc.run, Event::ClueRerollRefused { source });
                        }
                        Answer::Stop
                    }
                    _ => Answer::Stop,
                }
            };
            let mut options = vec![Answer::Stop];
            for (token, have) in [
                (Token::Focus, enc.table.investigator.focus),
                (Token::Clue, clues),
            ] {
                if have <= 0 {
                    continue;
                }
                let faces = enc.current_faces();
                let negates = enc.stage_rules().map(|r| r.negates).unwrap_or_default();
                let kind = |face: u8| {
                    if alike {
                        (0, crate::kernel::face_negates(face, &negates))
                    } else {
                        (face, 0)
                    }
                };
                let mut seen = Vec::new();
                for &die in &failing {
                    if !seen.contains(&kind(faces[die])) {
                        seen.push(kind(faces[die]));
                        options.push(Answer::Reroll { token, die });
                    }
                }
            }
            // Everything the step goes on from is on the table: a run may go on from here.
            enc.checkpoint_at_tokens(options.len(), hooks);
            let test = enc.table.tests.len() + 1;
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
                .map_err(|refusal| KernelError::Rule {
                    card: "rules".into(),
                    hook: None,
                    refusal,
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
    /// Investigators). Devoured (a card's "you are devoured"), he is eliminated and discards every
    /// possession and Condition (EH Reference Guide, Devoured: his possessions are not left on his
    /// space for another investigator, as a defeated one's are).
    fn on_knockout(&self, enc: &mut Encounter) {
        if enc.table.investigator.status == Status::Devoured {
            let inv = &enc.table.investigator;
            if inv.possessions.is_empty() && inv.conditions.is_empty() {
                return;
            }
            let cards = enc.cards_mut();
            cards.possessions.clear();
            cards.conditions.clear();
            emit!(enc.run, Event::DevouredDiscards);
            return;
        }
        if enc.table.investigator.conditions.is_empty() {
            return;
        }
        let conditions = std::mem::take(&mut enc.cards_mut().conditions);
        emit!(enc.run, Event::DefeatedDiscards { conditions });
    }

    fn stops_at_once(&self) -> bool {
        true
    }

    /// "When an investigator has zero Health or Sanity, he is immediately defeated, stops resolving
    /// any encounter or action he is currently resolving" (RG, Defeated Investigators): a monster's
    /// "Before resolving the Strength test, lose 1 Sanity" (the Cthulhu Cultist) that defeats him
    /// leaves the Strength test unresolved.
    fn out_stops_the_test(&self) -> bool {
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
        if !enc.table.investigator.is_out() {
            return true;
        }
        emit!(
            enc.run,
            Event::NoFurtherMonster {
                status: enc.table.investigator.status,
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
        let monster = &enc.table.monsters[m];
        if !monster.defeated && monster.health_tokens >= toughness {
            emit!(
                enc.run,
                Event::ToughnessReached {
                    monster: monster.id.to_string(),
                    toughness,
                    health_tokens: monster.health_tokens,
                }
            );
            enc.defeat_monster(m, Source::Rules);
            return Ok(());
        }
        self.tests_from(enc, m, 0, None, hooks)
    }

    /// The combat from the roll or the token step of one of its tests (a `Point::Roll` or
    /// `Point::Tokens` checkpoint): the rest of it.
    fn resume(&self, enc: &mut Encounter, m: usize, at: Point, hooks: &mut dyn Hooks) -> Step {
        match at {
            Point::Roll { test, .. } | Point::Tokens { test, .. } => {
                self.tests_from(enc, m, test, Some(at), hooks)
            }
            _ => Err(resume_refused()),
        }
    }

    /// A defeated monster goes where `defeated_place` says; one brought by an ambush goes back to the
    /// cup (without its Health tokens); any other stays on the space with them.
    fn place_monster(&self, monster: &mut Monster, _investigator_out: bool) {
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

/// What a token's reroll is named by when fixed faces run out: the test's label and "a reroll"
/// (no label, no name: seeded and replayed dice name nothing, `DiceSource::names_what_rolls`).
fn reroll_label(label: &str) -> String {
    if label.is_empty() {
        String::new()
    } else {
        format!("{label}, a reroll")
    }
}

impl SetupRules for Eldritch {
    /// A toughness of 0 takes no Health tokens: the monster is defeated before any test (EH FAQ).
    fn toughness_bounds(&self) -> Bounds {
        bounds::TOUGHNESS
    }

    /// At most `FOCUS_LIMIT` Focus; Improvement tokens of +1 or +2, Impairment of -1 or -2, on a
    /// skill of the game, none taking a skill below 1 (Rules Reference, "Improvement and Impairment
    /// Tokens").
    fn check_investigator(&self, inv: &Investigator, push: &mut dyn FnMut(Part, Problem)) {
        if inv.focus > FOCUS_LIMIT {
            push(Part::Focus, Problem::TooMuchFocus(inv.focus));
        }
        for (skill, value) in &inv.improvements {
            if !Game::Eldritch.skills().contains(skill) {
                push(Part::Improvement(*skill), Problem::NoImprovementToken);
            } else if !matches!(value, -2 | -1 | 1 | 2) {
                push(Part::Improvement(*skill), Problem::TokenValue(*value));
            } else if *value < 0 && inv.skill(*skill).saturating_add(*value) < 1 {
                push(
                    Part::Improvement(*skill),
                    Problem::ImpairedBelowOne {
                        skill: *skill,
                        value: inv.skill(*skill),
                        token: *value,
                    },
                );
            }
        }
    }

    /// An EH test is passed by one success: its difficulty is 1.
    fn check_test(&self, spec: &TestSpec, push: &mut dyn FnMut(Part, Problem)) {
        if bounds::DIFFICULTY.contains(spec.difficulty.into()) && spec.difficulty != 1 {
            push(Part::TestDifficulty, Problem::DifficultyInEldritch);
        }
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
