// Reading the title-level curves of a log (pure functions, tested in Node):
// the series of the chart, the policy whose size is marked and what "Use
// this size" does to the stream scenario's flash tier.
import { firstReaching, kneeBy } from '../shared/hit-curve';
import { hasFileCache } from '../shared/labels';
import type { Scenario, TitleCurves, TitlePoint } from './types';

export type TitlePolicy = 'static_lfu' | 'lru' | 'windowed_lfu';

export const POLICY_LABELS: Record<TitlePolicy, string> = {
  static_lfu: 'Static LFU (the N most requested)',
  lru: 'LRU over titles',
  windowed_lfu: 'Windowed LFU (dynamic LFU, model §7)',
};

/** What a share counts: requests, or the bytes they serve (when the log gives sizes). */
export type Count = 'requests' | 'bytes';

const BYTES = { static_lfu: 'static_lfu_bytes', lru: 'lru_bytes', windowed_lfu: 'windowed_lfu_bytes' } as const;

/** The share a policy's cache of `p.titles` serves, or null when it was not computed. */
export function shareOf(p: TitlePoint, policy: TitlePolicy, count: Count = 'requests'): number | null {
  if (count === 'bytes') return p[BYTES[policy]] ?? null;
  return policy === 'static_lfu' ? p.static_lfu : (p[policy] ?? null);
}

/** The policies the curves have (LRU and windowed LFU need every request kept). */
export function policiesOf(c: TitleCurves, count: Count = 'requests'): TitlePolicy[] {
  return (['static_lfu', 'lru', 'windowed_lfu'] as const).filter((k) => c.points.some((p) => shareOf(p, k, count) != null));
}

/** The points where `policy` was computed, with its share. */
export function curveOf(c: TitleCurves, policy: TitlePolicy, count: Count = 'requests'): { titles: number; share: number }[] {
  return c.points.flatMap((p) => {
    const share = shareOf(p, policy, count);
    return share == null ? [] : [{ titles: p.titles, share }];
  });
}

/** The fewest titles whose cache serves `target` of the requests (or bytes) under `policy`. */
export function titlesForTarget(c: TitleCurves, policy: TitlePolicy, target: number, count: Count = 'requests') {
  return firstReaching(curveOf(c, policy, count), (p) => p.share, target);
}

/** The knee of a policy's curve (Kneedle on log titles), or null. */
export function titleKnee(c: TitleCurves, policy: TitlePolicy, count: Count = 'requests') {
  return kneeBy(
    curveOf(c, policy, count),
    (p) => p.titles,
    (p) => p.share,
  );
}

/** The policy the stream engine's flash file cache runs (model §7). */
export function scenarioPolicy(s: Scenario): TitlePolicy {
  return s.policy.lfu === 'dynamic' ? 'windowed_lfu' : 'static_lfu';
}

export type FlashSizing =
  | { ok: Scenario; count: number; device: string; gb: number }
  /** Why the size cannot be carried into the scenario. */
  | { reason: string; gb: number };

/**
 * The scenario with a flash file cache big enough for `titles` titles of
 * `perTitleGb` each: the file-cache tier's device count, rounded up. A
 * scenario whose architecture has no file cache is left alone, with why.
 */
export function withFlashTitles(s: Scenario, titles: number, perTitleGb: number): FlashSizing {
  const gb = titles * perTitleGb;
  const tier = s.tiers.file_cache;
  if (!hasFileCache(s.architecture) || !tier)
    return { reason: 'the scenario’s architecture has no flash file cache (choose SSD + HDD on the Scenario tab to carry a size there)', gb };
  const dev = s.devices.find((d) => d.id === tier.device);
  if (!dev || !(dev.capacity_gb > 0)) return { reason: `tiers.file_cache.device: no device “${tier.device}” with a capacity in the catalog`, gb };
  const count = Math.max(1, Math.ceil(gb / dev.capacity_gb - 1e-9));
  return { ok: { ...s, tiers: { ...s.tiers, file_cache: { ...tier, count } } }, count, device: dev.id, gb };
}
