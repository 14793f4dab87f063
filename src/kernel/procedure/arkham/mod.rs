//! Arkham Horror 2nd edition: skill checks (dice = skill + modifier, 0 or fewer fails automatically,
//! successes against a difficulty, Clue tokens for extra dice after the roll) and combat (evading, one
//! horror check, then Fight or Flee each round: `rounds.rs`), and what follows a knock-out
//! (`knockout.rs`). Imports the kernel's values and the skeleton in `procedure/mod.rs`; no other
//! game's procedure.

mod knockout;
mod rounds;
pub use rounds::MAX_ROUNDS;

use super::{Procedure, Step, resume_refused};
use crate::kernel::bounds::{self, Bounds};
use crate::kernel::encounter::Resolution;
use crate::kernel::pool::{Bonus, BonusRule};
use crate::kernel::{
    Ability, Answer, CombatState, Encounter, Event, Exclusion, Game, Hooks, Investigator,
    KernelError, Keyword, LossValue, Monster, Place, Point, Policy, Question, Skill, Slot, Source,
    Stat, Status, TestKind, TestOutcome, TestSpec,
};
use crate::kernel::{Part, Problem, SetupRules};
use std::sync::Arc;

/// Arkham Horror, 2nd edition.
pub struct Arkham;

fn rule(card: &str, refusal: crate::kernel::Refusal) -> KernelError {
    KernelError::Rule {
        card: card.to_string(),
        hook: None,
        refusal,
        effect: None,
    }
}

impl Procedure for Arkham {
    fn game(&self) -> Game {
        Game::Arkham
    }

    fn bonus_rule(&self) -> BonusRule {
        BonusRule::Sum
    }

    fn dice_to_roll(&self, total: i32) -> usize {
        total.max(0) as usize
    }

    /// Arkham Horror has no improvement tokens.
    fn improvement(&self, _investigator: &Investigator, _skill: Skill) -> i32 {
        0
    }

    /// Resistances and immunities act on the bonuses of weapons and spells in combat checks; Weapon
    /// Immunity on every bonus of a card with the trait `weapon`, physical or magical.
    fn filter_bonuses(&self, enc: &Encounter, kind: &TestKind, bonuses: &mut [Bonus]) {
        let Some(m) = enc.table.current.filter(|_| *kind == TestKind::Combat) else {
            return;
        };
        let monster = &enc.table.monsters[m];
        for b in bonuses {
            let card = b.source.card_id().and_then(|id| enc.setup.catalog.get(id));
            let from_hand = card.is_some_and(|c| c.hands > 0 || c.casting.is_some());
            let weapon = card.is_some_and(|c| c.traits.iter().any(|t| t == "weapon"));
            if b.excluded.is_some() {
                continue;
            }
            if weapon && enc.has_now(Keyword::WeaponImmunity) {
                b.excluded = Some(Exclusion::WeaponImmunity {
                    monster: monster.id.to_string(),
                });
            } else if from_hand && enc.has_now(b.kind.immunity()) {
                b.excluded = Some(Exclusion::Immunity {
                    kind: b.kind,
                    monster: monster.id.to_string(),
                });
            } else if from_hand && enc.has_now(b.kind.resistance()) {
                b.halved = Some(monster.id.to_string());
            }
        }
    }

    /// After the roll, Clue tokens one at a time, one extra die each (and the further dice cards add
    /// a token on this check: `extra_dice_per_clue`), each a question to the player
    /// while the successes are short of the difficulty (`until_pass` answers yes while a Clue is left).
    /// Wherever the scenario's `[choices]` answer: a Clue die is added while the successes are
    /// short of the difficulty, whatever the faces (the player's own answer may read them).
    fn tokens_read_only_successes(&self, enc: &Encounter) -> bool {
        enc.run.decisions.is_fixed()
    }

