//! Hook dispatch: every script compiled once at load, its hooks indexed, and each call run in the
//! sandbox with the dice lent to the script and its effects handed back to the kernel.

use super::check::{Known, check, where_in};
use super::context::{Ctx, State};
use super::engine::{DISABLED, Output, Printed, sandboxed_engine};
use super::limits::Limits;
use super::position::{fn_position, place};
use crate::defs::{CardSet, Code, Diagnostic, ScriptSource, closest};
use crate::kernel::{
    DiceError, DiceSource, Effect, Hook, HookCall, HookError, HookFault, HookSet, Hooks,
    KernelError,
};
use rhai::{AST, CallFnOptions, Engine, EvalAltResult, Position, Scope};
use rustc_hash::FxHashMap;
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;

struct Compiled {
    ast: AST,
    /// The hooks it defines.
    defined: HookSet,
    /// The card's id, as `ctx.card.id` hands it out.
    id: rhai::ImmutableString,
}

pub struct ScriptHooks {
    engine: Engine,
    printed: Printed,
    /// By card id (FxHash: the kernel asks for a card at every hook point, and the ids are the pack's
    /// own, not hostile keys).
    compiled: FxHashMap<String, Compiled>,
    /// One scope for every call: the call rewinds it, and its storage is kept.
    scope: Scope<'static>,
    sources: BTreeMap<String, ScriptSource>,
    /// Hook calls made so far (the benchmark compares against the cost of one Rhai call).
    calls: u64,
}

const HOOK_PREFIXES: [&str; 4] = ["before_", "after_", "on_", "when_"];

impl ScriptHooks {
    /// Compiles every script of `set`, reporting every syntax error and every misnamed hook at once.
    pub fn compile(set: &CardSet) -> Result<ScriptHooks, Vec<Diagnostic>> {
        let printed: Printed = Rc::new(RefCell::new(Output::default()));
        let engine = sandboxed_engine(printed.clone());
        let mut compiled = FxHashMap::default();
        let mut problems = Vec::new();
        let known = Known::of(&engine);
        for (id, src) in &set.scripts {
            match engine.compile(&src.code) {
                Ok(ast) => {
                    let first = problems.len();
                    problems.extend(check(&ast, src, &known, set));
                    let mut defined = HookSet::NONE;
                    for f in ast.iter_functions() {
                        let (_, _, span) = place(src, fn_position(&src.code, f.name));
                        match Hook::parse(f.name) {
                            Some(h) if f.params.len() == 1 => {
                                defined = defined.with(h);
                            }
                            Some(h) => problems.push(
                                Diagnostic::new(
                                    Code::HookArity,
                                    format!(
                                        "hook `{h}` of `{id}` takes {} parameters",
                                        f.params.len()
                                    ),
                                )
                                .at(&src.file, span)
                                .hint(format!("write it `fn {h}(ctx) {{ ... }}`")),
                            ),
                            None if HOOK_PREFIXES.iter().any(|p| f.name.starts_with(p)) => {
                                let near = closest(f.name, Hook::ALL.iter().map(|h| h.name()));
                                problems.push(
                                    Diagnostic::new(
                                        Code::NotAHook,
                                        format!("`{}` in `{id}` is not a hook", f.name),
                                    )
                                    .at(&src.file, span)
                                    .hint(match near.first() {
                                        Some(n) => format!("did you mean `{n}`?"),
                                        None => "hooks: before_test, on_pool, after_roll, after_test, on_damage".into(),
                                    }),
                                );
                            }
                            None => {}
                        }
                    }
                    // This script's problems in the order of its lines.
                    problems[first..].sort_by_key(|d| d.span.start);
                    compiled.insert(
                        id.clone(),
                        Compiled {
                            defined,
                            ast,
                            id: id.as_str().into(),
                        },
                    );
                }
                Err(e) => {
                    let (_, _, span) = place(src, e.position());
                    let what = e.err_type().to_string();
                    // Rhai names a disabled keyword in its message, except after a dot
                    // (`.curry(1)`: "expecting name of a property"): then it is at the position.
                    let here = &src.file.text[span.start..];
                    let forbidden = DISABLED.into_iter().find(|k| {
                        what.contains(&format!("'{k}'"))
                            || here.strip_prefix(k).is_some_and(|rest| {
                                !rest.starts_with(|c: char| c.is_alphanumeric() || c == '_')
                            })
                    });
                    // Rhai is built without floats: `1.5` reads as `1.` and a property `5`.
                    let before = &src.file.text[..span.start];
                    let fraction = here.starts_with(|c: char| c.is_ascii_digit())
                        && before
                            .strip_suffix('.')
                            .is_some_and(|b| b.ends_with(|c: char| c.is_ascii_digit()));
                    if forbidden.is_none() && fraction {
                        let start = before[..before.len() - 1]
                            .trim_end_matches(|c: char| c.is_ascii_digit() || c == '_')
                            .len();
                        let end = span.start
                            + here
                                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                                .unwrap_or(here.len());
                        let number = &src.file.text[start..end];
                        problems.push(
                            Diagnostic::new(
                                Code::ScriptSyntax,
                                format!(
                                    "script of `{id}`: `{number}` is not a whole number; card \
                                     scripts have no fractions"
                                ),
                            )
                            .at(&src.file, start..end)
                            .label("a fraction")
                            .hint(
                                "numbers in scripts are whole, so that every machine computes the \
                                 same results (no floating point): count in whole units",
                            ),
                        );
                        continue;
                    }
                    problems.push(match forbidden {
                        Some(k) => Diagnostic::new(
                            Code::Forbidden,
                            format!(
                                "`{id}`{}: `{k}` is not allowed in card scripts",
                                where_in(src, e.position())
                            ),
                        )
                        .at(&src.file, span.start..span.start + k.len())
                        .label("sandboxed")
                        .hint(match k {
                            "Fn" | "curry" => "function pointers hold data the sandbox's size limits do not see: call the function by name",
                            _ => "a card script stands alone and runs only its own code: write the helper function in the same script",
                        }),
                        None => Diagnostic::new(Code::ScriptSyntax, format!("script of `{id}`: {what}"))
                            .at(&src.file, span)
                            .label("here")
                            .hint("the script API is in the README's modder's guide"),
                    });
                }
            }
        }
        if !problems.is_empty() {
            return Err(problems);
        }
        Ok(ScriptHooks {
            engine,
            printed,
            compiled,
            scope: Scope::new(),
            sources: set.scripts.clone(),
            calls: 0,
        })
    }

