#!/usr/bin/env bash
# Install what building tierplan needs beyond Rust and Node.js themselves:
# the wasm32 target, the wasm-bindgen CLI of exactly the pinned version, the
# npm packages, and the Python package in python/.venv (scripts/setup-python.sh).
# Idempotent: skips whatever is already there.
# Usage: scripts/setup.sh [--ci]   (--ci uses `npm ci` instead of `npm install`)
set -euo pipefail
cd "$(dirname "$0")/.."

# The end-to-end tests drive Debian's Chromium (never a downloaded browser).
if [ ! -x /usr/bin/chromium ] && [ -z "${CHROMIUM_PATH:-}" ] && command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
  echo "setup: apt-get install chromium (for the end-to-end tests)"
  apt-get update && apt-get install -y chromium
fi

want=$(sed -n 's/^wasm-bindgen = "=\([0-9.]*\)".*/\1/p' wasm/bindings/Cargo.toml)

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  echo "setup: rustup target add wasm32-unknown-unknown"
  rustup target add wasm32-unknown-unknown
fi

have=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)
if [ "$have" != "$want" ]; then
  echo "setup: installing wasm-bindgen-cli $want (found: ${have:-none}); this compiles for a few minutes"
  cargo install wasm-bindgen-cli --version "$want" --force
fi

if [ "${1:-}" = "--ci" ]; then
  # package-lock.json lists every platform's optional packages (rollup's and
  # esbuild's native binaries), so `npm ci` installs exactly it anywhere. A
  # registry mirror that cannot serve one of them makes `npm ci` refuse: then
  # install the locked versions without touching the lock file.
  if ! npm ci; then
    echo "npm ci refused the lock file; installing the locked versions with npm install --no-save" >&2
    npm install --no-save
  fi
else
  npm install
fi

# The Python package (docs/python.md), built into the project's venv.
bash scripts/setup-python.sh
