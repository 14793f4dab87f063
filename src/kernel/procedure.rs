//! The game procedures: what differs between Eldritch Horror and Arkham Horror is one implementation
//! each of [`Procedure`]; everything they share lives in `Encounter`.

use super::encounter::Resolution;
use super::pool::BonusRule;
use super::{
    CombatState, CombatView, Encounter, Event, Game, Hook, Hooks, KernelError, Monster, Place,
    Policy, Slot, Source, Stat, TestKind, TestRequest, TestSpec, Token,
};
use std::sync::Arc;

/// `Sync`: sampled odds play one scenario on every core.
pub trait Procedure: Sync {
    fn game(&self) -> Game;
    /// Which bonuses count towards the pool.
    fn bonus_rule(&self) -> BonusRule;
    /// How many dice a pool of `total` rolls.
    fn dice_to_roll(&self, total: i32) -> usize;
    /// After the roll and the after_roll hooks: the player's tokens (EH rerolls, AH2e Clue dice).
    fn spend_tokens(&self, enc: &mut Encounter, label: &str) -> Result<(), KernelError>;
    fn passed(&self, rolled: usize, successes: u32, difficulty: u32) -> bool;
    /// Plays what the scenario asks for.
    fn run(
        &self,
        enc: &mut Encounter,
        request: &TestRequest,
        hooks: &mut dyn Hooks,
    ) -> Result<(), KernelError>;
}

/// The procedure of `game`.
pub fn procedure_for(game: Game) -> &'static dyn Procedure {
    match game {
        Game::Eldritch => &Eldritch,
        Game::Arkham => &super::Arkham,
    }
}

/// Eldritch Horror: the single highest bonus, at least one die, rerolls with Focus then Clues.
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

    /// Focus first, then Clues, one token at a time, each on the lowest die that is not a success.
    fn spend_tokens(&self, enc: &mut Encounter, label: &str) -> Result<(), KernelError> {
        let policy = enc.policy_for(enc.current_kind());
        if policy == Policy::None {
            return Ok(());
        }
        loop {
            if policy == Policy::UntilPass && enc.current_successes() >= 1 {
                return Ok(());
            }
            let failing = enc.failing_dice();
            if failing.is_empty() {
                return Ok(());
            }
            let (stat, dice) = if enc.investigator.focus > 0 {
                (Stat::Focus, 1)
            } else if enc.investigator.clues > 0 {
                (Stat::Clues, enc.dice_per_clue().max(1) as usize)
            } else {
                return Ok(());
            };
            let token = match stat {
                Stat::Focus => Token::Focus,
                _ => Token::Clue,
            };
            enc.spend(stat, 1, Source::Spent(token))
                .map_err(|message| KernelError::Rule {
                    card: "rules".into(),
                    hook: None,
                    message,
                })?;
            for die in failing.into_iter().take(dice) {
                enc.reroll_die(die, &Source::Reroll(token), &format!("{label}, a reroll"))?;
            }
        }
    }

    fn passed(&self, _rolled: usize, successes: u32, _difficulty: u32) -> bool {
        successes >= 1
    }

    fn run(
        &self,
        enc: &mut Encounter,
        request: &TestRequest,
        hooks: &mut dyn Hooks,
    ) -> Result<(), KernelError> {
        match request {
            TestRequest::Test(spec) => {
                let mut spec = spec.clone();
                spec.difficulty = 1;
                enc.run_test(spec, self, hooks)?;
                run_queued(self, enc, hooks)
            }
            TestRequest::Combat => {
                // Every Normal monster before any Epic one; otherwise in the order given.
                let (mut order, epic): (Vec<_>, Vec<_>) = std::mem::take(&mut enc.monsters)
                    .into_iter()
                    .partition(|m| !m.epic);
                order.extend(epic);
                enc.monsters = order;
                for m in 0..enc.monsters.len() {
                    if enc.investigator.is_out() {
                        emit!(
                            enc,
                            Event::NoFurtherMonster {
                                status: enc.investigator.status,
                            }
                        );
                        break;
                    }
                    combat_encounter(self, enc, m, hooks)?;
                }
                enc.may_encounter_again = enc.monsters.iter().all(|m| m.defeated)
                    && !enc.no_more_encounters
                    && !enc.investigator.is_out();
                Ok(())
            }
        }
    }
}

