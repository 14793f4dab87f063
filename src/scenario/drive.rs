//! How a run of a prepared scenario is played ([`Drive`]): from the start or from a checkpoint of an
//! earlier run (exact odds: each branch goes on from the latest checkpoint its prefix of dice passed,
//! rather than from the first die). A checkpoint is a point of the procedure where the table holds
//! everything the rest depends on (`kernel::Point`); with the budgets its scripts had used, it is all
//! a run needs to go on exactly as the one that took it.

use super::prepared::Prepared;
use crate::kernel::{
    Decisions, DiceError, DiceSource, Effect, Encounter, HookCall, HookSet, Hooks, KernelError,
    Point, Saved,
};
use crate::script::{RunUsage, ScriptHooks};

/// The table of a run at a point of its procedure, to start other runs from.
pub struct Checkpoint {
    pub point: Point,
    /// Faces the run had used when it got there, from its first die.
    pub dice: usize,
    /// Answers to the player's questions the run had used when it got there (none under the
    /// scenario's `[choices]`): a run that goes on from here takes its path's answers after them.
    pub answers: usize,
    /// What its scripts had used of the run's budgets.
    used: RunUsage,
    /// The table there.
    saved: Saved,
}

impl Checkpoint {
    /// Operations the scripts of the run had taken when it got here.
    pub fn operations(&self) -> u64 {
        self.used.operations
    }
}

/// The scenario's hooks, keeping what the scripts had used at the latest checkpoint the run passed.
struct Keeping<'a> {
    inner: &'a mut ScriptHooks,
    used: Option<RunUsage>,
}

impl Hooks for Keeping<'_> {
    fn defined(&self, card: &str) -> HookSet {
        self.inner.defined(card)
    }

    fn call(
        &mut self,
        call: HookCall<'_>,
        dice: &mut DiceSource,
    ) -> Result<Vec<Effect>, KernelError> {
        self.inner.call(call, dice)
    }

    fn checkpoint(&mut self, _at: Point) {
        self.used = Some(self.inner.run_usage());
    }

    fn may_tell_faces_apart(&self, spec: &crate::kernel::TestSpec) -> bool {
        self.inner.may_tell_faces_apart(spec)
    }
}

/// How one run is played ([`Prepared::drive`]).
pub struct Drive<'c> {
    /// Where it starts: a checkpoint of an earlier run whose faces and answers began as this one's,
    /// or (none) the start.
    pub from: Option<&'c Checkpoint>,
    /// Its faces: from the checkpoint on when it starts from one.
    pub dice: DiceSource,
    /// Who answers the player's questions (`Fixed`: the scenario's `[choices]`; a replay: the
    /// answers from the first question, those before the checkpoint included).
    pub decisions: Decisions,
    /// With the transcript and a failed hook rolled back (what a player reads), or quiet (odds read
    /// only how a run ends, and abandon a failed one).
    pub full: bool,
    /// Keep the latest checkpoint it passes.
    pub keep: bool,
}

/// How a run ended: the encounter, its result, and the latest checkpoint it passed after the one
/// it started from.
pub type Resumed = (Encounter, Result<(), KernelError>, Option<Checkpoint>);

impl Prepared {
    /// Plays the scenario with `dice`; the encounter as it stands when it ended or failed (nothing of
    /// a failed hook applied).
    pub fn run_with(&mut self, dice: DiceSource) -> (Encounter, Result<(), KernelError>) {
        self.run_deciding(dice, Decisions::Fixed, true)
    }

    /// `run_with` for odds, which read only how a run ends and abandon a failed one: no transcript is
    /// kept and no table is saved before each hook.
    pub fn run_for_odds(&mut self, dice: DiceSource) -> (Encounter, Result<(), KernelError>) {
        self.run_deciding(dice, Decisions::Fixed, false)
    }

