// The binary's allocator: see Cargo.toml's mimalloc entry.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    std::process::exit(mythos::cli::main());
}
