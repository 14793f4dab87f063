//! The only place Rhai appears: the sandboxed engine, the modder API (the `ctx` a hook receives) and hook
//! dispatch. May import `kernel` and `defs`.

mod charged;
mod check;
mod context;
mod engine;
mod hooks;
mod position;

pub use engine::Limits;
#[cfg(any(test, feature = "bench"))]
pub use engine::sandboxed_engine;
pub use hooks::ScriptHooks;

#[cfg(test)]
mod combat_flag;
#[cfg(test)]
mod position_tests;
#[cfg(test)]
mod sandbox_tests;
