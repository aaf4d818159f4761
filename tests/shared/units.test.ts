// The architect's units (src/shared/units.ts) against independent arithmetic.
import { describe, expect, it } from 'vitest';
import { simApi } from '../helpers/wasm';
import { gbToDecimalTb, kbpsToMbps, mbpsToKbps, tidy } from '../../src/shared/units';

describe("Little's law, as the core computes it (workloadFigures, rateForStreams)", () => {
  const withClasses = (arrival_rate: number, classes: { share: number; length_min: number }[]) => {
    const s = simApi().defaultScenario();
    return { ...s, workload: { ...s.workload, arrival_rate, classes: classes.map((c) => ({ ...c, bitrate_kbps: 245 })) } };
  };

  it('2 000 concurrent one-hour streams need λ = 2000 / 3600 s, and back', () => {
    const one = withClasses(1, [{ share: 1, length_min: 60 }]);
    expect(simApi().workloadFigures(one)!.mean_length_s).toBe(3600);
    const rate = simApi().rateForStreams(one, 2000)!;
    expect(rate).toBeCloseTo(0.5555555555555556, 15);
    expect(tidy(simApi().workloadFigures({ ...one, workload: { ...one.workload, arrival_rate: rate } })!.offered_load)).toBe(2000);
  });

  it('weights the mean length by the classes’ shares, and says NaN (null) without a share', () => {
    // 25 % of 20-minute clips, 75 % of 100-minute films: mean 80 min.
    const f = simApi().workloadFigures(withClasses(1, [{ share: 0.25, length_min: 20 }, { share: 0.75, length_min: 100 }]))!;
    expect(f.mean_length_s).toBe(80 * 60);
    expect(f.offered_load).toBe(4800);
    expect(simApi().workloadFigures(withClasses(1, []))!.mean_length_s).toBeNull();
  });

  it('says nothing for a scenario it cannot read (an emptied field)', () => {
    const s = withClasses(1, [{ share: 1, length_min: 60 }]);
    const emptied = { ...s, workload: { ...s.workload, videos: null as unknown as number } };
    expect(simApi().workloadFigures(emptied)).toBeUndefined();
    expect(simApi().rateForStreams(emptied, 10)).toBeUndefined();
  });
});

describe('Mbps and KB/s (KB = 1024 B, model §2)', () => {
  it('4 Mbps is 488.28125 KB/s, and back exactly', () => {
    expect(mbpsToKbps(4)).toBe(488.28125);
    expect(kbpsToMbps(488.28125)).toBe(4);
  });

  it("the study's 245 KB/s is 2.00704 Mbps", () => {
    expect(kbpsToMbps(245)).toBeCloseTo(2.00704, 12);
    expect(tidy(mbpsToKbps(kbpsToMbps(245)))).toBe(245);
  });
});

describe('library size (the core\'s libraryGb, the one formula)', () => {
  const workload = (videos: number, classes: { share: number; length_min: number; bitrate_kbps: number }[]) => {
    const s = simApi().defaultScenario();
    return { ...s, workload: { ...s.workload, videos, classes } };
  };

  it('10 000 one-hour titles at 5 Mbps: the 20 954.76 GB the core names when the disks are too few', () => {
    const gb = simApi().libraryGb(workload(10_000, [{ share: 1, length_min: 60, bitrate_kbps: mbpsToKbps(5) }]))!;
    expect(gb).toBeCloseTo(20954.76, 2);
    // 10 000 × 3600 s × 5 × 10⁶ / 8 B = 22.5 × 10¹² B.
    expect(gbToDecimalTb(gb)).toBeCloseTo(22.5, 9);
  });

  it('weights the classes by their shares, and shares off their sum as weights', () => {
    const classes = [
      { share: 0.5, length_min: 10, bitrate_kbps: 1024 },
      { share: 0.5, length_min: 30, bitrate_kbps: 1024 },
    ];
    // Mean title: 20 min × 1 MB/s = 1200 MB; 100 titles = 120 000 MB.
    expect(simApi().libraryGb(workload(100, classes))).toBeCloseTo(120_000 / 1024, 9);
    // Shares summing to 0.5 (the validator names them) quote the same mix's library, not half of it.
    expect(simApi().libraryGb(workload(100, classes.map((c) => ({ ...c, share: 0.25 }))))).toBeCloseTo(120_000 / 1024, 9);
    expect(simApi().libraryGb(workload(5, []))).toBeNaN();
  });

  it('says nothing for a workload it cannot read (an emptied field)', () => {
    const s = workload(5, []);
    expect(simApi().libraryGb({ ...s, workload: { ...s.workload, videos: null as unknown as number } })).toBeUndefined();
  });
});
