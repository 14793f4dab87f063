//! Arkham Horror 2e: the rounds of Fight or Flee, with weapons and spells in two hands. Imports the
//! kernel's values, the skeleton and `arkham/mod.rs`'s checks; not `knockout.rs` nor another game.

use super::{Arkham, check, done, resolved, rule};
use crate::kernel::procedure::{Procedure, Step};
use crate::kernel::{
    Ability, Action, Answer, Encounter, Event, HANDS, Hook, Hooks, KernelError, Keyword, LossValue,
    Monster, Part, Point, Problem, Question, Refusal, Round, SetupProblem, Skill, Slot, Source,
    Stat, TestKind, TestOutcome, copy_key, round_options, split_copy,
};

pub use crate::limits::MAX_ROUNDS;

impl Arkham {
    /// Fight or Flee, round after round, until the combat ends.
    pub(super) fn rounds(&self, enc: &mut Encounter, m: usize, hooks: &mut dyn Hooks) -> Step {
        // The printed monster, kept by the combat (the shared one changes during the combat; an Arc
        // written through `make_mut` is copied then, so this one stays as it was).
        let printed = enc.table.monsters[m].clone();
        if let Some(c) = enc.table.combat.as_mut() {
            c.printed = Some(printed);
        }
        self.rounds_from(enc, m, 1, false, hooks)
    }

    /// The rounds from round `first` on; `resumed`: the run starts at its checkpoint
    /// (`Point::Round`), which is not told again.
    pub(super) fn rounds_from(
        &self,
        enc: &mut Encounter,
        m: usize,
        first: usize,
        resumed: bool,
        hooks: &mut dyn Hooks,
    ) -> Step {
        let monster = match enc.table.combat.as_ref().and_then(|c| c.printed.clone()) {
            Some(printed) => printed,
            None => enc.table.monsters[m].clone(),
        };
        for round in first..=MAX_ROUNDS {
            if !(resumed && round == first) {
                enc.checkpoint(Point::Round { monster: m, round }, hooks);
            }
            if done(enc, m) {
                return Ok(());
            }
            if self.round(enc, m, &monster, round, hooks)? == Ended::Yes {
                return Ok(());
            }
        }
        // A combat its last round's after_round ended is over, not stopped (as it would be at the
        // start of the next round).
        if done(enc, m) {
            return Ok(());
        }
        enc.table.stopped = true;
        emit!(enc.run, Event::CombatStopped { rounds: MAX_ROUNDS });
        Ok(())
    }

    /// One round of Fight or Flee: the plan, hands taken, spells cast, then the flight or the
    /// fight, and after_round while the combat goes on.
    fn round(
        &self,
        enc: &mut Encounter,
        m: usize,
        monster: &Monster,
        round: usize,
        hooks: &mut dyn Hooks,
    ) -> Result<Ended, KernelError> {
        if enc.table.rounds_begun.len() <= m {
            enc.table.rounds_begun.resize(m + 1, 0);
        }
        enc.table.rounds_begun[m] = round;
        let plan = plan_round(enc, monster, round)?;
        let action = begin_round(enc, &plan, monster, round)?;
        self.cast_spells(enc, &plan, hooks)?;
        if done(enc, m) {
            return Ok(Ended::Yes);
        }
        if action == Action::Flee {
            if self.evade(enc, m, hooks, true, false)? {
                return Ok(Ended::Yes);
            }
        } else {
            self.fight(enc, m, monster, hooks, false)?;
        }
        self.round_end(enc, m, hooks)?;
        Ok(Ended::No)
    }

    /// The round is over and the combat goes on (Tendril of Nyogtha: "after the second round").
    /// A test it asks for (`ctx.investigator.test`) is resolved right after it, before the next
    /// round begins.
    fn round_end(&self, enc: &mut Encounter, m: usize, hooks: &mut dyn Hooks) -> Step {
        if !done(enc, m) {
            enc.fire(Hook::AfterRound, hooks, &mut None)?;
            self.run_queued(enc, hooks)?;
        }
        Ok(())
    }

    /// The combat against monster `m` from a question of the token step of a check of the round
    /// under way (`Point::FightTokens`, `Point::EvadeTokens` once the rounds began): the rest of
    /// the check, of the round, and the rounds after it.
    pub(super) fn resume_round(
        &self,
        enc: &mut Encounter,
        m: usize,
        at: Point,
        hooks: &mut dyn Hooks,
    ) -> Step {
        let round = enc.table.combat.as_ref().map_or(0, |c| c.round);
        match at {
            Point::FightTokens { .. } => {
                let monster = match enc.table.combat.as_ref().and_then(|c| c.printed.clone()) {
                    Some(printed) => printed,
                    None => enc.table.monsters[m].clone(),
                };
                self.fight(enc, m, &monster, hooks, true)?;
            }
            _ => {
                if self.evade(enc, m, hooks, true, true)? {
                    return Ok(());
                }
            }
        }
        self.round_end(enc, m, hooks)?;
        self.rounds_from(enc, m, round + 1, false, hooks)
    }

