// "Use this configuration": an optimiser row as a scenario.
import type { ArchitectureResult, RunConfig, Scenario } from '../engine/types';

/**
 * The scenario of an optimiser row: its architecture, and its counts on the
 * tiers it varies (as the core configures it); with `run` (the result's),
 * the run every candidate made — the cap and the target decided — so the
 * planner repeats the row's numbers.
 */
export function configured(base: Scenario, a: ArchitectureResult, run?: RunConfig): Scenario {
  const s = structuredClone(base);
  if (run) s.run = structuredClone(run);
  const c = a.best!.counts;
  s.architecture = a.architecture;
  for (const t of a.space.tiers) {
    if (t.role === 'disk') s.tiers.disk.count = c.disk;
    else if (t.role === 'interval_cache' && s.tiers.interval_cache) s.tiers.interval_cache.count = c.interval_cache;
    else if (t.role === 'file_cache' && s.tiers.file_cache) s.tiers.file_cache.count = c.file_cache;
  }
  return s;
}