    fn spend_tokens(&self, enc: &mut Encounter, label: &str, hooks: &mut dyn Hooks) -> Step {
        let policy = enc.policy_for(enc.current_kind());
        // A run that goes on from a question of this step (its checkpoint) goes on at the loop:
        // what is told before it was told by the run that took it.
        let resuming = enc.resuming_tokens();
        let fixed = enc.run.decisions.is_fixed();
        if policy == Policy::None && fixed {
            return Ok(());
        }
        if !fixed && clue_tokens(enc) <= 0 {
            return Ok(());
        }
        let rolled_none = enc.current_faces_len() == 0 && !resuming;
        if rolled_none && !enc.setup.rules.clues_after_zero_dice {
            emit!(enc.run, Event::NoClueDice);
            return Ok(());
        }
        if rolled_none && clue_tokens(enc) > 0 && enc.current_difficulty() > 0 {
            emit!(enc.run, Event::ClueDiceAfterNoDice);
        }
        while clue_tokens(enc) > 0 && enc.current_successes() < enc.current_difficulty() {
            // Everything the step goes on from is on the table: a run may go on from here.
            enc.checkpoint_at_tokens(2, hooks);
            let test = enc.table.tests.len() + 1;
            let answer = enc.decide(
                Question::ClueDie { test },
                vec![Answer::Stop, Answer::ClueDie],
                if policy == Policy::None {
                    Answer::Stop
                } else {
                    Answer::ClueDie
                },
            )?;
            if answer != Answer::ClueDie {
                return Ok(());
            }
            // His own Clue tokens first, then a card discarded in place of one.
            let card = if enc.table.investigator.clues > 0 {
                Arc::make_mut(&mut enc.table.investigator).clues -= 1;
                None
            } else {
                let card = card_as_clue(enc).expect("a card counted among the tokens");
                enc.discard_in_place_of_a_clue(&card);
                Some(card)
            };
            let mut faces = enc.add_clue_dice(&format!("{label}, a Clue die"))?;
            let face = faces.remove(0);
            emit!(
                enc.run,
                Event::ClueDie {
                    face,
                    clues_left: enc.table.investigator.clues,
                    extra: faces,
                    card,
                }
            );
        }
        Ok(())
    }

    fn passed(&self, _rolled: usize, successes: u32, difficulty: u32) -> bool {
        successes >= difficulty
    }

    /// Both at 0 from the same check: devoured; else unconscious at 0 Stamina, insane at 0 Sanity.
    fn knocked_out(&self, investigator: &Investigator) -> Option<Status> {
        match (investigator.health <= 0, investigator.sanity <= 0) {
            (true, true) => Some(Status::Devoured),
            (true, false) => Some(Status::Unconscious),
            (false, true) => Some(Status::Insane),
            (false, false) => None,
        }
    }

    /// "If the investigator remains conscious, sane, and in the same space as the monster ... the
    /// combat continues" (AH rulebook p.15, Monster Damage): one knocked unconscious or driven insane
    /// before his check's result is known (a card's loss while the dice are on the table, or
    /// `set_status`) does not go on to pass it: no monster is defeated, no trophy taken. A loss the
    /// check's own result causes is its consequence and still applies (both at 0: devoured).
    fn out_stops_the_test(&self) -> bool {
        true
    }

    fn after_knockout(&self, enc: &mut Encounter) {
        knockout::after_knockout(self, enc);
    }

    fn ambush(&self, monster: &Monster) -> bool {
        monster.has(Keyword::Ambush)
    }

    /// No further monster once the investigator is out or has left the location.
    fn meets_next(&self, enc: &mut Encounter) -> bool {
        !(enc.table.investigator.is_out() || moved_away(enc))
    }

    /// The Evade check if the player tries it first, then the horror check once, then the rounds.
    fn combat(&self, enc: &mut Encounter, m: usize, hooks: &mut dyn Hooks) -> Step {
        let evade = enc.decide(
            Question::Evade {
                monster: enc.table.monsters[m].id.to_string(),
            },
            vec![Answer::Evade(false), Answer::Evade(true)],
            Answer::Evade(enc.setup.evade_first),
        )? == Answer::Evade(true);
        let fought = !evade || !self.evade(enc, m, hooks, false, false)?;
        self.after_evading(enc, m, fought, hooks)
    }

    /// The combat after the horror check is its rounds: resuming one goes on to the combat's end.
    /// A question of the token step of a round's Combat or Evade check goes on to the round's end
    /// and then the rounds; of the Evade check before the combat (no round begun), to the horror
    /// check and the rounds.
    fn resume(&self, enc: &mut Encounter, m: usize, at: Point, hooks: &mut dyn Hooks) -> Step {
        let round = enc.table.combat.as_ref().map_or(0, |c| c.round);
        match at {
            Point::Round { round, .. } => self.rounds_from(enc, m, round, true, hooks),
            Point::EvadeTokens { .. } if round == 0 => {
                let fought = !self.evade(enc, m, hooks, false, true)?;
                self.after_evading(enc, m, fought, hooks)
            }
            Point::FightTokens { .. } | Point::EvadeTokens { .. } => {
                self.resume_round(enc, m, at, hooks)
            }
            _ => Err(resume_refused()),
        }
    }

    /// A monster not defeated stays where it is (unless a card returned it to the cup or the box:
    /// `to_cup`, `to_box`): evaded when the combat ended with the investigator still in it (he fled,
    /// evaded, or a card ended it), on its space when it knocked him out (he neither evaded it nor
    /// defeated it: AH rulebook p.15, the combat ends because he is no longer "conscious, sane, and
    /// in the same space").
    fn place_monster(&self, monster: &mut Monster, investigator_out: bool) {
        if !monster.defeated && monster.place == Place::Space {
            monster.place = if investigator_out {
                Place::Space
            } else {
                Place::Evaded
            };
        }
    }

