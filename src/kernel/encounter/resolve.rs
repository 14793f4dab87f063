//! Resolving one test: before_test, the pool, the roll, after_roll, the game's token step, the result
//! and its consequences, after_test.

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
}

impl Encounter {
    /// Resolves one test under the rules of the game's procedure: before_test, pool (on_pool), roll, after_roll, the
    /// game's token step, result, after_test.
    pub fn run_test(
        &mut self,
        spec: TestSpec,
        hooks: &mut dyn Hooks,
    ) -> Result<Resolution, KernelError> {
        self.run_test_then(spec, hooks, &mut |_, _, _| Ok(()))
    }

    /// Like `run_test`, with `consequences` applied as soon as the result is known, before after_test
    /// hooks fire (so that they can ask "did you lose Health from the Strength test?").
    pub fn run_test_then(
        &mut self,
        spec: TestSpec,
        hooks: &mut dyn Hooks,
        consequences: &mut Consequences<'_>,
    ) -> Result<Resolution, KernelError> {
        let index = self.tests.len() + 1;
        emit!(
            self,
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
        self.stage = Some(Stage {
            printed_skill: spec.skill,
            spec,
            bonuses: Vec::new(),
            additional: Vec::new(),
            fewer: Vec::new(),
            blocked: Vec::new(),
            success_from: 5,
            counts: Vec::new(),
            dice_per_clue: 1,
            faces: Vec::new(),
            rerolling: Vec::new(),
            skip: None,
            defeat: None,
            forced: None,
            taken: Vec::new(),
        });
        let result = self.resolve_stage(index, hooks, consequences);
        // Asked for a die the replayed prefix does not hold (exact odds): keep the test under way, so
        // that the state can be keyed where the branch starts (`relative_key`).
        // Likewise where the replayed decisions end.
        if !matches!(
            result,
            Err(KernelError::Dice(DiceError::NeedMore { .. }) | KernelError::Decision(_))
        ) {
            self.stage = None;
        }
        result
    }

    pub(super) fn resolve_stage(
        &mut self,
        index: usize,
        hooks: &mut dyn Hooks,
        consequences: &mut Consequences<'_>,
    ) -> Result<Resolution, KernelError> {
        let game = self.procedure();
        self.fire(Hook::BeforeTest, hooks, &mut None)?;
        let stage = self.stage.as_ref().expect("stage is set");
        if let Some(source) = stage.defeat.clone() {
            emit!(self, Event::DefeatedBeforeTest { source });
            return Ok(Resolution::MonsterDefeated);
        }
        if let Some((source, reason)) = stage.skip.clone() {
            emit!(self, Event::TestSkipped { source, reason });
            return Ok(Resolution::Skipped);
        }

        if let Some(r) = self.forced_result(index, hooks, consequences)? {
            return Ok(r);
        }
        self.fire(Hook::OnPool, hooks, &mut None)?;
        if let Some(r) = self.forced_result(index, hooks, consequences)? {
            return Ok(r);
        }
        let stage = self.stage.as_ref().expect("stage is set");
        if stage.spec.unrated {
            return Err(KernelError::Rule {
                card: stage.spec.origin.clone().unwrap_or_default(),
                hook: None,
                message: "its rating for this check is printed −X and no card gave X before the \
                          check's dice (`ctx.monster.set_modifier` in `before_test` or `on_pool`)"
                    .to_string(),
                effect: None,
            });
        }
        self.ask_optional_bonuses()?;
        let input = self.pool_input();
        let pool = assemble(&input, game.bonus_rule(), self.record);
        self.events.extend(pool.events);
        let rolled = game.dice_to_roll(pool.total);
        emit!(
            self,
            Event::Pool {
                total: pool.total,
                rolled,
            }
        );
        // What rolls, for the error when fixed faces run out (seeded dice never do).
        let label = if self.dice.can_run_out() {
            let s = &self.stage.as_ref().expect("stage is set").spec;
            format!("test {index} ({} {})", s.skill, s.kind)
        } else {
            String::new()
        };
        let faces = self.dice.roll_many(rolled, &label)?;
        emit!(
            self,
            Event::Rolled {
                faces: faces.clone(),
            }
        );
        self.stage.as_mut().expect("stage is set").faces = faces;

        self.fire(Hook::AfterRoll, hooks, &mut None)?;
        if let Some(stage) = &self.stage {
            self.roll_rules
                .insert(index, (stage.success_from, stage.counts.clone()));
        }
        game.spend_tokens(self, &label)?;

        let stage = self.stage.as_ref().expect("stage is set");
        let successes = count_successes(&stage.faces, stage.success_from, &stage.counts);
        let passed = game.passed(rolled, successes, stage.spec.difficulty);
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
            self,
            Event::TestResult {
                test: index,
                faces: outcome.faces.clone(),
                successes,
                difficulty: outcome.difficulty,
                passed,
            }
        );
        self.tests.push(outcome.clone());
        consequences(self, &outcome, hooks)?;
        // A defeated investigator (EH) stops resolving at once: nothing after the test that
        // defeated him (the Ghoul's "If you lose Health from the Strength test, gain Paranoia").
        if !(game.stops_at_once() && self.investigator.is_out()) {
            self.fire(Hook::AfterTest, hooks, &mut None)?;
        }
        Ok(Resolution::Resolved(self.tests.len() - 1))
    }