    /// Plays the scenario with `dice` and the player's answers from `decisions` (in place of those
    /// of its `[choices]` when not `Fixed`); `full`: with the transcript and the rollback of `run_with`.
    pub fn run_deciding(
        &mut self,
        dice: DiceSource,
        decisions: Decisions,
        full: bool,
    ) -> (Encounter, Result<(), KernelError>) {
        let (enc, result, _) = self.drive(Drive {
            from: None,
            dice,
            decisions,
            full,
            keep: false,
        });
        (enc, result)
    }

    /// Plays one run as `drive` says: the one way every run of a prepared scenario is played.
    pub fn drive(&mut self, drive: Drive<'_>) -> Resumed {
        let Drive {
            from,
            dice,
            decisions,
            full,
            keep,
        } = drive;
        let (plan, start, hooks) = self.parts();
        hooks.set_deciding(!decisions.is_fixed());
        let (mut enc, before) = match from {
            Some(c) => {
                let table = c.saved.table.clone().expect("a kept checkpoint's table");
                let mut enc = start.encounter_at(table, dice);
                enc.run.resume_from(&c.saved);
                // Its answers go on after the ones the run that took it had used (the same, as
                // the faces are).
                enc.run.decisions = match decisions {
                    Decisions::Fixed => Decisions::Fixed,
                    Decisions::Replay { answers, .. } => Decisions::Replay {
                        answers,
                        next: c.answers,
                    },
                };
                hooks.resume_run(c.used);
                (enc, c.dice)
            }
            None => {
                let mut enc = start.encounter(dice);
                enc.run.decisions = decisions;
                hooks.start_run();
                (enc, 0)
            }
        };
        enc.run.rollback = full;
        enc.run.record = full;
        enc.run.keep_checkpoints = keep;
        let mut keeping = Keeping {
            inner: hooks,
            used: None,
        };
        let at = from.map(|c| c.point);
        let result = plan
            .procedure
            .run_from(&mut enc, &plan.request, &mut keeping, at);
        let latest = match (enc.run.checkpoint.take(), keeping.used) {
            (Some(mut saved), Some(used)) => {
                if saved.table.is_none() {
                    // The run stopped at the roll or the question of this checkpoint, nothing
                    // changed since.
                    debug_assert!(
                        match &result {
                            Err(KernelError::Dice(DiceError::NeedMore { memo: true, .. })) => {
                                saved.at.is_roll()
                            }
                            Err(KernelError::Decision(_)) => saved.at.is_tokens(),
                            _ => false,
                        } && enc.run.dice.used().len() == saved.dice,
                        "a run kept its end as a checkpoint, but did not stop there"
                    );
                    saved.table = Some(enc.table.clone());
                }
                Some(Checkpoint {
                    point: saved.at,
                    dice: before + saved.dice,
                    answers: saved.answers,
                    used,
                    saved: *saved,
                })
            }
            _ => None,
        };
        (enc, result, latest)
    }

