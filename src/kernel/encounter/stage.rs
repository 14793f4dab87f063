//! The test under way as hooks build it up (`Stage`), how its faces count (`StageRules`), and the
//! view of it that hooks read.

use super::*;

/// How one test's faces counted once its after_roll hooks ran: the lowest success face, the
/// counting rules (`count_face`) and the negation rules (`negate_face`).
pub type RollRules = (u8, Vec<(u8, u32)>, Vec<(u8, u32)>);

/// How the faces of the test under way count (exact odds group faces by it).
#[derive(Debug, Clone, PartialEq)]
pub struct StageRules {
    pub test: usize,
    pub success_from: u8,
    pub counts: Vec<(u8, u32)>,
    /// Faces that negate successes (`negate_face`).
    pub negates: Vec<(u8, u32)>,
    /// Whether its dice are rolled yet.
    pub rolled: bool,
}

/// Per-test state that hooks build up before it is final.
#[derive(Debug, Clone, Hash)]
pub(super) struct Stage {
    pub(super) spec: TestSpec,
    pub(super) printed_skill: Skill,
    pub(super) bonuses: Vec<Bonus>,
    pub(super) additional: Vec<(Source, i32)>,
    pub(super) fewer: Vec<(Source, i32)>,
    pub(super) blocked: Vec<(BonusKind, Source)>,
    pub(super) success_from: u8,
    pub(super) counts: Vec<(u8, u32)>,
    /// Faces that negate successes, each with how many (`negate_face`; the result never below 0).
    pub(super) negates: Vec<(u8, u32)>,
    /// Successes cards added to the result (`add_successes`), each with its card.
    pub(super) added: Vec<(Source, u32)>,
    /// In a window after a reroll (`after_reroll`): the die just rerolled (`ctx.test.rerolled`).
    pub(super) rerolled: Option<usize>,
    /// How many windows after a reroll are open, one inside another (bounded by `REROLL_WINDOWS`).
    pub(super) windows: usize,
    /// The game's token step is over (`after_tokens` and after): the rest of the test differs from
    /// that of a die asked for in `after_roll`, before it.
    pub(super) tokens_spent: bool,
    pub(super) dice_per_clue: u32,
    /// AH2e: the dice each Clue token spent adds beyond its one (`extra_dice_per_clue`, summed).
    pub(super) extra_per_clue: u32,
    /// EH: how many dice one Focus spent on a reroll rerolls (1 by the rules; `dice_per_focus`).
    pub(super) dice_per_focus: u32,
    pub(super) faces: Vec<u8>,
    /// The dice still to reroll, the one rolling now first, while a token that rerolls several is
    /// resolved: the rest of the encounter depends on them (exact odds key a state by it).
    pub(super) rerolling: Vec<usize>,
    /// A card said not to resolve the test, with its reason.
    pub(super) skip: Option<(Source, String)>,
    /// A card defeated the monster before the test.
    pub(super) defeat: Option<Source>,
    /// A card made the test pass or fail automatically (the first card's word stands).
    pub(super) forced: Option<(Source, bool)>,
    /// The cards whose optional ("may") printed bonus the player takes on this test.
    pub(super) taken: Vec<String>,
    /// The dice its pool rolls, once assembled.
    pub(super) rolled: Option<usize>,
}

impl Stage {
    /// The successes cards added to the result (`add_successes`).
    pub(super) fn added_successes(&self) -> u32 {
        self.added.iter().map(|(_, n)| n).sum()
    }

    /// A test about to be assembled: nothing added to it yet.
    pub(super) fn new(spec: TestSpec) -> Stage {
        Stage {
            printed_skill: spec.skill,
            spec,
            bonuses: Vec::new(),
            additional: Vec::new(),
            fewer: Vec::new(),
            blocked: Vec::new(),
            success_from: 5,
            counts: Vec::new(),
            negates: Vec::new(),
            added: Vec::new(),
            rerolled: None,
            windows: 0,
            tokens_spent: false,
            dice_per_clue: 1,
            extra_per_clue: 0,
            dice_per_focus: 1,
            faces: Vec::new(),
            rerolling: Vec::new(),
            skip: None,
            defeat: None,
            forced: None,
            taken: Vec::new(),
            rolled: None,
        }
    }
}

