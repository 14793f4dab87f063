//! Resolving one test: before_test, the pool, the roll, after_roll, the game's token step,
//! after_tokens, the result and its consequences, after_test.

use super::*;

/// What follows from a test's result, applied before after_test hooks fire.
pub type Consequences<'a> =
    dyn FnMut(&mut Encounter, &TestOutcome, &mut dyn Hooks) -> Result<(), KernelError> + 'a;

/// How a test ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Resolution {
    /// Resolved; the index into `Encounter::tests`.
    Resolved(usize),
    /// A card said not to resolve it.
    Skipped,
    /// A card defeated the monster instead.
    MonsterDefeated,
    /// The investigator was knocked out (EH defeated; AH2e unconscious, insane, devoured, or a status a
    /// card set) before its result was known: it is not resolved (`Procedure::out_stops_the_test`).
    Stopped,
}

impl Encounter {
    /// Resolves one test under the rules of the game's procedure: before_test, pool (on_pool), roll, after_roll, the
    /// game's token step, after_tokens, result, after_test.
    pub fn run_test(
        &mut self,
        spec: TestSpec,
        hooks: &mut dyn Hooks,
    ) -> Result<Resolution, KernelError> {
        self.run_test_then(spec, hooks, &mut |_, _, _| Ok(()))
    }

    /// A test a card asked for (`ctx.investigator.test`), or the Spell check of a spell it cast now
    /// (`ctx.card.cast`), which casts it when passed, before the check's after_test hooks.
    pub fn run_asked(
        &mut self,
        spec: TestSpec,
        hooks: &mut dyn Hooks,
    ) -> Result<Resolution, KernelError> {
        match spec.casts.clone() {
            Some(key) => self.run_test_then(spec, hooks, &mut |enc, out, _| {
                if out.passed {
                    enc.cast_passed(&key);
                }
                Ok(())
            }),
            None => self.run_test(spec, hooks),
        }
    }

    /// Like `run_test`, with `consequences` applied as soon as the result is known, before after_test
    /// hooks fire (so that they can ask "did you lose Health from the Strength test?").
    pub fn run_test_then(
        &mut self,
        spec: TestSpec,
        hooks: &mut dyn Hooks,
        consequences: &mut Consequences<'_>,
    ) -> Result<Resolution, KernelError> {
        let index = self.table.tests.len() + 1;
        emit!(
            self.run,
            Event::TestBegins {
                test: index,
                skill: spec.skill,
                kind: spec.kind.clone(),
                modifier: spec.modifier,
                difficulty: spec.difficulty,
                combat: spec.in_combat,
                slot: spec.slot,
                unrated: spec.unrated,
                printed_x: spec.printed_x,
            }
        );
        self.table.stage = Some(Stage::new(spec));
        let result = self.resolve_stage(index, hooks, consequences);
        self.end_stage(result)
    }

    /// Goes on with the test under way from its roll, a checkpoint (`TestSpec::roll_point`) a run
    /// starts from: the rest of `run_test_then`.
    pub fn resume_test_then(
        &mut self,
        hooks: &mut dyn Hooks,
        consequences: &mut Consequences<'_>,
    ) -> Result<Resolution, KernelError> {
        let (index, rolled) = self.stopped_at("a test stopped at its roll");
        let result = self.roll_then(index, rolled, hooks, consequences);
        self.end_stage(result)
    }

    /// Goes on with the test under way from its token step, a checkpoint (`Point::Tokens`) a run
    /// starts from: its dice rolled and its `after_roll` hooks fired by the run that took it.
    pub fn resume_tokens_then(
        &mut self,
        hooks: &mut dyn Hooks,
        consequences: &mut Consequences<'_>,
    ) -> Result<Resolution, KernelError> {
        let (index, rolled) = self.stopped_at("a test stopped at its token step");
        let label = self.roll_label(index);
        let result = self.tokens_then(index, rolled, &label, hooks, consequences);
        self.end_stage(result)
    }

    /// The test under way a run goes on with (its number, and the dice it rolled), which a
    /// checkpoint inside it (`what`) holds.
    fn stopped_at(&self, what: &str) -> (usize, usize) {
        let rolled = self
            .table
            .stage
            .as_ref()
            .and_then(|s| s.rolled)
            .expect(what);
        (self.table.tests.len() + 1, rolled)
    }

