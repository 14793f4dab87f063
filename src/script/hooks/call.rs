//! One hook call: the dice lent to the script, the call run in the sandbox, and its effects (or
//! what stopped it) handed back to the kernel.

use super::ScriptHooks;
use crate::kernel::{
    DiceError, DiceSource, Effect, Hook, HookCall, HookError, HookFault, HookSet, Hooks,
    KernelError,
};
use crate::script::context::{Asked, Ctx, State};
use crate::script::limits::Limits;
use rhai::Position;
use std::cell::RefCell;
use std::rc::Rc;

impl Hooks for ScriptHooks {
    fn defined(&self, card: &str) -> HookSet {
        match self.compiled.get(card) {
            Some(c) if self.deciding => c.defined_deciding,
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
            asked_at: Vec::new(),
            dice: lent,
            dice_error: None,
            asked: Asked::lend(call.decisions),
            card: compiled.id.clone(),
            too_many: None,
        })));
        self.printed.borrow_mut().start_hook();
        let result = match compiled.bodies.iter().find(|(h, _)| *h == call.hook) {
            Some((_, body)) => {
                self.scope
                    .push(body.param.as_str(), rhai::Dynamic::from(ctx.clone()));
                engine.eval_ast_with_scope::<rhai::Dynamic>(&mut self.scope, &body.ast)
            }
            // A hook the card does not define is never called (`defined`).
            None => Ok(rhai::Dynamic::UNIT),
        };
        // Nothing of one call is seen by the next, whether or not it failed half-way.
        self.scope.clear();
        let state = Rc::try_unwrap(ctx.0)
            .map(RefCell::into_inner)
            .unwrap_or_else(|rc| {
                let mut s = rc.borrow_mut();
                State {
                    view: s.view.clone(),
                    effects: std::mem::take(&mut s.effects),
                    asked_at: std::mem::take(&mut s.asked_at),
                    dice: std::mem::replace(&mut s.dice, DiceSource::fixed(Vec::new())),
                    dice_error: s.dice_error.take(),
                    asked: std::mem::take(&mut s.asked),
                    card: s.card.clone(),
                    too_many: s.too_many,
                }
            });
        *dice = state.dice;
        // A question the script asked that the answers given do not reach: the run stops there, as
        // for dice, whatever the script made of the error.
        if let Some(need) = state.asked.give_back(call.decisions) {
            return Err(KernelError::Decision(need));
        }
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
        if let (Err(e), Some(message)) = (&result, stopped) {
            // Where it stopped: the statement under way in the hook's body, or the call in it of
            // the function that was running.
            let at = e.position();
            return Err(KernelError::Hook(HookError {
                card: call.card.to_string(),
                hook: call.hook,
                message,
                fault: HookFault::Limit,
                line: at.line(),
                column: at.position(),
            }));
        }
        if let Err(e) = result {
            return Err(KernelError::Hook(Self::hook_error(
                call.card, call.hook, &e,
            )));
        }
        if let Some(at) = state.too_many {
            return Err(KernelError::Hook(HookError {
                card: call.card.to_string(),
                hook: call.hook,
                message: format!(
                    "more than {} effects asked for in one hook call",
                    Limits::EFFECTS
                ),
                fault: HookFault::Limit,
                line: at.line(),
                column: at.position(),
            }));
        }
        // What the hook printed, then its effects; its text (printed and `ctx.note`) within the
        // transcript budget.
        // Where each effect was asked for, kept for the call's depth (a refused effect is shown at its
        // line): a call at that depth replaces it, once the kernel is done with this one.
        if self.asked_at.len() <= call.depth {
            self.asked_at.resize_with(call.depth + 1, Vec::new);
        }
        let asked_at = &mut self.asked_at[call.depth];
        asked_at.clear();
        let mut printed = self.printed.borrow_mut();
        if printed.lines.is_empty() && !state.effects.iter().any(|e| matches!(e, Effect::Note(_))) {
            asked_at.extend(state.asked_at);
            return Ok(state.effects);
        }
        asked_at.extend(printed.lines.iter().map(|_| Position::NONE));
        let mut effects: Vec<Effect> = printed.lines.drain(..).map(Effect::Note).collect();
        for (e, at) in state.effects.into_iter().zip(state.asked_at) {
            let kept = match e {
                Effect::Note(text) => printed.admit(&text).map(Effect::Note),
                other => Some(other),
            };
            if let Some(e) = kept {
                effects.push(e);
                asked_at.push(at);
            }
        }
        Ok(effects)
    }
}