    /// A defeated monster is taken as a trophy, by a Combat check or by a card ("If the
    /// investigator passes the Combat check, he defeats the monster ... places it in front of him as
    /// a monster trophy", AH rulebook p.15); an Endless one goes back to the cup (rulebook p.24,
    /// Endless: "not kept as a trophy").
    fn defeated_place(&self, monster: &Monster) -> Place {
        if monster.has(Keyword::Endless) {
            Place::Cup
        } else {
            Place::Trophy
        }
    }

    /// Arkham Horror monsters keep no Health tokens.
    fn health_tokens(&self, _monster: &Monster) -> i32 {
        0
    }

    /// No card makes an Arkham Horror monster lose or recover Health: "A monster must be completely
    /// defeated in one Combat check or it ignores all successes the investigator rolled" (AH2e
    /// rulebook, Combat, "Important").
    fn monsters_keep_health(&self) -> bool {
        false
    }

    /// Once the investigator has left the location, `left` stays so that no further monster is met;
    /// a combat a card only ended (the Nightgaunt with no open gate) ends alone.
    fn after_combat(&self, combat: CombatState) -> Option<CombatState> {
        combat.left.then(|| CombatState {
            ended: true,
            left: true,
            ..CombatState::default()
        })
    }

    fn honours_no_more_encounters(&self) -> bool {
        false
    }
}

/// Whether the investigator left the monster's location (drawn through a gate, lost in time and space).
fn moved_away(enc: &Encounter) -> bool {
    enc.table.combat.as_ref().is_some_and(|c| c.left)
}

/// Whether the combat against monster `m` is over (a card may end it: `ended`).
fn done(enc: &Encounter, m: usize) -> bool {
    enc.table.investigator.is_out()
        || enc.table.monsters[m].defeated
        || enc.table.combat.as_ref().is_some_and(|c| c.ended || c.left)
}

/// A check of the combat, labelled for hooks and the transcript.
fn check(skill: Skill, kind: TestKind, modifier: i32, difficulty: u32) -> TestSpec {
    let mut spec = TestSpec::new(skill, kind);
    spec.modifier = modifier;
    spec.difficulty = difficulty;
    spec.in_combat = true;
    spec
}

/// Whether a check passed, if it was resolved.
fn resolved(r: Resolution, enc: &Encounter) -> Option<bool> {
    match r {
        Resolution::Resolved(i) => Some(enc.table.tests[i].passed),
        _ => None,
    }
}

impl Arkham {
    /// The monster deals its combat damage (Stamina), if it has any: a Combat or Evade check failed.
    fn monster_damage(&self, enc: &mut Encounter, m: usize, hooks: &mut dyn Hooks) -> Step {
        let monster = &enc.table.monsters[m];
        // This combat's damage (a card may have reduced it: `reduce_damage`).
        let damage = match enc.table.combat.as_ref() {
            Some(c) => c.view.damage_value,
            None => monster.combat.as_ref().and_then(|c| c.loss),
        };
        if let Some(d) = damage {
            let id = Source::card(monster.id.clone());
            enc.lose_counted(Stat::Health, LossValue::Damage, d, None, false, id, hooks)?;
        }
        Ok(())
    }

    /// An Evade check (Sneak + awareness), before combat or fleeing (`fled`): a pass is written down
    /// and returns true; a failure deals the monster's combat damage. `resumed`: the run goes on
    /// from a question of its token step (`Point::EvadeTokens`).
    fn evade(
        &self,
        enc: &mut Encounter,
        m: usize,
        hooks: &mut dyn Hooks,
        fled: bool,
        resumed: bool,
    ) -> Result<bool, KernelError> {
        let r = if resumed {
            let r = enc.resume_tokens_then(hooks, &mut |_, _, _| Ok(()))?;
            self.run_queued(enc, hooks)?;
            r
        } else {
            let awareness = enc.table.monsters[m].awareness.unwrap_or(0);
            let mut spec = check(Skill::Sneak, TestKind::Evade, awareness, 1);
            spec.origin = Some(enc.table.monsters[m].id.as_ref().into());
            spec.tokens_point = Some(Point::EvadeTokens { monster: m });
            self.test(enc, spec, hooks)?
        };
        match resolved(r, enc) {
            Some(true) => {
                emit!(enc.run, Event::Evaded { fled });
                Ok(true)
            }
            Some(false) if !done(enc, m) => {
                self.monster_damage(enc, m, hooks)?;
                Ok(false)
            }
            _ => Ok(false),
        }
    }

    /// The combat once the investigator did not evade before it (`fought`: he did not try, or
    /// failed): the horror check, then the rounds.
    fn after_evading(
        &self,
        enc: &mut Encounter,
        m: usize,
        fought: bool,
        hooks: &mut dyn Hooks,
    ) -> Step {
        if fought && !done(enc, m) {
            self.horror_check(enc, m, hooks)?;
            self.rounds(enc, m, hooks)?;
        }
        Ok(())
    }

