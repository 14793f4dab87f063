//! Hook dispatch: every script compiled once at load, its hooks indexed, and each call run in the
//! sandbox with the dice lent to the script and its effects handed back to the kernel.

use super::applies;
use super::check::{Known, check, where_in};
use super::context::{Ctx, State};
use super::engine::{DISABLED, Output, Printed, RunUsage, sandboxed_engine};
use super::limits::Limits;
use super::position::{fn_position, place};
use super::reach::brought_into_play;
use crate::defs::{CardSet, Code, Diagnostic, ScriptSource, closest};
use crate::kernel::{
    DiceError, DiceSource, Effect, Hook, HookCall, HookError, HookFault, HookSet, Hooks,
    KernelError,
};
use rhai::{AST, CallFnOptions, Engine, EvalAltResult, Position, Scope};
use rustc_hash::{FxHashMap, FxHashSet};
use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};
use std::rc::Rc;
use std::sync::OnceLock;

pub(super) struct Compiled {
    pub(super) ast: AST,
    /// The hooks it defines.
    pub(super) defined: HookSet,
    /// Those of them that may read raw faces (`faces.rs`).
    pub(super) reads_faces: HookSet,
    /// The card's id, as `ctx.card.id` hands it out.
    id: rhai::ImmutableString,
}

pub struct ScriptHooks {
    /// Made only when there is a script to compile (a scenario with no script in play needs none).
    engine: Option<Engine>,
    printed: Printed,
    /// By card id (FxHash: the kernel asks for a card at every hook point, and the ids are the pack's
    /// own, not hostile keys).
    compiled: FxHashMap<String, Compiled>,
    /// The cards that have a script left uncompiled because they cannot come into play: should one be
    /// asked for all the same, its call fails loudly instead of being skipped.
    left_out: FxHashSet<String>,
    /// One scope for every call: the call rewinds it, and its storage is kept.
    scope: Scope<'static>,
    sources: BTreeMap<String, ScriptSource>,
    /// Hook calls made so far (the benchmark compares against the cost of one Rhai call).
    calls: u64,
}

const HOOK_PREFIXES: [&str; 4] = ["before_", "after_", "on_", "when_"];

/// What the engine registers, read once for the process (the same for every engine made here).
fn known() -> &'static Known {
    static KNOWN: OnceLock<Known> = OnceLock::new();
    KNOWN.get_or_init(|| Known::of(&sandboxed_engine(Printed::default())))
}

impl ScriptHooks {
    /// Compiles every script of `set`, reporting every syntax error, every misnamed hook and every
    /// problem `check` finds at once (`mythos validate`).
    pub fn compile(set: &CardSet) -> Result<ScriptHooks, Vec<Diagnostic>> {
        let all: Vec<&str> = set.scripts.keys().map(String::as_str).collect();
        Self::compile_ids(set, &all, &|_| true)
    }

    /// Compiles the scripts of `ids` (a scenario's: [`ScriptHooks::needed`]), checking as `compile`
    /// does every one that is not the built-in base pack's own; those the test suite checks.
    pub fn compile_for(set: &CardSet, ids: &[String]) -> Result<ScriptHooks, Vec<Diagnostic>> {
        let ids: Vec<&str> = ids.iter().map(String::as_str).collect();
        Self::compile_ids(set, &ids, &|id| !set.script_is_built_in(id))
    }

