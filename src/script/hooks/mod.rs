//! Hook dispatch: every script compiled once at load, its hooks indexed, and each call run in the
//! sandbox with the dice lent to the script and its effects handed back to the kernel.

mod call;
mod faces;
mod faults;
mod in_test;
mod replay;
#[cfg(test)]
mod tests;

use super::applies;
use super::check::{Known, check};
use super::engine::{Output, Printed, RunUsage, sandboxed_engine};
use super::reach::brought_into_play;
use crate::defs::{CardSet, Diagnostic, ScriptSource};
use crate::kernel::{Hook, HookSet};
use faults::{hooks_defined, syntax_problem};
use rhai::{AST, ASTNode, Engine, Position, Scope, Stmt};
use rustc_hash::{FxHashMap, FxHashSet};
use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};
use std::rc::Rc;
use std::sync::OnceLock;

pub(super) struct Compiled {
    pub(super) ast: AST,
    /// The hooks it defines (less those that cannot apply when the scenario's `[choices]` answer).
    pub(super) defined: HookSet,
    /// Those of them that may read raw faces (`faces.rs`).
    pub(super) reads_faces: HookSet,
    /// Those of them that may tell apart faces that count alike (`faces.rs`): they read more than
    /// which dice fail and where.
    pub(super) tells_faces: HookSet,
    /// Whether it may change a test's counting rules once its dice are rolled (`faces.rs`).
    pub(super) sets_counting: bool,
    /// Whether it names the round of a combat anywhere (`faces::names_any`).
    pub(super) reads_round: bool,
    /// Whether it names the latest Combat check's result anywhere (`faces::names_any`).
    pub(super) reads_combat_result: bool,
    /// Each hook's body, run as the statements of a script of its own (`Body`).
    bodies: Vec<(Hook, Body)>,
    /// The same when the player is asked (`deciding`): a "may" is not known to be declined.
    defined_deciding: HookSet,
    /// The card's id, as `ctx.card.id` hands it out.
    id: rhai::ImmutableString,
    /// Whether each hook fired in a test can apply there, as asked so far (`in_test.rs`).
    in_test: Vec<in_test::Kept>,
    /// Whether `on_damage` can apply at each loss, as asked so far (`in_test.rs`).
    at_loss: Vec<in_test::KeptLoss>,
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
    /// Where the script asked for each effect of the last call at each depth of the cascade of hooks
    /// (`HookCall::depth`), in the order of the effects the call returned.
    asked_at: Vec<Vec<Position>>,
    /// Hook calls made so far (the benchmark compares against the cost of one Rhai call), and how
    /// many of them were replayed (`replay.rs`).
    calls: u64,
    replayed: u64,
    /// The runs ask the player each "may" (not the scenario's `[choices]`): `deciding`.
    deciding: bool,
    /// Whether calls are replayed from those kept (`replay.rs`); always, but in the test that
    /// compares odds with and without and in the benchmark.
    replay: bool,
}

/// A hook's body as statements run at the top of a script of their own, with the script's functions
/// and its parameter (`ctx`, by whatever name the hook gives it) in the scope: run so, an error Rhai
/// raises in it keeps its place (a sandbox limit hit in a loop is at the loop, one hit in a function
/// the hook calls is at that call), where calling the hook as a function would put every limit at the
/// call, which has none.
struct Body {
    ast: AST,
    param: String,
    /// The calls of this hook kept to be replayed (`replay.rs`).
    memo: RefCell<replay::Memo>,
}

