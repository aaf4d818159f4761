// The optimiser's cost chart as data (pure, so tests can read it): one point
// per simulated configuration, a fixed colour per architecture, and each
// architecture's optimum labelled on the chart. Optima at the same cost and
// streams draw as one marker; the chart kit gives them one shared label
// ("HDD only, DRAM IC, SSD LFU"), so none is hidden under another.
import type { Architecture, OptimizeResult } from '../engine/types';
import { seriesColor, type ScatterPoint } from '../charts';
import { ARCHITECTURES } from '../shared/labels';
import { dollars, num } from '../shared/format';
import { shortCounts } from './format';

/** Short names for the labels beside the points (the legend has the full ones). */
const SHORT: Record<Architecture, string> = {
  hdd_only: 'HDD only',
  dram_ic_hdd: 'DRAM IC',
  ssd_lfu_hdd: 'SSD LFU',
  dram_ssd_hdd: 'DRAM+SSD',
  ssd_ic_hdd: 'SSD IC',
  slc_ic_tlc_lfu_hdd: 'SLC+TLC',
};

/** One colour per architecture whatever was searched, so a run and the next read alike. */
export const ARCH_COLORS: Record<string, string> = Object.fromEntries(ARCHITECTURES.map((a, i) => [a.label, seriesColor(i)]));

export function costPoints(result: OptimizeResult): ScatterPoint[] {
  const byArch = new Map(result.architectures.map((a) => [a.architecture, a]));
  return result.evaluated.map((e) => {
    const a = byArch.get(e.architecture)!;
    const c = e.counts;
    const b = a.best?.counts;
    const optimum = b !== undefined && b.disk === c.disk && b.interval_cache === c.interval_cache && b.file_cache === c.file_cache;
    return {
      id: `${e.architecture}-${c.disk}-${c.interval_cache}-${c.file_cache}`,
      x: e.capital_cost,
      y: e.avg_streams,
      group: a.label,
      label: `${a.label}: ${shortCounts(c, a.space)} — ${e.feasible ? 'meets the target' : (e.reason ?? `rejects (max ${num(e.max_rejection_probability * 100)} %)`)}${optimum ? ' — its optimum' : ''}`,
      pointText: optimum ? SHORT[e.architecture] : undefined,
    };
  });
}

/**
 * Optima that draw as one marker: architectures whose cheapest configuration
 * has the same cost and the same streams (e.g. an interval cache of 0
 * devices is HDD only). Said in words too.
 */
export function coincidingOptima(result: OptimizeResult): string[] {
  const groups = new Map<string, string[]>();
  for (const a of result.architectures) {
    const b = a.best;
    if (!b?.measurement) continue;
    const k = `${b.capital_cost}|${b.measurement.avg_streams.mean}`;
    groups.set(k, [...(groups.get(k) ?? []), a.label]);
  }
  return [...groups.entries()]
    .filter(([, labels]) => labels.length > 1)
    .map(([k, labels]) => `${labels.join(' and ')} have the same optimum (${dollars(Number(k.split('|')[0]))}): one marker on the chart, labelled with each, and one row each in the table.`);
}