    /// The scripts a scenario compiles, as card ids in id order: those of the cards in `in_play` and
    /// of every card their scripts can bring into play (`reach.rs`), followed to the end (a card
    /// brought into play may bring another), or every script when one names the card it brings into
    /// play by anything but a literal; and, so that a broken script is reported as before, every
    /// script that is not the built-in base pack's own (a pack's, `--base DIR`'s, an inline card's).
    /// A built-in script whose card cannot come into play is left out.
    pub fn needed<'a>(set: &CardSet, in_play: impl IntoIterator<Item = &'a str>) -> Vec<String> {
        let engine = Engine::new_raw();
        let mut needed: BTreeSet<String> = set
            .scripts
            .keys()
            .filter(|id| !set.script_is_built_in(id))
            .cloned()
            .collect();
        let mut todo: Vec<String> = in_play.into_iter().map(str::to_string).collect();
        todo.extend(needed.iter().cloned());
        let mut seen: BTreeSet<String> = BTreeSet::new();
        while let Some(id) = todo.pop() {
            if !seen.insert(id.clone()) {
                continue;
            }
            let Some(src) = set.scripts.get(&id) else {
                continue;
            };
            needed.insert(id);
            // A script that does not compile brings nothing: compiling it reports it.
            let Ok(ast) = engine.compile(&src.code) else {
                continue;
            };
            match brought_into_play(&ast, set) {
                Some(ids) => todo.extend(ids),
                None => return set.scripts.keys().cloned().collect(),
            }
        }
        needed.into_iter().collect()
    }

    /// Compiles the scripts of `ids`, checking (`check`) those `checked` says; every problem at once.
    fn compile_ids(
        set: &CardSet,
        ids: &[&str],
        checked: &dyn Fn(&str) -> bool,
    ) -> Result<ScriptHooks, Vec<Diagnostic>> {
        let printed: Printed = Rc::new(RefCell::new(Output::default()));
        let engine = (!ids.is_empty()).then(|| sandboxed_engine(printed.clone()));
        let mut compiled = FxHashMap::default();
        let mut problems = Vec::new();
        let mut sources = BTreeMap::new();
        for (id, src) in ids.iter().filter_map(|id| set.scripts.get_key_value(*id)) {
            let Some(engine) = &engine else { break };
            sources.insert(id.clone(), src.clone());
            let ast = match engine.compile(&src.code) {
                Ok(ast) => ast,
                Err(e) => {
                    problems.push(syntax_problem(src, id, &e));
                    continue;
                }
            };
            let first = problems.len();
            if checked(id) {
                problems.extend(check(&ast, src, known(), set));
            }
            let defined = hooks_defined(&ast, src, id, &mut problems);
            // This script's problems in the order of its lines.
            problems[first..].sort_by_key(|d| d.span.start);
            compiled.insert(
                id.clone(),
                Compiled {
                    defined,
                    reads_faces: super::faces::hooks_reading_faces(&ast, defined),
                    ast,
                    id: id.as_str().into(),
                },
            );
        }
        if !problems.is_empty() {
            return Err(problems);
        }
        let left_out = set
            .scripts
            .keys()
            .filter(|id| !compiled.contains_key(*id))
            .cloned()
            .collect();
        Ok(ScriptHooks {
            engine,
            printed,
            compiled,
            left_out,
            scope: Scope::new(),
            sources,
            calls: 0,
        })
    }

    /// Stops calling the hooks that cannot apply in an encounter (`applies.rs`): for each card, whether
    /// `[choices] use` names it (`chosen`), and whether the encounter is one test without combat. A
    /// hook left out is one whose every call would return no effect and raise nothing, so results and
    /// transcripts are the same; it only saves the calls. The hooks left out, by card, are returned.
    pub fn skip_what_cannot_apply(
        &mut self,
        chosen: &dyn Fn(&str) -> bool,
        no_combat: bool,
    ) -> Vec<(String, Hook)> {
        let mut skipped = Vec::new();
        for (id, c) in &mut self.compiled {
            let enc = applies::Encounter {
                chosen: chosen(id),
                no_combat,
            };
            let mut kept = HookSet::NONE;
            for h in Hook::ALL.into_iter().filter(|h| c.defined.contains(*h)) {
                if applies::never_applies(&c.ast, h, enc) {
                    skipped.push((id.clone(), h));
                } else {
                    kept = kept.with(h);
                }
            }
            c.defined = kept;
        }
        skipped.sort_by_key(|(id, h)| (id.clone(), h.name()));
        skipped
    }

    pub(super) fn compiled_cards(&self) -> impl Iterator<Item = (&String, &Compiled)> {
        self.compiled.iter()
    }

    pub(super) fn compiled_card(&self, card: &str) -> Option<&Compiled> {
        self.compiled.get(card)
    }

    /// A new run begins: the transcript budget of scripts is whole again.
    pub fn start_run(&mut self) {
        self.printed.borrow_mut().start_run();
    }

    /// A new run begins from a checkpoint of an earlier one, which had used `used` of its budgets.
    pub fn resume_run(&mut self, used: RunUsage) {
        self.printed.borrow_mut().resume_run(used);
    }

    /// What the current run has used of its budgets so far (kept with a checkpoint).
    pub fn run_usage(&self) -> RunUsage {
        self.printed.borrow().run_usage()
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

/// The hooks `ast` defines (`fn name(ctx)` of a hook's name); a hook with another number of
/// parameters (E0404) and a function named like a hook that is none (E0405) go to `problems`.
fn hooks_defined(
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
fn syntax_problem(src: &ScriptSource, id: &str, e: &rhai::ParseError) -> Diagnostic {
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
            .hint("the script API is in the README's modder's guide");
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::Game;

    /// A base pack of synthetic cards: a monster whose script gains a Condition, that Condition (with
    /// a script), and an asset with a script that no scenario below puts in play.
    fn base(bystander: &str) -> Vec<(String, String)> {
        let card = |id: &str, kind: &str| {
            (
                format!("cards/eldritch/{id}.toml"),
                format!(
                    "id = \"{id}\"\nname = \"{id}\"\nkind = \"{kind}\"\nsource = \"synthetic\"\n"
                ),
            )
        };
        let script =
            |id: &str, code: &str| (format!("scripts/eldritch/{id}.rhai"), code.to_string());
        vec![
            card("hexer", "condition"),
            script(
                "hexer",
                "fn after_test(ctx) { ctx.investigator.gain_condition(\"dread\"); }",
            ),
            card("dread", "condition"),
            script("dread", "fn on_pool(ctx) { ctx.test.add_dice(1); }"),
            card("bystander", "asset"),
            script("bystander", bystander),
        ]
    }

    fn built_in(bystander: &str) -> CardSet {
        let mut set =
            CardSet::load(Game::Eldritch, &base(bystander)).expect("the synthetic base loads");
        set.pretend_built_in();
        set
    }

    #[test]
    fn a_scenario_compiles_the_cards_in_play_and_what_they_can_gain() {
        let set = built_in("fn on_pool(ctx) { ctx.test.add_dice(2); }");
        assert_eq!(ScriptHooks::needed(&set, ["hexer"]), ["dread", "hexer"]);
        assert_eq!(ScriptHooks::needed(&set, ["dread"]), ["dread"]);
        assert!(ScriptHooks::needed(&set, []).is_empty());
    }

    #[test]
    fn a_gain_named_by_a_variable_compiles_every_script() {
        let set =
            built_in("fn on_pool(ctx) { let c = \"dread\"; ctx.investigator.gain_condition(c); }");
        assert_eq!(
            ScriptHooks::needed(&set, ["bystander"]),
            ["bystander", "dread", "hexer"]
        );
    }

    #[test]
    fn a_script_not_built_in_is_compiled_and_checked_even_out_of_play() {
        // The same files, not the built-in base: a broken script of a card out of play is reported.
        let set = CardSet::load(
            Game::Eldritch,
            &base("fn on_pool(ctx) { ctx.test.add_dice(; }"),
        )
        .expect("the cards load");
        let ids = ScriptHooks::needed(&set, ["dread"]);
        assert_eq!(ids, ["bystander", "dread", "hexer"]);
        let problems = ScriptHooks::compile_for(&set, &ids).err().expect("refused");
        assert_eq!(problems.len(), 1);
        assert_eq!(problems[0].code, Code::ScriptSyntax);
        assert_eq!(
            problems[0].file.as_ref().map(|f| f.path.as_str()),
            Some("scripts/eldritch/bystander.rhai")
        );
    }

    #[test]
    fn a_card_left_uncompiled_is_never_taken_for_a_card_without_hooks() {
        let set = built_in("fn on_pool(ctx) { ctx.test.add_dice(2); }");
        let Ok(hooks) = ScriptHooks::compile_for(&set, &ScriptHooks::needed(&set, ["dread"]))
        else {
            panic!("the synthetic scripts compile");
        };
        assert!(hooks.defined("dread").contains(Hook::OnPool));
        // Were it to come into play, its hooks would be called and fail with the reason.
        assert!(
            Hook::ALL
                .iter()
                .all(|h| hooks.defined("bystander").contains(*h))
        );
        assert_eq!(hooks.defined("no_such_card"), HookSet::NONE);
    }

    #[test]
    fn every_built_in_script_compiles_and_passes_every_check() {
        // What lets a scenario skip checking the built-in scripts and compile only those in play.
        for game in [Game::Eldritch, Game::Arkham] {
            let set = CardSet::base(game).expect("the built-in base loads");
            assert!(set.scripts.keys().all(|id| set.script_is_built_in(id)));
            let problems = ScriptHooks::compile(&set).err().unwrap_or_default();
            assert!(problems.is_empty(), "{game:?}: {problems:?}");
        }
    }
}
