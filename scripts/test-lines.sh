#!/usr/bin/env bash
# Lines of Rust tests per crate: every line under wasm/<crate>/tests/ (.rs)
# plus each source file's test modules (from a `#[cfg(test)]` line followed by
# `mod …` to the end of the file: clippy's items_after_test_module keeps test
# modules last). Rerunnable; prints "crate integration unit total".
set -euo pipefail
cd "$(dirname "$0")/../wasm"
printf '%-10s %11s %6s %6s\n' crate integration unit total
sum=0
for dir in */; do
  crate=${dir%/}
  [ -f "$crate/Cargo.toml" ] || continue
  integ=0
  if [ -d "$crate/tests" ]; then
    integ=$(find "$crate/tests" -name '*.rs' -print0 | xargs -0 -r cat | wc -l)
  fi
  unit=0
  if [ -d "$crate/src" ]; then
    unit=$(find "$crate/src" -name '*.rs' -print0 | xargs -0 -r awk '
      FNR == 1 { on = 0; prev = "" }
      on { n++ }
      prev ~ /^#\[cfg\(test\)\]/ && $0 ~ /^(pub )?mod / && !on { on = 1; n += 2 }
      { prev = $0 }
      END { print n + 0 }')
  fi
  total=$((integ + unit))
  sum=$((sum + total))
  printf '%-10s %11d %6d %6d\n' "$crate" "$integ" "$unit" "$total"
done
printf '%-10s %11s %6s %6d\n' all '' '' "$sum"