    /// The test is over, unless its run stopped inside it.
    fn end_stage(
        &mut self,
        result: Result<Resolution, KernelError>,
    ) -> Result<Resolution, KernelError> {
        // Asked for a die the replayed prefix does not hold (exact odds): keep the test under way, so
        // that the state can be keyed where the branch starts (`relative_key`).
        // Likewise where the replayed decisions end.
        if !matches!(
            result,
            Err(
                KernelError::Dice(DiceError::NeedMore { .. } | DiceError::NeedFlip { .. })
                    | KernelError::Decision(_)
            )
        ) {
            self.table.stage = None;
        }
        result
    }

    pub(super) fn resolve_stage(
        &mut self,
        index: usize,
        hooks: &mut dyn Hooks,
        consequences: &mut Consequences<'_>,
    ) -> Result<Resolution, KernelError> {
        self.fire(Hook::BeforeTest, hooks, &mut None)?;
        if let Some(r) = self.stopped() {
            return Ok(r);
        }
        if let Some(r) = self.defeated_or_skipped() {
            return Ok(r);
        }
        if let Some(r) = self.forced_result(hooks, consequences)? {
            return Ok(r);
        }
        self.fire(Hook::OnPool, hooks, &mut None)?;
        if let Some(r) = self.stopped() {
            return Ok(r);
        }
        if let Some(r) = self.forced_result(hooks, consequences)? {
            return Ok(r);
        }
        self.refuse_unrated()?;
        self.ask_optional_bonuses()?;
        let rolled = self.assemble_pool()?;
        if let Some(at) = self.current_spec().and_then(|s| s.roll_point) {
            self.checkpoint_at_roll(at, rolled, hooks);
        }
        self.roll_then(index, rolled, hooks, consequences)
    }

    /// The test under way from its roll (`rolled` dice) to its end.
    fn roll_then(
        &mut self,
        index: usize,
        rolled: usize,
        hooks: &mut dyn Hooks,
        consequences: &mut Consequences<'_>,
    ) -> Result<Resolution, KernelError> {
        let label = self.roll_dice(index, rolled)?;
        self.fire(Hook::AfterRoll, hooks, &mut None)?;
        if let Some(r) = self.stopped() {
            return Ok(r);
        }
        if let Some(stage) = &self.table.stage {
            let rules = (
                stage.success_from,
                stage.counts.clone(),
                stage.negates.clone(),
            );
            // Tests are rolled in the order of their numbers: the test is the latest one or a new
            // one, looked at in no time that grows with the tests before it; an earlier one is
            // looked for.
            match self.run.roll_rules.last_mut() {
                Some((test, kept)) if *test == index => *kept = rules,
                Some((test, _)) if *test > index => {
                    match self
                        .run
                        .roll_rules
                        .iter_mut()
                        .find(|(test, _)| *test == index)
                    {
                        Some((_, kept)) => *kept = rules,
                        None => self.run.roll_rules.push((index, rules)),
                    }
                }
                _ => self.run.roll_rules.push((index, rules)),
            }
        }
        self.tokens_then(index, rolled, &label, hooks, consequences)
    }

    /// The test under way from its token step (its dice rolled, its `after_roll` hooks fired) to
    /// its end. `label` names the dice a reroll rolls (`roll_label`).
    fn tokens_then(
        &mut self,
        index: usize,
        rolled: usize,
        label: &str,
        hooks: &mut dyn Hooks,
        consequences: &mut Consequences<'_>,
    ) -> Result<Resolution, KernelError> {
        self.procedure().spend_tokens(self, label, hooks)?;
        // The tokens are spent: every die is on the table (`after_tokens`). Kept in the test's
        // state, so that a die asked for in this window is no state of the `after_roll` one, whose
        // token step is still to come.
        self.table
            .stage
            .as_mut()
            .expect("stage is set")
            .tokens_spent = true;
        self.fire(Hook::AfterTokens, hooks, &mut None)?;
        if let Some(r) = self.stopped() {
            return Ok(r);
        }
        let outcome = self.rolled_outcome(index, rolled);
        self.conclude(outcome, hooks, consequences)
    }

    /// The investigator knocked out before the result of the test under way is known (a card's loss in
    /// before_test, after_roll, ...; a status a card set): where his game says so, the test is not
    /// resolved, and nothing of it follows (no result, no loss, no monster defeated).
    fn stopped(&mut self) -> Option<Resolution> {
        if !self.table.investigator.is_out() || !self.procedure().out_stops_the_test() {
            return None;
        }
        emit!(
            self.run,
            Event::TestStopped {
                status: self.table.investigator.status,
            }
        );
        Some(Resolution::Stopped)
    }

