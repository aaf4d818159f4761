// Number formatting for the results panel (d3-format for locale-free,
// significant-digit output).
import { format } from 'd3-format';
import type { Estimate, TcoBreakdown, TierRole } from '../engine/types';

const sig3 = format('.3~r');
const sig4 = format('.4~r');
const pct = format('.2~%');
const money = format('$,.2f');
const int = format(',d');

/** Below this a plain number reads "< 0.000001": e-notation means nothing to most readers. */
const TINY = 1e-6;

/**
 * A number in plain decimal notation, never e-notation: 4 significant
 * digits with thousands separators, and tiny values as "< 0.000001".
 */
export function num(x: number | null | undefined): string {
  if (x === null || x === undefined || Number.isNaN(x)) return '—';
  if (!Number.isFinite(x)) return x > 0 ? '∞' : '−∞';
  if (x !== 0 && Math.abs(x) < TINY) return x > 0 ? '< 0.000001' : '> −0.000001';
  if (Math.abs(x) >= 1000) return format(',.4~r')(x);
  return sig4(x);
}

/**
 * A duration in seconds with the unit that keeps it readable: "0 s",
 * "< 1 ns", "12.3 µs", "4.5 ms", "1.25 s", "1,234 s" — never e-notation.
 */
export function duration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || Number.isNaN(seconds)) return '—';
  if (!Number.isFinite(seconds)) return seconds > 0 ? '∞' : '−∞';
  const a = Math.abs(seconds);
  if (a === 0) return '0 s';
  if (a < 1e-9) return seconds > 0 ? '< 1 ns' : '> −1 ns';
  if (a < 1e-6) return `${sig3(seconds * 1e9)} ns`;
  if (a < 1e-3) return `${sig3(seconds * 1e6)} µs`;
  if (a < 1) return `${sig3(seconds * 1e3)} ms`;
  return `${num(seconds)} s`;
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
  if (Math.abs(x) < TINY / 100) return x > 0 ? '< 0.0001%' : '> −0.0001%';
  return Math.abs(x) >= 0.01 ? pct(x) : `${sig3(x * 100)}%`;
}

/** A utilisation in whole percent: two or three digits say all a busy share can ("< 1 %" when barely used). */
export function wholePercent(x: number): string {
  if (!Number.isFinite(x)) return '—';
  if (x > 0 && x < 0.005) return '< 1 %';
  return `${integer(x * 100)} %`;
}

export type Unit = 'plain' | 'percent' | 'dollars';

/** "mean ± ci95" with the same formatting for both parts. */
export function estimate(e: Estimate, unit: Unit = 'plain'): string {
  const f = unit === 'percent' ? percent : unit === 'dollars' ? dollars : num;
  if (e.n < 2) return f(e.mean);
  return `${f(e.mean)} ± ${f(e.ci95)}`;
}

/**
 * The lowest and highest replication, "8.4% to 99.9%", when there are two or
 * more and they differ (else null). A mean ± CI reads as one outcome; near a
 * tipping point some replications collapse and others do not, and the range
 * is what shows it (docs/engines/request-notebook.md, 2026-11-29 (late)).
 */
export function replicationRange(e: Estimate, unit: Unit = 'plain'): string | null {
  if (e.n < 2 || !(e.max > e.min)) return null;
  const f = unit === 'percent' ? percent : unit === 'dollars' ? dollars : num;
  return `${f(e.min)} to ${f(e.max)}`;
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

/**
 * The service life a lifetime is judged against when no TCO sets one: the
 * Optimiser's default TCO years (a common service life of a server).
 */
export const DEFAULT_SERVICE_LIFE_YEARS = 5;

/** Hours in a year of 365.25 days. */
const HOURS_PER_YEAR = 8766;

/**
 * An SSD lifetime judged against a service life: beyond it wear does not
 * decide when the drive is replaced, so "> 5 years: wear is not the limit"
 * stands instead of a precise-looking "239 years (± 149 years)". Below it
 * the mean and, when `ci95` is given and above 0, its interval.
 */
export function wearLifetime(hours: number | null | undefined, serviceYears: number = DEFAULT_SERVICE_LIFE_YEARS, ci95?: number | null): string {
  if (hours === null || hours === undefined) return lifetime(hours);
  if (beyondServiceLife(hours, serviceYears)) return `> ${num(serviceYears)} years: wear is not the limit`;
  return ci95 !== null && ci95 !== undefined && ci95 > 0 ? `${lifetime(hours)} (± ${lifetime(ci95)})` : lifetime(hours);
}

/** Whether a lifetime in hours outlasts the service life (an unlimited one does). */
export function beyondServiceLife(hours: number, serviceYears: number = DEFAULT_SERVICE_LIFE_YEARS): boolean {
  return Number.isFinite(serviceYears) && serviceYears > 0 && hours > serviceYears * HOURS_PER_YEAR;
}
/**
 * An SSD tier's replacements over the service life, as the TCO counts them
 * (the core's `TcoBreakdown.replacements`, the one home of that figure):
 * "none within 5 years" or "2 within 5 years: $2,400".
 */
export function replacementText(tco: TcoBreakdown, role: TierRole): string {
  const r = tco.replacements.find((x) => x.role === role);
  const within = `within ${num(tco.years)} years`;
  if (!r || r.replacements === 0) return `no replacement ${within}`;
  return `${r.replacements} replacement${r.replacements === 1 ? '' : 's'} ${within}: ${dollars(r.cost)}`;
}

