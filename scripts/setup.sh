#!/usr/bin/env bash
# `npm run setup`: everything the app needs before `npm start` serves it —
# the wasm32 target, the npm packages, the glue generator
# (wasm/tools/bindgen) and both WebAssembly modules. What only the tests need
# (Chromium, the Python package, the native CLI) is `npm run setup:tests`,
# which `.ci/run` calls after this; `npm test` builds the rest itself.
#
# The three long jobs run side by side: `npm install` waits on the network,
# and each cargo build spends its last stretch on one core (fat LTO of the
# wasm modules, linking), so two cores are kept busy. Idempotent: whatever
# is already there is skipped (cargo and npm decide).
# Usage: scripts/setup.sh [--ci]   (--ci uses `npm ci` instead of `npm install`)
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
log=$(mktemp -d)
trap 'rm -rf "$log"' EXIT

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  echo "setup: rustup target add wasm32-unknown-unknown"
  rustup target add wasm32-unknown-unknown
fi

npm_install() {
  if [ "${1:-}" = "--ci" ]; then
    # The registry mirror here serves only this platform's builds of
    # packages with per-platform binaries (rollup, esbuild), so a lock file
    # written elsewhere may not match what it can serve and `npm ci` refuses
    # it: then install exactly the locked versions without touching it.
    if ! npm ci --no-audit --no-fund; then
      echo "npm ci refused the lock file; installing the locked versions with npm install --no-save" >&2
      npm install --no-save --no-audit --no-fund
    fi
  else
    npm install --no-audit --no-fund
  fi
}

# job ID LABEL COMMAND...: runs in the background, its output in $log/ID.txt.
declare -A label pid
job() {
  local id=$1
  label[$id]=$2
  shift 2
  echo "setup: ${label[$id]} (started)"
  ("$@") > "$log/$id.txt" 2>&1 &
  pid[$id]=$!
}
job npm "npm packages" npm_install "${1:-}"
job bindgen "glue generator wasm/tools/bindgen (cargo)" \
  cargo build --release --manifest-path wasm/tools/bindgen/Cargo.toml --target-dir wasm/target/bindgen
job wasm "WebAssembly modules (cargo)" bash scripts/build-wasm.sh --compile-only

failed=0
for id in npm bindgen wasm; do
  if wait "${pid[$id]}"; then
    printf 'setup: %s: done at %dm%02ds\n' "${label[$id]}" $(((SECONDS - start) / 60)) $(((SECONDS - start) % 60))
  else
    echo "setup: ${label[$id]}: FAILED" >&2
    sed 's/^/  | /' "$log/$id.txt" >&2
    failed=1
  fi
done
[ "$failed" = 0 ] || exit 1

# The glue for both modules (cargo's work is done; seconds). No wasm-opt:
# `npm run build` and `npm test` add it.
bash scripts/build-wasm.sh --fast
printf 'setup: done in %dm%02ds; `npm start` serves the app\n' $(((SECONDS - start) / 60)) $(((SECONDS - start) % 60))