    /// A test a card made pass or fail automatically (before its dice were rolled): no dice, no
    /// successes, the result the card said; its consequences and after_test hooks as for any test.
    fn forced_result(
        &mut self,
        index: usize,
        hooks: &mut dyn Hooks,
        consequences: &mut Consequences<'_>,
    ) -> Result<Option<Resolution>, KernelError> {
        let stage = self.stage.as_ref().expect("stage is set");
        let Some((source, passed)) = stage.forced.clone() else {
            return Ok(None);
        };
        emit!(self, Event::AutomaticResult { source, passed });
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
        let _ = index;
        self.tests.push(outcome.clone());
        consequences(self, &outcome, hooks)?;
        if !(self.procedure().stops_at_once() && self.investigator.is_out()) {
            self.fire(Hook::AfterTest, hooks, &mut None)?;
        }
        Ok(Some(Resolution::Resolved(self.tests.len() - 1)))
    }

    /// The faces of the test under way, and which of them are not successes, lowest first.
    pub fn failing_dice(&self) -> Vec<usize> {
        self.stage.as_ref().map_or_else(Vec::new, |s| {
            crate::kernel::failing_dice(&s.faces, s.success_from, &s.counts)
        })
    }

    pub fn current_successes(&self) -> u32 {
        self.stage
            .as_ref()
            .map(|s| count_successes(&s.faces, s.success_from, &s.counts))
            .unwrap_or(0)
    }

    /// The name of the kind of the test under way (`""` when none is), for `policy_for`.
    pub fn current_kind(&self) -> &str {
        self.stage.as_ref().map_or("", |s| s.spec.kind.as_str())
    }

    pub fn dice_per_clue(&self) -> u32 {
        self.stage.as_ref().map(|s| s.dice_per_clue).unwrap_or(1)
    }

    /// Rerolls die `die` of the test under way for `source`.
    pub fn reroll_die(
        &mut self,
        die: usize,
        source: &Source,
        label: &str,
    ) -> Result<(), DiceError> {
        let to = self.dice.roll(label)?;
        let stage = self.stage.as_mut().expect("a test is under way");
        let from = std::mem::replace(&mut stage.faces[die], to);
        emit!(
            self,
            Event::Reroll {
                die: die + 1,
                from,
                to,
                source: source.clone(),
            }
        );
        Ok(())
    }

    /// Rerolls `dice` of the test under way one after the other (a token that rerolls several), the
    /// dice still to reroll kept in the test's state while each rolls.
    pub fn reroll_dice(
        &mut self,
        dice: &[usize],
        source: &Source,
        label: &str,
    ) -> Result<(), DiceError> {
        for (k, &die) in dice.iter().enumerate() {
            self.stage.as_mut().expect("a test is under way").rerolling = dice[k..].to_vec();
            self.reroll_die(die, source, label)?;
        }
        self.stage.as_mut().expect("a test is under way").rerolling = Vec::new();
        Ok(())
    }

    /// Rolls extra dice onto the test under way (AH2e Clue dice).
    pub fn add_die(&mut self, label: &str) -> Result<u8, DiceError> {
        let face = self.dice.roll(label)?;
        self.stage
            .as_mut()
            .expect("a test is under way")
            .faces
            .push(face);
        Ok(face)
    }

    /// The test under way: its number, its counting rules so far, and whether its dice are rolled yet.
    pub fn stage_rules(&self) -> Option<StageRules> {
        self.stage.as_ref().map(|s| StageRules {
            test: self.tests.len() + 1,
            success_from: s.success_from,
            counts: s.counts.clone(),
            rolled: !s.faces.is_empty(),
        })
    }

    /// The test under way, as hooks have left it so far.
    pub fn current_spec(&self) -> Option<&TestSpec> {
        self.stage.as_ref().map(|s| &s.spec)
    }

    /// The faces of the test under way (none when no test is).
    pub fn current_faces(&self) -> Vec<u8> {
        self.stage
            .as_ref()
            .map_or_else(Vec::new, |s| s.faces.clone())
    }

    pub fn current_faces_len(&self) -> usize {
        self.stage.as_ref().map_or(0, |s| s.faces.len())
    }

    pub fn current_difficulty(&self) -> u32 {
        self.stage.as_ref().map_or(1, |s| s.spec.difficulty)
    }
}
