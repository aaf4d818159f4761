// The figure while you watch through the bindings' FigureStudy (the core's
// farmed study, as the studies' worker holds it): the loop — take a run,
// run it with `runRequest`, report its `result.replications[0]` back —
// passes from the first picture to the replications and ends with every
// point's replications merged exactly as one run of all of them.
import { describe, expect, it } from 'vitest';
import { loadStudies, simApi } from '../helpers/wasm';
import { requestJobs } from '../helpers/request';
import { createStudiesApi } from '../../src/worker/studies-api';
import type { FigureSettings } from '../../src/http/types';

const settings: FigureSettings = { from_rate: 4, to_rate: 12, points: 3, replications: 2, duration_h: 0.02, warmup_h: 0.02 };

describe('FigureStudy', () => {
  it('runs the passes to the end and merges replications as one run does', async () => {
    const api = simApi();
    const studies = createStudiesApi(loadStudies());
    const jobs = requestJobs(api, 1 << 20);
    const base = api.requestPreset('nossdav12-hdd-only');
    const started = studies.startFigure(base, settings, ['hdd']);
    if (!('handle' in started)) throw new Error(JSON.stringify(started.errors));
    const h = started.handle;
    const passes: string[] = [];
    let last = -1;
    // One run at a time: each pass's runs, then the next pass's.
    for (;;) {
      const step = studies.figureProgress(h);
      if (step.pass !== last) passes.push(step.pass_name);
      last = step.pass;
      const [job] = studies.figureNextBatch(h, 1);
      if (job === undefined) break;
      expect(job.run.scenario.request!.run.replications).toBe(1);
      const r = await jobs.runRequest(job.run.scenario);
      studies.figureReport(h, job.id, r.replications[0]);
      // A run is reported once.
      expect(() => studies.figureReport(h, job.id, r.replications[0])).toThrow(/already reported/);
    }
    expect(studies.figureIsDone(h)).toBe(true);
    const step = studies.figureResult(h);
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
    expect(passes[0]).toBe('first picture');
    expect(passes).toContain('replication 2 of 2, the 0 % line first');
    // A run never handed out is named.
    expect(() => studies.figureReport(h, 99, whole.replications[0])).toThrow(/run 99 was never handed out/);
    studies.freeFigure(h);
    expect(() => studies.figureProgress(h)).toThrow(/no figure/);
  });

  it('names bad settings as figurePlan does', () => {
    const api = simApi();
    const studies = createStudiesApi(loadStudies());
    const base = api.requestPreset('nossdav12-hdd-only');
    const ok = studies.startFigure(base, settings, ['hdd']);
    if (!('handle' in ok)) throw new Error(JSON.stringify(ok.errors));
    expect(studies.figureProgress(ok.handle).runs_next).toBe(3);
    expect(studies.figureResult(ok.handle).next).toHaveLength(3);
    studies.freeFigure(ok.handle);
    const bad = studies.startFigure(base, { ...settings, points: 0 }, ['hdd']);
    if (!('errors' in bad)) throw new Error('0 points were taken');
    expect(bad.errors.map((e) => e.path)).toEqual(['figure.points']);
    expect(bad.errors[0].message).toMatch(/^must be a whole number from 1 to 100/);
  });
});