    /// A combat check (Fight + combat rating) against the toughness: a pass defeats the monster (a
    /// trophy, or back to the cup if Endless; Overwhelming X still costs X Stamina); a failure deals
    /// its combat damage. `resumed`: the run goes on from a question of its token step
    /// (`Point::FightTokens`).
    fn fight(
        &self,
        enc: &mut Encounter,
        m: usize,
        monster: &Monster,
        hooks: &mut dyn Hooks,
        resumed: bool,
    ) -> Step {
        let Some(c) = monster.combat.clone() else {
            return Err(rule(&monster.id, Refusal::NoCombatRating));
        };
        let id = monster.id.clone();
        let mut consequences =
            |enc: &mut Encounter, out: &TestOutcome, hooks: &mut dyn Hooks| -> Step {
                remember_result(enc, out, false);
                if out.passed {
                    // Overwhelming X, unless a card took it away for this combat (`lose_ability`).
                    let overwhelming = enc.value_now(Ability::Overwhelming);
                    // A trophy, or back to the cup if Endless (`defeated_place`).
                    enc.defeat_monster(m, Source::CombatCheck);
                    if overwhelming > 0 {
                        enc.lose_counted(
                            Stat::Health,
                            LossValue::Overwhelming,
                            overwhelming,
                            None,
                            true,
                            Source::Ability(id.clone(), Ability::Overwhelming),
                            hooks,
                        )?;
                    }
                }
                Ok(())
            };
        if resumed {
            let r = enc.resume_tokens_then(hooks, &mut consequences)?;
            self.run_queued(enc, hooks)?;
            if resolved(r, enc) == Some(false) && !done(enc, m) {
                self.monster_damage(enc, m, hooks)?;
            }
            return Ok(());
        }
        // This combat's rating and toughness (cards may have changed them: `set_modifier`,
        // `reduce_toughness`).
        let view = enc.table.combat.as_ref().map(|c| &c.view);
        let rating = view.and_then(|v| v.combat_modifier).unwrap_or(c.modifier);
        let unrated = c.x && view.and_then(|v| v.combat_modifier).is_none();
        let toughness = enc.toughness_of(m);
        let mut spec = check(
            Skill::Fight,
            TestKind::Combat,
            rating,
            toughness.max(0) as u32,
        );
        spec.rating = Some(Slot::Strength);
        spec.origin = Some(monster.id.as_ref().into());
        spec.unrated = unrated;
        spec.printed_x = c.x;
        spec.tokens_point = Some(Point::FightTokens { monster: m });
        let r = self.test_then(enc, spec, hooks, &mut consequences)?;
        if resolved(r, enc) == Some(false) && !done(enc, m) {
            self.monster_damage(enc, m, hooks)?;
        }
        Ok(())
    }

    /// Casts the round's spells: the Sanity cost is paid whether or not the Spell check passes; a
    /// failed spell still holds its hands this round. A spell its card exhausted (`ctx.card.cast`)
    /// and not cast now is refused: an exhausted card is not used again until it refreshes.
    fn cast_spells(&self, enc: &mut Encounter, plan: &Round, hooks: &mut dyn Hooks) -> Step {
        for (j, id) in plan.cast.iter().enumerate() {
            let held = enc
                .table
                .combat
                .as_ref()
                .is_some_and(|c| c.hands.contains(id));
            if !held {
                continue;
            }
            let already = enc
                .table
                .combat
                .as_ref()
                .is_some_and(|c| c.cast.contains(id));
            if already {
                emit!(enc.run, Event::StillCast { spell: id.clone() });
                continue;
            }
            if enc.table.exhausted.contains(id) {
                return Err(cast_exhausted(enc, j, id));
            }
            // A copy key names one copy of the card (`split_copy`).
            let card = split_copy(id).0;
            let Some(casting) = enc.setup.catalog.get(card).and_then(|c| c.casting) else {
                return Err(rule(card, Refusal::RoundCastNotASpell));
            };
            let Some(modifier) = casting.modifier else {
                return Err(rule(card, Refusal::RoundCastSpecial));
            };
            enc.pay_casting(card, id, casting, hooks, |m| {
                rule(card, Refusal::CastingCostUnpaid(Box::new(m)))
            })?;
            // The Spell check comes from the spell it casts (`ctx.test.origin`).
            let mut spec = check(Skill::Lore, TestKind::Spell, modifier, 1);
            spec.origin = Some(card.into());
            let r = self.test(enc, spec, hooks)?;
            if resolved(r, enc) == Some(true)
                && let Some(c) = enc.table.combat.as_mut()
            {
                c.cast.push(id.clone());
            }
            if enc.table.investigator.is_out() {
                return Ok(());
            }
        }
        Ok(())
    }
}

/// The result of the Horror check (`horror`) or of the latest Combat check, for the hooks of later
/// rounds (`ctx.combat.horror_result`, `combat_passed`, ...).
/// Kept before the check's losses and its after_test hooks, as in Eldritch Horror.
pub(super) fn remember_result(enc: &mut Encounter, out: &TestOutcome, horror: bool) {
    let (successes, passed) = (out.successes, out.passed);
    if let Some(c) = enc.table.combat.as_mut() {
        if horror {
            c.view.will_result = Some(successes);
            c.view.will_passed = Some(passed);
        } else {
            c.view.strength_result = Some(successes);
            c.view.strength_passed = Some(passed);
        }
    }
}