    /// A card's word in before_test: the monster defeated instead, or the test not resolved.
    fn defeated_or_skipped(&mut self) -> Option<Resolution> {
        let stage = self.table.stage.as_ref().expect("stage is set");
        if let Some(source) = stage.defeat.clone() {
            emit!(self.run, Event::DefeatedBeforeTest { source });
            return Some(Resolution::MonsterDefeated);
        }
        if let Some((source, reason)) = stage.skip.clone() {
            emit!(self.run, Event::TestSkipped { source, reason });
            return Some(Resolution::Skipped);
        }
        None
    }

    /// A rating printed −X that no card set before the check's dice stops the play.
    fn refuse_unrated(&self) -> Result<(), KernelError> {
        let stage = self.table.stage.as_ref().expect("stage is set");
        if !stage.spec.unrated {
            return Ok(());
        }
        Err(KernelError::Rule {
            card: stage.spec.origin.as_deref().unwrap_or_default().to_string(),
            hook: None,
            refusal: Refusal::Unrated,
            effect: None,
        })
    }

    /// Assembles the pool of the test under way: the number of dice it rolls (kept in the stage).
    fn assemble_pool(&mut self) -> Result<usize, KernelError> {
        let game = self.procedure();
        let input = self.pool_input();
        let pool = assemble(&input, game.bonus_rule(), self.run.record);
        self.run.events.extend(pool.events);
        let rolled = game.dice_to_roll(pool.total);
        emit!(
            self.run,
            Event::Pool {
                total: pool.total,
                rolled,
            }
        );
        self.table.stage.as_mut().expect("stage is set").rolled = Some(rolled);
        Ok(rolled)
    }

    /// Rolls `rolled` dice onto the test under way: the label that names them when fixed faces run
    /// out (empty for seeded or replayed dice, which name none).
    fn roll_dice(&mut self, index: usize, rolled: usize) -> Result<String, KernelError> {
        let label = self.roll_label(index);
        let faces = self.run.dice.roll_many(rolled, &label)?;
        emit!(
            self.run,
            Event::Rolled {
                faces: faces.clone(),
            }
        );
        self.table.stage.as_mut().expect("stage is set").faces = faces;
        Ok(label)
    }

    /// What names the dice of test `index` (the test under way) when fixed faces run out (empty
    /// for seeded or replayed dice, which name none).
    fn roll_label(&self, index: usize) -> String {
        if self.run.dice.names_what_rolls() {
            let s = &self.table.stage.as_ref().expect("stage is set").spec;
            format!("test {index} ({} {})", s.skill, s.kind)
        } else {
            String::new()
        }
    }

    /// The result of a rolled test, from its faces as hooks and tokens left them.
    fn rolled_outcome(&mut self, index: usize, rolled: usize) -> TestOutcome {
        let stage = self.table.stage.as_ref().expect("stage is set");
        let successes = count_successes(
            &stage.faces,
            stage.success_from,
            &stage.counts,
            &stage.negates,
        ) + stage.added_successes();
        let passed = self
            .procedure()
            .passed(rolled, successes, stage.spec.difficulty);
        let outcome = TestOutcome {
            skill: stage.spec.skill,
            kind: stage.spec.kind.clone(),
            modifier: stage.spec.modifier,
            pool: rolled,
            faces: stage.faces.clone(),
            successes,
            difficulty: stage.spec.difficulty,
            passed,
        };
        emit!(
            self.run,
            Event::TestResult {
                test: index,
                faces: outcome.faces.clone(),
                successes,
                difficulty: outcome.difficulty,
                passed,
            }
        );
        outcome
    }

    /// Records a test's result, applies its consequences, then fires after_test, except when the
    /// investigator is defeated and the game stops at once (EH: nothing after the test that defeated
    /// him, as the Ghoul's "If you lose Health from the Strength test, gain Paranoia").
    fn conclude(
        &mut self,
        outcome: TestOutcome,
        hooks: &mut dyn Hooks,
        consequences: &mut Consequences<'_>,
    ) -> Result<Resolution, KernelError> {
        let outcome = Rc::new(outcome);
        self.table.tests.push(Rc::clone(&outcome));
        // Its place among the tests: a loss among its consequences may resolve tests of its own
        // (asked in on_damage) before it is applied.
        let at = self.table.tests.len() - 1;
        consequences(self, &outcome, hooks)?;
        if !(self.procedure().stops_at_once() && self.table.investigator.is_out()) {
            // A loss waiting for this test (asked in its on_damage) is `ctx.loss` here.
            let mut waiting = self.table.waiting_loss.take();
            let fired = self.fire(Hook::AfterTest, hooks, &mut waiting);
            self.table.waiting_loss = waiting;
            fired?;
        }
        Ok(Resolution::Resolved(at))
    }