    /// A new run begins: the transcript budget of scripts is whole again.
    pub fn start_run(&mut self) {
        self.printed.borrow_mut().start_run();
    }

    /// Operations the hooks of the current run have taken so far (what the sandbox counts against
    /// `Limits::RUN_OPERATIONS`): odds add them up over all runs.
    pub fn run_operations(&self) -> u64 {
        self.printed.borrow().run_operations()
    }

    /// How many hooks have been called.
    #[cfg_attr(
        not(feature = "bench"),
        expect(dead_code, reason = "read by benches/engine.rs only")
    )]
    pub fn calls(&self) -> u64 {
        self.calls
    }

    /// The diagnostic for an error raised while a hook ran.
    pub fn diagnostic(&self, e: &HookError) -> Diagnostic {
        let code = match e.fault {
            HookFault::Limit => Code::SandboxLimit,
            HookFault::Error => Code::HookFailed,
        };
        let mut d = Diagnostic::new(
            code,
            format!("`{}` in hook `{}`: {}", e.card, e.hook, e.message),
        );
        if let Some(src) = self.sources.get(&e.card) {
            let pos = match (e.line, e.column) {
                (Some(l), Some(c)) => Position::new(l as u16, c as u16),
                _ => fn_position(&src.code, e.hook.name()),
            };
            let (_, _, span) = place(src, pos);
            d = d.at(&src.file, span).label("while running this");
        }
        d.hint(match code {
            Code::SandboxLimit => "scripts run under fixed limits (operations, call depth, sizes): see the README's sandbox section",
            _ => "nothing of this hook was applied; the result shows the state before it ran",
        })
    }

    fn hook_error(card: &str, hook: Hook, e: &EvalAltResult) -> HookError {
        // The innermost error: one inside a nested call names what and where it really happened.
        // Where no position comes with it (a sandbox limit), the deepest call that led to it.
        let mut inner = e;
        let mut call_site = e.position();
        while let EvalAltResult::ErrorInFunctionCall(_, _, next, at) = inner {
            if !at.is_none() {
                call_site = *at;
            }
            inner = next;
        }
        let fault = match inner {
            EvalAltResult::ErrorTooManyOperations(_)
            | EvalAltResult::ErrorStackOverflow(_)
            | EvalAltResult::ErrorDataTooLarge(..)
            | EvalAltResult::ErrorTooManyVariables(_)
            | EvalAltResult::ErrorTooManyModules(_) => HookFault::Limit,
            _ => HookFault::Error,
        };
        let pos = if inner.position().is_none() {
            call_site
        } else {
            inner.position()
        };
        HookError {
            card: card.to_string(),
            hook,
            message: inner
                .to_string()
                .split(" (line ")
                .next()
                .unwrap_or_default()
                .to_string(),
            fault,
            line: pos.line(),
            column: pos.position(),
        }
    }
}

impl Hooks for ScriptHooks {
    fn defined(&self, card: &str) -> HookSet {
        self.compiled.get(card).map_or(HookSet::NONE, |c| c.defined)
    }

    fn call(
        &mut self,
        call: HookCall<'_>,
        dice: &mut DiceSource,
    ) -> Result<Vec<Effect>, KernelError> {
        self.calls += 1;
        let Some(compiled) = self.compiled.get(call.card) else {
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
        let result = self.engine.call_fn_with_options::<rhai::Dynamic>(
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