/// The refusal of `cast[j]` of the round under way, spell copy `key`, exhausted: at the scenario's
/// round table it came from (its own, or the last one, which repeats). Only a scenario's round can
/// name it: the options a player is asked for leave an exhausted spell out (`hand_cards`).
fn cast_exhausted(enc: &Encounter, j: usize, key: &str) -> KernelError {
    let round = enc.table.combat.as_ref().map_or(1, |c| c.round);
    let table = (round.max(1) - 1).min(enc.setup.rounds.len().saturating_sub(1));
    KernelError::Choice(SetupProblem {
        part: Part::RoundCast(table, j),
        problem: Problem::CastExhausted(key.to_string()),
    })
}

/// Whether a round ended the combat (an escape, or the monster gone after the spells).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ended {
    Yes,
    No,
}

/// The plan of round `round`: the scenario's (its round's, else its last), or the answer to the
/// round's question when decisions are asked.
fn plan_round(enc: &mut Encounter, monster: &Monster, round: usize) -> Result<Round, KernelError> {
    let fixed = enc
        .setup
        .rounds
        .get(round - 1)
        .or(enc.setup.rounds.last())
        .cloned()
        .unwrap_or_default();
    let options = if enc.run.decisions.is_fixed() {
        Vec::new()
    } else {
        round_options(
            &hand_cards(enc),
            enc.table.combat.as_ref().map_or(&[][..], |c| &c.cast),
            HANDS,
            !enc.has_now(Keyword::Ambush),
        )?
    };
    let question = Question::Round {
        monster: monster.id.to_string(),
        round,
    };
    Ok(match enc.decide(question, options, Answer::Round(fixed))? {
        Answer::Round(plan) => plan,
        _ => Round::default(),
    })
}

/// Begins round `round` under `plan`: its number on the combat, the hands taken, and its action
/// (Fight instead of a flight an Ambush monster forbids), told.
fn begin_round(
    enc: &mut Encounter,
    plan: &Round,
    monster: &Monster,
    round: usize,
) -> Result<Action, KernelError> {
    if let Some(c) = enc.table.combat.as_mut() {
        c.round = round;
        c.view.round = Some(round);
    }
    take_hands(enc, plan, round)?;
    let mut action = plan.action;
    if action == Action::Flee && enc.has_now(Keyword::Ambush) {
        emit!(
            enc.run,
            Event::CannotFlee {
                monster: monster.id.to_string(),
            }
        );
        action = Action::Fight;
    }
    emit!(
        enc.run,
        Event::RoundBegins {
            round,
            action,
            hands: enc
                .table
                .combat
                .as_ref()
                .map(|c| c.hands.clone())
                .unwrap_or_default(),
        }
    );
    Ok(action)
}

/// Puts the round's weapons and spells in hand: at most [`HANDS`] hands; a spell released loses its
/// cast.
/// `plan.wield` holds copy keys: two copies of one card are two possessions, each held or not.
fn take_hands(enc: &mut Encounter, plan: &Round, round: usize) -> Step {
    let mut hands: u32 = 0;
    for key in &plan.wield {
        if !enc.table.investigator.holds_copy(key) {
            // Discarded (Dynamite, Holy Water, the Elder Thing): no longer there to hold.
            continue;
        }
        let card = split_copy(key).0;
        hands = hands.saturating_add(enc.setup.catalog.get(card).map_or(0, |c| c.hands));
    }
    if hands > HANDS {
        return Err(rule("choices", Refusal::TooManyHands { round, hands }));
    }
    let combat = enc.table.combat.as_mut().expect("a combat is under way");
    let held: Vec<String> = plan
        .wield
        .iter()
        .filter(|key| enc.table.investigator.holds_copy(key))
        .cloned()
        .collect();
    combat.cast.retain(|s| held.contains(s));
    combat.hands = held;
    Ok(())
}

/// The investigator's cards that take hands, one entry a copy: its copy key, its hands, and whether a
/// round may cast it (with a Spell check): a spell of a printed casting modifier, not exhausted.
/// An exhausted copy may still be held (one cast and kept in hand keeps its bonus), not cast anew.
fn hand_cards(enc: &Encounter) -> Vec<(String, u32, bool)> {
    let mut out: Vec<(String, u32, bool)> = Vec::new();
    // Copies of each card so far: one look-up each, however many cards are held.
    let mut copies: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    for id in &enc.table.investigator.possessions {
        let Some(card) = enc.setup.catalog.get(id) else {
            continue;
        };
        if card.hands == 0 {
            continue;
        }
        let n = copies.entry(id.as_str()).or_insert(0);
        *n += 1;
        let n = *n;
        // A spell of a Special casting modifier is cast by its script, never in a round.
        let key = copy_key(id, n);
        let cast_in_round = card.casting.is_some_and(|c| c.modifier.is_some())
            && !enc.table.exhausted.contains(&key);
        out.push((key, card.hands, cast_in_round));
    }
    out
}
