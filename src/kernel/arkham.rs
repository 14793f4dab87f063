//! Arkham Horror 2nd edition: skill checks (dice = skill + modifier, 0 or fewer fails automatically,
//! successes against a difficulty, Clue tokens for extra dice after the roll) and combat (evading,
//! one horror check, then Fight or Flee each round with weapons and spells in two hands).

use super::encounter::Resolution;
use super::pool::BonusRule;
use super::procedure::run_queued;
use super::{
    Ability, Action, CombatState, Encounter, Event, Game, Hook, Hooks, KernelError, Keyword,
    Location, Monster, Place, Policy, Round, Skill, Source, Stat, Status, Target, TestKind,
    TestRequest, TestSpec,
};
use std::sync::Arc;

/// Rounds of Fight or Flee played before the engine stops a combat that cannot end (both sides
/// missing forever). Exact odds (issue 6) bound the loop by probability instead.
pub const MAX_ROUNDS: usize = 200;

pub struct Arkham;

fn rule(card: &str, message: impl Into<String>) -> KernelError {
    KernelError::Rule {
        card: card.to_string(),
        hook: None,
        message: message.into(),
    }
}

impl super::Procedure for Arkham {
    fn game(&self) -> Game {
        Game::Arkham
    }

    fn bonus_rule(&self) -> BonusRule {
        BonusRule::Sum
    }

    fn dice_to_roll(&self, total: i32) -> usize {
        total.max(0) as usize
    }

    /// After the roll, Clue tokens one at a time, one extra die each (`until_pass`: until the
    /// successes reach the difficulty).
    fn spend_tokens(&self, enc: &mut Encounter, label: &str) -> Result<(), KernelError> {
        let policy = enc.policy_for(enc.current_kind());
        if policy == Policy::None {
            return Ok(());
        }
        let rolled_none = enc.current_faces_len() == 0;
        if rolled_none && !enc.rules.clues_after_zero_dice {
            emit!(enc, Event::NoClueDice);
            return Ok(());
        }
        if rolled_none && enc.investigator.clues > 0 && enc.current_difficulty() > 0 {
            emit!(enc, Event::ClueDiceAfterNoDice);
        }
        while enc.investigator.clues > 0 && enc.current_successes() < enc.current_difficulty() {
            Arc::make_mut(&mut enc.investigator).clues -= 1;
            let face = enc.add_die(&format!("{label}, a Clue die"))?;
            emit!(
                enc,
                Event::ClueDie {
                    face,
                    clues_left: enc.investigator.clues,
                }
            );
        }
        Ok(())
    }

    fn passed(&self, _rolled: usize, successes: u32, difficulty: u32) -> bool {
        successes >= difficulty
    }

    fn run(
        &self,
        enc: &mut Encounter,
        request: &TestRequest,
        hooks: &mut dyn Hooks,
    ) -> Result<(), KernelError> {
        match request {
            TestRequest::Test(spec) => {
                enc.run_test(spec.clone(), self, hooks)?;
                run_queued(self, enc, hooks)?;
                after_knockout(enc);
                Ok(())
            }
            TestRequest::Combat => {
                for m in 0..enc.monsters.len() {
                    if enc.investigator.is_out() || moved_away(enc) {
                        break;
                    }
                    self.combat(enc, m, hooks)?;
                }
                after_knockout(enc);
                enc.may_encounter_again =
                    enc.monsters.iter().all(|m| m.defeated) && !enc.investigator.is_out();
                Ok(())
            }
        }
    }
}

/// Whether the investigator left the monster's location (drawn through a gate, lost in time and space).
fn moved_away(enc: &Encounter) -> bool {
    enc.combat.as_ref().is_some_and(|c| c.ended)
}

/// A check of the combat, labelled for hooks and the transcript.
fn check(skill: Skill, kind: TestKind, modifier: i32, difficulty: u32) -> TestSpec {
    let mut spec = TestSpec::new(skill, kind);
    spec.modifier = modifier;
    spec.difficulty = difficulty;
    spec.in_combat = true;
    spec
}

impl Arkham {
    fn resolved(&self, r: Resolution, enc: &Encounter) -> Option<bool> {
        match r {
            Resolution::Resolved(i) => Some(enc.tests[i].passed),
            _ => None,
        }
    }

