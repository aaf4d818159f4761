#!/usr/bin/env node
/* global process, console -- Node script */
// Fails when the modules of a Rust crate import each other in a cycle.
//
// madge does this for the TypeScript tree; Rust has no equivalent in the
// toolchain (cargo forbids cycles between crates, not between the modules of
// one crate), and cargo-modules would cost CI a long compile of rust-analyzer.
// Module graphs here are small enough to read from the source: every file is a
// module (`a/mod.rs` and `a.rs` are `crate::a`, `a/b.rs` is `crate::a::b`), an
// edge is any path the file names through `crate::`, `super::` or `self::`
// (in `use` trees, braces expanded, or inline in code), resolved to the
// deepest module file it reaches, then followed through re-exports to the
// module that defines the item (a facade `mod.rs` that re-exports its
// children does not depend on them for this purpose: `pub use` lines are the
// crate's surface, not a use of the code). A parent declaring its children
// (`mod b;`) is structure, not an import; a parent that *uses* a child's
// definition while the child uses the parent's is a cycle like any other.
// A file's `#[cfg(test)] mod tests { … }` is left out: its `super` is the file.
//
//
// It also holds each crate's Cargo.toml to its code (checkDependencies): every
// dependency a crate declares must be named in the code that can use it
// (`[dependencies]` in src/ outside test modules, `[build-dependencies]` in
// build.rs, `[dev-dependencies]` in tests/, benches/, examples/ or src/ test
// modules), and every workspace crate a crate depends on must sit in a lower
// layer of the order the workspace declares in `[workspace.metadata.layers]`
// (a dev-dependency may also be a sibling of the same layer: a test that
// compares two engines). cargo forbids crate cycles but accepts an unused
// dependency or a sideways one; this makes the crate graph say what the
// `use`s say.
//
// Usage: node scripts/check-rust-cycles.mjs CRATE_SRC_DIR...
// Exit 0 and "no module cycle" per crate, or exit 1 listing each cycle and
// each dependency problem.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/** Every .rs file under `dir`, recursively. */
function rustFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...rustFiles(p));
    else if (name.endsWith('.rs')) out.push(p);
  }
  return out;
}

/** The module path of a file, as segments below the crate root. */
function modulePath(srcDir, file) {
  const parts = relative(srcDir, file).split(sep);
  const last = parts.pop().replace(/\.rs$/, '');
  if (parts.length === 0 && (last === 'lib' || last === 'main')) return [];
  if (last !== 'mod') parts.push(last);
  return parts;
}

/** Source with comments, string and char literals blanked (so a path in a doc comment or a message is not an edge). */
function codeOnly(text) {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/\/\/[^\n]*/g, ' ')
    .replace(/r(#*)"[\s\S]*?"\1/g, '""')
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/'(?:[^'\\\n]|\\.)'/g, "' '");
}

/** Expand a `use` tree (`a::{b, c::{d, e}}`) into its leaf paths. */
function expandUseTree(tree) {
  const t = tree.replace(/\s+/g, '');
  const open = t.indexOf('{');
  if (open < 0) return [t.replace(/ as \w+$/, '').replace(/as\w+$/, '')];
  const prefix = t.slice(0, open);
  const inner = t.slice(open + 1, t.lastIndexOf('}'));
  const items = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < inner.length; i++) {
    if (inner[i] === '{') depth++;
    else if (inner[i] === '}') depth--;
    else if (inner[i] === ',' && depth === 0) {
      items.push(inner.slice(start, i));
      start = i + 1;
    }
  }
  items.push(inner.slice(start));
  return items.filter((s) => s.length > 0).flatMap((item) => expandUseTree(prefix + item));
}

const split = (p) => p.replace(/^::/, '').split('::').filter((s) => s.length > 0);
const PUB_USE = /\bpub(?:\([^)]*\))?\s+use\s+([^;]+);/g;

