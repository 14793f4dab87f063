//! The one Rhai engine configuration (DESIGN invariants 2, 5 and 8): built from `Engine::new_raw()` with
//! only the packages a card needs (no clock, no `sleep`, no environment, no randomness but the dice), no
//! `import` from disk, no `eval`, no function pointers that carry data, `print` into the transcript
//! under a budget, under the limits of `limits.rs`. Imports `charged`, `context` and `limits`.

use super::context;
use super::limits::Limits;
use rhai::module_resolvers::DummyModuleResolver;
use rhai::packages::{
    ArithmeticPackage, BasicArrayPackage, BasicIteratorPackage, BasicMapPackage, BasicMathPackage,
    BasicStringPackage, BitFieldPackage, LogicPackage, MoreStringPackage, Package,
};
use rhai::{Dynamic, Engine, EvalAltResult, Position};
use std::cell::RefCell;
use std::rc::Rc;

/// What one run has used of the budgets of its scripts, for a run that goes on from it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RunUsage {
    /// Bytes printed.
    pub printed: usize,
    /// Operations taken.
    pub operations: u64,
}

/// The text scripts printed, with what the budgets have left.
#[derive(Debug, Default)]
pub struct Output {
    /// Lines printed during the current call.
    pub lines: Vec<String>,
    /// Bytes written by the current call, and by the current run.
    hook: usize,
    run: usize,
    /// Whether the current call already said its text was cut.
    cut: bool,
    /// Bytes the current call asked to write.
    asked: usize,
    /// The current call asked for more than `PRINT_ASKED_PER_HOOK`: it is stopped.
    pub runaway: bool,
    /// Operations the current call has taken so far (Rhai's count, and what the functions of
    /// `charged` added for their work), and the run's calls before it.
    ops: u64,
    charged: u64,
    run_ops: u64,
    /// The run's calls together took more than `RUN_OPERATIONS`: the current one is stopped.
    pub run_spent: bool,
    /// The current call took more than `OPERATIONS`, counting what `charged` added (Rhai stops a
    /// call past its own count by itself).
    pub hook_spent: bool,
}

impl Output {
    /// A new hook call begins.
    pub fn start_hook(&mut self) {
        self.lines.clear();
        self.hook = 0;
        self.cut = false;
        self.asked = 0;
        self.runaway = false;
        self.run_ops += self.ops + self.charged;
        self.ops = 0;
        self.charged = 0;
        self.run_spent = false;
        self.hook_spent = false;
    }

    /// A new run begins: the whole budget is available again.
    pub fn start_run(&mut self) {
        self.start_hook();
        self.run = 0;
        self.run_ops = 0;
    }

    /// What the run has used of its budgets so far: bytes printed, operations taken.
    pub fn run_usage(&self) -> RunUsage {
        RunUsage {
            printed: self.run,
            operations: self.run_operations(),
        }
    }

    /// A new run begins that goes on from where an earlier one had used `used` (a checkpoint): the
    /// budgets have what they had left then.
    pub fn resume_run(&mut self, used: RunUsage) {
        self.start_run();
        self.run = used.printed;
        self.run_ops = used.operations;
    }

    /// Operations the run's hook calls have taken so far, the current one included.
    pub fn run_operations(&self) -> u64 {
        self.run_ops + self.ops + self.charged
    }

    /// Whether the current call has printed nothing, not even text the budgets cut out.
    pub fn printed_nothing(&self) -> bool {
        self.lines.is_empty() && self.asked == 0 && !self.cut
    }

    /// Operations the current call has taken so far.
    pub fn hook_operations(&self) -> u64 {
        self.ops + self.charged
    }

    /// The current call is replayed (`hooks/replay.rs`): it takes the `operations` it took when it
    /// ran, unless they would pass the run's budget (then it must run, and stop where it does).
    pub fn replay(&mut self, operations: u64) -> bool {
        if self.run_operations() + operations > Limits::RUN_OPERATIONS {
            return false;
        }
        self.ops = operations;
        true
    }

    /// Called at every operation of a hook call: whether to stop it (text or operations spent).
    fn progress(&mut self, ops: u64) -> bool {
        self.ops = ops;
        self.spend();
        self.runaway || self.run_spent || self.hook_spent
    }

    /// Marks the call or the run spent once its operations passed their limit.
    fn spend(&mut self) {
        if self.ops + self.charged > Limits::OPERATIONS {
            self.hook_spent = true;
        }
        if self.run_operations() > Limits::RUN_OPERATIONS {
            self.run_spent = true;
        }
    }

    /// Charges `n` operations of work one call did beyond the one Rhai counts for it (`charged`):
    /// an error once the call's or the run's operations are spent, as Rhai's own count would give.
    pub fn charge(&mut self, n: u64) -> Result<(), Box<EvalAltResult>> {
        self.charged = self.charged.saturating_add(n);
        self.spend();
        if self.hook_spent || self.run_spent {
            return Err(Box::new(EvalAltResult::ErrorTerminated(
                Dynamic::UNIT,
                Position::NONE,
            )));
        }
        Ok(())
    }