    /// The monster deals its combat damage (Stamina), if it has any.
    fn monster_damage(
        &self,
        enc: &mut Encounter,
        m: usize,
        hooks: &mut dyn Hooks,
    ) -> Result<(), KernelError> {
        let monster = &enc.monsters[m];
        if let Some(d) = monster.combat.as_ref().and_then(|c| c.loss) {
            let id = Source::card(&monster.id);
            enc.lose_investigator(Stat::Health, d, id, hooks)?;
        }
        Ok(())
    }

    /// An Evade check (Sneak + awareness), before combat or fleeing (`fled`): a pass is written down
    /// and returns true; a failure deals the monster's combat damage.
    fn evade(
        &self,
        enc: &mut Encounter,
        m: usize,
        hooks: &mut dyn Hooks,
        fled: bool,
    ) -> Result<bool, KernelError> {
        let awareness = enc.monsters[m].awareness.unwrap_or(0);
        let r = enc.run_test(
            check(Skill::Sneak, TestKind::Evade, awareness, 1),
            self,
            hooks,
        )?;
        run_queued(self, enc, hooks)?;
        match self.resolved(r, enc) {
            Some(true) => {
                emit!(enc, Event::Evaded { fled });
                Ok(true)
            }
            Some(false) if !self.done(enc, m) => {
                self.monster_damage(enc, m, hooks)?;
                Ok(false)
            }
            _ => Ok(false),
        }
    }

    fn done(&self, enc: &Encounter, m: usize) -> bool {
        enc.investigator.is_out() || enc.monsters[m].defeated || moved_away(enc)
    }

    /// One combat against monster `m`, to its end.
    fn combat(
        &self,
        enc: &mut Encounter,
        m: usize,
        hooks: &mut dyn Hooks,
    ) -> Result<(), KernelError> {
        let monster = Monster::clone(&enc.monsters[m]);
        enc.begin_combat(m, monster.has(Keyword::Ambush), self, hooks)?;
        let fought = !enc.evade_first || !self.evade(enc, m, hooks, false)?;

        if fought && !self.done(enc, m) {
            // The horror check, once per combat; none for a monster without a horror rating.
            match monster.horror.clone() {
                None => emit!(
                    enc,
                    Event::NoHorrorRating {
                        monster: monster.id.clone(),
                    }
                ),
                Some(h) => {
                    let horror_damage = h.loss.unwrap_or(0);
                    let nightmarish = monster.nightmarish;
                    let id = monster.id.clone();
                    let mut consequences = |enc: &mut Encounter,
                                            out: &super::TestOutcome,
                                            hooks: &mut dyn Hooks|
                     -> Result<(), KernelError> {
                        if !out.passed {
                            enc.lose_investigator(
                                Stat::Sanity,
                                horror_damage,
                                Source::card(&id),
                                hooks,
                            )?;
                        } else if nightmarish > 0 {
                            enc.lose_investigator(
                                Stat::Sanity,
                                nightmarish,
                                Source::Ability(id.clone(), Ability::Nightmarish),
                                hooks,
                            )?;
                        }
                        Ok(())
                    };
                    enc.run_test_then(
                        check(Skill::Will, TestKind::Horror, h.modifier, 1),
                        self,
                        hooks,
                        &mut consequences,
                    )?;
                    run_queued(self, enc, hooks)?;
                }
            }
            self.rounds(enc, m, hooks)?;
        }

        enc.fire(Hook::AfterCombat, hooks, &mut None)?;
        let mon = Arc::make_mut(&mut enc.monsters[m]);
        if !mon.defeated {
            mon.place = Place::Evaded;
        }
        emit!(
            enc,
            Event::CombatEnds {
                monster: mon.id.clone(),
                defeated: mon.defeated,
                place: mon.place,
                health_tokens: 0,
            }
        );
        enc.current = None;
        if !moved_away(enc) {
            enc.combat = None;
        } else {
            // Keep `ended` so that no further monster is met; drop the rest.
            enc.combat = Some(CombatState {
                ended: true,
                ..CombatState::default()
            });
        }
        Ok(())
    }