/** The file without its trailing test module (whose `super` is the file itself). */
function withoutTests(code) {
  const at = code.search(/#\[cfg\(test\)\]\s*mod\s+\w+\s*\{/);
  return at < 0 ? code : code.slice(0, at);
}

/** Paths (as segment lists, relative markers kept) a file's code uses, re-exports left out. */
function usedPaths(code) {
  const body = code.replace(PUB_USE, ' ');
  const paths = [];
  for (const m of body.matchAll(/\buse\s+([^;]+);/g)) paths.push(...expandUseTree(m[1]));
  for (const m of body.replace(/\buse\s+[^;]+;/g, ' ').matchAll(/\b(?:crate|super|self)(?:::\w+)+/g)) paths.push(m[0]);
  return paths.map(split);
}

/** What a module re-exports: named items (name -> path) and glob sources. */
function reExports(code) {
  const named = new Map();
  const globs = [];
  for (const m of code.matchAll(PUB_USE)) {
    for (const p of expandUseTree(m[1])) {
      const alias = /(\w+)as(\w+)$/.exec(p.replace(/\s+/g, ''));
      const segs = split(p.replace(/as\w+$/, ''));
      if (segs.at(-1) === '*') globs.push(segs.slice(0, -1));
      else named.set(alias ? alias[2] : segs.at(-1), segs);
    }
  }
  return { named, globs };
}

/** Names a module defines itself. */
function definitions(code) {
  const out = new Set();
  for (const m of code.matchAll(/\b(?:fn|struct|enum|trait|type|const|static|union|mod)\s+(\w+)/g)) out.add(m[1]);
  for (const m of code.matchAll(/macro_rules!\s*(\w+)/g)) out.add(m[1]);
  return out;
}

/** Resolve a named path from module `here` to the deepest known module it reaches and the segments left, or null if it leaves the crate. */
function resolveModule(here, segs, known) {
  let base;
  let rest = segs;
  if (segs[0] === 'crate') {
    base = [];
    rest = segs.slice(1);
  } else if (segs[0] === 'super' || segs[0] === 'self') {
    base = [...here];
    while (rest[0] === 'super' || rest[0] === 'self') {
      if (rest[0] === 'super') base.pop();
      rest = rest.slice(1);
    }
  } else {
    // A bare path (2018 edition) starts at this module's child or an external crate.
    if (!known.has([...here, segs[0]].join('::'))) return null;
    base = [...here];
  }
  const cur = [...base];
  let i = 0;
  while (i < rest.length && known.has([...cur, rest[i]].join('::'))) cur.push(rest[i++]);
  return { module: cur, rest: rest.slice(i) };
}

/** The module that defines what `segs` names from `here`, following re-exports (at most a few hops). */
function definingModule(here, segs, info, hops = 0) {
  const r = resolveModule(here, segs, info.known);
  if (r === null) return null;
  const key = r.module.join('::');
  const item = r.rest[0];
  const mod = info.modules.get(key);
  if (item === undefined || item === '*' || !mod || mod.defs.has(item) || hops > 8) return key;
  const target = mod.exports.named.get(item);
  if (target) return definingModule(r.module, [...target, ...r.rest.slice(1)], info, hops + 1) ?? key;
  for (const g of mod.exports.globs) {
    const src = resolveModule(r.module, g, info.known);
    const srcMod = src && src.rest.length === 0 ? info.modules.get(src.module.join('::')) : undefined;
    if (srcMod && (srcMod.defs.has(item) || srcMod.exports.named.has(item))) return definingModule(src.module, r.rest, info, hops + 1) ?? key;
  }
  return key;
}

/** Strongly connected components with more than one module (Tarjan). */
function cycles(graph) {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const on = new Set();
  const out = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const scc = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1) out.push(scc.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return out;
}

/** One edge of a cycle, as evidence: which file names which module. */
function witness(graph, scc) {
  const inScc = new Set(scc);
  const lines = [];
  for (const v of scc) for (const w of graph.get(v) ?? []) if (inScc.has(w)) lines.push(`    ${v || 'crate'} -> ${w || 'crate'}`);
  return lines.join('\n');
}

export function checkCrate(srcDir) {
  const files = rustFiles(srcDir).map((f) => ({ path: modulePath(srcDir, f), code: withoutTests(codeOnly(readFileSync(f, 'utf8'))) }));
  const known = new Set(files.map((f) => f.path.join('::')));
  const modules = new Map(files.map((f) => [f.path.join('::'), { defs: definitions(f.code), exports: reExports(f.code) }]));
  const info = { known, modules };
  const graph = new Map();
  for (const { path: here, code } of files) {
    const from = here.join('::');
    const edges = new Set();
    for (const segs of usedPaths(code)) {
      const to = definingModule(here, segs, info);
      if (to !== null && to !== from) edges.add(to);
    }
    graph.set(from, edges);
  }
  return { modules: known.size, graph, cycles: cycles(graph).map((scc) => ({ modules: scc, edges: witness(graph, scc) })) };
}

const DEP_SECTIONS = { dependencies: 'normal', 'dev-dependencies': 'dev', 'build-dependencies': 'build' };

/** A Cargo.toml's package name and declared dependencies (name and kind), read line by line (the subset of TOML these manifests use). */
function readManifest(path) {
  let section = '';
  let name = null;
  const deps = [];
  const featuresOnly = [];
  for (const raw of readFileSync(path, 'utf8').split('\n')) {
    const line = raw.replace(/#.*$/, '').trim();
    const header = /^\[\[?([^\]]+)\]\]?$/.exec(line);
    if (header) {
      section = header[1].replace(/^target\.[^.]+(?:\([^)]*\))?\./, '');
      continue;
    }
    if (section === 'package' && name === null && /^name\s*=/.test(line)) name = /"([^"]+)"/.exec(line)[1];
    // Dependencies declared only to turn on their features (so that a crate
    // built alone resolves them as the workspace does), never used in code.
    if (section === 'package.metadata.features-only' && /^crates\s*=/.test(line)) featuresOnly.push(...JSON.parse(line.replace(/^crates\s*=\s*/, '')));
    const dep = /^([A-Za-z0-9_-]+)(?:\.workspace)?\s*=/.exec(line);
    if (dep && DEP_SECTIONS[section]) deps.push({ name: dep[1], kind: DEP_SECTIONS[section] });
  }
  return { name, deps, featuresOnly };
}

