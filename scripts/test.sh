#!/usr/bin/env bash
# Every test of the project behind one command (`npm test`): Rust unit and
# integration tests, lint and type checks, component and worker-API tests
# (vitest), the Python package's tests (pytest, against the release CLI and
# on a local Dask cluster), then end-to-end tests in Chromium (Playwright)
# against a production build. Prints one closing summary line.
set -euo pipefail
cd "$(dirname "$0")/.."
log=$(mktemp -d)
trap 'rm -rf "$log"' EXIT

# Each step with the time since the start, to see where a slow run spends it.
step() { printf '\n== [%dm%02ds] %s\n' $((SECONDS / 60)) $((SECONDS % 60)) "$*"; }

step "wasm package (scripts/build-wasm.sh)"
bash scripts/build-wasm.sh

step "cargo test --workspace"
cargo test --manifest-path wasm/Cargo.toml --workspace --no-fail-fast 2>&1 | tee "$log/cargo.txt"

step "cargo fmt --check, clippy -D warnings (whole workspace; each wasm32 module, the planner's with the core as it builds it)"
cargo fmt --manifest-path wasm/Cargo.toml --all -- --check
cargo clippy --manifest-path wasm/Cargo.toml --workspace --no-deps --all-targets -- -D warnings
cargo clippy --manifest-path wasm/Cargo.toml -p tierplan-wasm -p tierplan-core -p tierplan-scenario -p tierplan-kit -p tierplan-stream \
  --no-deps --target wasm32-unknown-unknown --no-default-features --features tierplan-wasm/planner -- -D warnings
cargo clippy --manifest-path wasm/Cargo.toml -p tierplan-wasm -p tierplan-request -p tierplan-block -p tierplan-studies \
  --no-deps --target wasm32-unknown-unknown --no-default-features --features studies -- -D warnings

step "tsc --noEmit, lint (eslint, one home per core formula), import cycles (madge for TypeScript, scripts/check-rust-cycles.mjs for Rust)"
npx tsc --noEmit
npm run lint
npm run check:cycles
npm run check:rust-cycles

step "vitest run"
npx vitest run 2>&1 | tee "$log/vitest.txt"

step "native CLI (release) and production build for the e2e tests"
cargo build --manifest-path wasm/Cargo.toml --release -p tierplan-cli
npx vite build

step "Python package: build it into python/.venv (scripts/setup-python.sh), pytest"
bash scripts/setup-python.sh
python/.venv/bin/python -m pytest python/tests -q -p no:cacheprovider 2>&1 | tee "$log/pytest.txt"

step "every benchmark once at a tiny size (scripts/bench-smoke.sh)"
bash scripts/bench-smoke.sh

step "playwright test"
npx playwright test 2>&1 | tee "$log/playwright.txt"

# Sum what each runner reported passing (failures already stopped the script).
cargo_n=$(grep -Eo 'test result: ok\. [0-9]+ passed' "$log/cargo.txt" | awk '{s += $4} END {print s + 0}')
vitest_n=$(sed 's/\x1b\[[0-9;]*m//g' "$log/vitest.txt" | grep -E '^ +Tests +[0-9]+ passed' | grep -Eo '[0-9]+ passed' | awk '{print $1}' | tail -1)
pw_n=$(grep -Eo '^ +[0-9]+ passed' "$log/playwright.txt" | awk '{print $1}' | tail -1)
py_n=$(grep -Eo '^=* ?[0-9]+ passed' "$log/pytest.txt" | grep -Eo '[0-9]+' | tail -1)
total=$((cargo_n + ${vitest_n:-0} + ${py_n:-0} + ${pw_n:-0}))
printf '\ncargo %s, vitest %s, pytest %s, playwright %s\n' "$cargo_n" "${vitest_n:-0}" "${py_n:-0}" "${pw_n:-0}"
printf 'all steps in %dm%02ds\n' $((SECONDS / 60)) $((SECONDS % 60))
echo "tests: $total passed, 0 failed"
