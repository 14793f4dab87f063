fn main() {
    std::process::exit(mythos::cli::main());
}