/** The workspace around a crate directory: its members' names and the layer of each (`[workspace.metadata.layers] order`, bottom-up). */
function readWorkspace(crateDir) {
  for (let dir = resolve(crateDir, '..'); ; dir = dirname(dir)) {
    const manifest = join(dir, 'Cargo.toml');
    if (existsSync(manifest) && /^\[workspace\]/m.test(readFileSync(manifest, 'utf8'))) {
      const text = readFileSync(manifest, 'utf8').replace(/#[^\n]*/g, '');
      const members = JSON.parse(/^members\s*=\s*(\[[^\]]*\])/m.exec(text)[1].replace(/,\s*\]/, ']'));
      const names = new Set(members.map((m) => readManifest(join(dir, m, 'Cargo.toml')).name));
      const order = /\[workspace\.metadata\.layers\][^[]*?order\s*=\s*(\[[\s\S]*?\][\s,]*\])/.exec(text);
      const layer = new Map();
      if (order) JSON.parse(order[1].replace(/,(\s*\])/g, '$1')).forEach((crates, i) => crates.forEach((c) => layer.set(c, i)));
      return { names, layer };
    }
    if (dirname(dir) === dir) return null;
  }
}

/** Crate identifiers (`foo_bar`) a piece of code names as paths or in `use`/`extern crate`. */
function namedCrates(code) {
  const out = new Set();
  for (const m of code.matchAll(/(?<![\w:])([A-Za-z_]\w*)\s*::/g)) out.add(m[1]);
  for (const m of code.matchAll(/\b(?:use|extern\s+crate)\s+([A-Za-z_]\w*)/g)) out.add(m[1]);
  return out;
}

