// Number formatting for the results panel (d3-format for locale-free,
// significant-digit output).
import { format } from 'd3-format';
import type { Estimate } from '../engine/types';

const sig3 = format('.3~r');
const sig4 = format('.4~r');
const pct = format('.2~%');
const money = format('$,.2f');
const int = format(',d');

export function num(x: number | null | undefined): string {
  if (x === null || x === undefined || Number.isNaN(x)) return '—';
  if (!Number.isFinite(x)) return x > 0 ? '∞' : '−∞';
  if (x !== 0 && Math.abs(x) < 1e-3) return format('.3~e')(x);
  if (Math.abs(x) >= 1000) return format(',.4~r')(x);
  return sig4(x);
}

export function integer(x: number): string {
  return int(Math.round(x));
}

export function dollars(x: number): string {
  return money(x);
}

/** A share as a percentage with 3 significant digits (tiny rejection probabilities stay visible). */
export function percent(x: number): string {
  if (!Number.isFinite(x)) return '—';
  if (x === 0) return '0%';
  return Math.abs(x) >= 0.01 ? pct(x) : `${sig3(x * 100)}%`;
}

export type Unit = 'plain' | 'percent' | 'dollars';

/** "mean ± ci95" with the same formatting for both parts. */
export function estimate(e: Estimate, unit: Unit = 'plain'): string {
  const f = unit === 'percent' ? percent : unit === 'dollars' ? dollars : num;
  if (e.n < 2) return f(e.mean);
  return `${f(e.mean)} ± ${f(e.ci95)}`;
}

/** A lifetime in hours as days or years; `null` means nothing was written. */
export function lifetime(hours: number | null | undefined): string {
  if (hours === null || hours === undefined) return 'no writes';
  if (!Number.isFinite(hours)) return 'unlimited';
  const days = hours / 24;
  if (days < 2) return `${sig3(hours)} hours`;
  if (days < 730) return `${sig3(days)} days`;
  return `${sig3(days / 365.25)} years`;
}
