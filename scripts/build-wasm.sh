#!/usr/bin/env bash
# Build the WebAssembly modules the app imports (src/wasm-pkg/), without
# wasm-pack. The bindings crate is built once per feature, giving two
# modules (see wasm/bindings/src/lib.rs):
#   tierplan_planner  scenarios and the stream-level simulation (every visit)
#   tierplan_studies  optimiser, cost model, claims, request/block engines,
#                     logs (loaded by a worker when it first needs them)
# For each, cargo builds the cdylib (profile `wasm-release`), the
# wasm-bindgen CLI writes the JS glue and the .d.ts, and binaryen's wasm-opt
# (the npm package `binaryen`, a devDependency) optimises the module for
# speed and strips its names and debug sections. Skips all of it when
# nothing under wasm/ (or this script) changed since the last build.
# Usage: scripts/build-wasm.sh [--force]
set -euo pipefail
cd "$(dirname "$0")/.."

out=src/wasm-pkg
stamp="$out/.stamp"
wasm=wasm/target/wasm32-unknown-unknown/wasm-release/tierplan_wasm.wasm
wasm_opt=node_modules/.bin/wasm-opt

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

if [ ! -x "$wasm_opt" ]; then
  echo "build-wasm: $wasm_opt not found; run npm install (binaryen is a devDependency)" >&2
  exit 1
fi

if [ "${1:-}" != "--force" ] && [ -f "$stamp" ] && [ -f "$out/tierplan_planner_bg.wasm" ] \
  && [ -z "$(find wasm scripts/build-wasm.sh -path wasm/target -prune -o -type f -newer "$stamp" -print -quit)" ]; then
  echo "build-wasm: up to date ($out)"
  exit 0
fi

rm -f "$out"/tierplan_wasm*
for module in planner studies; do
  echo "build-wasm: cargo build -p tierplan-wasm --features $module (wasm32-unknown-unknown, wasm-release)"
  cargo build --manifest-path wasm/Cargo.toml -p tierplan-wasm --target wasm32-unknown-unknown \
    --profile wasm-release --no-default-features --features "$module"
  echo "build-wasm: wasm-bindgen --target web --out-name tierplan_$module --out-dir $out"
  wasm-bindgen --target web --out-name "tierplan_$module" --out-dir "$out" "$wasm"
  # cargo's output, names kept, for `npm run size:wasm`.
  cp "$wasm" "wasm/target/tierplan_$module.wasm"

  # wasm-opt -O3: binaryen's speed pipeline (inlining, local and
  # control-flow simplification, duplicate-function elimination) on top of
  # LLVM's; it only rewrites the code in ways that keep every value bit for
  # bit. The --enable flags name the features rustc already emits for
  # wasm32 (all in every current browser: bulk memory for memcpy/memset,
  # non-trapping float-to-int for saturating `as` casts, sign extension,
  # multi-value, reference types, mutable globals) so wasm-opt may keep and
  # use them. Names, producers and debug sections are stripped: a panic's
  # message still reaches the app (takePanicMessage), only the browser
  # console's wasm stack shows function numbers instead of Rust names.
  bg="$out/tierplan_${module}_bg.wasm"
  echo "build-wasm: wasm-opt -O3 $bg"
  "$wasm_opt" -O3 \
    --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
    --enable-multivalue --enable-reference-types --enable-mutable-globals \
    --strip-debug --strip-producers \
    "$bg" -o "$bg.opt"
  mv "$bg.opt" "$bg"
done
touch "$stamp"
ls -l "$out"
