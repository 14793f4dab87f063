//! The game procedures: what differs between Eldritch Horror and Arkham Horror is one implementation
//! each of [`Procedure`]; everything they share lives in `Encounter`.

use super::encounter::Resolution;
use super::pool::BonusRule;
use super::{Encounter, Event, Game, Hooks, KernelError, Policy, Stat, TestRequest};

pub trait Procedure {
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

/// The procedure of `game`; `None` while that game's rules are not written yet.
pub fn procedure_for(game: Game) -> Option<&'static dyn Procedure> {
    match game {
        Game::Eldritch => Some(&Eldritch),
        Game::Arkham => None,
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
        let policy = enc.policy_for(&enc.current_kind());
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
                Stat::Focus => "focus",
                _ => "clue",
            };
            enc.spend(stat, 1, &format!("reroll:{token}"))
                .map_err(|message| KernelError::Rule {
                    card: "rules".into(),
                    hook: None,
                    message,
                })?;
            for die in failing.into_iter().take(dice) {
                enc.reroll_die(
                    die,
                    &format!("{token} token"),
                    &format!("{label}, a reroll"),
                )?;
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
                if let Resolution::MonsterDefeated = enc.run_test(spec, self, hooks)? {
                    enc.events.push(Event::Note {
                        source: "rules".into(),
                        text: "the test was not resolved".into(),
                    });
                }
                Ok(())
            }
        }
    }
}
