#!/usr/bin/env bash
# The step runner of `npm test` (scripts/test.sh sources it): each step runs
# whatever happened before it, its output is shown and kept for its counts,
# and `summarise` prints every step's status, passed and failed counts and
# time, then `tests: N passed, M failed`, and returns non-zero when any step
# failed. tests/tooling/test-steps.test.ts runs it on made-up steps.
# Needs $log, a folder for the steps' output.

# What each step ended with: "name|status|passed|failed|seconds|cpu".
summary=()
steps_failed=0

# step ID TITLE COMMAND...: runs COMMAND, its output shown and kept in
# $log/ID.txt for the counts.
step() {
  local id=$1 title=$2
  shift 2
  printf '\n== [%dm%02ds] %s\n' $((SECONDS / 60)) $((SECONDS % 60)) "$title"
  local t0=$SECONDS status cpu0
  cpu0=$(cpu_ticks)
  "$@" 2>&1 | tee "$log/$id.txt"
  status=${PIPESTATUS[0]}
  record "$id" "$status" "$t0" "$cpu0"
}

# step_beside ID TITLE COMMAND...: starts COMMAND in the background, beside
# the steps that follow, its output kept in $log/ID.txt; `step_join ID` waits
# for it, then prints that output whole and counts it like a step. For a step
# that mostly waits (a browser, a test runner's start-up) next to one that
# computes: docs/testing.md.
declare -A beside_pid beside_t0 beside_cpu0 beside_title
step_beside() {
  local id=$1 title=$2
  shift 2
  printf '\n== [%dm%02ds] %s: started beside the next steps, its output follows when it ends\n' $((SECONDS / 60)) $((SECONDS % 60)) "$title"
  beside_title[$id]=$title
  beside_t0[$id]=$SECONDS
  beside_cpu0[$id]=$(cpu_ticks)
  "$@" > "$log/$id.txt" 2>&1 &
  beside_pid[$id]=$!
}

step_join() {
  local id=$1 status=0
  wait "${beside_pid[$id]}" || status=$?
  printf '\n== [%dm%02ds] %s: ended (started at %dm%02ds)\n' $((SECONDS / 60)) $((SECONDS % 60)) "${beside_title[$id]}" \
    $((beside_t0[$id] / 60)) $((beside_t0[$id] % 60))
  cat "$log/$id.txt"
  record "$id" "$status" "${beside_t0[$id]}" "${beside_cpu0[$id]}"
}

# record ID STATUS T0 CPU0: the summary row of a step that ended.
record() {
  local id=$1 status=$2 t0=$3 cpu
  cpu=$(cpu_busy "$4" "$(cpu_ticks)")
  local counts passed failed
  counts=$(count "$id")
  passed=${counts% *}
  failed=${counts#* }
  if [ "$status" = 0 ]; then
    summary+=("$id|ok|$passed|$failed|$((SECONDS - t0))|$cpu")
  else
    steps_failed=$((steps_failed + 1))
    # A step that failed without a failing test (a build, a lint) counts as one.
    [ "$failed" -gt 0 ] || failed=1
    summary+=("$id|FAILED (exit $status)|$passed|$failed|$((SECONDS - t0))|$cpu")
  fi
}

# The machine's busy and total CPU ticks so far ("BUSY TOTAL", all cores,
# from /proc/stat; "0 0" where there is none). Per step it says whether the
# cores were kept busy or waited. It counts every process on the machine
# (the step's own cannot be told apart reliably: Chromium's renderers are not
# reaped by the process that started them), so it is the step's own share only
# on a machine that runs nothing else, as CI's does (docs/testing.md).
cpu_ticks() {
  if [ -r /proc/stat ]; then
    awk '/^cpu / {t = 0; for (i = 2; i <= NF; i++) t += $i; print t - $5 - $6, t; exit}' /proc/stat
  else
    echo "0 0"
  fi
}

# cpu_busy "BUSY0 TOTAL0" "BUSY1 TOTAL1": "cores 87% busy" between the two readings (or "").
cpu_busy() {
  local b0 t0 b1 t1
  read -r b0 t0 <<<"$1"
  read -r b1 t1 <<<"$2"
  if [ $((t1 - t0)) -gt 0 ]; then echo "cores $(((b1 - b0) * 100 / (t1 - t0)))% busy"; fi
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
    vitest*)
      local line
      line=$(grep -E '^ +Tests +' <<<"$plain" | tail -1)
      p=$(grep -Eo '[0-9]+ passed' <<<"$line" | grep -Eo '[0-9]+' || echo 0)
      fl=$(grep -Eo '[0-9]+ failed' <<<"$line" | grep -Eo '[0-9]+' || echo 0)
      # A file that fails before its tests run (an import, a crashed worker)
      # shows in "Test Files" only: count it, or the failures would read 0.
      local files
      files=$(grep -E '^ +Test Files +' <<<"$plain" | tail -1 | grep -Eo '[0-9]+ failed' | grep -Eo '[0-9]+' || echo 0)
      [ "${files:-0}" -le "${fl:-0}" ] || fl=$files ;;
    pytest)
      local line
      line=$(grep -E '(passed|failed|error).* in [0-9.]+s' <<<"$plain" | tail -1)
      p=$(grep -Eo '[0-9]+ passed' <<<"$line" | grep -Eo '[0-9]+' || echo 0)
      fl=$(grep -Eo '[0-9]+ (failed|errors?)' <<<"$line" | grep -Eo '[0-9]+' | awk '{s += $1} END {print s + 0}') ;;
    bench)
      p=$(grep -Ec '^ok: ' <<<"$plain")
      fl=$(grep -Ec '^FAILED: ' <<<"$plain") ;;
    playwright*)
      p=$(grep -Eo '^ +[0-9]+ passed' <<<"$plain" | grep -Eo '[0-9]+' | tail -1)
      fl=$(grep -Eo '^ +[0-9]+ (failed|flaky|interrupted|did not run)' <<<"$plain" | grep -Eo '^ +[0-9]+' | awk '{s += $1} END {print s + 0}') ;;
  esac
  echo "${p:-0} ${fl:-0}"
}

summarise() {
  printf '\n== [%dm%02ds] summary\n' $((SECONDS / 60)) $((SECONDS % 60))
  local total_p=0 total_f=0 row id status p f secs cpu
  for row in "${summary[@]}"; do
    IFS='|' read -r id status p f secs cpu <<<"$row"
    printf '  %-11s %-18s %5s passed %4s failed  %3dm%02ds  %s\n' "$id" "$status" "$p" "$f" $((secs / 60)) $((secs % 60)) "$cpu"
    total_p=$((total_p + p))
    total_f=$((total_f + f))
  done
  printf 'all steps in %dm%02ds; %d of %d steps failed\n' $((SECONDS / 60)) $((SECONDS % 60)) "$steps_failed" "${#summary[@]}"
  echo "tests: $total_p passed, $total_f failed"
  [ "$steps_failed" = 0 ]
}