impl Encounter {
    /// Starts a combat against monster `m`: the combat state, the transcript line, the
    /// before_encounter hooks and the tests they ask for.
    pub fn begin_combat(
        &mut self,
        m: usize,
        ambush: bool,
        game: &dyn Procedure,
        hooks: &mut dyn Hooks,
    ) -> Result<(), KernelError> {
        let monster = &self.monsters[m];
        self.current = Some(m);
        self.combat = Some(CombatState {
            view: CombatView {
                number: m + 1,
                ambush: monster.ambush,
                damage_value: monster.combat.as_ref().and_then(|t| t.loss),
                ..CombatView::default()
            },
            ..CombatState::default()
        });
        emit!(
            self,
            Event::CombatBegins {
                monster: monster.id.clone(),
                number: m + 1,
                epic: monster.epic,
                ambush,
                toughness: monster.toughness,
                health_tokens: monster.health_tokens,
            }
        );
        self.fire(Hook::BeforeCombat, hooks, &mut None)?;
        run_queued(game, self, hooks)
    }
}

/// Resolves the tests hooks asked for, in order; a test they ask for in turn is resolved after them.
pub fn run_queued(
    game: &dyn Procedure,
    enc: &mut Encounter,
    hooks: &mut dyn Hooks,
) -> Result<(), KernelError> {
    let mut rounds = 0;
    while !enc.queued.is_empty() {
        rounds += 1;
        if rounds > 16 {
            let (card, _) = enc.queued.remove(0);
            return Err(KernelError::Rule {
                card: card.key().into_owned(),
                hook: None,
                message:
                    "more than 16 tests asked for in a row: a card asks for a test after every test"
                        .into(),
            });
        }
        for (_source, spec) in std::mem::take(&mut enc.queued) {
            if enc.investigator.is_out() {
                return Ok(());
            }
            enc.run_test(spec, game, hooks)?;
        }
    }
    Ok(())
}

/// One Eldritch Horror Combat Encounter against monster `m`: before_encounter, the token's tests top
/// to bottom (Will: lose Sanity = horror − result; Strength: lose Health = damage − result and the
/// monster loses Health = result, at the same time), after_encounter; the monster stays with its
/// Health tokens unless defeated or brought by an ambush.
fn combat_encounter(
    game: &Eldritch,
    enc: &mut Encounter,
    m: usize,
    hooks: &mut dyn Hooks,
) -> Result<(), KernelError> {
    // The printed token, as it was when the encounter began (a copy: the shared one changes as it
    // takes Health).
    let monster = Monster::clone(&enc.monsters[m]);
    enc.begin_combat(m, monster.ambush, game, hooks)?;

    let strength_first = enc.combat.as_ref().is_some_and(|c| c.strength_first);
    let slots = if strength_first {
        [Slot::Strength, Slot::Will]
    } else {
        [Slot::Will, Slot::Strength]
    };
    for slot in slots {
        if enc.monsters[m].defeated || enc.investigator.is_out() {
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
        spec.modifier = line.modifier;
        spec.in_combat = true;
        spec.slot = Some(slot);
        let id = Source::card(&monster.id);
        let horror = line.loss;
        let mut consequences = |enc: &mut Encounter,
                                out: &super::TestOutcome,
                                hooks: &mut dyn Hooks|
         -> Result<(), KernelError> {
            let result = out.successes as i32;
            // The result is known to on_damage hooks before the losses it causes are applied.
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
            match slot {
                Slot::Will => {
                    let lost = match horror {
                        Some(h) => enc.lose_investigator(
                            Stat::Sanity,
                            (h - result).max(0),
                            id.clone(),
                            hooks,
                        )?,
                        None => 0,
                    };
                    if let Some(c) = enc.combat.as_mut() {
                        c.view.sanity_lost = lost;
                    }
                }
                Slot::Strength => {
                    let damage = enc.combat.as_ref().and_then(|c| c.view.damage_value);
                    // The investigator and the monster lose Health at the same time: a defeated
                    // investigator still deals his successes.
                    let lost = match damage {
                        Some(d) => enc.lose_investigator(
                            Stat::Health,
                            (d - result).max(0),
                            id.clone(),
                            hooks,
                        )?,
                        None => 0,
                    };
                    enc.lose_monster(m, result, Source::StrengthResult, hooks)?;
                    if let Some(c) = enc.combat.as_mut() {
                        c.view.health_lost = lost;
                    }
                }
            }
            Ok(())
        };
        let resolution = enc.run_test_then(spec, game, hooks, &mut consequences)?;
        if resolution == Resolution::MonsterDefeated {
            break;
        }
        run_queued(game, enc, hooks)?;
    }

    enc.fire(Hook::AfterCombat, hooks, &mut None)?;
    let mon = Arc::make_mut(&mut enc.monsters[m]);
    mon.place = if mon.defeated || mon.ambush {
        Place::Cup
    } else {
        Place::Space
    };
    if mon.ambush && !mon.defeated {
        mon.health_tokens = 0;
    }
    emit!(
        enc,
        Event::CombatEnds {
            monster: mon.id.clone(),
            defeated: mon.defeated,
            place: mon.place,
            health_tokens: mon.health_tokens,
        }
    );
    enc.current = None;
    enc.combat = None;
    Ok(())
}
