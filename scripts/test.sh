#!/usr/bin/env bash
# Every test of the project behind one command (`npm test`): Rust unit and
# integration tests, lint and type checks, component and worker-API tests
# (vitest), the Python package's tests (pytest, against the native CLI and
# on a local Dask cluster), every benchmark once at a tiny size, then
# end-to-end tests in Chromium (Playwright) against a production build.
#
# Every step runs even when an earlier one failed (a red lint must not hide
# a red browser test), each step's passed and failed counts are printed at
# the end, and the exit status is non-zero when any step failed. No step
# passes or fails on a time (docs/testing.md): timeouts only bound hangs.
#
# Needs `npm run setup` and `npm run setup:tests` (what `.ci/run` does).
set -uo pipefail
cd "$(dirname "$0")/.."
log=$(mktemp -d)
trap 'rm -rf "$log"' EXIT

# step, count and summarise: scripts/test-steps.sh (tests/tooling/test-steps.test.ts).
. scripts/test-steps.sh

# One native compile for the whole suite: the `checked` profile
# (wasm/Cargo.toml) builds the tests and the CLI in the cargo step; the Vitest
# and e2e comparisons, the benchmark smoke and pytest run that CLI, and the
# Python extension is built in the same profile, reusing what it can.
export TIERPLAN_CLI="$PWD/wasm/target/checked/tierplan"
export TIERPLAN_PYTHON_PROFILE=checked

step wasm "wasm package (scripts/build-wasm.sh)" bash scripts/build-wasm.sh

step cargo "cargo test --workspace --profile checked (also builds the CLI the later steps run)" \
  cargo test --manifest-path wasm/Cargo.toml --workspace --profile checked --no-fail-fast

rust_lints() {
  local status=0 stray
  # One integration-test binary per crate (docs/testing.md): a file directly
  # under tests/ would be a program of its own, compiled and linked again.
  stray=$(ls wasm/*/tests/*.rs 2>/dev/null)
  if [ -n "$stray" ]; then
    echo "integration tests belong in <crate>/tests/it/ as modules of main.rs: $stray"
    status=1
  fi
  cargo fmt --manifest-path wasm/Cargo.toml --all -- --check || status=1
  cargo fmt --manifest-path wasm/tools/bindgen/Cargo.toml -- --check || status=1
  # In the `checked` profile the cargo step built: clippy then reuses its
  # build scripts and proc macros (syn, serde_derive, wasm-bindgen's and
  # pyo3's macros) instead of compiling them again for `dev`. The lints are
  # the same: both profiles have debug assertions on.
  cargo clippy --manifest-path wasm/Cargo.toml --workspace --no-deps --all-targets --profile checked -- -D warnings || status=1
  # Each wasm module's feature set (the planner's, with the core as it
  # builds it; the studies'), on the host: the only code that differs on
  # wasm32 is block/src/lockstep.rs's threads, which the wasm32 build
  # leaves out, and the host check reuses the first run's dependencies
  # (measured: 65 s of CPU against 123 s for the same two on wasm32).
  cargo clippy --manifest-path wasm/Cargo.toml -p tierplan-wasm -p tierplan-core -p tierplan-scenario -p tierplan-kit -p tierplan-stream \
    --no-deps --no-default-features --features tierplan-wasm/planner --profile checked -- -D warnings || status=1
  cargo clippy --manifest-path wasm/Cargo.toml -p tierplan-wasm -p tierplan-request -p tierplan-block -p tierplan-studies \
    --no-deps --no-default-features --features studies --profile checked -- -D warnings || status=1
  return $status
}
# Vitest beside the lints (docs/testing.md, "Speed of npm test": measured,
# this overlap gains little on two cores, which both steps keep busy).
step_beside vitest "vitest run" npx vitest run

step rust-lints "cargo fmt --check, clippy -D warnings (whole workspace; each wasm module's feature set, the planner's with the core as it builds it)" rust_lints

# Four single-threaded checks: two at a time, one per core, each one's
# output printed whole once it ends.
ts_lints() {
  local status=0 out
  out=$(mktemp -d)
  both() {
    local pids=() i=0 cmd
    for cmd in "$@"; do
      (bash -c "$cmd" > "$out/$i.txt" 2>&1) &
      pids+=($!)
      i=$((i + 1))
    done
    i=0
    for cmd in "$@"; do
      printf -- '-- %s\n' "$cmd"
      wait "${pids[$i]}" || { status=1; echo "FAILED: $cmd"; }
      cat "$out/$i.txt"
      i=$((i + 1))
    done
  }
  both "npx tsc --noEmit" "npm run lint"
  both "npm run check:cycles" "npm run check:rust-cycles"
  rm -rf "$out"
  return $status
}
step ts-lints "tsc --noEmit, lint (eslint, one home per core formula, no timed verdicts), import cycles (madge for TypeScript, scripts/check-rust-cycles.mjs for Rust)" ts_lints

step_join vitest

step build "production build for the e2e tests (vite build)" npx vite build

python_tests() {
  bash scripts/setup-python.sh || return 1
  python/.venv/bin/python -m pytest python/tests -q -p no:cacheprovider
}
step pytest "Python package: build it into python/.venv in the checked profile (scripts/setup-python.sh), pytest" python_tests

# The benchmark smoke run beside the quick Playwright specs: it hides the
# smoke run's minute (docs/testing.md).
step_beside bench "every benchmark once at a tiny size (scripts/bench-smoke.sh)" bash scripts/bench-smoke.sh

# Two steps, so that a failure among the quick specs never keeps the heavy
# ones from running (Playwright skips a project whose dependency failed):
# the heavy specs keep the whole worker pool busy for long, so they still run
# after the rest (playwright.config.ts), only now whatever happened before.
step playwright "playwright test --project=main" npx playwright test --project=main
step_join bench
step playwright-heavy "playwright test --project=heavy (every Study claim, the optimiser's searches)" \
  npx playwright test --project=heavy --no-deps --workers=2

summarise
