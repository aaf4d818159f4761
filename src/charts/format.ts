// Number formatting and rounding shared by the charts. Coordinates are
// rounded to two decimals so the SVG is compact and its snapshots stable.
import { format } from 'd3-format';

export const r2 = (v: number): number => Math.round(v * 100) / 100;

const sig = format('.4~g');
const fixedThousands = format(',.0f');

/** A value for a tooltip or CSV: up to four significant digits, no exponent below 1e6. */
export function formatValue(v: number): string {
  if (!Number.isFinite(v)) return String(v);
  if (Math.abs(v) >= 1e4 && Math.abs(v) < 1e6) return fixedThousands(v);
  return sig(v);
}
