// Direct point labels: shared places share one text, texts stay inside the
// plot, and texts that would overlap are moved apart.
import { describe, expect, it } from 'vitest';
import { placeTexts } from '../../src/charts/pointText';
import type { ScatterPoint } from '../../src/charts/types';

const pt = (id: string, x: number, y: number, pointText?: string): ScatterPoint => ({ id, x, y, group: 'g', pointText });
const at = (p: ScatterPoint): [number, number] => [p.x, p.y];

describe('placeTexts', () => {
  it('joins the texts of points drawn at the same place and skips unlabelled points', () => {
    const t = placeTexts([pt('a', 100, 50, 'MLC'), pt('b', 100.2, 50.1, 'FP-FCL'), pt('c', 300, 80)], at, 600);
    expect(t).toHaveLength(1);
    expect(t[0].text).toBe('MLC, FP-FCL');
    expect(t[0].anchor).toBe('start');
    expect(t[0].x).toBeGreaterThan(100);
  });

  it('puts a text left of a point near the right edge', () => {
    const [t] = placeTexts([pt('a', 590, 50, 'HySSC')], at, 600);
    expect(t.anchor).toBe('end');
    expect(t.x).toBeLessThan(590);
  });

  it('moves overlapping texts apart vertically, keeping distant ones where they are', () => {
    const t = placeTexts([pt('a', 100, 50, 'SLC'), pt('b', 105, 53, 'TLC'), pt('c', 400, 52, 'far')], at, 600);
    const y = Object.fromEntries(t.map((x) => [x.text, x.y]));
    expect(y.TLC - y.SLC).toBeGreaterThanOrEqual(14);
    expect(y.far).toBe(52);
  });
});
