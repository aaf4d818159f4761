#!/usr/bin/env node
/* global process, console -- Node script */
// What takes the bytes of the WebAssembly module (twiggy-like, offline): the
// size of every section, and the code bytes per crate / core module and of
// the largest functions, read from the name section of cargo's output
// (before wasm-bindgen and wasm-opt strip it, so the split is that of the
// unoptimised code; wasm-opt -O3 changes the total by a few per cent only).
//
//   npm run size:wasm                      (after scripts/build-wasm.sh)
//   node scripts/wasm-size.mjs [planner|studies] [top functions, default 15]
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = resolve(import.meta.dirname, '..');
const file = resolve(root, `wasm/target/tierplan_${process.argv[2] ?? 'planner'}.wasm`);
const top = Number(process.argv[3] ?? 15);
const bytes = readFileSync(file);

let pos = 0;
/** Unsigned LEB128 at `pos`. */
function leb() {
  let value = 0;
  let shift = 0;
  for (;;) {
    const b = bytes[pos++];
    value += (b & 0x7f) * 2 ** shift;
    shift += 7;
    if (b < 0x80) return value;
  }
}
const utf8 = (n) => {
  const s = bytes.subarray(pos, pos + n).toString('utf8');
  pos += n;
  return s;
};

const SECTION = ['custom', 'type', 'import', 'function', 'table', 'memory', 'global', 'export', 'start', 'element', 'code', 'data', 'data count'];
const sections = [];
const bodies = []; // code bytes of each defined function
const names = new Map(); // function index → symbol
let importedFns = 0;

pos = 8; // magic and version
while (pos < bytes.length) {
  const id = bytes[pos++];
  const size = leb();
  const end = pos + size;
  if (id === 0) {
    const name = utf8(leb());
    sections.push([`custom "${name}"`, size]);
    if (name === 'name') {
      while (pos < end) {
        const sub = bytes[pos++];
        const subEnd = leb() + pos;
        if (sub === 1) {
          for (let n = leb(); n > 0; n--) {
            const index = leb();
            names.set(index, utf8(leb()));
          }
        }
        pos = subEnd;
      }
    }
  } else {
    sections.push([SECTION[id] ?? `id ${id}`, size]);
    if (id === 2) {
      for (let n = leb(); n > 0; n--) {
        for (let field = 0; field < 2; field++) {
          const len = leb(); // module, then field name (`pos += leb()` would read pos first)
          pos += len;
        }
        const kind = bytes[pos++];
        if (kind === 0) {
          leb();
          importedFns++;
        } else if (kind === 1) {
          pos++;
          const flags = leb();
          leb();
          if (flags & 1) leb();
        } else if (kind === 2) {
          const flags = leb();
          leb();
          if (flags & 1) leb();
        } else if (kind === 3) pos += 2;
        else if (kind === 4) pos += 2;
      }
    } else if (id === 10) {
      for (let n = leb(); n > 0; n--) {
        const start = pos;
        const len = leb();
        bodies.push(len + (pos - start));
        pos += len;
      }
    }
  }
  pos = end;
}

/** The path segments of a legacy-mangled Rust symbol (`_ZN…E`). */
function segments(sym) {
  const out = [];
  let i = 3;
  while (i < sym.length && /\d/.test(sym[i])) {
    let j = i;
    while (/\d/.test(sym[j])) j++;
    const len = Number(sym.slice(i, j));
    out.push(sym.slice(j, j + len));
    i = j + len;
  }
  return out;
}

/**
 * Where a function's code belongs. A plain path counts for its crate (a core
 * module, two levels deep for the engines); a trait impl (`<X as Y>::f`, how
 * serde's generic code is instantiated for our types) counts for the first
 * of the reader crates it names, else the core module, else its crate.
 */
function owner(sym) {
  const deep = new Set(['reproduce', 'request', 'stream', 'logs', 'analytics', 'optimize', 'sampling']);
  const coreModule = (a, b) => `tierplan_core::${a}${deep.has(a) && b ? `::${b}` : ''}`;
  const segs = sym.startsWith('_ZN') ? segments(sym) : [sym];
  if (/^[a-z_0-9]+$/.test(segs[0])) {
    return segs[0] === 'tierplan_core' && segs.length > 1 ? coreModule(segs[1], segs.length > 3 && segs[2]) : segs[0];
  }
  for (const crate of ['serde_path_to_error', 'serde_json', 'serde_core']) if (sym.includes(crate)) return `${crate} (impls)`;
  const core = /tierplan_core\.\.([a-z_]+)(?:\.\.([a-z_]+))?/.exec(sym);
  if (core) return `${coreModule(core[1], core[2])} (impls)`;
  for (const crate of ['wasm_bindgen', 'tierplan_wasm', 'alloc', 'core', 'std']) if (sym.includes(crate)) return `${crate} (impls)`;
  return '(other)';
}

const fns = bodies.map((size, k) => ({ size, sym: names.get(k + importedFns) ?? `function ${k + importedFns}` }));
const code = fns.reduce((a, f) => a + f.size, 0);
const pct = (n, of) => `${((100 * n) / of).toFixed(1).padStart(5)} %`;
const kb = (n) => `${(n / 1024).toFixed(1).padStart(8)} KB`;

console.log(`${file}\n${bytes.length} B raw, ${gzipSync(bytes, { level: 9 }).length} B gzip -9, ${fns.length} functions${names.size ? '' : ' (no name section: pass cargo\'s output, not the stripped module)'}\n`);
console.log('sections');
for (const [name, size] of sections) console.log(`  ${kb(size)} ${pct(size, bytes.length)}  ${name}`);

const byOwner = new Map();
for (const f of fns) byOwner.set(owner(f.sym), (byOwner.get(owner(f.sym)) ?? 0) + f.size);
console.log('\ncode by crate / core module');
for (const [name, size] of [...byOwner].sort((a, b) => b[1] - a[1])) {
  if (size >= code / 500) console.log(`  ${kb(size)} ${pct(size, code)}  ${name}`);
}
console.log(`\nlargest functions`);
for (const f of [...fns].sort((a, b) => b.size - a.size).slice(0, top)) {
  console.log(`  ${kb(f.size)} ${pct(f.size, code)}  ${f.sym.length > 110 ? `${f.sym.slice(0, 110)}…` : f.sym}`);
}
