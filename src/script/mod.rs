//! The only place Rhai appears: the sandboxed engine, the modder API (the `ctx` a hook receives) and hook
//! dispatch. May import `kernel` and `defs`.

mod applies;
mod charged;
mod check;
mod context;
mod engine;
mod faces;
mod hooks;
mod limits;
mod moved;
mod position;
mod reach;

pub use engine::RunUsage;
#[cfg(any(test, feature = "bench"))]
pub use engine::sandboxed_engine;
pub use hooks::ScriptHooks;

/// Reads the names a new sandboxed engine registers, as every scenario's loading did before they were
/// read once for the process (the bench's "as before" row).
#[cfg(feature = "bench")]
pub fn read_engine_names() {
    let _ = check::Known::of(&engine::sandboxed_engine(Default::default()));
}
pub use limits::Limits;

#[cfg(test)]
mod api_tests;
#[cfg(test)]
mod position_tests;
#[cfg(test)]
mod sandbox_scenario_tests;
#[cfg(test)]
mod sandbox_tests;
