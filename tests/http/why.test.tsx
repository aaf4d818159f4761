// @vitest-environment jsdom
// "Show the why" on the HTTP streaming tab (issue 22): the busiest-second
// utilisation chart over a real request-level run, and the write-size CDF
// and time split over fixture data and over a real flashcache run.
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { simApi } from '../helpers/wasm';
import type { RequestResult } from '../../src/http/types';
import { WhyPanel, WriteSizeCdfChart, TimeSplitChart } from '../../src/http/WhyPanel';
import { peakUtilisationSeries, saturation, timeSplitParts, writeSizeCdf } from '../../src/http/diagnostics';
import type { TimeSplit, WriteSizes } from '../../src/http/types';

async function shortRun(): Promise<RequestResult> {
  const api = simApi();
  const s = api.requestPreset('nossdav12-flashcache-cold');
  s.request!.run.duration_h = 0.05;
  s.request!.run.replications = 1;
  return api.runRequest(998, s);
}

/** Writes of 4 KB to 1 MB: the median (by count) falls in the 128 KB bin. */
const SIZES: WriteSizes = { upper_kb: [4, 16, 64, 128, 256, 1024], counts: [10, 10, 20, 25, 20, 15], median_kb: 116 };
const SPLIT: TimeSplit = { disk_s: 0.4, flash_read_s: 0.1, queued_behind_writes_s: 2.5, gc_s: 1.5, other_s: 0.5 };

describe('diagnostics shaping', () => {
  it('accumulates the write-size histogram to 1 at the last edge', () => {
    const cdf = writeSizeCdf(SIZES);
    expect(cdf.points.map((p) => p.x)).toEqual(SIZES.upper_kb);
    expect(cdf.points.map((p) => p.y)).toEqual([0.1, 0.2, 0.4, 0.65, 0.85, 1]);
  });

  it('splits a request’s time into parts that add up', () => {
    const parts = timeSplitParts(SPLIT);
    expect(parts.map((p) => p.key)).toEqual(['disk_s', 'flash_read_s', 'queued_behind_writes_s', 'gc_s', 'other_s']);
    expect(parts.reduce((a, p) => a + p.share, 0)).toBeCloseTo(1, 12);
    expect(parts[2].share).toBeCloseTo(0.5, 12);
  });

  it('finds fully busy spells and how often they start', () => {
    expect(saturation([0.2, 1, 1, 0.3, 0.1, 1, 0.4, 0.2, 0.2, 1])).toEqual({ seconds: 4, meanGapS: 4 });
    expect(saturation([0.5, 0.5])).toEqual({ seconds: 0, meanGapS: null });
  });
});

describe('WhyPanel', () => {
  it('draws each device’s busiest second per bucket over the run', async () => {
    const r = await shortRun();
    render(<WhyPanel result={r} label="Block cache, cold" testId="t" />);
    const { series, bucket } = peakUtilisationSeries(r);
    expect(bucket).toBe(1); // 180 s: every second is a point
    for (const [i, d] of r.devices.entries()) {
      const points = screen.getAllByTestId(new RegExp(`^t-util-chart-point-${d.name}-`));
      expect(points).toHaveLength(d.per_second.length);
      expect(points.map((p) => Number(p.getAttribute('data-y')))).toEqual(series[i].points.map((p) => p.y));
    }
    expect(within(screen.getByTestId('t-util-saturation')).getAllByRole('listitem')).toHaveLength(r.devices.length);
    expect(screen.getByTestId('t-util-chart').textContent).toMatch(/busy fraction per second/);
  });

  it('takes the maximum of each bucket, so a fully busy second shows at 100 %', () => {
    const per = Array.from({ length: 3600 }, (_, i) => (i % 140 === 0 ? 1 : 0.2));
    const r = { devices: [{ name: 'ssd', per_second: per, utilisation: { mean: 0.2, ci95: 0, n: 1 } }] } as unknown as RequestResult;
    const { series, bucket } = peakUtilisationSeries(r);
    expect(bucket).toBe(15);
    expect(series[0].points).toHaveLength(240);
    expect(Math.max(...series[0].points.map((p) => p.y))).toBe(1);
    expect(saturation(per).meanGapS).toBe(140);
  });

  it('shows the write-size CDF with the median marked, and the time split', async () => {
    const r = { ...(await shortRun()), flash_write_sizes: SIZES, time_split: SPLIT };
    render(<WhyPanel result={r} label="Block cache, cold" testId="t" />);
    const cdf = screen.getByTestId('t-writes');
    expect(cdf.getAttribute('data-median-kb')).toBe('116');
    expect(screen.getByTestId('t-writes-median').textContent).toBe('116 KB');
    expect(screen.getAllByTestId(/^t-writes-chart-point-cdf-/).map((p) => Number(p.getAttribute('data-y')))).toEqual([0.1, 0.2, 0.4, 0.65, 0.85, 1]);
    expect(screen.getByTestId('t-writes-chart-overlay-median')).toBeTruthy();
    expect(screen.getByTestId('t-writes-chart-overlay-study-median')).toBeTruthy();
    expect(screen.getByTestId('t-split-part-queued_behind_writes_s').getAttribute('data-seconds')).toBe('2.5');
    expect(within(screen.getByTestId('t-split-table')).getAllByRole('row')).toHaveLength(6);
  });

  it('draws the engine’s own write sizes and time split of a flashcache run', async () => {
    const r = await shortRun();
    expect(r.flash_write_sizes).toBeTruthy();
    render(<WhyPanel result={r} label="Block cache, cold" testId="t" />);
    const w = r.flash_write_sizes!;
    expect(screen.getByTestId('t-writes').getAttribute('data-median-kb')).toBe(String(w.median_kb));
    const ys = screen.getAllByTestId(/^t-writes-chart-point-cdf-/).map((p) => Number(p.getAttribute('data-y')));
    expect(ys).toHaveLength(w.upper_kb.length);
    expect(ys[ys.length - 1]).toBe(1);
    // The median the engine reports is where the CDF first reaches one half.
    const first = ys.findIndex((y) => y >= 0.5);
    expect(w.median_kb).toBeLessThanOrEqual(w.upper_kb[first]);
    expect(first === 0 || w.median_kb > w.upper_kb[first - 1]).toBe(true);
    expect(screen.getByTestId('t-split-part-disk_s').getAttribute('data-seconds')).toBe(String(r.time_split.disk_s));
  });

  it('says so when the run wrote nothing to flash', async () => {
    const r = await shortRun();
    render(<WhyPanel result={{ ...r, flash_write_sizes: null }} label="x" testId="t" />);
    expect(screen.queryByTestId('t-writes')).toBeNull();
    expect(screen.getByTestId('t-writes-none')).toBeTruthy();
    expect(screen.getByTestId('t-split')).toBeTruthy();
  });

  it('renders the charts on their own', () => {
    render(
      <>
        <WriteSizeCdfChart sizes={{ ...SIZES, median_kb: 2048 }} title="w" testId="w" />
        <TimeSplitChart split={SPLIT} title="s" testId="s" />
      </>,
    );
    expect(screen.getByTestId('w-median').textContent).toBe('2 MB');
    expect(screen.getByTestId('s').querySelector('title')!.textContent).toMatch(/waiting behind other SSD work \(writes, GC backlog\) 2\.5 s/);
  });
});
