#!/usr/bin/env bash
# Builds the playground into web/dist: the engine compiled to WebAssembly (release, optimised for size),
# its wasm-bindgen glue, and the static page. Needs the wasm32-unknown-unknown target and wasm-bindgen-cli
# at exactly the version of the wasm-bindgen crate in web/Cargo.lock (.ci/run installs both), and node (the
# rulings book's index, rulings.mjs).
# Serve it with: python3 -m http.server --bind 127.0.0.1 --directory web/dist 8000
set -euo pipefail
cd "$(dirname "$0")"
want=$(grep -A1 '^name = "wasm-bindgen"$' Cargo.lock | sed -n 's/^version = "\(.*\)"/\1/p')
have=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)
if [ "$have" != "$want" ]; then
  echo "web/build.sh: wasm-bindgen-cli $want needed (found: ${have:-none}):" >&2
  echo "  cargo install wasm-bindgen-cli --version $want" >&2
  exit 1
fi
cargo build --locked --release --target wasm32-unknown-unknown
rm -rf dist
mkdir -p dist/pkg
wasm-bindgen --target web --no-typescript --out-dir dist/pkg target/wasm32-unknown-unknown/release/mythos_web.wasm
if command -v wasm-opt >/dev/null; then
  wasm-opt -Oz --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext --enable-mutable-globals \
    dist/pkg/mythos_web_bg.wasm -o dist/pkg/mythos_web_bg.wasm.opt && mv dist/pkg/mythos_web_bg.wasm.opt dist/pkg/mythos_web_bg.wasm
fi
cp static/* dist/
# The rulings book: every scenario of tests/scenarios/ and their index (needs node).
node rulings.mjs ../tests/scenarios dist/rulings
raw=$(stat -c %s dist/pkg/mythos_web_bg.wasm)
gz=$(gzip -9 -c dist/pkg/mythos_web_bg.wasm | wc -c)
echo "web/dist built: mythos_web_bg.wasm $raw bytes, $gz bytes gzip -9"
