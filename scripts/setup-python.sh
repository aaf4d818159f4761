#!/usr/bin/env bash
# The Python package (python/, docs/python.md) in the project's own
# environment: a venv in python/.venv with python/requirements-dev.txt, and
# tierplan built into it by maturin (the extension module in the `python`
# cargo profile: release optimisation without whole-program LTO, so it
# builds in one to two minutes). Idempotent: the venv and its packages are made
# once; the extension is rebuilt only when the Rust code changed (cargo), so
# `npm test` runs it every time to test the current core.
#
# --env-only: the venv and its packages, not the extension (what
# `npm run setup:tests` needs: npm test builds the extension itself).
# TIERPLAN_PYTHON_PROFILE: another cargo profile for the extension; npm test
# uses `checked`, the profile its cargo step has already compiled the core in.
set -euo pipefail
cd "$(dirname "$0")/.."

env_only=false
case "${1:-}" in
  --env-only) env_only=true ;;
  "") ;;
  *) echo "setup-python: unknown option $1 (the one option is --env-only)" >&2; exit 2 ;;
esac
profile=${TIERPLAN_PYTHON_PROFILE:-python}

venv=python/.venv
py=${PYTHON:-python3}

if [ ! -x "$venv/bin/python" ]; then
  # Debian's python3 leaves venv (ensurepip) to the python3-venv package.
  if ! "$py" -c 'import ensurepip, venv' 2>/dev/null; then
    if command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
      echo "setup-python: apt-get install python3-venv"
      apt-get update && apt-get install -y python3-venv
    else
      echo "setup-python: $py has no venv module; install python3-venv" >&2
      exit 1
    fi
  fi
  echo "setup-python: creating $venv"
  "$py" -m venv "$venv"
fi

# Install the pinned tools when any is missing or of another version.
if ! "$venv/bin/python" - python/requirements-dev.txt <<'PY' 2>/dev/null
import re, sys
from importlib.metadata import version
for line in open(sys.argv[1]):
    line = line.split("#")[0].strip()
    if line:
        name, want = re.match(r"([A-Za-z0-9_.-]+)(?:\[.*\])?==(.+)", line).groups()
        assert version(name) == want, name
PY
then
  echo "setup-python: pip install -r python/requirements-dev.txt"
  "$venv/bin/python" -m pip install --quiet -r python/requirements-dev.txt
fi

if $env_only; then
  echo "setup-python: $venv is ready (the extension is built by npm test or npm run setup:python)"
  exit 0
fi

echo "setup-python: maturin develop --profile $profile (the extension tierplan._core)"
(cd python && VIRTUAL_ENV="$PWD/.venv" .venv/bin/maturin develop --profile "$profile" --quiet)
"$venv/bin/python" -c 'import tierplan; print("setup-python: tierplan", len(tierplan.presets()), "presets")'
