//! One hook call: the dice lent to the script, the call run in the sandbox, and its effects (or
//! what stopped it) handed back to the kernel.

use super::ScriptHooks;
use crate::kernel::{
    DiceError, DiceSource, Effect, Hook, HookCall, HookError, HookFault, HookSet, Hooks,
    KernelError,
};
use crate::script::context::{Asked, Ctx, State};
use crate::script::limits::Passed;
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
        if self.cannot_apply_here(&call) {
            return Ok(Vec::new());
        }
        self.calls += 1;
        let (Some(compiled), Some(engine)) = (self.compiled.get(call.card), &self.engine) else {
            if self.left_out.contains(call.card) {
                return Err(not_compiled(call.card, call.hook));
            }
            return Ok(Vec::new());
        };
        let lent = std::mem::replace(dice, DiceSource::fixed(Vec::new()));
        let body = compiled.bodies.iter().find(|(h, _)| *h == call.hook);
        // A call declining every "may" is never looked up nor kept: its answers are not the state's.
        let memo = body
            .map(|(_, b)| &b.memo)
            .filter(|m| self.replay && !call.decline_mays && m.borrow().on());
        let state = State {
            view: call.view,
            effects: Vec::new(),
            asked_at: Vec::new(),
            dice: lent,
            dice_error: None,
            asked: if call.decline_mays {
                Asked::lend_declining(call.decisions)
            } else {
                Asked::lend(call.decisions)
            },
            card: compiled.id.clone(),
            too_many: None,
            reads: memo.map(|_| Vec::new()),
            replayable: true,
        };
        self.printed.borrow_mut().start_hook();
        // Looked up before the state is handed to a script (no `ctx` made for a call replayed).
        if let Some(memo) = memo {
            let found = memo.borrow_mut().find(&state);
            if let Some(r) = found
                && self.printed.borrow_mut().replay(r.operations)
            {
                *dice = state.dice;
                // A call that asked the player is never kept: nothing is asked here.
                let _ = state.asked.give_back(call.decisions);
                self.replayed += 1;
                return Ok(self.hand_back(call.depth, r.effects, r.at));
            }
        }
        let ctx = Ctx(Rc::new(RefCell::new(state)));
        let result = match body {
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
        let state = take_state(ctx);
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
        if let (Err(e), Some(message)) = (&result, self.limit_passed()) {
            // Where it stopped: the statement under way in the hook's body, or the call in it of
            // the function that was running.
            return Err(limit_error(call.card, call.hook, message, e.position()));
        }
        if let Err(e) = result {
            return Err(KernelError::Hook(Self::hook_error(
                call.card, call.hook, &e,
            )));
        }
        if let Some(at) = state.too_many {
            let message = Passed::Effects.message();
            return Err(limit_error(call.card, call.hook, message, at));
        }
        if let Some(memo) = memo
            && let Some(reads) = state.reads
            && state.replayable
            && self.printed.borrow().printed_nothing()
        {
            let operations = self.printed.borrow().hook_operations();
            memo.borrow_mut()
                .keep(reads, &state.effects, &state.asked_at, operations);
        }
        Ok(self.hand_back(call.depth, state.effects, state.asked_at))
    }

    fn may_tell_faces_apart(&self, spec: &crate::kernel::TestSpec) -> bool {
        self.compiled_cards()
            .any(|(id, _)| self.reads_faces_in(id, spec))
    }
}

impl ScriptHooks {
    /// The sandbox limit the last call passed, if any, in words (Rhai's own error says only that it
    /// stopped).
    fn limit_passed(&self) -> Option<String> {
        let out = self.printed.borrow();
        let passed = if out.runaway {
            Passed::PrintAsked
        } else if out.run_spent {
            Passed::RunOperations
        } else if out.hook_spent {
            Passed::Operations
        } else {
            return None;
        };
        Some(passed.message())
    }

    /// The effects of a call that ended well, handed back to the kernel: what the hook printed,
    /// then its effects, its text (printed and `ctx.note`) within the transcript budget.
    fn hand_back(
        &mut self,
        depth: usize,
        effects: Vec<Effect>,
        positions: Vec<Position>,
    ) -> Vec<Effect> {
        // Where each effect was asked for, kept for the call's depth (a refused effect is shown at its
        // line): a call at that depth replaces it, once the kernel is done with this one.
        if self.asked_at.len() <= depth {
            self.asked_at.resize_with(depth + 1, Vec::new);
        }
        let asked_at = &mut self.asked_at[depth];
        asked_at.clear();
        let mut printed = self.printed.borrow_mut();
        if printed.lines.is_empty() && !effects.iter().any(|e| matches!(e, Effect::Note(_))) {
            asked_at.extend(positions);
            return effects;
        }
        asked_at.extend(printed.lines.iter().map(|_| Position::NONE));
        let mut kept_effects: Vec<Effect> = printed.lines.drain(..).map(Effect::Note).collect();
        for (e, at) in effects.into_iter().zip(positions) {
            let kept = match e {
                Effect::Note(text) => printed.admit(&text).map(Effect::Note),
                other => Some(other),
            };
            if let Some(e) = kept {
                kept_effects.push(e);
                asked_at.push(at);
            }
        }
        kept_effects
    }
}

/// The call of a card whose script was not compiled (loading did not foresee it in play).
fn not_compiled(card: &str, hook: Hook) -> KernelError {
    KernelError::Hook(HookError {
        card: card.to_string(),
        hook,
        message: "this card came into play, but its script was not compiled: the scenario's \
                  loading did not foresee it (a bug of mythos: please report it with the scenario)"
            .to_string(),
        fault: HookFault::Error,
        line: None,
        column: None,
    })
}

/// A sandbox limit a hook passed, at `at` in its script.
fn limit_error(card: &str, hook: Hook, message: String, at: Position) -> KernelError {
    KernelError::Hook(HookError {
        card: card.to_string(),
        hook,
        message,
        fault: HookFault::Limit,
        line: at.line(),
        column: at.position(),
    })
}

/// What the script's `ctx` holds once the call is over (taken out if the script kept a copy of it).
fn take_state(ctx: Ctx) -> State {
    Rc::try_unwrap(ctx.0)
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
                reads: s.reads.take(),
                replayable: s.replayable,
            }
        })
}
