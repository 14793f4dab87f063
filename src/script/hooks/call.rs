//! One hook call: the dice lent to the script, the call run in the sandbox, and its effects (or
//! what stopped it) handed back to the kernel.

use super::ScriptHooks;
use crate::kernel::{
    DiceError, DiceSource, Effect, Hook, HookCall, HookError, HookFault, HookSet, Hooks,
    KernelError,
};
use crate::script::context::{Ctx, State};
use crate::script::limits::Limits;
use rhai::CallFnOptions;
use std::cell::RefCell;
use std::rc::Rc;

impl Hooks for ScriptHooks {
    fn defined(&self, card: &str) -> HookSet {
        match self.compiled.get(card) {
            Some(c) => c.defined,
            // A card whose script was left uncompiled came into play after all: its first hook call
            // fails with the reason (never a card silently without its text).
            None if self.left_out.contains(card) => {
                Hook::ALL.into_iter().fold(HookSet::NONE, HookSet::with)
            }
            None => HookSet::NONE,
        }
    }

    fn call(
        &mut self,
        call: HookCall<'_>,
        dice: &mut DiceSource,
    ) -> Result<Vec<Effect>, KernelError> {
        self.calls += 1;
        let (Some(compiled), Some(engine)) = (self.compiled.get(call.card), &self.engine) else {
            if self.left_out.contains(call.card) {
                return Err(KernelError::Hook(HookError {
                    card: call.card.to_string(),
                    hook: call.hook,
                    message: "this card came into play, but its script was not compiled: the \
                              scenario's loading did not foresee it (a bug of mythos: please report \
                              it with the scenario)"
                        .to_string(),
                    fault: HookFault::Error,
                    line: None,
                    column: None,
                }));
            }
            return Ok(Vec::new());
        };
        let lent = std::mem::replace(dice, DiceSource::fixed(Vec::new()));
        let ctx = Ctx(Rc::new(RefCell::new(State {
            view: call.view,
            effects: Vec::new(),
            dice: lent,
            dice_error: None,
            card: compiled.id.clone(),
            too_many: false,
        })));
        self.printed.borrow_mut().start_hook();
        let options = CallFnOptions::new().eval_ast(false).rewind_scope(true);
        let result = engine.call_fn_with_options::<rhai::Dynamic>(
            options,
            &mut self.scope,
            &compiled.ast,
            call.hook.name(),
            (rhai::Dynamic::from(ctx.clone()),),
        );
        // Nothing of one call is seen by the next, whether or not it failed half-way.
        self.scope.clear();
        let state = Rc::try_unwrap(ctx.0)
            .map(RefCell::into_inner)
            .unwrap_or_else(|rc| {
                let mut s = rc.borrow_mut();
                State {
                    view: s.view.clone(),
                    effects: std::mem::take(&mut s.effects),
                    dice: std::mem::replace(&mut s.dice, DiceSource::fixed(Vec::new())),
                    dice_error: s.dice_error.take(),
                    card: s.card.clone(),
                    too_many: s.too_many,
                }
            });
        *dice = state.dice;
        if let Some(e) = state.dice_error {
            // A die rolled inside a script: the branch point is inside the hook, so exact odds must
            // not reuse another run's result at the same state.
            let e = match e {
                DiceError::NeedMore { n, .. } => DiceError::NeedMore { n, memo: false },
                other => other,
            };
            return Err(KernelError::Dice(e));
        }
        let stopped = {
            let out = self.printed.borrow();
            if out.runaway {
                Some(format!(
                    "asked to write more than {} bytes of text in one hook call",
                    Limits::PRINT_ASKED_PER_HOOK
                ))
            } else if out.run_spent {
                Some(format!(
                    "the hooks of this run took more than {} operations together",
                    Limits::RUN_OPERATIONS
                ))
            } else if out.hook_spent {
                Some(format!(
                    "took more than {} operations in one hook call (a function's work on a large \
                     array, map or string counts as many operations)",
                    Limits::OPERATIONS
                ))
            } else {
                None
            }
        };
        if let (Err(_), Some(message)) = (&result, stopped) {
            return Err(KernelError::Hook(HookError {
                card: call.card.to_string(),
                hook: call.hook,
                message,
                fault: HookFault::Limit,
                line: None,
                column: None,
            }));
        }
        if let Err(e) = result {
            return Err(KernelError::Hook(Self::hook_error(
                call.card, call.hook, &e,
            )));
        }
        if state.too_many {
            return Err(KernelError::Hook(HookError {
                card: call.card.to_string(),
                hook: call.hook,
                message: format!(
                    "more than {} effects asked for in one hook call",
                    Limits::EFFECTS
                ),
                fault: HookFault::Limit,
                line: None,
                column: None,
            }));
        }
        // What the hook printed, then its effects; its text (printed and `ctx.note`) within the
        // transcript budget.
        let mut printed = self.printed.borrow_mut();
        if printed.lines.is_empty() && !state.effects.iter().any(|e| matches!(e, Effect::Note(_))) {
            return Ok(state.effects);
        }
        let mut effects: Vec<Effect> = printed.lines.drain(..).map(Effect::Note).collect();
        effects.extend(state.effects.into_iter().filter_map(|e| match e {
            Effect::Note(text) => printed.admit(&text).map(Effect::Note),
            other => Some(other),
        }));
        Ok(effects)
    }
}
