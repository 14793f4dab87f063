//! Effects on the tests themselves: not resolving the test under way, asking for another.

use super::*;

impl Encounter {
    /// The test under way passes or fails automatically; asked once its dice are rolled, it is too
    /// late (the hook fails).
    pub(super) fn auto_result(
        &mut self,
        card: &str,
        hook: Hook,
        src: Source,
        passed: bool,
    ) -> Result<(), KernelError> {
        if !matches!(hook, Hook::BeforeTest | Hook::OnPool) {
            return Err(Self::rule_error(
                card,
                hook,
                format!(
                    "`ctx.test.{}` is for before_test or on_pool: in {hook} the dice are rolled",
                    if passed { "auto_pass" } else { "auto_fail" }
                ),
            ));
        }
        let stage = self.stage_mut(card, hook, "an automatic result")?;
        stage.forced.get_or_insert((src, passed));
        Ok(())
    }

    pub(super) fn skip_test(
        &mut self,
        card: &str,
        hook: Hook,
        src: Source,
        reason: String,
    ) -> Result<(), KernelError> {
        let stage = self.stage_mut(card, hook, "skip")?;
        stage.skip.get_or_insert((src, reason));
        Ok(())
    }

    /// A test a card asks for, queued for the next point the procedure allows (at most
    /// `TESTS_PER_ENCOUNTER` in one encounter).
    pub(super) fn ask_test(
        &mut self,
        card: &str,
        hook: Hook,
        src: Source,
        skill: Skill,
        modifier: i32,
        kind: TestKind,
    ) -> Result<(), KernelError> {
        if self.asked >= crate::kernel::TESTS_PER_ENCOUNTER {
            return Err(limit_error(
                card,
                hook,
                format!(
                    "asked for a test beyond the {} that cards may ask for in one encounter",
                    crate::kernel::TESTS_PER_ENCOUNTER
                ),
            ));
        }
        self.asked += 1;
        let mut spec = TestSpec::new(skill, kind);
        spec.modifier = modifier;
        spec.in_combat = self.combat.is_some();
        spec.origin = Some(crate::kernel::split_copy(card).0.to_string());
        self.queued.push((src, spec));
        Ok(())
    }
}
