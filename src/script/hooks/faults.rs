//! What goes wrong in a script, as a diagnostic: a hook that failed or ran into a sandbox limit, a
//! misnamed hook, a syntax error.

use super::ScriptHooks;
use crate::defs::{Code, Diagnostic, ScriptSource, SourceFile, closest};
use crate::kernel::{EffectAt, Hook, HookError, HookFault, HookSet};
use crate::script::check::where_in;
use crate::script::engine::DISABLED;
use crate::script::limits::Passed;
use crate::script::position::{fn_position, place};
use rhai::{AST, EvalAltResult, Position};
use std::ops::Range;

const HOOK_PREFIXES: [&str; 4] = ["before_", "after_", "on_", "when_"];

impl ScriptHooks {
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
            Code::SandboxLimit => "scripts run under fixed limits (operations, call depth, sizes): see docs/script-api.md, The sandbox",
            _ => "nothing of this hook was applied; the result shows the state before it ran",
        })
    }

    /// Where in its script the refused effect `at` of `card` was asked for: the file and the span of
    /// the call (`None` for an effect no call of the script made, as a line it printed).
    pub fn asked_at(&self, card: &str, at: EffectAt) -> Option<(&SourceFile, Range<usize>)> {
        let pos = *self.asked_at.get(at.depth)?.get(at.index)?;
        let src = self.sources.get(card)?;
        if pos.is_none() {
            return None;
        }
        let (_, _, line) = place(src, pos);
        Some((&src.file, call_span(&src.file.text, line)))
    }

    pub(super) fn hook_error(card: &str, hook: Hook, e: &EvalAltResult) -> HookError {
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
        // Rhai's own count of a call's operations says it as the engine's does (`Passed`).
        let message = match inner {
            EvalAltResult::ErrorTooManyOperations(_) => Passed::Operations.message(),
            _ => inner
                .to_string()
                .split(" (line ")
                .next()
                .unwrap_or_default()
                .to_string(),
        };
        HookError {
            card: card.to_string(),
            hook,
            message,
            fault,
            line: pos.line(),
            column: pos.position(),
        }
    }
}

/// The call that starts `line` (a span from a method's name to the end of its line): its name and
/// its parenthesised arguments, or the whole of `line` if it holds no such call.
fn call_span(text: &str, line: Range<usize>) -> Range<usize> {
    let here = &text[line.clone()];
    let name = here
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(here.len());
    if name == 0 || !here[name..].starts_with('(') {
        return line;
    }
    let mut depth = 0;
    for (i, c) in here[name..].char_indices() {
        match c {
            '(' => depth += 1,
            ')' if depth == 1 => return line.start..line.start + name + i + 1,
            ')' => depth -= 1,
            _ => {}
        }
    }
    line
}

/// The hooks `ast` defines (`fn name(ctx)` of a hook's name); a hook with another number of
/// parameters (E0404) and a function named like a hook that is none (E0405) go to `problems`.
pub(super) fn hooks_defined(
    ast: &AST,
    src: &ScriptSource,
    id: &str,
    problems: &mut Vec<Diagnostic>,
) -> HookSet {
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
                    format!("hook `{h}` of `{id}` takes {} parameters", f.params.len()),
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
                        None => {
                            "hooks: before_test, on_pool, after_roll, after_test, on_damage".into()
                        }
                    }),
                );
            }
            None => {}
        }
    }
    defined
}

/// The diagnostic of a script Rhai could not compile: a disabled keyword (E0408), a fraction (no
/// floats, E0401), or any other syntax error (E0401).
pub(super) fn syntax_problem(src: &ScriptSource, id: &str, e: &rhai::ParseError) -> Diagnostic {
    let (_, _, span) = place(src, e.position());
    let what = e.err_type().to_string();
    // Rhai names a disabled keyword in its message, except after a dot (`.curry(1)`: "expecting name
    // of a property"): then it is at the position.
    let here = &src.file.text[span.start..];
    let forbidden = DISABLED.into_iter().find(|k| {
        what.contains(&format!("'{k}'"))
            || here
                .strip_prefix(k)
                .is_some_and(|rest| !rest.starts_with(|c: char| c.is_alphanumeric() || c == '_'))
    });
    if let Some(k) = forbidden {
        return Diagnostic::new(
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
        });
    }
    // Rhai is built without floats: `1.5` reads as `1.` and a property `5`.
    let before = &src.file.text[..span.start];
    let fraction = here.starts_with(|c: char| c.is_ascii_digit())
        && before
            .strip_suffix('.')
            .is_some_and(|b| b.ends_with(|c: char| c.is_ascii_digit()));
    if !fraction {
        return Diagnostic::new(Code::ScriptSyntax, format!("script of `{id}`: {what}"))
            .at(&src.file, span)
            .label("here")
            .hint("the script API is listed in docs/script-api.md");
    }
    let start = before[..before.len() - 1]
        .trim_end_matches(|c: char| c.is_ascii_digit() || c == '_')
        .len();
    let end = span.start
        + here
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(here.len());
    let number = &src.file.text[start..end];
    Diagnostic::new(
        Code::ScriptSyntax,
        format!("script of `{id}`: `{number}` is not a whole number; card scripts have no fractions"),
    )
    .at(&src.file, start..end)
    .label("a fraction")
    .hint(
        "numbers in scripts are whole, so that every machine computes the same results (no floating \
         point): count in whole units",
    )
}
