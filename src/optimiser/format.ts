// Labels for the optimiser's results (pure functions, shared by the table,
// the chart and the study-check panel).
import type { ArchitectureResult, Counts, SearchSpace, TierRole } from '../engine/types';

const SHORT: Record<TierRole, string> = { disk: 'HDD', interval_cache: 'interval cache', file_cache: 'file cache' };

function count(c: Counts, role: TierRole): number {
  return role === 'disk' ? c.disk : role === 'interval_cache' ? c.interval_cache : c.file_cache;
}

/** "9 × hdd15k + 14 × ddr3_1gb": each tier the architecture varies, with its device id. */
export function deviceCounts(c: Counts, space: SearchSpace): string {
  return space.tiers.map((t) => `${count(c, t.role)} × ${t.device}`).join(' + ');
}

/** Compact counts for chart labels: "9 HDD + 14 interval cache". */
export function shortCounts(c: Counts, space: SearchSpace): string {
  return space.tiers
    .filter((t) => t.role === 'disk' || count(c, t.role) > 0)
    .map((t) => `${count(c, t.role)} ${SHORT[t.role]}`)
    .join(' + ');
}

/** "disk 2–14 (derived), file cache 0–7 (derived)". */
export function rangesText(space: SearchSpace): string {
  return space.tiers.map((t) => `${SHORT[t.role]} ${t.min}–${t.max}${t.max_derived ? ' (derived)' : ''}`).join(', ');
}

/** Configurations neither simulated nor pruned: still to examine while running, never needed once done. */
export function unexamined(a: ArchitectureResult): number {
  return a.not_examined;
}
