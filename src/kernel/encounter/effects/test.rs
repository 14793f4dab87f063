//! Effects on the tests themselves: not resolving the test under way, asking for another, casting a
//! spell now (its Spell check asked for).

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
                Refusal::AutomaticResultTooLate { passed, hook },
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

    /// How spell `card` (or a copy key of it) is cast, if it is a spell that prints how.
    pub(in crate::kernel::encounter) fn casting_of(
        &self,
        card: &str,
    ) -> Option<crate::kernel::Casting> {
        let id = crate::kernel::split_copy(card).0;
        self.setup.catalog.get(id).and_then(|c| c.casting)
    }

    /// AH2e, `ctx.card.cast()`: copy `key` of spell `card` is cast now, as its card says ("Cast and
    /// exhaust to pass a Horror check", before it): its Sanity cost is paid whether or not the
    /// Spell check passes (AH RB p.16, Casting Spells), it is exhausted, and its Spell check (Lore +
    /// casting modifier, from the spell) is queued as a test asked for here would be; passed, the
    /// spell is cast (`ctx.card.cast` for the rest of the combat, until a round's hands leave it).
    /// `modifier`: the one the card's text gives, for a casting modifier printed "Special".
    pub(in crate::kernel::encounter) fn cast_now(
        &mut self,
        card: &str,
        key: &str,
        hook: Hook,
        modifier: Option<i32>,
        hooks: &mut dyn Hooks,
    ) -> Result<(), KernelError> {
        let refuse = |r: CastRefusal| Err(Self::rule_error(card, hook, Refusal::Cast(r)));
        if self.setup.game != Game::Arkham {
            return refuse(CastRefusal::IsArkham);
        }
        let Some(casting) = self.casting_of(card) else {
            return refuse(CastRefusal::NotASpell);
        };
        let modifier = match (casting.modifier, modifier) {
            (Some(printed), None) => printed,
            (None, Some(given)) => given,
            (Some(printed), Some(_)) => {
                return refuse(CastRefusal::ModifierPrinted { printed });
            }
            (None, None) => {
                return refuse(CastRefusal::ModifierSpecial);
            }
        };
        if self.table.exhausted.contains(key) {
            return refuse(CastRefusal::Exhausted);
        }
        self.tests_left(card, hook, true)?;
        let id = crate::kernel::split_copy(card).0;
        self.pay_casting(id, key, casting, hooks, |m| Self::rule_error(card, hook, m))?;
        let src = Source::card(id);
        let mut spec = TestSpec::new(Skill::Lore, TestKind::Spell);
        spec.modifier = modifier;
        spec.casts = Some(key.to_string());
        self.queue_test(card, src, spec);
        Ok(())
    }

    /// What casting copy `key` of spell `id` costs, paid before its Spell check whether or not it
    /// passes: its Sanity cost (AH RB p.16, Casting Spells; `unpaid` words a cost he cannot pay),
    /// and its exhaustion ("Cast and exhaust", every AH2e spell: not cast again until it refreshes;
    /// AH wiki, Magic: a spell stopped "does not work again for that combat. Once exhausted, spells
    /// do not become refreshed until the next Upkeep phase"). For a round's cast and `ctx.card.cast`.
    pub(crate) fn pay_casting(
        &mut self,
        id: &str,
        key: &str,
        casting: crate::kernel::Casting,
        hooks: &mut dyn Hooks,
        unpaid: impl FnOnce(Refusal) -> KernelError,
    ) -> Result<(), KernelError> {
        if casting.sanity_cost > 0 {
            let src = Source::card(id);
            self.spend(Stat::Sanity, casting.sanity_cost, src.clone())
                .map_err(unpaid)?;
            self.record_status(&src, hooks)?;
        }
        self.exhaust(id, key);
        Ok(())
    }

    /// A passed Spell check that cast spell copy `key` now (`TestSpec::casts`): in a combat, the
    /// spell is cast, as a round's cast leaves it (its bonuses while its hands stay on it).
    pub fn cast_passed(&mut self, key: &str) {
        if let Some(c) = self.table.combat.as_mut()
            && !c.cast.iter().any(|k| k == key)
        {
            c.cast.push(key.to_string());
        }
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
        self.tests_left(card, hook, false)?;
        let mut spec = TestSpec::new(skill, kind);
        spec.modifier = modifier;
        self.queue_test(card, src, spec);
        Ok(())
    }

    /// Refused once cards have asked for `TESTS_PER_ENCOUNTER` tests in this encounter: `cast`,
    /// the card cast a spell (else it asked for a test).
    fn tests_left(&self, card: &str, hook: Hook, cast: bool) -> Result<(), KernelError> {
        if self.table.asked < crate::kernel::TESTS_PER_ENCOUNTER {
            return Ok(());
        }
        Err(limit_error(card, hook, KernelLimit::Tests { cast }))
    }

    /// Queues `spec`, asked for by copy `card`, for the next point the procedure allows: during
    /// the combat if one is under way, its origin the card.
    fn queue_test(&mut self, card: &str, src: Source, mut spec: TestSpec) {
        self.table.asked += 1;
        spec.in_combat = self.table.combat.is_some();
        spec.origin = Some(crate::kernel::split_copy(card).0.into());
        self.table.queued.push((src, spec));
    }
}