    /// Fight or Flee, round after round, until the combat ends.
    fn rounds(
        &self,
        enc: &mut Encounter,
        m: usize,
        hooks: &mut dyn Hooks,
    ) -> Result<(), KernelError> {
        // The printed monster (a copy: the shared one changes during the combat).
        let monster = Monster::clone(&enc.monsters[m]);
        for round in 1..=MAX_ROUNDS {
            if self.done(enc, m) {
                return Ok(());
            }
            let plan = enc
                .rounds
                .get(round - 1)
                .or(enc.rounds.last())
                .cloned()
                .unwrap_or_default();
            if let Some(c) = enc.combat.as_mut() {
                c.round = round;
            }
            self.take_hands(enc, &plan, round)?;
            let mut action = plan.action;
            if action == Action::Flee && monster.has(Keyword::Ambush) {
                emit!(
                    enc,
                    Event::CannotFlee {
                        monster: monster.id.clone(),
                    }
                );
                action = Action::Fight;
            }
            emit!(
                enc,
                Event::RoundBegins {
                    round,
                    action,
                    hands: enc
                        .combat
                        .as_ref()
                        .map(|c| c.hands.clone())
                        .unwrap_or_default(),
                }
            );
            self.cast_spells(enc, &plan, hooks)?;
            if self.done(enc, m) {
                return Ok(());
            }
            if action == Action::Flee {
                if self.evade(enc, m, hooks, true)? {
                    return Ok(());
                }
                continue;
            }
            let Some(c) = monster.combat.clone() else {
                return Err(rule(
                    &monster.id,
                    "a monster needs a combat rating to be fought",
                ));
            };
            let id = monster.id.clone();
            let overwhelming = monster.overwhelming;
            let endless = monster.has(Keyword::Endless);
            let mut consequences = |enc: &mut Encounter,
                                    out: &super::TestOutcome,
                                    hooks: &mut dyn Hooks|
             -> Result<(), KernelError> {
                if out.passed {
                    let mon = Arc::make_mut(&mut enc.monsters[m]);
                    mon.defeated = true;
                    if endless {
                        mon.place = Place::Cup;
                    } else {
                        mon.place = Place::Trophy;
                        Arc::make_mut(&mut enc.investigator)
                            .trophies
                            .push(id.clone());
                    }
                    emit!(
                        enc,
                        Event::MonsterDefeated {
                            monster: id.clone(),
                            source: Source::CombatCheck,
                            place: if endless { Place::Cup } else { Place::Trophy },
                        }
                    );
                    if overwhelming > 0 {
                        enc.lose_investigator(
                            Stat::Health,
                            overwhelming,
                            Source::Ability(id.clone(), Ability::Overwhelming),
                            hooks,
                        )?;
                    }
                }
                Ok(())
            };
            let r = enc.run_test_then(
                check(
                    Skill::Fight,
                    TestKind::Combat,
                    c.modifier,
                    monster.toughness.max(0) as u32,
                ),
                self,
                hooks,
                &mut consequences,
            )?;
            run_queued(self, enc, hooks)?;
            if self.resolved(r, enc) == Some(false) && !self.done(enc, m) {
                self.monster_damage(enc, m, hooks)?;
            }
        }
        enc.stopped = true;
        emit!(enc, Event::CombatStopped { rounds: MAX_ROUNDS });
        Ok(())
    }

    /// Puts the round's weapons and spells in hand: at most two hands; a spell released loses its cast.
    fn take_hands(
        &self,
        enc: &mut Encounter,
        plan: &Round,
        round: usize,
    ) -> Result<(), KernelError> {
        let mut hands = 0;
        for id in &plan.wield {
            if !enc.investigator.possessions.contains(id) {
                // Discarded (Dynamite, Holy Water, the Elder Thing): no longer there to hold.
                continue;
            }
            hands += enc.catalog.get(id).map_or(0, |c| c.hands);
        }
        if hands > 2 {
            return Err(rule(
                "choices",
                format!(
                    "round {round}: the cards in hand need {hands} hands; an investigator has 2"
                ),
            ));
        }
        let combat = enc.combat.as_mut().expect("a combat is under way");
        let held: Vec<String> = plan
            .wield
            .iter()
            .filter(|id| enc.investigator.possessions.contains(id))
            .cloned()
            .collect();
        combat.cast.retain(|s| held.contains(s));
        combat.hands = held;
        Ok(())
    }

