#!/usr/bin/env node
/* global process, console -- Node script */
// The layers of the app (src/), lowest first; a file may import from its
// own layer and the layers below, never from a layer above:
//
//   0  engine/, charts/, wasm-pkg/   infrastructure and kits: the worker pool,
//                                    the typed call, the job driver, module
//                                    loading, the core's types; the chart kit
//   1  each feature's worker side    <feature>/worker-calls.ts, types.ts,
//                                    study-calls.ts (its side of the
//                                    studies' worker), block/run.ts,
//                                    planner/characterise.ts
//   2  worker/                       composes the features' worker calls: the
//                                    simulation worker's API, the one list of
//                                    calls, the Engine the tabs call, the pool;
//                                    the studies' worker and its backend
//   3  shared/, state/, pwa/         what every tab uses (form helpers, view
//                                    props, links and autosave)
//   4  the tabs                      planner/ sweeps/ optimiser/ flash/ http/
//                                    block/ logs/ class/ reproduce/
//   5  app/                          the shell composing the tabs
//   6  main.tsx, embed.tsx           entry points
//
// Reads every .ts/.tsx file under the given src folder (default: src),
// resolves its relative imports (static, dynamic and `new URL(…)` workers)
// and prints each import that points up, with both layers; exits 1 if any.
// Part of `npm run lint`; tests/tooling/layers.test.ts shows it failing on
// tests/fixtures/layers/src.
// Usage: node scripts/check-layers.mjs [srcDir]
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const WORKER_SIDE = new Set(['worker-calls.ts', 'study-calls.ts', 'types.ts']);
const WORKER_SIDE_FILES = new Set(['block/run.ts', 'planner/characterise.ts']);
const LAYER_NAMES = ['engine, charts (infrastructure, kits)', "a feature's worker side", 'worker/', 'shared, state, pwa', 'a tab', 'app/', 'an entry point'];

/** The layer of a file, by its path inside src/ (forward slashes). */
function layerOf(path) {
  const [top, ...rest] = path.split('/');
  if (rest.length === 0) return 6; // main.tsx, embed.tsx
  if (top === 'engine' || top === 'charts' || top === 'wasm-pkg') return 0;
  if (top === 'worker') return 2;
  if (top === 'shared' || top === 'state' || top === 'pwa') return 3;
  if (top === 'app') return 5;
  if (rest.length === 1 && WORKER_SIDE.has(rest[0])) return 1;
  if (WORKER_SIDE_FILES.has(path)) return 1;
  return 4;
}

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) {
      if (name !== 'wasm-pkg') yield* files(p);
    } else if (/\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts')) yield p;
  }
}

/** The file a relative specifier names (TypeScript's resolution of extensionless paths and folders). */
function resolveImport(from, spec) {
  const base = resolve(dirname(from), spec);
  for (const c of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(c) && statSync(c).isFile()) return c;
  }
  return base.replace(/\.js$/, '.ts');
}

const root = resolve(process.argv[2] ?? 'src');
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|new URL\(\s*)'(\.{1,2}\/[^']+)'/g;
const found = [];
let count = 0;
for (const file of files(root)) {
  const path = relative(root, file).split(sep).join('/');
  const own = layerOf(path);
  const text = readFileSync(file, 'utf8');
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    for (const m of line.matchAll(IMPORT)) {
      const target = relative(root, resolveImport(file, m[1])).split(sep).join('/');
      if (target.startsWith('..')) continue; // outside src (package.json)
      count++;
      const theirs = layerOf(target);
      if (theirs > own) found.push(`${path}:${i + 1} (${LAYER_NAMES[own]}, layer ${own}) imports ${target} (${LAYER_NAMES[theirs]}, layer ${theirs})`);
    }
  });
}

if (found.length > 0) {
  console.error(`check-layers: ${found.length} upward import${found.length === 1 ? '' : 's'} in ${relative(process.cwd(), root) || '.'}:`);
  for (const f of found) console.error(`  ${f}`);
  process.exit(1);
}
console.log(`check-layers: ${count} imports in ${relative(process.cwd(), root) || '.'}, none upward`);
