#!/usr/bin/env bash
# Every test of the project behind one command (`npm test`): Rust unit and
# integration tests, lint and type checks, component and worker-API tests
# (vitest), the Python package's tests (pytest, against the release CLI and
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

# What each step ended with: "name|status|passed|failed|seconds".
summary=()
steps_failed=0

# step ID TITLE COMMAND...: runs COMMAND, its output shown and kept in
# $log/ID.txt for the counts.
step() {
  local id=$1 title=$2
  shift 2
  printf '\n== [%dm%02ds] %s\n' $((SECONDS / 60)) $((SECONDS % 60)) "$title"
  local t0=$SECONDS status
  "$@" 2>&1 | tee "$log/$id.txt"
  status=${PIPESTATUS[0]}
  local counts passed failed
  counts=$(count "$id")
  passed=${counts% *}
  failed=${counts#* }
  if [ "$status" = 0 ]; then
    summary+=("$id|ok|$passed|$failed|$((SECONDS - t0))")
  else
    steps_failed=$((steps_failed + 1))
    # A step that failed without a failing test (a build, a lint) counts as one.
    [ "$failed" -gt 0 ] || failed=1
    summary+=("$id|FAILED (exit $status)|$passed|$failed|$((SECONDS - t0))")
  fi
}

# count ID: "passed failed" as the step's runner reported them (0 0 for a
# step that is a check, not a test runner).
count() {
  local f="$log/$1.txt" p=0 fl=0
  local plain
  plain=$(sed 's/\x1b\[[0-9;]*m//g' "$f")
  case $1 in
    cargo)
      p=$(grep -Eo 'test result: [A-Za-z]+\. [0-9]+ passed' <<<"$plain" | awk '{s += $4} END {print s + 0}')
      fl=$(grep -Eo '[0-9]+ passed; [0-9]+ failed' <<<"$plain" | awk '{s += $3} END {print s + 0}') ;;
    vitest)
      local line
      line=$(grep -E '^ +Tests +' <<<"$plain" | tail -1)
      p=$(grep -Eo '[0-9]+ passed' <<<"$line" | grep -Eo '[0-9]+' || echo 0)
      fl=$(grep -Eo '[0-9]+ failed' <<<"$line" | grep -Eo '[0-9]+' || echo 0) ;;
    pytest)
      local line
      line=$(grep -E '(passed|failed|error).* in [0-9.]+s' <<<"$plain" | tail -1)
      p=$(grep -Eo '[0-9]+ passed' <<<"$line" | grep -Eo '[0-9]+' || echo 0)
      fl=$(grep -Eo '[0-9]+ (failed|errors?)' <<<"$line" | grep -Eo '[0-9]+' | awk '{s += $1} END {print s + 0}') ;;
    bench)
      p=$(grep -Ec '^ok: ' <<<"$plain")
      fl=$(grep -Ec '^FAILED: ' <<<"$plain") ;;
    playwright)
      p=$(grep -Eo '^ +[0-9]+ passed' <<<"$plain" | grep -Eo '[0-9]+' | tail -1)
      fl=$(grep -Eo '^ +[0-9]+ (failed|flaky|interrupted|did not run)' <<<"$plain" | grep -Eo '^ +[0-9]+' | awk '{s += $1} END {print s + 0}') ;;
  esac
  echo "${p:-0} ${fl:-0}"
}

step wasm "wasm package (scripts/build-wasm.sh)" bash scripts/build-wasm.sh

step cargo "cargo test --workspace" \
  cargo test --manifest-path wasm/Cargo.toml --workspace --no-fail-fast

rust_lints() {
  local status=0
  cargo fmt --manifest-path wasm/Cargo.toml --all -- --check || status=1
  cargo fmt --manifest-path wasm/tools/bindgen/Cargo.toml -- --check || status=1
  cargo clippy --manifest-path wasm/Cargo.toml --workspace --no-deps --all-targets -- -D warnings || status=1
  cargo clippy --manifest-path wasm/Cargo.toml -p tierplan-wasm -p tierplan-core -p tierplan-scenario -p tierplan-kit -p tierplan-stream \
    --no-deps --target wasm32-unknown-unknown --no-default-features --features tierplan-wasm/planner -- -D warnings || status=1
  cargo clippy --manifest-path wasm/Cargo.toml -p tierplan-wasm -p tierplan-request -p tierplan-block -p tierplan-studies \
    --no-deps --target wasm32-unknown-unknown --no-default-features --features studies -- -D warnings || status=1
  return $status
}
step rust-lints "cargo fmt --check, clippy -D warnings (whole workspace; each wasm32 module, the planner's with the core as it builds it)" rust_lints

ts_lints() {
  local status=0
  npx tsc --noEmit || status=1
  npm run lint || status=1
  npm run check:cycles || status=1
  npm run check:rust-cycles || status=1
  return $status
}
step ts-lints "tsc --noEmit, lint (eslint, one home per core formula, no timed verdicts), import cycles (madge for TypeScript, scripts/check-rust-cycles.mjs for Rust)" ts_lints

step vitest "vitest run" npx vitest run

builds() {
  cargo build --manifest-path wasm/Cargo.toml --release -p tierplan-cli && npx vite build
}
step builds "native CLI (release) and production build for the e2e tests" builds

python_tests() {
  bash scripts/setup-python.sh || return 1
  python/.venv/bin/python -m pytest python/tests -q -p no:cacheprovider
}
step pytest "Python package: build it into python/.venv (scripts/setup-python.sh), pytest" python_tests

step bench "every benchmark once at a tiny size (scripts/bench-smoke.sh)" bash scripts/bench-smoke.sh

step playwright "playwright test" npx playwright test

printf '\n== [%dm%02ds] summary\n' $((SECONDS / 60)) $((SECONDS % 60))
total_p=0
total_f=0
for row in "${summary[@]}"; do
  IFS='|' read -r id status p f secs <<<"$row"
  printf '  %-11s %-18s %5s passed %4s failed  %3dm%02ds\n' "$id" "$status" "$p" "$f" $((secs / 60)) $((secs % 60))
  total_p=$((total_p + p))
  total_f=$((total_f + f))
done
printf 'all steps in %dm%02ds; %d of %d steps failed\n' $((SECONDS / 60)) $((SECONDS % 60)) "$steps_failed" "${#summary[@]}"
echo "tests: $total_p passed, $total_f failed"
[ "$steps_failed" = 0 ]
