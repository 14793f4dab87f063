// The base packs are embedded with include_dir!, which cannot tell cargo to rebuild when a card or
// script changes: these lines do.
fn main() {
    println!("cargo:rerun-if-changed=cards");
    println!("cargo:rerun-if-changed=scripts");
    println!("cargo:rerun-if-changed=packs");
}
