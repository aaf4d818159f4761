#!/usr/bin/env bash
# Every benchmark once at a tiny size, so that a benchmark broken by a change
# (a renamed export, a moved test id, a new CLI flag) fails `npm test` instead
# of rotting until someone wants its figures. The sizes are far too small to
# measure anything: the real figures come from `npm run bench*` (see
# docs/benchmarks.md). A benchmark fails here only when it cannot run or its
# output cannot be read: its timing targets are printed (met / NOT met) and
# never decide anything (docs/testing.md). Every benchmark runs even after
# one fails. Needs what scripts/test.sh builds before it: the wasm package,
# the production build in dist/, the native CLI (TIERPLAN_CLI, else the
# release build: scripts/native-cli.mjs) and python/.venv.
set -uo pipefail
cd "$(dirname "$0")/.."

run() {
  local name=$1
  shift
  printf -- '-- %s\n' "$name"
  local status=0
  "$@" > "${log:?}/$name.txt" 2>&1 || status=$?
  if [ "$status" = 0 ]; then
    tail -n 2 "$log/$name.txt"
    echo "ok: $name"
  else
    cat "$log/$name.txt"
    echo "FAILED: $name (exit $status): run it alone with the command above to see why"
    failed=$((failed + 1))
  fi
}
failed=0

log=$(mktemp -d)
trap 'rm -rf "$log"' EXIT

run bench-core env BENCH_REPLICATIONS=1 BENCH_ROUNDS=1 node scripts/bench-core.mjs
run bench-sweeps env BENCH_REPEATS=1 BENCH_HOURS=0.2 BENCH_REPLICATIONS=1 node scripts/bench-sweeps.mjs
run bench-optimiser env RUNS=1 FLEET_STREAMS=6000 ARCH_STREAMS=1200 node scripts/bench-optimiser.mjs
run bench-architect env RUNS=1 node scripts/bench-architect.mjs
run bench-mrc env TRACE=public/sample-block-trace.csv RUNS=1 node scripts/bench-mrc.mjs
run bench-logs env LINES=20000 RUNS=1 node scripts/bench-logs.mjs
run bench-http env BENCH_HOURS=0.02 BENCH_REPEATS=1 node scripts/bench-http.mjs
run bench-block-trace env LINES=20000 RUNS=1 node scripts/bench-block-trace.mjs
run bench-block env BENCH_IOS=20000 BENCH_TRACE=20000 BENCH_ROUNDS=1 node scripts/bench-block.mjs
run bench-request env BENCH_ROUNDS=1 BENCH_HOURS=0.05 node scripts/bench-request.mjs
run bench-room node scripts/bench-room.mjs 10 1
run bench-ssd "${TIERPLAN_CLI:-wasm/target/release/tierplan}" bench-ssd --rounds 1 --ios 2000
run bench-python env BENCH_RUNS=20 BENCH_HOURS=1 BENCH_ROUNDS=1 python/.venv/bin/python scripts/bench-python.py
if [ "$failed" != 0 ]; then
  echo "$failed benchmark(s) failed"
  exit 1
fi
echo "every benchmark ran"
