// The figure while you watch through the worker API (`figureStep`, the
// core's schedule): the app's loop — ask for a step, run its runs with
// `runRequest`, report each `result.replications[0]` back — ends with every
// point's replications merged exactly as one run of all of them.
import { describe, expect, it } from 'vitest';
import { simApi } from '../helpers/wasm';
import { requestJobs } from '../helpers/request';
import type { FigureRunDone, FigureSettings } from '../../src/http/types';

const settings: FigureSettings = { from_rate: 4, to_rate: 12, points: 3, replications: 2, duration_h: 0.02, warmup_h: 0.02 };

describe('figureStep', () => {
  it('runs the passes to the end and merges replications as one run does', async () => {
    const api = simApi();
    const jobs = requestJobs(api, 1 << 20);
    const base = api.requestPreset('nossdav12-hdd-only');
    const done: FigureRunDone[] = [];
    const passes: string[] = [];
    for (;;) {
      const step = api.figureStep(base, settings, ['hdd'], done);
      if (step.next.length === 0) {
        expect(step.pass_name).toBe('finished');
        expect(step.cost_left).toBe(0);
        // HDD only misses nothing at these rates: the highest gets both replications and vouches for the 0 % of the two below it.
        expect(step.points.map((p) => [p.rate, p.replications, p.provisional, p.zero_vouched_by ?? null])).toEqual([
          [4, 1, false, 12],
          [8, 1, false, 12],
          [12, 2, false, null],
        ]);
        const whole = await jobs.runRequest(api.figurePointScenario(base, 'hdd', 12, settings));
        expect(step.points[2].miss_ratio).toEqual(whole.miss_ratio);
        break;
      }
      passes.push(step.pass_name);
      for (const run of step.next) {
        expect(run.scenario.request!.run.replications).toBe(1);
        const r = await jobs.runRequest(run.scenario);
        done.push({ series: run.series, rate: run.rate, replication: run.replication, outcome: r.replications[0] });
      }
    }
    expect(passes[0]).toBe('first picture');
    expect(passes).toContain('replication 2 of 2, the 0 % line first');
    // A run reported at a rate the figure does not have is named.
    expect(() => api.figureStep(base, settings, ['hdd'], [{ ...done[0], rate: 5 }])).toThrow(/figure\.done/);
  });

  it('names bad settings as figurePlan does', () => {
    const api = simApi();
    const base = api.requestPreset('nossdav12-hdd-only');
    const step = api.figureStep(base, settings, ['hdd'], []);
    expect(step.next).toHaveLength(3);
    expect(() => api.figureStep(base, { ...settings, points: 0 }, ['hdd'], [])).toThrow(/figure\.points: must be a whole number from 1 to 100/);
  });
});
