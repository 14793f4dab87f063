//! The hook points, and the set of them one card defines. Imports nothing. The hooks
//! `before_encounter` and `after_encounter` keep the rules' word in their script names; in the code
//! they are `Hook::BeforeCombat` and `Hook::AfterCombat`.

use std::fmt;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Hook {
    BeforeCombat,
    BeforeTest,
    OnPool,
    AfterRoll,
    AfterTest,
    OnDamage,
    AfterCombat,
    /// A Condition is about to be gained (`TestView::gaining`): a held card may replace the gain
    /// (Blessed: "If you would gain a Cursed Condition, discard this card instead").
    OnGainCondition,
    /// A status is about to take effect (a knock-out, a defeat, a status a card sets, Delayed): a
    /// card may replace it (`TestView::becoming`).
    OnStatus,
    /// AH2e: a round of Fight or Flee ended and the combat goes on.
    AfterRound,
    /// A die of the test under way was rerolled (by a card, a Clue or a Focus): a card may react to
    /// its new face (`TestView::rerolled`), rerolling it again ("as many times as it shows 1").
    AfterReroll,
    /// The player's tokens of the test under way are spent (AH2e: the Clue dice added; EH: the Clue
    /// and Focus rerolls made), every die on the table, before successes are final: a card that acts
    /// "after making a skill check" reaches the Clue dice too (Mandy Thompson's Research).
    AfterTokens,
    /// A Condition was discarded (`TestView::discarded`): a card in play may react to it.
    OnDiscardCondition,
    /// The investigator takes the Action this card prints (EH "Action:", "Local Action:"; AH2e
    /// "Movement:"), outside any combat: called on that card only.
    OnAction,
    /// EH: the Reckoning of the Mythos Phase: a card he holds resolves its "RECKONING:" effect.
    OnReckoning,
    /// AH2e: the Upkeep Phase before the encounter: a card he holds resolves its "Upkeep:" effect.
    OnUpkeep,
}

impl Hook {
    pub const ALL: [Hook; 16] = [
        Hook::BeforeCombat,
        Hook::BeforeTest,
        Hook::OnPool,
        Hook::AfterRoll,
        Hook::AfterTest,
        Hook::OnDamage,
        Hook::AfterCombat,
        Hook::OnGainCondition,
        Hook::OnStatus,
        Hook::AfterRound,
        Hook::AfterReroll,
        Hook::AfterTokens,
        Hook::OnDiscardCondition,
        Hook::OnAction,
        Hook::OnReckoning,
        Hook::OnUpkeep,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Hook::BeforeCombat => "before_encounter",
            Hook::BeforeTest => "before_test",
            Hook::OnPool => "on_pool",
            Hook::AfterRoll => "after_roll",
            Hook::AfterTest => "after_test",
            Hook::OnDamage => "on_damage",
            Hook::AfterCombat => "after_encounter",
            Hook::OnGainCondition => "on_gain_condition",
            Hook::OnStatus => "on_status",
            Hook::AfterRound => "after_round",
            Hook::AfterReroll => "after_reroll",
            Hook::AfterTokens => "after_tokens",
            Hook::OnDiscardCondition => "on_discard_condition",
            Hook::OnAction => "on_action",
            Hook::OnReckoning => "on_reckoning",
            Hook::OnUpkeep => "on_upkeep",
        }
    }

    pub fn parse(s: &str) -> Option<Hook> {
        Hook::ALL.into_iter().find(|h| h.name() == s)
    }

    const fn bit(self) -> u16 {
        1 << self as u8
    }
}

/// The hooks one card defines.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct HookSet(u16);

impl HookSet {
    pub const NONE: HookSet = HookSet(0);

    #[must_use]
    pub const fn with(self, hook: Hook) -> HookSet {
        HookSet(self.0 | hook.bit())
    }

    /// The hooks of either set.
    #[must_use]
    pub const fn union(self, other: HookSet) -> HookSet {
        HookSet(self.0 | other.0)
    }

    pub const fn contains(self, hook: Hook) -> bool {
        self.0 & hook.bit() != 0
    }
}

impl fmt::Display for Hook {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
