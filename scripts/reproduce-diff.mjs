#!/usr/bin/env node
/* global process, console -- Node script */
// Which published claims moved between two `tierplan reproduce --format csv`
// outputs: every claim whose value, interval or verdict differs, and claims
// that appear in only one. Exit 0 when nothing moved, 1 otherwise, so a
// refactoring that must not change results can be checked with it:
//
//   wasm/target/release/tierplan reproduce --format csv > /tmp/before.csv   # before the change
//   node scripts/reproduce-diff.mjs /tmp/before.csv                          # after: runs the release CLI
//   node scripts/reproduce-diff.mjs /tmp/before.csv /tmp/after.csv           # or compares two files
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Rows of a CSV with quoted fields ("" for a quote inside one). */
function parseCsv(text) {
  const rows = [];
  let row = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else if (ch !== '\r') field += ch;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** Claims by id: the columns that carry a result. */
function claims(text) {
  const [head, ...rows] = parseCsv(text);
  const col = (name) => {
    const i = head.indexOf(name);
    if (i < 0) throw new Error(`the CSV has no column "${name}" (columns: ${head.join(', ')})`);
    return i;
  };
  const at = { id: col('id'), ours: col('ours_value'), ci: col('ours_ci95'), verdict: col('verdict') };
  return new Map(rows.filter((r) => r.length > 1).map((r) => [r[at.id], { ours: r[at.ours], ci: r[at.ci], verdict: r[at.verdict] }]));
}

const [beforePath, afterPath] = process.argv.slice(2);
if (!beforePath) {
  console.error('usage: node scripts/reproduce-diff.mjs BEFORE.csv [AFTER.csv] (without AFTER: runs wasm/target/release/tierplan reproduce)');
  process.exit(2);
}
const before = claims(readFileSync(beforePath, 'utf8'));
const afterText = afterPath
  ? readFileSync(afterPath, 'utf8')
  : execFileSync('wasm/target/release/tierplan', ['reproduce', '--format', 'csv'], { encoding: 'utf8', maxBuffer: 64 << 20 });
const after = claims(afterText);

let moved = 0;
for (const [id, b] of before) {
  const a = after.get(id);
  if (!a) {
    console.log(`${id}: only before`);
    moved++;
  } else if (a.ours !== b.ours || a.ci !== b.ci || a.verdict !== b.verdict) {
    console.log(`${id}: ${b.ours} ± ${b.ci || '–'} (${b.verdict}) → ${a.ours} ± ${a.ci || '–'} (${a.verdict})`);
    moved++;
  }
}
for (const id of after.keys()) {
  if (!before.has(id)) {
    console.log(`${id}: only after`);
    moved++;
  }
}
console.log(`${before.size} claims before, ${after.size} after, ${moved} moved`);
process.exit(moved === 0 ? 0 : 1);
