//! The one Rhai engine configuration (DESIGN invariant 5): no `import` from disk, no `eval`, `print` into
//! the transcript, and the same explicit limits in debug and release builds.

use super::context;
use rhai::Engine;
use rhai::module_resolvers::DummyModuleResolver;
use std::cell::RefCell;
use std::rc::Rc;

/// Every limit a card script runs under, in one place.
pub struct Limits;

impl Limits {
    /// Operations one hook call may take: a loop that runs away stops here.
    pub const OPERATIONS: u64 = 100_000;
    /// Nested function calls: recursion without end stops here.
    pub const CALL_LEVELS: usize = 32;
    pub const EXPR_DEPTH: usize = 64;
    pub const FN_EXPR_DEPTH: usize = 32;
    pub const STRING_SIZE: usize = 10_000;
    pub const ARRAY_SIZE: usize = 1_000;
    pub const MAP_SIZE: usize = 100;
    pub const VARIABLES: usize = 100;
    pub const FUNCTIONS: usize = 64;
}

/// Lines a script printed during the current call, shared with the engine's `print` and `debug`.
pub type Printed = Rc<RefCell<Vec<String>>>;

/// The sandboxed engine, with the modder API registered. `printed` receives what scripts print.
pub fn sandboxed_engine(printed: Printed) -> Engine {
    let mut engine = Engine::new();
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
    // Refused when the script is compiled, before anything runs (E0408).
    engine.disable_symbol("eval");
    engine.disable_symbol("import");
    let p = printed.clone();
    engine.on_print(move |s| p.borrow_mut().push(s.to_string()));
    let p = printed;
    engine.on_debug(move |s, _, _| p.borrow_mut().push(s.to_string()));
    context::register(&mut engine);
    engine
}
