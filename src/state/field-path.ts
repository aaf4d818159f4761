// Reading and setting one field of a scenario by its path
// (`devices[4].read_mbps`, the form the core's FieldError paths take). One
// home for what sweeps (a numeric field per point) and class lessons (a
// step's edits) both do.
import type { Scenario } from '../engine/types';

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** The keys of a field path such as `devices[4].read_mbps`, or null when it is not one. */
export function pathSteps(path: string): (string | number)[] | null {
  const out: (string | number)[] = [];
  for (const part of path.split('.')) {
    const m = /^([A-Za-z_][A-Za-z0-9_]*)((?:\[\d+\])*)$/.exec(part);
    if (!m) return null;
    out.push(m[1]);
    for (const idx of m[2].matchAll(/\[(\d+)\]/g)) out.push(Number(idx[1]));
  }
  return out;
}

/** The value at `path` (any JSON), or undefined when the path leads nowhere. */
export function getValue(s: Scenario, path: string): Json | undefined {
  const st = pathSteps(path);
  if (!st) return undefined;
  let cur: Json | undefined = s;
  for (const k of st) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string | number, Json>)[k];
  }
  return cur;
}

/** The number at `path`, or undefined when the path does not lead to one. */
export function getNumber(s: Scenario, path: string): number | undefined {
  const v = getValue(s, path);
  return typeof v === 'number' ? v : undefined;
}

/** A copy of `s` with the value at `path` replaced; throws `path: …` when the path is not a field of `s`. */
export function setField(s: Scenario, path: string, v: number | string): Scenario {
  const st = pathSteps(path);
  if (!st) throw new Error(`${path}: is not a field path`);
  const copy = structuredClone(s);
  let cur = copy as unknown as Record<string | number, Json>;
  for (const k of st.slice(0, -1)) {
    const next = cur[k];
    if (next === null || typeof next !== 'object') throw new Error(`${path}: is not a field of this scenario`);
    cur = next as Record<string | number, Json>;
  }
  const last = st[st.length - 1];
  if (!(last in cur)) throw new Error(`${path}: is not a field of this scenario`);
  cur[last] = v;
  return copy;
}

/** A copy of `s` with the number at `path` replaced; throws `path: …` unless a number is there. */
export function setNumber(s: Scenario, path: string, v: number): Scenario {
  if (getNumber(s, path) === undefined) throw new Error(`${path}: is not a numeric field of this scenario`);
  return setField(s, path, v);
}
