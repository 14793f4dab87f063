//! Hook calls that cannot apply in the test under way: a hook of a test (`before_test`, `on_pool`,
//! `after_roll`, `after_tokens`, `after_test`) whose every `if` is false for that test's skill, kind, slot and combat
//! (`applies::never_applies_in_test`; the Double-barreled Shotgun's "Strength test during a Combat
//! Encounter" in the Will test of a combat) is not called in it. Such a call would return no effect,
//! print nothing, roll nothing and raise nothing; leaving it out only saves the Rhai call. Asked once
//! for each card, hook and test facts, and kept with the card's compiled script.

use super::{Compiled, ScriptHooks};
use crate::kernel::{Hook, HookCall, LossView};
use crate::script::applies::{self, LossFacts, TestFacts};

/// One answer kept: the hook, whether the card is chosen, whether the player is asked each "may",
/// the test's facts, and whether the hook cannot apply there.
pub(super) type Kept = (Hook, bool, bool, TestFacts, bool);

/// The same for `on_damage`: whether the card is chosen, whether the player is asked, the loss's
/// facts, and whether the hook cannot apply there.
pub(super) type KeptLoss = (bool, bool, LossFacts, bool);

/// The hooks fired inside a test, where `ctx.test` is the test under way.
const IN_TEST: [Hook; 5] = [
    Hook::BeforeTest,
    Hook::OnPool,
    Hook::AfterRoll,
    Hook::AfterTokens,
    Hook::AfterTest,
];

impl ScriptHooks {
    /// Whether `call`, a hook fired in a test, cannot apply in that test (false for a hook fired
    /// outside one, or of a card with no script).
    pub(super) fn cannot_apply_here(&mut self, call: &HookCall<'_>) -> bool {
        let v = &call.view;
        if call.hook == Hook::OnDamage
            && let Some(loss) = &v.loss
        {
            return self.cannot_apply_at_loss(call.card, v.chosen, loss);
        }
        if !v.testing || !IN_TEST.contains(&call.hook) {
            return false;
        }
        let deciding = self.deciding;
        let Some(c) = self.compiled.get_mut(call.card) else {
            return false;
        };
        let same = |(h, chosen, d, f, _): &Kept| {
            *h == call.hook
                && *chosen == v.chosen
                && *d == deciding
                && f.in_combat == v.in_combat
                && f.skill == v.skill.as_str()
                && f.kind == v.kind.as_str()
                && f.slot.as_deref() == v.slot.map(|s| s.as_str())
        };
        if let Some(k) = c.in_test.iter().find(|k| same(k)) {
            return k.4;
        }
        let facts = TestFacts {
            skill: v.skill.as_str().to_string(),
            kind: v.kind.as_str().to_string(),
            slot: v.slot.map(|s| s.as_str().to_string()),
            in_combat: v.in_combat,
        };
        let never = never_here(c, call.hook, v.chosen, deciding, &facts);
        c.in_test
            .push((call.hook, v.chosen, deciding, facts, never));
        never
    }
}

impl ScriptHooks {
    /// Whether `on_damage` of `card` cannot apply at `loss` (false for a card with no script).
    fn cannot_apply_at_loss(&mut self, card: &str, chosen: bool, loss: &LossView) -> bool {
        let deciding = self.deciding;
        let Some(c) = self.compiled.get_mut(card) else {
            return false;
        };
        let same = |(ch, d, f, _): &KeptLoss| {
            *ch == chosen
                && *d == deciding
                && f.target == loss.target.key()
                && f.stat == loss.stat.as_str()
        };
        if let Some(k) = c.at_loss.iter().find(|k| same(k)) {
            return k.3;
        }
        let facts = LossFacts::at(loss);
        let enc = applies::Encounter {
            chosen,
            no_combat: false,
            deciding,
        };
        let never = applies::never_applies_to_loss(&c.ast, enc, &facts);
        c.at_loss.push((chosen, deciding, facts, never));
        never
    }
}

fn never_here(c: &Compiled, hook: Hook, chosen: bool, deciding: bool, facts: &TestFacts) -> bool {
    let enc = applies::Encounter {
        chosen,
        no_combat: !facts.in_combat,
        deciding,
    };
    applies::never_applies_in_test(&c.ast, hook, enc, facts)
}