/// The bodies of the hooks `defined` of `ast`.
fn bodies(ast: &AST, defined: HookSet) -> Vec<(Hook, Body)> {
    ast.iter_fn_def()
        .filter_map(|f| {
            let hook = Hook::parse(&f.name).filter(|h| defined.contains(*h))?;
            let param = f.params.first()?.to_string();
            // The hook's own statements: a walk of it alone visits them at depth 1. (Not through
            // `clone_functions_only_filtered`: into an AST without functions, Rhai 1.27 copies every
            // function, unfiltered.)
            let mut lib = rhai::Module::new();
            lib.set_script_fn(f.clone());
            let only = AST::new_from_module(lib);
            let mut body: Vec<Stmt> = Vec::new();
            only.walk(&mut |path: &[ASTNode]| {
                if let [ASTNode::Stmt(s)] = path {
                    body.push((*s).clone());
                }
                true
            });
            let ast = AST::new(body, ast.shared_lib().clone());
            Some((
                hook,
                Body {
                    ast,
                    param,
                    memo: RefCell::default(),
                },
            ))
        })
        .collect()
}

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
        // Parsed under the sandbox's own depth limits: a raw engine's are lower (in a debug build),
        // and a script it could not parse would bring nothing into play (Blessing of Isis's Blessed).
        let mut engine = Engine::new_raw();
        engine.set_max_expr_depths(super::Limits::EXPR_DEPTH, super::Limits::FN_EXPR_DEPTH);
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
                    tells_faces: super::faces::hooks_telling_faces_apart(&ast, defined),
                    sets_counting: super::faces::sets_counting_after_roll(&ast, defined),
                    reads_round: super::faces::names_any(&ast, &["round"]),
                    reads_combat_result: super::faces::names_any(
                        &ast,
                        &["combat_result", "combat_passed"],
                    ),
                    bodies: bodies(&ast, defined),
                    defined_deciding: defined,
                    ast,
                    id: id.as_str().into(),
                    in_test: Vec::new(),
                    at_loss: Vec::new(),
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
            asked_at: Vec::new(),
            calls: 0,
            replayed: 0,
            deciding: false,
            replay: true,
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
                deciding: false,
            };
            let deciding = applies::Encounter {
                deciding: true,
                ..enc
            };
            let (mut kept, mut kept_deciding) = (HookSet::NONE, HookSet::NONE);
            for h in Hook::ALL.into_iter().filter(|h| c.defined.contains(*h)) {
                if applies::never_applies(&c.ast, h, enc) {
                    skipped.push((id.clone(), h));
                } else {
                    kept = kept.with(h);
                }
                if !applies::never_applies(&c.ast, h, deciding) {
                    kept_deciding = kept_deciding.with(h);
                }
            }
            c.defined = kept;
            c.defined_deciding = kept_deciding;
        }
        skipped.sort_by_key(|(id, h)| (id.clone(), h.name()));
        skipped
    }

    pub(in crate::script) fn compiled_cards(&self) -> impl Iterator<Item = (&String, &Compiled)> {
        self.compiled.iter()
    }

    pub(in crate::script) fn compiled_card(&self, card: &str) -> Option<&Compiled> {
        self.compiled.get(card)
    }

    /// Whether the runs to come ask the player each "may" (`Decisions` not `Fixed`): then no hook is
    /// left out for a "may" the scenario's `[choices]` decline.
    pub fn set_deciding(&mut self, deciding: bool) {
        self.deciding = deciding;
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
        not(any(test, feature = "bench")),
        expect(
            dead_code,
            reason = "read by benches/engine.rs and the replay tests only"
        )
    )]
    pub fn calls(&self) -> u64 {
        self.calls
    }

    /// Whether hook calls are replayed from those kept (`replay.rs`): the test that compares odds
    /// with and without, and the benchmark, turn it off.
    #[cfg(any(test, feature = "bench"))]
    pub fn set_replay(&mut self, on: bool) {
        self.replay = on;
    }

    /// Forgets every hook call kept to be replayed: the benchmark times exact odds as a new process
    /// computes them, from none kept.
    #[cfg(feature = "bench")]
    pub fn forget_kept_calls(&mut self) {
        for c in self.compiled.values_mut() {
            for (_, b) in &mut c.bodies {
                b.memo = RefCell::default();
            }
        }
    }

    /// How many of the hook calls were replayed instead of run (`replay.rs`).
    #[cfg_attr(
        not(any(test, feature = "bench")),
        expect(dead_code, reason = "read by benches/engine.rs and a test only")
    )]
    pub fn replayed(&self) -> u64 {
        self.replayed
    }
}
