#!/usr/bin/env bash
# `npm run setup:tests`: what `npm test` needs beyond `npm run setup` —
# Debian's Chromium for the end-to-end tests (never a downloaded browser
# build) and the Python environment in python/.venv with its packages
# (scripts/setup-python.sh --env-only). `npm test` builds the native CLI, the
# Python extension and the production bundle itself, in one native compile.
# Idempotent. `.ci/run` calls it after `npm run setup`.
set -euo pipefail
cd "$(dirname "$0")/.."

chromium=${CHROMIUM_PATH:-/usr/bin/chromium}
if [ ! -x "$chromium" ]; then
  if command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
    echo "setup-tests: apt-get install chromium (for the end-to-end tests)"
    apt-get update && apt-get install -y chromium
  else
    echo "setup-tests: no Chromium at $chromium; install Debian's chromium package (as root: apt-get install -y chromium) or set CHROMIUM_PATH" >&2
    exit 1
  fi
fi

bash scripts/setup-python.sh --env-only