    /// `drive` for exact odds: quiet, with the faces `faces` (from the first die), started from
    /// `from` or from the start; `keep`: keep the latest checkpoint it passes.
    pub fn run_for_odds_from(
        &mut self,
        from: Option<&Checkpoint>,
        faces: &[u8],
        decisions: Decisions,
        keep: bool,
    ) -> Resumed {
        let skip = from.map_or(0, |c| c.dice);
        self.drive(Drive {
            from,
            dice: DiceSource::replay(faces[skip..].to_vec()),
            decisions,
            full: false,
            keep,
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::kernel::{Decisions, Point};
    use crate::scenario::synthetic::prepare;

    /// EH: the roll of each of a combat's two tests is a checkpoint, so a branch of the Strength
    /// test's dice goes on from there, not from the Will test's first die: a run whose dice run out
    /// at the Strength test's roll has passed the checkpoint of that roll, with the Will test's dice
    /// used.
    /// A synthetic monster: Will test +1 (horror 1), Strength test +0 (damage 2), toughness 2.
    const LURKER: &str = "[[monsters]]\ncard = { id = \"lurker\", name = \"Lurker (synthetic)\", kind = \"monster\", toughness = 2, will = { modifier = 1, horror = 1 }, strength = { modifier = 0, damage = 2 }, source = \"synthetic\" }\n";

    #[test]
    fn an_eh_run_goes_on_from_the_roll_of_the_strength_test() {
        let mut p = prepare(
            "checkpoint.toml",
            &format!("game = \"eldritch\"\n[investigator]\nwill = 1\nstrength = 1\n{LURKER}"),
        );
        // Two dice for the Will test (Will 1, the monster's +1; a 5 passes it, no Sanity lost), then the
        // Strength test's die is missing.
        let (_, result, latest) = p.run_for_odds_from(None, &[5, 1], Decisions::Fixed, true);
        assert!(result.is_err(), "the Strength test's die is missing");
        let latest = latest.expect("a checkpoint passed");
        assert_eq!(
            latest.point,
            Point::Roll {
                monster: 0,
                test: 1
            }
        );
        assert_eq!(latest.dice, 2);
    }

    /// EH: the token step is a checkpoint where the step asks its question. A run whose replayed
    /// answers end there stops at it with that checkpoint its latest, and a run of one of its
    /// answers goes on from it (the Clue spent, the die rerolled), not from the roll.
    #[test]
    fn an_eh_run_goes_on_from_the_question_of_the_token_step() {
        use crate::kernel::KernelError;
        let mut p = prepare(
            "tokens.toml",
            &format!(
                "game = \"eldritch\"\n[investigator]\nwill = 1\nstrength = 1\nclues = 1\n{LURKER}"
            ),
        );
        // The Will test's two dice, a 5 and a 1: whether to spend the Clue on the 1 (stop, or the
        // Clue on die 2) is asked, and no answer is given.
        let (_, result, latest) =
            p.run_for_odds_from(None, &[5, 1], Decisions::replay(vec![]), true);
        assert!(
            matches!(result, Err(KernelError::Decision(_))),
            "{result:?}"
        );
        let tokens = latest.expect("a checkpoint passed");
        assert_eq!(
            tokens.point,
            Point::Tokens {
                monster: 0,
                test: 0
            }
        );
        assert_eq!((tokens.dice, tokens.answers), (2, 0));
        // From it, the Clue spent on the 1, which comes up a 6: then the Strength test's die is
        // missing, at its roll's checkpoint, after the three faces.
        let (enc, result, latest) =
            p.run_for_odds_from(Some(&tokens), &[5, 1, 6], Decisions::replay(vec![1]), true);
        assert!(result.is_err(), "the Strength test's die is missing");
        assert_eq!(enc.table.investigator.clues, 0);
        assert_eq!(enc.table.tests[0].faces, vec![5, 6]);
        let latest = latest.expect("a checkpoint passed");
        assert_eq!(
            latest.point,
            Point::Roll {
                monster: 0,
                test: 1
            }
        );
        assert_eq!(latest.dice, 3);
    }
    /// AH2e: the synthetic brute (combat rating 0, damage 1, toughness 1, awareness 0, no horror
    /// rating) against Fight 1, Sneak 1, Stamina 2 and 1 Clue.
    const BRUTE_DUEL: &str = "game = \"arkham\"\n[investigator]\nname = \"Test investigator\"\nspeed = 1\nsneak = 1\nfight = 1\nwill = 1\nlore = 1\nluck = 1\nstamina = 2\nsanity = 5\nclues = 1\n[[monsters]]\ncard = { id = \"brute\", name = \"Brute\", kind = \"monster\", toughness = 1, awareness = 0, combat = { rating = 0, damage = 1 }, source = \"synthetic\" }\n";

    /// AH2e: the Clue die question of a round's Combat check is a checkpoint
    /// (`Point::FightTokens`): not evading (answer 0) and fighting bare-handed (answer 0), the
    /// check's die a 1, the run whose answers end there stops at it; a run from it that adds the
    /// Clue die (answer 1), a 5, defeats the monster with the Clue spent, the Stamina kept.
    #[test]
    fn an_ah2e_run_goes_on_from_the_clue_die_question_of_a_combat_check() {
        use crate::kernel::KernelError;
        let mut p = prepare("fight.toml", BRUTE_DUEL);
        let (_, result, latest) =
            p.run_for_odds_from(None, &[1], Decisions::replay(vec![0, 0]), true);
        assert!(
            matches!(result, Err(KernelError::Decision(_))),
            "{result:?}"
        );
        let tokens = latest.expect("a checkpoint passed");
        assert_eq!(tokens.point, Point::FightTokens { monster: 0 });
        assert_eq!((tokens.dice, tokens.answers), (1, 2));
        let (enc, result, _) = p.run_for_odds_from(
            Some(&tokens),
            &[1, 5],
            Decisions::replay(vec![0, 0, 1]),
            true,
        );
        assert!(result.is_ok(), "{result:?}");
        assert!(enc.table.monsters[0].defeated);
        assert_eq!(enc.table.investigator.clues, 0);
        assert_eq!(enc.table.investigator.health, 2);
    }

    /// AH2e: the Clue die question of the Evade check before the combat is a checkpoint
    /// (`Point::EvadeTokens`, no round begun): evading (answer 1), its die a 1, the run stops at
    /// the question; from it, the Clue die a 6 evades the monster: the combat ends, nothing lost
    /// but the Clue, no round fought.
    #[test]
    fn an_ah2e_run_goes_on_from_the_clue_die_question_of_an_evade_check() {
        use crate::kernel::KernelError;
        let mut p = prepare("evade.toml", BRUTE_DUEL);
        let (_, result, latest) = p.run_for_odds_from(None, &[1], Decisions::replay(vec![1]), true);
        assert!(
            matches!(result, Err(KernelError::Decision(_))),
            "{result:?}"
        );
        let tokens = latest.expect("a checkpoint passed");
        assert_eq!(tokens.point, Point::EvadeTokens { monster: 0 });
        let (enc, result, _) =
            p.run_for_odds_from(Some(&tokens), &[1, 6], Decisions::replay(vec![1, 1]), true);
        assert!(result.is_ok(), "{result:?}");
        assert!(!enc.table.monsters[0].defeated);
        assert_eq!(enc.table.investigator.clues, 0);
        assert_eq!(enc.table.investigator.health, 2);
        assert_eq!(enc.round_begun(0), 0);
    }

    /// A scenario's own test: its roll is a checkpoint (`Point::TestRoll`), and so is the question
    /// of its token step (`Point::TestTokens`). EH, Lore 2 and 1 Clue: a run with no faces stops at
    /// the roll; from it, two 1s stop at the question; from that, the Clue spent on a 1 that comes
    /// up a 6 passes the test.
    #[test]
    fn a_run_goes_on_from_the_roll_and_the_question_of_a_scenario_test() {
        use crate::kernel::KernelError;
        let mut p = prepare(
            "test.toml",
            "game = \"eldritch\"\n[investigator]\nname = \"Test investigator\"\nlore = 2\nclues = 1\n[test]\nskill = \"lore\"\n",
        );
        let (_, result, latest) = p.run_for_odds_from(None, &[], Decisions::replay(vec![]), true);
        assert!(result.is_err(), "the roll's dice are missing");
        let roll = latest.expect("a checkpoint passed");
        assert_eq!((roll.point, roll.dice), (Point::TestRoll, 0));
        let (_, result, latest) =
            p.run_for_odds_from(Some(&roll), &[1, 1], Decisions::replay(vec![]), true);
        assert!(
            matches!(result, Err(KernelError::Decision(_))),
            "{result:?}"
        );
        let tokens = latest.expect("a checkpoint passed");
        assert_eq!((tokens.point, tokens.dice), (Point::TestTokens, 2));
        let (enc, result, _) =
            p.run_for_odds_from(Some(&tokens), &[1, 1, 6], Decisions::replay(vec![1]), true);
        assert!(result.is_ok(), "{result:?}");
        assert!(enc.table.tests[0].passed);
        assert_eq!(enc.table.investigator.clues, 0);
    }
}