    /// Casts the round's spells: the Sanity cost is paid whether or not the Spell check passes; a
    /// failed spell still holds its hands this round.
    fn cast_spells(
        &self,
        enc: &mut Encounter,
        plan: &Round,
        hooks: &mut dyn Hooks,
    ) -> Result<(), KernelError> {
        for id in &plan.cast {
            let held = enc.combat.as_ref().is_some_and(|c| c.hands.contains(id));
            if !held {
                continue;
            }
            let already = enc.combat.as_ref().is_some_and(|c| c.cast.contains(id));
            if already {
                emit!(enc, Event::StillCast { spell: id.clone() });
                continue;
            }
            let Some(casting) = enc.catalog.get(id).and_then(|c| c.casting) else {
                return Err(rule(id, "only a spell can be cast"));
            };
            if casting.sanity_cost > 0 {
                enc.spend(Stat::Sanity, casting.sanity_cost, Source::card(id))
                    .map_err(|m| rule(id, format!("cannot pay the casting cost: {m}")))?;
            }
            let r = enc.run_test(
                check(Skill::Lore, TestKind::Spell, casting.modifier, 1),
                self,
                hooks,
            )?;
            run_queued(self, enc, hooks)?;
            if self.resolved(r, enc) == Some(true)
                && let Some(c) = enc.combat.as_mut()
            {
                c.cast.push(id.clone());
            }
            if enc.investigator.is_out() {
                return Ok(());
            }
        }
        Ok(())
    }
}

/// Unconscious, insane, devoured: in Arkham the investigator wakes in St. Mary's Hospital or Arkham
/// Asylum with 1 Stamina or Sanity, having lost half his items and half his Clue tokens (rounded
/// down); in an Other World he is lost in time and space instead.
fn after_knockout(enc: &mut Encounter) {
    // Both at 0 from the same check (its losses and the hooks it fired): devoured.
    if matches!(
        enc.investigator.status,
        Status::Unconscious | Status::Insane
    ) && enc.investigator.health <= 0
        && enc.investigator.sanity <= 0
    {
        Arc::make_mut(&mut enc.investigator).status = Status::Devoured;
        emit!(
            enc,
            Event::StatusChanged {
                status: Status::Devoured,
            }
        );
    }
    let status = enc.investigator.status;
    if !matches!(status, Status::Unconscious | Status::Insane) {
        if status == Status::Devoured {
            Arc::make_mut(&mut enc.investigator).possessions.clear();
            Arc::make_mut(&mut enc.investigator).conditions.clear();
            emit!(enc, Event::DevouredDiscards);
        }
        return;
    }
    let items: Vec<String> = enc
        .investigator
        .possessions
        .iter()
        .filter(|p| {
            enc.catalog.get(*p).is_some_and(|c| {
                c.traits
                    .iter()
                    .any(|t| matches!(t.as_str(), "item" | "common_item" | "unique_item" | "spell"))
            })
        })
        .cloned()
        .collect();
    // Half the items, rounded down, are lost: the player's choice; the engine gives up the last listed.
    let lose = items.len() / 2;
    for id in items.iter().rev().take(lose) {
        if let Some(i) = enc.investigator.possessions.iter().position(|p| p == id) {
            Arc::make_mut(&mut enc.investigator).possessions.remove(i);
            emit!(
                enc,
                Event::Discarded {
                    card: id.clone(),
                    source: Source::Rules,
                }
            );
        }
    }
    let clues_lost = enc.investigator.clues / 2;
    if clues_lost > 0 {
        Arc::make_mut(&mut enc.investigator).clues -= clues_lost;
        emit!(
            enc,
            Event::Lost {
                target: Target::Investigator,
                stat: Stat::Clues,
                amount: clues_lost,
                now: enc.investigator.clues,
                source: Source::Rules,
            }
        );
    }
    let other_world = enc.investigator.location == Some(Location::OtherWorld);
    let inv = Arc::make_mut(&mut enc.investigator);
    inv.health = inv.health.max(1);
    inv.sanity = inv.sanity.max(1);
    let to = if other_world {
        inv.status = Status::LostInTimeAndSpace;
        emit!(
            enc,
            Event::StatusChanged {
                status: Status::LostInTimeAndSpace,
            }
        );
        Location::LostInTimeAndSpace
    } else if status == Status::Unconscious {
        Location::StMarysHospital
    } else {
        Location::ArkhamAsylum
    };
    Arc::make_mut(&mut enc.investigator).location = Some(to);
    emit!(
        enc,
        Event::Moved {
            to,
            source: Source::Rules,
        }
    );
}
