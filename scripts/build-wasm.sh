#!/usr/bin/env bash
# Build the WebAssembly package the app imports (src/wasm-pkg/), without
# wasm-pack: cargo builds the cdylib, the wasm-bindgen CLI writes the JS glue
# and the .d.ts. Skips both when nothing under wasm/ changed since the last
# build. Usage: scripts/build-wasm.sh [--force]
set -euo pipefail
cd "$(dirname "$0")/.."

out=src/wasm-pkg
stamp="$out/.stamp"
wasm=wasm/target/wasm32-unknown-unknown/release/tierplan_wasm.wasm

# The CLI must be exactly the version of the wasm-bindgen crate: the JS glue
# and the wasm's custom sections are a private protocol between the two.
want=$(sed -n 's/^wasm-bindgen = "=\([0-9.]*\)".*/\1/p' wasm/bindings/Cargo.toml)
if ! command -v wasm-bindgen >/dev/null 2>&1; then
  echo "build-wasm: wasm-bindgen CLI not found; install it with:" >&2
  echo "  cargo install wasm-bindgen-cli --version $want" >&2
  exit 1
fi
have=$(wasm-bindgen --version | awk '{print $2}')
if [ "$have" != "$want" ]; then
  echo "build-wasm: wasm-bindgen CLI is $have but wasm/bindings pins $want; run:" >&2
  echo "  cargo install wasm-bindgen-cli --version $want --force" >&2
  exit 1
fi
if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  echo "build-wasm: the Rust target wasm32-unknown-unknown is missing; run:" >&2
  echo "  rustup target add wasm32-unknown-unknown" >&2
  exit 1
fi

if [ "${1:-}" != "--force" ] && [ -f "$stamp" ] && [ -f "$out/tierplan_wasm_bg.wasm" ] \
  && [ -z "$(find wasm -path wasm/target -prune -o -type f -newer "$stamp" -print -quit)" ]; then
  echo "build-wasm: up to date ($out)"
  exit 0
fi

echo "build-wasm: cargo build -p tierplan-wasm --target wasm32-unknown-unknown --release"
cargo build --manifest-path wasm/Cargo.toml -p tierplan-wasm --target wasm32-unknown-unknown --release
echo "build-wasm: wasm-bindgen --target web --out-dir $out"
wasm-bindgen --target web --out-dir "$out" "$wasm"
touch "$stamp"
ls -l "$out"