    /// A test a card made pass or fail automatically (before its dice were rolled): no dice, no
    /// successes, the result the card said; its consequences and after_test hooks as for any test.
    fn forced_result(
        &mut self,
        hooks: &mut dyn Hooks,
        consequences: &mut Consequences<'_>,
    ) -> Result<Option<Resolution>, KernelError> {
        let stage = self.table.stage.as_ref().expect("stage is set");
        let Some((source, passed)) = stage.forced.clone() else {
            return Ok(None);
        };
        emit!(self.run, Event::AutomaticResult { source, passed });
        let outcome = TestOutcome {
            skill: stage.spec.skill,
            kind: stage.spec.kind.clone(),
            modifier: stage.spec.modifier,
            pool: 0,
            faces: Vec::new(),
            successes: 0,
            difficulty: stage.spec.difficulty,
            passed,
        };
        self.conclude(outcome, hooks, consequences).map(Some)
    }

    /// The faces of the test under way, and which of them are not successes, lowest first.
    pub fn failing_dice(&self) -> Vec<usize> {
        self.table.stage.as_ref().map_or_else(Vec::new, |s| {
            crate::kernel::failing_dice(&s.faces, s.success_from, &s.counts)
        })
    }

    pub fn current_successes(&self) -> u32 {
        self.table
            .stage
            .as_ref()
            .map(|s| {
                count_successes(&s.faces, s.success_from, &s.counts, &s.negates)
                    + s.added_successes()
            })
            .unwrap_or(0)
    }

    /// The name of the kind of the test under way (`""` when none is), for `policy_for`.
    pub fn current_kind(&self) -> &str {
        self.table
            .stage
            .as_ref()
            .map_or("", |s| s.spec.kind.as_str())
    }

    pub fn dice_per_clue(&self) -> u32 {
        self.table
            .stage
            .as_ref()
            .map(|s| s.dice_per_clue)
            .unwrap_or(1)
    }

    /// How many dice one Focus spent on a reroll rerolls in the test under way (1 by the rules).
    pub fn dice_per_focus(&self) -> u32 {
        self.table
            .stage
            .as_ref()
            .map(|s| s.dice_per_focus)
            .unwrap_or(1)
    }

    /// The test under way: its number, its counting rules so far, and whether its dice are rolled yet.
    pub fn stage_rules(&self) -> Option<StageRules> {
        self.table.stage.as_ref().map(|s| StageRules {
            test: self.table.tests.len() + 1,
            success_from: s.success_from,
            counts: s.counts.clone(),
            negates: s.negates.clone(),
            rolled: !s.faces.is_empty(),
        })
    }

    /// Whether the token step of the test under way reads no more of its roll than its successes
    /// (`Procedure::tokens_read_only_successes`).
    pub fn tokens_read_only_successes(&self) -> bool {
        self.procedure().tokens_read_only_successes(self)
    }

    /// The test under way, as hooks have left it so far.
    pub fn current_spec(&self) -> Option<&TestSpec> {
        self.table.stage.as_ref().map(|s| &s.spec)
    }

    /// The faces of the test under way (none when no test is).
    pub fn current_faces(&self) -> Vec<u8> {
        self.table
            .stage
            .as_ref()
            .map_or_else(Vec::new, |s| s.faces.clone())
    }

    /// The test under way, as asked for (its skill, kind and the card that asks it), if any: what a
    /// question during it names ("the Strength test against the Ghoul", issue 38).
    pub fn test_under_way(&self) -> Option<&crate::kernel::TestSpec> {
        self.table.stage.as_ref().map(|s| &s.spec)
    }

    pub fn current_faces_len(&self) -> usize {
        self.table.stage.as_ref().map_or(0, |s| s.faces.len())
    }

    pub fn current_difficulty(&self) -> u32 {
        self.table.stage.as_ref().map_or(1, |s| s.spec.difficulty)
    }
}
