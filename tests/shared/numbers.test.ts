// Numbers an architect can act on (issue 50): no e-notation, typed values
// read back as typed, lifetimes judged against a service life, and a result's
// colour following its verdict on the target.
import { describe, expect, it } from 'vitest';
import { duration, estimate, num, percent, replicationRange, wearLifetime, DEFAULT_SERVICE_LIFE_YEARS } from '../../src/shared/format';
import { gibText, kbpsToMbps, mbpsToKbps, stored, tidy } from '../../src/shared/units';
import { simApi } from '../helpers/wasm';
import { verdictAtMost, verdictClass } from '../../src/shared/verdict';
import { fieldLabel, fieldMessage, readableMessage } from '../../src/shared/labels';

const HOURS_PER_YEAR = 8766;

describe('plain numbers, never e-notation', () => {
  it.each([1.549e-12, 3e-7, 0.000123, 1.5e25, -2e-9, 12345678, 0.5])('num(%s) has no exponent', (x) => {
    expect(num(x)).not.toMatch(/e[+-]?\d/i);
  });

  it('reads tiny values as a bound and small ones in decimals', () => {
    expect(num(1.549e-12)).toBe('< 0.000001');
    expect(num(0.000123)).toBe('0.000123');
    expect(num(0)).toBe('0');
    expect(num(44700)).toBe('44,700');
  });

  it('keeps tiny shares readable as percentages', () => {
    expect(percent(1e-12)).toBe('< 0.0001%');
    expect(percent(0.000123)).toBe('0.0123%');
  });
});

describe('durations', () => {
  it.each([
    [0, '0 s'],
    [1.549e-12, '< 1 ns'],
    [4.2e-8, '42 ns'],
    [1.23e-5, '12.3 µs'],
    [0.0045, '4.5 ms'],
    [1.25, '1.25 s'],
    [1234.5, '1,235 s'],
    [1e22, '10,000,000,000,000,000,000,000 s'],
  ])('duration(%s) is "%s"', (s, text) => {
    expect(duration(s)).toBe(text);
  });
});

describe('typed values come back as typed', () => {
  // λ as the core converts it (rateForStreams), stored to 15 digits, and the
  // offered load the core computes from it, shown to 12: the typed count.
  const withClasses = (arrival_rate: number, classes: { share: number; length_min: number }[]) => {
    const s = simApi().defaultScenario();
    return { ...s, workload: { ...s.workload, arrival_rate, classes: classes.map((c) => ({ ...c, bitrate_kbps: 245 })) } };
  };
  const roundTrip = (typed: number, classes: { share: number; length_min: number }[]) => {
    const rate = stored(simApi().rateForStreams(withClasses(1, classes), typed)!);
    return tidy(simApi().workloadFigures(withClasses(rate, classes))!.offered_load);
  };

  it.each([60000, 2000, 12345, 7, 1500, 100000])('%s concurrent streams survive the round trip through the arrival rate', (typed) => {
    // Mean lengths from a minute to over five hours, as the classes give them.
    for (let min = 1; min < 333; min += 1.37) expect(roundTrip(typed, [{ share: 1, length_min: min }])).toBe(typed);
  });

  it('a typed 60000 over the default two-class mix reads 60000', () => {
    expect(String(roundTrip(60000, [{ share: 0.3, length_min: 23 }, { share: 0.7, length_min: 97 }]))).toBe('60000');
  });

  it.each([2.5, 4, 6.1, 0.7, 19.99])('%s Mbps survives the round trip through KB/s', (mbps) => {
    expect(tidy(kbpsToMbps(stored(mbpsToKbps(mbps))))).toBe(mbps);
  });
});

describe('SSD lifetimes against the service life', () => {
  it('beyond the service life wear is not the limit, and no interval is given', () => {
    expect(wearLifetime(239 * HOURS_PER_YEAR, 5, 149 * HOURS_PER_YEAR)).toBe('> 5 years: wear is not the limit');
    expect(wearLifetime(1620 * HOURS_PER_YEAR)).toBe(`> ${DEFAULT_SERVICE_LIFE_YEARS} years: wear is not the limit`);
    expect(wearLifetime(Infinity, 7)).toBe('> 7 years: wear is not the limit');
  });

  it('within the service life the mean and its interval stay', () => {
    expect(wearLifetime(60 * 24, 5, 6 * 24)).toBe('60 days (± 6 days)');
    expect(wearLifetime(3 * HOURS_PER_YEAR, 5)).toBe('3 years');
    expect(wearLifetime(null)).toBe('no writes');
  });
});

