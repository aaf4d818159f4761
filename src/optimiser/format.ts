// Labels for the optimiser's results (pure functions, shared by the table,
// the chart and the study-check panel).
import type { ArchitectureResult, Counts, Device, OptimizeResult, SearchSpace, TierRole } from '../engine/types';
import { percent } from '../shared/format';

const SHORT: Record<TierRole, string> = { disk: 'HDD', interval_cache: 'interval cache', file_cache: 'file cache' };

function count(c: Counts, role: TierRole): number {
  return role === 'disk' ? c.disk : role === 'interval_cache' ? c.interval_cache : c.file_cache;
}

/**
 * Each tier the architecture varies that the configuration uses, its count
 * and its device: by name where `devices` (the scenario's catalog) has it,
 * else by id — "9 × 15k RPM HDD + 14 × DDR3 1 GB"; `id` is kept for a
 * tooltip. A tier at 0 is left out: "+ 0 × DRAM module" is no part of a server.
 */
export function deviceCountParts(c: Counts, space: SearchSpace, devices: readonly Device[] = []): { count: number; name: string; id: string; role: TierRole }[] {
  const parts = space.tiers.map((t) => ({ count: count(c, t.role), name: devices.find((d) => d.id === t.device)?.name ?? t.device, id: t.device, role: t.role }));
  const used = parts.filter((p) => p.count > 0);
  // Nothing at all (no range allows it, but a server of nothing should still say so): its disks, at 0.
  return used.length > 0 ? used : parts.filter((p) => p.role === 'disk');
}

// An SSD tier's replacements over the service life, as the TCO counts them: one home, shared/format.ts (the planner's cards read it too).
export { replacementText } from '../shared/format';

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

/** Why simulated configurations failed beyond the target itself: " (2 above the 90 % ceiling, 1 could not decide in 10 replications)". */
export function rejectedText(a: ArchitectureResult, r: OptimizeResult): string {
  const parts = [
    a.over_ceiling > 0 ? `${a.over_ceiling} above the ${percent(r.max_peak_utilisation)} peak-utilisation ceiling` : '',
    a.undecided > 0 ? `${a.undecided} could not decide in ${r.max_replications} replications (a fail)` : '',
  ].filter(Boolean);
  return parts.length ? ` (${parts.join(', ')})` : '';
}

/** Configurations neither simulated nor pruned: still to examine while running, never needed once done. */
export function unexamined(a: ArchitectureResult): number {
  return a.not_examined;
}
