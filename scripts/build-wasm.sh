#!/usr/bin/env bash
# Build the WebAssembly modules the app imports (src/wasm-pkg/), without
# wasm-pack. The bindings crate is built once per feature, giving two
# modules (see wasm/bindings/src/lib.rs):
#   tierplan_planner  scenarios and the stream-level simulation (every visit)
#   tierplan_studies  optimiser, cost model, claims, request/block engines,
#                     logs (loaded by a worker when it first needs them)
# For each, cargo builds the cdylib (profile `wasm-release`), the project's
# own front end of the wasm-bindgen library (wasm/tools/bindgen, built here
# on first use) writes the JS glue and the .d.ts, and — unless --fast —
# binaryen's wasm-opt (the npm package `binaryen`, a devDependency) strips
# the module's names and debug sections (no optimisation passes: below).
# Skips all of it when nothing under wasm/ (or this script) changed since the
# last build of the same kind.
#
# Usage: scripts/build-wasm.sh [--fast] [--force] [--compile-only]
#   --fast          no wasm-opt: `npm start` and `npm run setup` (the
#                   module keeps its names: larger, same speed)
#   --force         rebuild even when up to date
#   --compile-only  only the two cargo builds (no tools needed: setup runs
#                   it beside `npm install` and the tool's build)
set -euo pipefail
cd "$(dirname "$0")/.."

kind=full
force=
compile_only=
for arg in "$@"; do
  case $arg in
    --fast) kind=fast ;;
    --force) force=1 ;;
    --compile-only) compile_only=1 ;;
    *) echo "build-wasm: unknown option $arg (allowed: --fast, --force, --compile-only)" >&2; exit 2 ;;
  esac
done

out=src/wasm-pkg
stamp="$out/.stamp"
wasm=wasm/target/wasm32-unknown-unknown/wasm-release/tierplan_wasm.wasm
wasm_opt=node_modules/.bin/wasm-opt
bindgen=wasm/target/bindgen/release/tierplan-bindgen

# compile MODULE: cargo's module, kept as wasm/target/tierplan_MODULE.wasm
# (also what `npm run size:wasm` reads). The two modules are one cdylib
# built with two feature sets, and cargo keeps one output file for both: a
# build of one makes the other's look stale, and its fat LTO would run again
# (half a minute for the studies module). So a module whose copy is newer
# than every source under wasm/ is not handed to cargo again.
compile() {
  local copy="wasm/target/tierplan_$1.wasm"
  if [ -f "$copy" ] && [ -z "$(find wasm scripts/build-wasm.sh -path wasm/target -prune -o -type f -newer "$copy" -print -quit)" ]; then
    echo "build-wasm: $copy is newer than every source under wasm/"
    return
  fi
  echo "build-wasm: cargo build -p tierplan-wasm --features $1 (wasm32-unknown-unknown, wasm-release)"
  cargo build --manifest-path wasm/Cargo.toml -p tierplan-wasm --target wasm32-unknown-unknown \
    --profile wasm-release --no-default-features --features "$1"
  cp "$wasm" "$copy"
}

if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  echo "build-wasm: the Rust target wasm32-unknown-unknown is missing; run:" >&2
  echo "  rustup target add wasm32-unknown-unknown   (or npm run setup)" >&2
  exit 1
fi

if [ -n "$compile_only" ]; then
  for module in planner studies; do compile "$module"; done
  exit 0
fi

# Up to date: a stamp newer than every source, of this kind or better (a full
# build serves a fast one; a fast one is redone with wasm-opt for a full one).
if [ -z "$force" ] && [ -f "$stamp" ] && [ -f "$out/tierplan_planner_bg.wasm" ] && [ -f "$out/tierplan_studies_bg.wasm" ] \
  && { [ "$(cat "$stamp")" = full ] || [ "$kind" = fast ]; } \
  && [ -z "$(find wasm scripts/build-wasm.sh -path wasm/target -prune -o -type f -newer "$stamp" -print -quit)" ]; then
  echo "build-wasm: up to date ($out, $(cat "$stamp"))"
  exit 0
fi

# The glue generator must be of exactly the version of the wasm-bindgen
# crate: the JS glue and the wasm's custom sections are a private protocol
# between the two.
pin() { sed -n "s/^$1 = \"=\([0-9.]*\)\".*/\1/p" "$2"; }
want=$(pin wasm-bindgen wasm/bindings/Cargo.toml)
tool=$(pin wasm-bindgen-cli-support wasm/tools/bindgen/Cargo.toml)
if [ -z "$want" ] || [ "$want" != "$tool" ]; then
  echo "build-wasm: wasm/bindings pins wasm-bindgen =$want but wasm/tools/bindgen pins wasm-bindgen-cli-support =$tool; pin both to one version" >&2
  exit 1
fi
if [ "$kind" = full ] && [ ! -x "$wasm_opt" ]; then
  echo "build-wasm: $wasm_opt not found; run npm install (binaryen is a devDependency)" >&2
  exit 1
fi
# cargo decides whether the tool is out of date (a second when it is not).
cargo build --quiet --release --manifest-path wasm/tools/bindgen/Cargo.toml --target-dir wasm/target/bindgen

rm -f "$stamp" "$out"/tierplan_wasm*
mkdir -p "$out"
pids=()
for module in planner studies; do
  compile "$module"
  echo "build-wasm: tierplan-bindgen (wasm-bindgen --target web) $module -> $out"
  "$bindgen" "wasm/target/tierplan_$module.wasm" "tierplan_$module" "$out"
  [ "$kind" = full ] || continue

  # wasm-opt strips the names, producers and debug sections and runs no
  # optimisation pass. Its -O3 (inlining on top of LLVM's) was measured
  # (docs/engines/stream.md, "wasm-opt"): 1-2 % faster once V8 has tiered
  # every function up, but V8 compiles a wasm function with its optimising
  # tier only after it has run a while in the baseline one, and -O3's
  # larger functions take longer to get there: a fresh instance (every page,
  # every worker) took 0.3-1.3 s longer to finish a run of 0.4-2 s, and the
  # pass cost over a minute of CPU per build. A panic's message still
  # reaches the app (takePanicMessage); the browser console's wasm stack
  # shows function numbers instead of Rust names. The --enable flags name
  # the features rustc already emits for wasm32 (all in every current
  # browser), so that wasm-opt reads and writes the module as it is.
  bg="$out/tierplan_${module}_bg.wasm"
  echo "build-wasm: wasm-opt --strip-debug $bg"
  (
    "$wasm_opt" \
      --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
      --enable-multivalue --enable-reference-types --enable-mutable-globals \
      --strip-debug --strip-producers \
      "$bg" -o "$bg.opt"
    mv "$bg.opt" "$bg"
  ) &
  pids+=($!)
done
for pid in "${pids[@]}"; do wait "$pid"; done
echo "$kind" > "$stamp"
ls -l "$out"