describe('the colour of a result follows its verdict', () => {
  it('a miss ratio above its target is never success', () => {
    // "segment miss ratio 100 % ± 0 %" against a 5 % target.
    expect(verdictAtMost({ mean: 1, ci95: 0 }, 0.05)).toBe('misses');
    expect(verdictClass(verdictAtMost({ mean: 1, ci95: 0 }, 0.05))).not.toMatch(/meets/);
  });

  it('only an interval wholly below the target meets it', () => {
    expect(verdictAtMost({ mean: 0.01, ci95: 0.005 }, 0.05)).toBe('meets');
    expect(verdictClass('meets')).toBe('on-target on-target-meets');
    expect(verdictAtMost({ mean: 0.04, ci95: 0.02 }, 0.05)).toBe('cannot_decide');
    expect(verdictAtMost({ mean: 0.08, ci95: 0.02 }, 0.05)).toBe('misses');
    expect(verdictAtMost({ mean: NaN, ci95: 0 }, 0.05)).toBe('cannot_decide');
    expect(verdictClass(null)).toBe('on-target');
  });
});

describe('field paths in messages read as the form labels them', () => {
  it('names the field as the form does', () => {
    expect(fieldLabel('tiers.disk.count')).toBe('Disk count');
    expect(fieldLabel('workload.arrival_rate')).toBe('Arrival rate λ');
    expect(fieldLabel('devices[2].capacity_gb')).toBe('Device 3 capacity');
    expect(fieldLabel('workload.classes[0].bitrate_kbps')).toBe('Video class 1 bitrate');
    expect(fieldLabel('sweep.from')).toBe('sweep.from');
  });

  it('translates the paths leading a failed run’s message', () => {
    expect(readableMessage('tiers.disk.count: 1 disks hold 22,350 GiB (24 TB) but the library needs 44,700 GiB; run.seed: must be whole')).toBe(
      'Disk count: 1 disks hold 22,350 GiB (24 TB) but the library needs 44,700 GiB; Seed: must be whole',
    );
    expect(readableMessage('Error: something at 1.5 s')).toBe('Error: something at 1.5 s');
    expect(fieldMessage({ path: 'tiers.file_cache.device', message: 'no such device' })).toBe('File cache device: no such device');
  });
});

describe('sizes in GiB are labelled GiB', () => {
  it('2 × 24 TB reads as GiB with decimal TB beside it', () => {
    const gib = (2 * 24e12) / 1024 ** 3;
    expect(gibText(gib, 'hdd')).toBe('44,700 GiB (48 TB)');
    expect(gibText(32, 'dram')).toBe('32 GiB');
    expect(gibText(500)).toBe('500 GiB');
  });
});

describe('the replications behind an estimate', () => {
  // The warm flashcache preset on the per-page reference, ten replications:
  // one collapsed (99.9 %), the rest 8–18 %. Mean ± CI alone reads as one
  // outcome of about 22 %; the range shows the two regimes.
  const tipped = { mean: 0.217, ci95: 0.198, min: 0.084, max: 0.999, n: 10 };

  it('gives the lowest and highest replication beside the mean', () => {
    expect(estimate(tipped, 'percent')).toBe(`${percent(0.217)} ± ${percent(0.198)}`);
    expect(replicationRange(tipped, 'percent')).toBe(`${percent(0.084)} to ${percent(0.999)}`);
    expect(replicationRange({ mean: 2, ci95: 1, min: 1.5, max: 2.5, n: 3 })).toBe(`${num(1.5)} to ${num(2.5)}`);
  });

  it('gives nothing for one replication or replications that agree', () => {
    expect(replicationRange({ mean: 0.1, ci95: 0, min: 0.1, max: 0.1, n: 1 }, 'percent')).toBeNull();
    expect(replicationRange({ mean: 0, ci95: 0, min: 0, max: 0, n: 3 }, 'percent')).toBeNull();
    expect(replicationRange({ mean: NaN, ci95: NaN, min: NaN, max: NaN, n: 3 }, 'percent')).toBeNull();
  });
});