    /// The horror check, once per combat; none for a monster without a horror rating. A failure costs
    /// the horror damage in Sanity; a pass against a Nightmarish monster still costs its X.
    fn horror_check(&self, enc: &mut Encounter, m: usize, hooks: &mut dyn Hooks) -> Step {
        let monster = &enc.table.monsters[m];
        let id = monster.id.clone();
        let Some(h) = monster.horror.clone() else {
            emit!(
                enc.run,
                Event::NoHorrorRating {
                    monster: id.to_string()
                }
            );
            return Ok(());
        };
        // This combat's horror damage and rating (cards may have changed them: `reduce_horror`,
        // `set_modifier`).
        let view = enc.table.combat.as_ref().map(|c| &c.view);
        let horror_damage = view.map_or(h.loss, |v| v.horror_value).unwrap_or(0);
        let rating = view.and_then(|v| v.horror_modifier).unwrap_or(h.modifier);
        let unrated = h.x && view.and_then(|v| v.horror_modifier).is_none();
        let mut consequences =
            |enc: &mut Encounter, out: &TestOutcome, hooks: &mut dyn Hooks| -> Step {
                rounds::remember_result(enc, out, true);
                // Nightmarish X, unless a card took it away for this combat (`lose_ability`).
                let nightmarish = enc.value_now(Ability::Nightmarish);
                if nightmarish > 0 && out.passed {
                    enc.lose_counted(
                        Stat::Sanity,
                        LossValue::Nightmarish,
                        nightmarish,
                        None,
                        true,
                        Source::Ability(id.clone(), Ability::Nightmarish),
                        hooks,
                    )?;
                } else {
                    // A passed check costs nothing: written down as a loss of 0.
                    enc.lose_counted(
                        Stat::Sanity,
                        LossValue::Horror,
                        horror_damage,
                        None,
                        out.passed,
                        Source::card(id.clone()),
                        hooks,
                    )?;
                }
                Ok(())
            };
        let mut spec = check(Skill::Will, TestKind::Horror, rating, 1);
        spec.rating = Some(Slot::Will);
        spec.origin = Some(id.clone());
        spec.unrated = unrated;
        spec.printed_x = h.x;
        self.test_then(enc, spec, hooks, &mut consequences)?;
        Ok(())
    }
}

impl SetupRules for Arkham {
    /// An AH2e monster's toughness is at least 1.
    fn toughness_bounds(&self) -> Bounds {
        bounds::ARKHAM_TOUGHNESS
    }

    /// No Improvement tokens (an Eldritch Horror rule); an investigator set up at a location stands
    /// at one an investigator may start at.
    fn check_investigator(&self, inv: &Investigator, push: &mut dyn FnMut(Part, Problem)) {
        for skill in inv.improvements.keys() {
            push(Part::Improvement(*skill), Problem::NoImprovementToken);
        }
        if let Some(loc) = inv.location
            && !loc.is_start()
        {
            push(Part::Location, Problem::NotAStartingLocation(loc));
        }
    }
}

/// The Clue tokens the investigator may spend: his own, and each card he holds that is discarded in
/// place of one (`spent_as_clue`: Research Materials).
fn clue_tokens(enc: &Encounter) -> i32 {
    let cards = enc
        .table
        .investigator
        .possessions
        .iter()
        .filter(|p| as_clue(enc, p))
        .count();
    enc.table
        .investigator
        .clues
        .saturating_add(i32::try_from(cards).unwrap_or(i32::MAX))
}

/// The first card he holds that is discarded in place of a Clue token, if any.
fn card_as_clue(enc: &Encounter) -> Option<String> {
    enc.table
        .investigator
        .possessions
        .iter()
        .find(|p| as_clue(enc, p))
        .cloned()
}

fn as_clue(enc: &Encounter, id: &str) -> bool {
    enc.setup.catalog.get(id).is_some_and(|c| c.spent_as_clue)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(health: i32, sanity: i32) -> Option<Status> {
        let mut inv = Investigator::new(Game::Arkham);
        inv.health = health;
        inv.sanity = sanity;
        Arkham.knocked_out(&inv)
    }

    /// rules-reference.md B3.5: Stamina 0 is unconscious, Sanity 0 insane, both at 0 devoured.
    #[test]
    fn both_at_zero_devour_one_alone_knocks_out_or_drives_insane() {
        assert_eq!(at(0, 0), Some(Status::Devoured));
        assert_eq!(at(0, 3), Some(Status::Unconscious));
        assert_eq!(at(3, 0), Some(Status::Insane));
        assert_eq!(at(1, 1), None);
    }
}