/** What a crate's code names, by who may use it: src/ outside test modules, build.rs, and the tests (tests/, benches/, examples/, src/ test modules). */
function namesByKind(crateDir) {
  const normal = new Set();
  const dev = new Set();
  const build = new Set();
  const add = (set, names) => names.forEach((n) => set.add(n));
  const src = join(crateDir, 'src');
  if (existsSync(src))
    for (const f of rustFiles(src)) {
      const code = codeOnly(readFileSync(f, 'utf8'));
      const main = withoutTests(code);
      add(normal, namedCrates(main));
      add(dev, namedCrates(code.slice(main.length)));
    }
  if (existsSync(join(crateDir, 'build.rs'))) add(build, namedCrates(codeOnly(readFileSync(join(crateDir, 'build.rs'), 'utf8'))));
  for (const d of ['tests', 'benches', 'examples'])
    if (existsSync(join(crateDir, d))) for (const f of rustFiles(join(crateDir, d))) add(dev, namedCrates(codeOnly(readFileSync(f, 'utf8'))));
  return { normal, dev, build };
}

/** Problems of one crate's declared dependencies against its code and the workspace's layers (empty: none), or null if the directory has no Cargo.toml. */
export function checkDependencies(crateDir) {
  const manifestPath = join(crateDir, 'Cargo.toml');
  if (!existsSync(manifestPath)) return null;
  const { name, deps, featuresOnly } = readManifest(manifestPath);
  const ws = readWorkspace(crateDir);
  const used = namesByKind(crateDir);
  const problems = [];
  const ident = (dep) => dep.replace(/-/g, '_');
  for (const d of deps) {
    const where = { normal: 'src/ (outside test modules)', dev: 'tests/, benches/, examples/ or a test module', build: 'build.rs' }[d.kind];
    const section = Object.keys(DEP_SECTIONS).find((k) => DEP_SECTIONS[k] === d.kind);
    if (!used[d.kind].has(ident(d.name)) && !featuresOnly.includes(d.name)) problems.push(`declares ${d.name} in [${section}] but ${where} never uses it`);
    if (!ws || !ws.names.has(d.name)) continue;
    const mine = ws.layer.get(name);
    const theirs = ws.layer.get(d.name);
    if (mine === undefined) problems.push(`${name} is not in the workspace's [workspace.metadata.layers] order`);
    else if (theirs === undefined) problems.push(`${d.name} is not in the workspace's [workspace.metadata.layers] order`);
    else if (theirs > mine || (theirs === mine && d.kind !== 'dev'))
      problems.push(`depends on ${d.name} (layer ${theirs}) from layer ${mine}: only lower layers${d.kind === 'dev' ? ' or its own' : ''}`);
  }
  if (ws) {
    const declared = new Set(deps.filter((d) => d.kind === 'normal').map((d) => ident(d.name)));
    for (const member of ws.names)
      if (member !== name && used.normal.has(ident(member)) && !declared.has(ident(member))) problems.push(`uses ${member} in src/ without declaring it in [dependencies]`);
  }
  return [...new Set(problems)];
}

const dirs = process.argv.slice(2);
if (dirs.length > 0) {
  let failed = false;
  for (const dir of dirs) {
    const { modules, cycles: found } = checkCrate(dir);
    const depProblems = checkDependencies(resolve(dir, '..'));
    const deps = depProblems === null ? '' : depProblems.length === 0 ? ', dependencies match the code' : '';
    if (found.length === 0) console.log(`${dir}: ${modules} modules, no module cycle${deps}`);
    else {
      failed = true;
      console.log(`${dir}: ${found.length} module cycle(s):`);
      for (const c of found) console.log(`  ${c.modules.map((m) => m || 'crate').join(' <-> ')}\n${c.edges}`);
    }
    if (depProblems && depProblems.length > 0) {
      failed = true;
      console.log(`${dir}: ${depProblems.length} dependency problem(s):`);
      for (const p of depProblems) console.log(`  ${p}`);
    }
  }
  process.exit(failed ? 1 : 0);
}