    /// `text` as far as the budgets allow; `None` once they are spent (the first time, the line
    /// saying so is returned instead).
    pub fn admit(&mut self, text: &str) -> Option<String> {
        let room = (Limits::PRINTED_PER_HOOK - self.hook).min(Limits::PRINTED_PER_RUN - self.run);
        if room == 0 || text.len() > room {
            let mut end = room.min(text.len());
            while !text.is_char_boundary(end) {
                end -= 1;
            }
            self.hook += end;
            self.run += end;
            if self.cut {
                return None;
            }
            self.cut = true;
            let kept = &text[..end];
            let sep = if kept.is_empty() { "" } else { " " };
            return Some(format!(
                "{kept}{sep}[text cut: a hook may write {} bytes, a run {}]",
                Limits::PRINTED_PER_HOOK,
                Limits::PRINTED_PER_RUN
            ));
        }
        self.hook += text.len();
        self.run += text.len();
        Some(text.to_string())
    }

    fn push(&mut self, text: &str) {
        self.asked += text.len();
        if self.asked > Limits::PRINT_ASKED_PER_HOOK {
            self.runaway = true;
        }
        if let Some(line) = self.admit(text) {
            self.lines.push(line);
        }
    }
}

/// What scripts print, shared with the engine's `print` and `debug`.
pub type Printed = Rc<RefCell<Output>>;

/// Keywords a card script may not use, refused when it is compiled (E0408): `eval` and `import` reach
/// outside the script; `Fn` and `curry` make function pointers whose name and curried values Rhai's
/// size limits do not see.
pub const DISABLED: [&str; 4] = ["eval", "import", "Fn", "curry"];

/// The packages scripts may use, as one module with every function registered (Rhai's packages list
/// theirs lazily: a call resolved in a package that does not hold it hashes each of its functions in
/// turn, and every hook call resolves its calls again). Combined in the order Rhai would register
/// them one by one, a later package's function of the same signature overriding an earlier one.
fn packages(engine: &mut Engine) -> rhai::Module {
    fn add<P: Package>(engine: &mut Engine, all: &mut rhai::Module, package: P) {
        P::init_engine(engine);
        all.combine((*package.as_shared_module()).clone());
    }
    let mut all = rhai::Module::new();
    add(engine, &mut all, ArithmeticPackage::new());
    add(engine, &mut all, LogicPackage::new());
    add(engine, &mut all, BasicStringPackage::new());
    add(engine, &mut all, MoreStringPackage::new());
    add(engine, &mut all, BasicIteratorPackage::new());
    add(engine, &mut all, BasicArrayPackage::new());
    add(engine, &mut all, BasicMapPackage::new());
    add(engine, &mut all, BasicMathPackage::new());
    add(engine, &mut all, BitFieldPackage::new());
    all.register_lazy_functions();
    all.build_index();
    all
}

/// The sandboxed engine, with the modder API registered. `printed` receives what scripts print.
pub fn sandboxed_engine(printed: Printed) -> Engine {
    // No LanguageCorePackage (`sleep`, `exit`, `parse_json`, reflection), no BasicTimePackage
    // (`timestamp`), no BLOBs; nothing here reads a clock, the environment or a random source.
    let mut engine = Engine::new_raw();
    let all = packages(&mut engine);
    engine.register_global_module(all.into());
    engine
        .set_max_operations(Limits::OPERATIONS)
        .set_max_call_levels(Limits::CALL_LEVELS)
        .set_max_expr_depths(Limits::EXPR_DEPTH, Limits::FN_EXPR_DEPTH)
        .set_max_string_size(Limits::STRING_SIZE)
        .set_max_array_size(Limits::ARRAY_SIZE)
        .set_max_map_size(Limits::MAP_SIZE)
        .set_max_variables(Limits::VARIABLES)
        .set_max_functions(Limits::FUNCTIONS)
        .set_max_modules(0)
        .set_module_resolver(DummyModuleResolver::new())
        .set_strict_variables(true);
    for k in DISABLED {
        engine.disable_symbol(k);
    }
    // A key a map does not have yet: refused if longer than `MAP_KEY`, otherwise added with `()`
    // (Rhai calls this for a read as well as a write, and cannot tell them apart).
    engine.on_map_missing_property(|map, key, _| {
        if key.len() > Limits::MAP_KEY {
            return Err(Box::new(EvalAltResult::ErrorDataTooLarge(
                format!("Length of map key (at most {} bytes)", Limits::MAP_KEY),
                Position::NONE,
            )));
        }
        map.insert(key.into(), Dynamic::UNIT);
        match map.get_mut(key) {
            Some(v) => v.try_into(),
            None => Ok(Dynamic::UNIT.into()),
        }
    });
    let p = printed.clone();
    super::charged::register(&mut engine, move |n| p.borrow_mut().charge(n));
    let p = printed.clone();
    engine.on_progress(move |ops| p.borrow_mut().progress(ops).then_some(Dynamic::UNIT));
    let p = printed.clone();
    engine.on_print(move |s| p.borrow_mut().push(s));
    let p = printed;
    engine.on_debug(move |s, _, _| p.borrow_mut().push(s));
    context::register(&mut engine);
    engine
}
