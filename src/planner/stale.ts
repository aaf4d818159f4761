// Which of the form's fields differ between the scenario a result was run
// on and the one the form shows now, named by their labels: a result on
// screen says when it no longer matches the inputs, and what changed.
import type { Scenario } from '../engine/types';
import { fieldLabel } from '../shared/labels';

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** Field paths (as the core names them, `workload.classes[0].share`) whose values differ; a list of a new length is one path. */
export function changedPaths(a: unknown, b: unknown, at = ''): string[] {
  if (a === b) return [];
  const isObj = (x: unknown): x is Record<string, Json> => typeof x === 'object' && x !== null && !Array.isArray(x);
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return [at];
    return a.flatMap((x, i) => changedPaths(x, b[i], `${at}[${i}]`));
  }
  if (isObj(a) && isObj(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    return keys.flatMap((k) => changedPaths(a[k], b[k], at ? `${at}.${k}` : k));
  }
  // Leaves (and a leaf against an object, null for a tier turned off) compare by value.
  return JSON.stringify(a) === JSON.stringify(b) ? [] : [at];
}

/**
 * The labels of what differs between the scenario a result ran and the
 * form (with the texts typed in fields the scenario cannot hold yet), each
 * once, in the form's order of paths; empty when the result is current.
 */
export function staleChanges(ran: Scenario, now: Scenario, texts: Readonly<Record<string, string>> = {}): string[] {
  const paths = [...changedPaths(ran, now), ...Object.keys(texts)];
  return [...new Set(paths.map((p) => fieldLabel(p, now)))];
}
