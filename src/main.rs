//! The `mythos` command (feature `cli`, on by default). Its modules (`cli/`) use the library through
//! its public API only (`mythos::…`): the compiler holds the front door.

mod cli;

// The binary's allocator: see Cargo.toml's mimalloc entry.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The command runs on a thread of its own, with a stack of `limits::STACK` bytes (the main thread's
/// is the system's, often 8 MiB): the search of exact odds recurses once per roll of a path, up to its
/// budget. A panic (a bug) ends the command with status 101, as on the main thread.
fn main() {
    let code = match std::thread::Builder::new()
        .name("mythos".into())
        .stack_size(mythos::limits::STACK)
        .spawn(cli::main)
    {
        Ok(command) => command.join().unwrap_or(101),
        Err(_) => cli::main(),
    };
    std::process::exit(code);
}
