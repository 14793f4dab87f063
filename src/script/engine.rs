//! The one Rhai engine configuration (DESIGN invariants 2, 5 and 8): built from `Engine::new_raw()` with
//! only the packages a card needs (no clock, no `sleep`, no environment, no randomness but the dice), no
//! `import` from disk, no `eval`, no function pointers that carry data, `print` into the transcript
//! under a budget, and every limit a script runs under in `Limits`. Imports `kernel` and `context`.

use super::context;
use crate::kernel;
use rhai::module_resolvers::DummyModuleResolver;
use rhai::packages::{
    ArithmeticPackage, BasicArrayPackage, BasicIteratorPackage, BasicMapPackage, BasicMathPackage,
    BasicStringPackage, BitFieldPackage, LogicPackage, MoreStringPackage, Package,
};
use rhai::{Dynamic, Engine, EvalAltResult, Position};
use std::cell::RefCell;
use std::rc::Rc;

/// Every limit a card script runs under, in one place (the README's sandbox section lists them).
pub struct Limits;

impl Limits {
    /// Operations one hook call may take: a loop that runs away stops here.
    pub const OPERATIONS: u64 = 100_000;
    /// Operations all hook calls of one run may take together: a card whose every hook runs up to
    /// `OPERATIONS`, called at each of many tests, stops here.
    pub const RUN_OPERATIONS: u64 = 1_000_000;
    /// Nested function calls: recursion without end stops here.
    pub const CALL_LEVELS: usize = 32;
    pub const EXPR_DEPTH: usize = 64;
    pub const FN_EXPR_DEPTH: usize = 32;
    /// Bytes in one string (all strings of one array or map together): the largest a card reads,
    /// `investigator` with its possessions and conditions, holds a few hundred.
    pub const STRING_SIZE: usize = 4_096;
    /// Elements of one array (nested arrays counted together): the largest a card reads is the dice
    /// of a pool (`faces`), a dozen in play, at most a few dozen.
    pub const ARRAY_SIZE: usize = 256;
    /// Entries of one map (nested maps counted together).
    pub const MAP_SIZE: usize = 100;
    /// Bytes in one map key: Rhai's size limits do not count keys, so a key longer than this is
    /// refused when the script is loaded (a literal) or when it is added (`m[k] = v`).
    pub const MAP_KEY: usize = 64;
    /// Variables alive at once, in every function of one call together.
    pub const VARIABLES: usize = 100;
    pub const FUNCTIONS: usize = 64;
    /// Effects (`ctx` methods that change something) one hook call may ask for.
    pub const EFFECTS: usize = 100;
    /// Bytes of text (`print`, `debug`, `ctx.note`) one hook call may write into the transcript;
    /// what is past it is cut, with one line saying so.
    pub const PRINTED_PER_HOOK: usize = 4_096;
    /// Bytes of text all hooks of one run together may write into the transcript.
    pub const PRINTED_PER_RUN: usize = 65_536;
    /// Bytes of text one hook call may ask to write, cut or not: formatting a value costs time that
    /// the operations limit does not count, so a hook that asks for more stops (E0403).
    pub const PRINT_ASKED_PER_HOOK: usize = 65_536;
    /// Hooks fired by effects of hooks, nested (an `on_damage` that causes a loss fires
    /// `on_damage` again): kept in the kernel, which fires them.
    #[allow(
        dead_code,
        reason = "named in the one table of limits; the kernel enforces it"
    )]
    pub const HOOK_CASCADE: usize = kernel::HOOK_CASCADE;
    /// Tests one encounter may resolve, counting those cards asked for: kept in the kernel.
    #[allow(
        dead_code,
        reason = "named in the one table of limits; the kernel enforces it"
    )]
    pub const TESTS: usize = kernel::TESTS_PER_ENCOUNTER;
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

    /// Operations the run's hook calls have taken so far, the current one included.
    pub fn run_operations(&self) -> u64 {
        self.run_ops + self.ops + self.charged
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

/// The sandboxed engine, with the modder API registered. `printed` receives what scripts print.
pub fn sandboxed_engine(printed: Printed) -> Engine {
    // No LanguageCorePackage (`sleep`, `exit`, `parse_json`, reflection), no BasicTimePackage
    // (`timestamp`), no BLOBs; nothing here reads a clock, the environment or a random source.
    let mut engine = Engine::new_raw();
    ArithmeticPackage::new().register_into_engine(&mut engine);
    LogicPackage::new().register_into_engine(&mut engine);
    BasicStringPackage::new().register_into_engine(&mut engine);
    MoreStringPackage::new().register_into_engine(&mut engine);
    BasicIteratorPackage::new().register_into_engine(&mut engine);
    BasicArrayPackage::new().register_into_engine(&mut engine);
    BasicMapPackage::new().register_into_engine(&mut engine);
    BasicMathPackage::new().register_into_engine(&mut engine);
    BitFieldPackage::new().register_into_engine(&mut engine);
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
    super::charged::register(&mut engine, &printed);
    let p = printed.clone();
    engine.on_progress(move |ops| p.borrow_mut().progress(ops).then_some(Dynamic::UNIT));
    let p = printed.clone();
    engine.on_print(move |s| p.borrow_mut().push(s));
    let p = printed;
    engine.on_debug(move |s, _, _| p.borrow_mut().push(s));
    context::register(&mut engine);
    engine
}
