// The architect's units (src/shared/units.ts) against independent arithmetic.
import { describe, expect, it } from 'vitest';
import { kbpsToMbps, mbpsToKbps, meanLengthS, rateToStreams, streamsToRate, tidy } from '../../src/shared/units';

describe("Little's law", () => {
  it('2 000 concurrent one-hour streams need λ = 2000 / 3600 s, and back', () => {
    const L = meanLengthS([{ share: 1, length_min: 60 }]);
    expect(L).toBe(3600);
    const rate = streamsToRate(2000, L);
    expect(rate).toBeCloseTo(0.5555555555555556, 15);
    expect(tidy(rateToStreams(rate, L))).toBe(2000);
  });

  it('weights the mean length by the classes’ shares', () => {
    // 25 % of 20-minute clips, 75 % of 100-minute films: mean 80 min.
    const L = meanLengthS([{ share: 0.25, length_min: 20 }, { share: 0.75, length_min: 100 }]);
    expect(L).toBe(80 * 60);
    expect(rateToStreams(1, L)).toBe(4800);
    expect(meanLengthS([])).toBeNaN();
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
