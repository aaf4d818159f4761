// Labels of the reproduction table (pure, tested): verdict badges that do
// not rely on colour alone, the verdict tally, and what a row still needs.
import type { Reproduction, ReproductionRow, Verdict } from './types';

export interface Badge {
  /** A symbol that tells the verdicts apart without colour. */
  icon: string;
  text: string;
  /** CSS class carrying the (Okabe–Ito) colour. */
  className: string;
}

const BADGES: Record<Verdict, Badge> = {
  reproduced: { icon: '✓', text: 'reproduced', className: 'verdict-reproduced' },
  close: { icon: '≈', text: 'close', className: 'verdict-close' },
  differs: { icon: '✗', text: 'differs', className: 'verdict-differs' },
  not_modelled: { icon: '∅', text: 'not modelled', className: 'verdict-not-modelled' },
  pending: { icon: '…', text: 'not run yet', className: 'verdict-pending' },
};

export function badge(v: Verdict): Badge {
  return BADGES[v];
}

/** Display order of the tally. */
export const VERDICTS: Verdict[] = ['reproduced', 'close', 'differs', 'not_modelled', 'pending'];

/** How many rows have each verdict. */
export function tally(rows: ReproductionRow[]): Record<Verdict, number> {
  const t: Record<Verdict, number> = { reproduced: 0, close: 0, differs: 0, not_modelled: 0, pending: 0 };
  for (const r of rows) t[r.outcome.verdict]++;
  return t;
}

/** "17 reproduced · 8 close · 4 differ · 7 not modelled" (zero counts left out). */
export function tallyText(rows: ReproductionRow[]): string {
  const t = tally(rows);
  const words: Record<Verdict, [string, string]> = {
    reproduced: ['reproduced', 'reproduced'],
    close: ['close', 'close'],
    differs: ['differs', 'differ'],
    not_modelled: ['not modelled', 'not modelled'],
    pending: ['not run yet', 'not run yet'],
  };
  return VERDICTS.filter((v) => t[v] > 0)
    .map((v) => `${t[v]} ${words[v][t[v] === 1 ? 0 : 1]}`)
    .join(' · ');
}

/** Titles of the scenarios a row simulates, in the plan's words. */
export function scenarioTitles(row: ReproductionRow, plan: Reproduction): string[] {
  return row.scenarios.map((id) => [...plan.scenarios, ...plan.request_scenarios].find((s) => s.id === id)?.title ?? id);
}

/** What a pending row waits for. */
export function pendingText(row: ReproductionRow, plan: Reproduction): string {
  const t = scenarioTitles(row, plan);
  // Block-level rows (model §13) name no scenario: their runs live in the core.
  if (t.length === 0) return `Run all to simulate it. ${row.outcome.note}`;
  return `Run all to simulate ${t.length === 1 ? 'its scenario' : `its ${t.length} scenarios`}: ${t.join('; ')}.`;
}

/** The heading of the explanation under a row, by verdict. */
export function noteLabel(v: Verdict): string {
  switch (v) {
    case 'reproduced':
      return 'Note';
    case 'not_modelled':
      return 'Not modelled';
    case 'pending':
      return 'Not run yet';
    default:
      return 'Why';
  }
}