impl Encounter {
    pub(super) fn stage_mut(
        &mut self,
        card: &str,
        hook: Hook,
        what: &'static str,
    ) -> Result<&mut Stage, KernelError> {
        self.table
            .stage
            .as_mut()
            .ok_or_else(|| Self::rule_error(card, hook, Refusal::NeedsTest { what }))
    }

    /// AH2e: the hands the round under way leaves free (the Axe's "if your other hand is empty"):
    /// [`crate::kernel::HANDS`] less the hands of the cards held this round. `None` before the first round.
    fn hands_free(&self) -> Option<u32> {
        let c = self.table.combat.as_ref()?;
        c.view.round?;
        let held: u32 = c
            .hands
            .iter()
            .map(|key| {
                self.setup
                    .catalog
                    .get(crate::kernel::split_copy(key).0)
                    .map_or(0, |card| card.hands)
            })
            .sum();
        Some(crate::kernel::HANDS.saturating_sub(held))
    }

    pub(super) fn view(&self, chosen_card: &str) -> TestView {
        // Only the fields a view shows are copied (no `TestSpec` is cloned at each hook call).
        let placeholder;
        let (spec, printed, faces, success_from, counts, negates) = match &self.table.stage {
            Some(s) => (
                &s.spec,
                s.printed_skill,
                s.faces.clone(),
                s.success_from,
                s.counts.clone(),
                s.negates.clone(),
            ),
            None => {
                placeholder = TestSpec::new(Skill::Will, "none");
                (
                    &placeholder,
                    Skill::Will,
                    Vec::new(),
                    5,
                    Vec::new(),
                    Vec::new(),
                )
            }
        };
        let successes = count_successes(&faces, success_from, &counts, &negates)
            + self.table.stage.as_ref().map_or(0, Stage::added_successes);
        // A test a card made pass or fail automatically has the result the card said (no dice).
        let forced = self
            .table
            .stage
            .as_ref()
            .and_then(|s| s.forced.as_ref().map(|f| f.1));
        TestView {
            game: self.setup.game,
            testing: self.table.stage.is_some(),
            skill: spec.skill,
            printed_skill: printed,
            passed: forced.unwrap_or(successes >= spec.difficulty && successes > 0),
            kind: spec.kind.clone(),
            modifier: spec.modifier,
            difficulty: spec.difficulty,
            in_combat: spec.in_combat,
            slot: spec.slot,
            faces,
            success_from,
            counts,
            negates,
            successes,
            loss: None,
            gaining: self.table.gaining.as_ref().map(|g| g.condition.clone()),
            discarded: self.table.discarded.clone(),
            becoming: self.table.becoming.as_ref().map(|b| b.view.clone()),
            store: Default::default(),
            exhausted: false,
            investigator: self.table.investigator.clone(),
            monster: self.table.current.map(|m| self.table.monsters[m].clone()),
            combat: self.table.combat.as_ref().map(|c| c.view.clone()),
            in_hand: self
                .table
                .combat
                .as_ref()
                .is_some_and(|c| c.hands.iter().any(|h| h == chosen_card)),
            cast: self
                .table
                .combat
                .as_ref()
                .is_some_and(|c| c.cast.iter().any(|h| h == chosen_card)),
            hands_free: self.hands_free(),
            origin: spec.origin.clone(),
            rerolled: self.table.stage.as_ref().and_then(|s| s.rerolled),
            open_gates: self.setup.rules.open_gates,
            terror_level: self.setup.rules.terror_level,
            environment: self.setup.rules.environment.clone(),
            board: self.setup.rules.board.clone(),
            pool: self.table.stage.as_ref().map(|s| match s.rolled {
                Some(rolled) => i32::try_from(rolled).unwrap_or(i32::MAX),
                None => assemble(&self.pool_input(), self.procedure().bonus_rule(), false).total,
            }),
            catalog: self.setup.catalog.clone(),
            chosen: self.is_chosen(chosen_card),
            investigators_in_game: self.setup.investigators_in_game,
            space_monsters: self.table.monsters.clone(),
        }
    }
}
