/* global process -- Node script */
// Where the native CLI is, for every script and test that runs it: the
// release build (`cargo build --release -p tierplan-cli`) unless
// TIERPLAN_CLI names another. `npm test` points it at the CLI that
// `cargo test --profile checked` has already built (scripts/test.sh), so the
// suite compiles the workspace natively once, not once per profile.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const chosen = process.env.TIERPLAN_CLI;

export const nativeCliPath = chosen ? resolve(chosen) : resolve(root, 'wasm/target/release/tierplan');

/** The CLI's path, building the release CLI first when it is missing (never one TIERPLAN_CLI names). */
export function nativeCli() {
  if (existsSync(nativeCliPath)) return nativeCliPath;
  if (chosen) throw new Error(`TIERPLAN_CLI is ${chosen}, but there is no file there; build it or unset TIERPLAN_CLI`);
  execFileSync('cargo', ['build', '--release', '--manifest-path', resolve(root, 'wasm/Cargo.toml'), '-p', 'tierplan-cli'], { stdio: 'inherit' });
  return nativeCliPath;
}

/**
 * `tierplan reproduce --format json` of the CLI, run once per build of it:
 * the rows are kept beside the binary (`<cli>.reproduce.json`, also written
 * by the CLI's own test of the command) and reused while they are newer
 * than it. Every claim's simulations take a minute of CPU, and `npm test`
 * would otherwise spend it twice on one binary.
 */
export function nativeReproduceJson() {
  const cli = nativeCli();
  const kept = `${cli}.reproduce.json`;
  if (existsSync(kept) && statSync(kept).mtimeMs >= statSync(cli).mtimeMs) return readFileSync(kept, 'utf8');
  const out = execFileSync(cli, ['reproduce', '--format', 'json'], { encoding: 'utf8', maxBuffer: 64 << 20 });
  writeFileSync(kept, out);
  return out;
}
