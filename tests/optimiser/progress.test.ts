// The optimiser's words for a search under way, a cancelled one, and a space
// too large to search quickly: pure functions of the core's counts.
import { describe, expect, it } from 'vitest';
import type { Architecture, ArchitectureResult, Candidate, OptimizeResult, TierRange } from '../../src/engine/types';
import { archProgressText, cancelledText, finishedCount, LARGE_SPACE, largeSpaces } from '../../src/optimiser/progress';

const tier = (role: TierRange['role'], min: number, max: number): TierRange => ({ role, device: role, min, max, max_derived: true });

function arch(architecture: Architecture, label: string, o: Partial<ArchitectureResult> & { tiers?: TierRange[]; configurations?: number } = {}): ArchitectureResult {
  const { tiers = [tier('disk', 2, 16)], configurations = 15, ...rest } = o;
  return {
    architecture,
    label,
    space: { tiers, configurations, description: '' },
    best: null,
    done: false,
    message: null,
    simulated: 0,
    pruned: 0,
    analytic_rejected: 0,
    not_examined: configurations,
    left_at_most: configurations,
    found_passing: false,
    over_ceiling: 0,
    undecided: 0,
    ...rest,
  };
}

const result = (architectures: ArchitectureResult[]) => ({ architectures }) as unknown as OptimizeResult;
const best = { counts: { disk: 9, interval_cache: 0, file_cache: 0 }, capital_cost: 1, study_capacity: 1, measurement: null };

const hdd = arch('hdd_only', 'HDD only', { done: true, best, simulated: 3, pruned: 11, not_examined: 1 });
const dram = arch('dram_ic_hdd', 'DRAM IC', { tiers: [tier('disk', 2, 16), tier('interval_cache', 0, 126)], configurations: 1905, simulated: 12, pruned: 310, not_examined: 1581 });
const ssd = arch('ssd_lfu_hdd', 'SSD LFU', { tiers: [tier('disk', 2, 16), tier('file_cache', 0, 8)], configurations: 135, simulated: 2, pruned: 17, not_examined: 115 });
// Left out by the core (a tier holds the wrong kind of device): no space, a message.
const skipped = arch('ssd_ic_hdd', 'SSD IC', { tiers: [], configurations: 0, done: true, message: 'not searched: tiers.interval_cache.device …' });

describe('the cancelled status', () => {
  it('says how many of how many architectures finished and that the rest were cancelled', () => {
    expect(cancelledText(result([hdd, dram, ssd]))).toBe('Cancelled: 1 of 3 architectures finished — its row is kept below; the other 2 were cancelled.');
    const ssdDone = { ...ssd, done: true, best };
    expect(cancelledText(result([hdd, dram, ssdDone]))).toBe('Cancelled: 2 of 3 architectures finished — their rows are kept below; the other 1 was cancelled.');
  });

  it('counts only the architectures searched (one left out by the core is neither finished nor cancelled)', () => {
    expect(finishedCount(result([hdd, dram, skipped]))).toEqual({ finished: 1, total: 2 });
    expect(cancelledText(result([hdd, dram, skipped]))).toBe('Cancelled: 1 of 2 architectures finished — its row is kept below; the other 1 was cancelled.');
  });

  it('before any architecture finished, and before the search reported anything', () => {
    expect(cancelledText(result([dram, ssd]))).toBe('Cancelled before any architecture finished: all 2 searches were stopped.');
    expect(cancelledText(result([dram]))).toBe('Cancelled before any architecture finished: its search was stopped.');
    expect(cancelledText(null)).toBe('Cancelled before the search had laid out its configurations.');
  });
});

describe('the progress of each architecture', () => {
  it('shows the core\'s counts: simulated (with those running now), pruned, and still to examine of the space', () => {
    const running = [{ architecture: 'dram_ic_hdd' }, { architecture: 'dram_ic_hdd' }, { architecture: 'ssd_lfu_hdd' }] as Candidate[];
    expect(archProgressText(dram, running)).toBe('DRAM IC: 12 simulated (2 running now), 310 pruned — 1,581 of 1,905 configurations still to examine');
    expect(archProgressText(ssd)).toBe('SSD LFU: 2 simulated, 17 pruned — 115 of 135 configurations still to examine');
  });

  it('once finished, what it took; without an optimum, says so', () => {
    expect(archProgressText(hdd)).toBe('HDD only: finished — 3 simulated, 11 pruned; 1 of 15 configurations never needed');
    const none = { ...ssd, done: true, not_examined: 0 };
    expect(archProgressText(none)).toBe('SSD LFU: finished, no configuration within the maxima passes — 2 simulated, 17 pruned; 0 of 135 configurations never needed');
    expect(archProgressText(skipped)).toBe('SSD IC: not searched: tiers.interval_cache.device …');
  });
});

describe('a large search space', () => {
  it('is flagged from its size, with the widest tier\'s maximum halved as the bound to offer', () => {
    const huge = arch('dram_ic_hdd', 'DRAM IC', { tiers: [tier('disk', 10, 610), tier('interval_cache', 0, 543)], configurations: 326_379 });
    const flagged = largeSpaces(result([hdd, huge, ssd]));
    expect(flagged.map((l) => [l.architecture.architecture, l.widest.role, l.lower])).toEqual([['dram_ic_hdd', 'disk', 305]]);
    const wideCache = arch('dram_ic_hdd', 'DRAM IC', { tiers: [tier('disk', 10, 60), tier('interval_cache', 0, 543)], configurations: 27_000 });
    expect(largeSpaces(result([wideCache]))[0]).toMatchObject({ widest: { role: 'interval_cache' }, lower: 271 });
  });

  it('leaves a space under the limit alone (the default scenario\'s 1,905), and offers no bound below the minimum', () => {
    expect(LARGE_SPACE).toBeGreaterThan(1905);
    expect(largeSpaces(result([hdd, dram, ssd]))).toEqual([]);
    expect(largeSpaces(null)).toEqual([]);
    // Halving never goes under the tier's minimum; a fixed count has nothing to lower.
    const narrow = arch('hdd_only', 'HDD only', { tiers: [tier('disk', 40, 60)], configurations: LARGE_SPACE });
    expect(largeSpaces(result([narrow]))[0].lower).toBe(40);
    const fixed = arch('hdd_only', 'HDD only', { tiers: [tier('disk', 60, 60)], configurations: LARGE_SPACE });
    expect(largeSpaces(result([fixed]))[0].lower).toBeNull();
  });
});
