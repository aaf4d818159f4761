// The sweeps' studies, held in one wasm instance (a dedicated worker in the
// browser, like the optimiser's search): one core `SweepStudy` per line of
// the chart (a variant's scenario, the field swept, its values), all handed
// out together as one farmed study for the app's driver (engine/farm.ts).
// Every value × replication is a run; the core merges a point's
// replications once the last is in, so a point's numbers are those of
// `tierplan sweep`. Plain functions over an initialised module, so tests
// call it in Node.
import type * as Wasm from '../wasm-pkg/tierplan_studies';
import type { FieldError, RunResult, Scenario, SweepJob, SweepProgress as CoreSweepProgress } from '../engine/types';

export type SweepWasm = Pick<typeof Wasm, 'SweepStudy'>;

/** One line of a sweep: a base scenario, the field swept and its values. */
export interface SweepSeries {
  scenario: Scenario;
  path: string;
  values: number[];
}

/** A run handed out: the core's job and the line it belongs to. */
export interface SweepRun {
  series: number;
  job: SweepJob;
}

/** A point whose every run is in: its line, its index in the values, the merged result. */
export interface SweepPointDone {
  series: number;
  point: number;
  value: number;
  result: RunResult;
}

export interface SweepApi {
  /** Lay out the sweep: its handle, or the field errors of the first line the core refuses (returned, not thrown, so they survive comlink). */
  start(series: SweepSeries[]): { handle: number } | { errors: FieldError[]; series: number };
  /**
   * Up to `k` runs: a point's runs together, then the next line's point of
   * the same rank, so that points finish one after another and every line
   * fills in at the same pace.
   */
  nextBatch(handle: number, k: number): SweepRun[];
  /** A run's result; the point it completed, if it was that point's last run. */
  report(handle: number, series: number, id: number, result: RunResult): SweepPointDone | null;
  /** Runs reported and runs in all, over every line. */
  progress(handle: number): CoreSweepProgress;
  isDone(handle: number): boolean;
  /** Release the studies' memory (also after a cancel). */
  free(handle: number): void;
}

function isFieldErrors(x: unknown): x is FieldError[] {
  return Array.isArray(x) && x.every((e) => typeof e === 'object' && e !== null && 'path' in e && 'message' in e);
}

type Study = InstanceType<SweepWasm['SweepStudy']>;

export function createSweepApi(wasm: SweepWasm): SweepApi {
  const sweeps = new Map<number, { studies: Study[]; values: number[][]; perPoint: number[]; turn: number; given: number }>();
  let next = 1;
  const get = (h: number) => {
    const s = sweeps.get(h);
    if (!s) throw new Error(`no sweep ${h} (finished or cancelled)`);
    return s;
  };
  const free = (studies: Study[]) => {
    for (const s of studies) s.free();
  };
  return {
    start(series) {
      const studies: Study[] = [];
      for (const [i, l] of series.entries()) {
        try {
          studies.push(new wasm.SweepStudy(l.scenario, l.path, new Float64Array(l.values)));
        } catch (e) {
          free(studies);
          if (isFieldErrors(e)) return { errors: e, series: i };
          throw e;
        }
      }
      const h = next++;
      const perPoint = studies.map((st) => {
        const p = st.progress();
        return Math.max(1, Math.round(p.runs / Math.max(1, p.points)));
      });
      sweeps.set(h, { studies, values: series.map((l) => l.values), perPoint, turn: 0, given: 0 });
      return { handle: h };
    },
    nextBatch(h, k) {
      const s = get(h);
      const out: SweepRun[] = [];
      // A point's runs (every point of a line has as many) from one line,
      // then the next line's, until k are out or no line has more.
      let idle = 0;
      while (out.length < k && idle < s.studies.length) {
        const series = s.turn;
        const [job] = s.studies[series].nextBatch(1);
        if (job === undefined) {
          idle++;
          s.given = s.perPoint[series];
        } else {
          idle = 0;
          s.given++;
          out.push({ series, job });
        }
        if (s.given >= s.perPoint[series]) {
          s.turn = (s.turn + 1) % s.studies.length;
          s.given = 0;
        }
      }
      return out;
    },
    report(h, series, id, result) {
      const s = get(h);
      const study = s.studies[series];
      if (study === undefined) throw new Error(`sweep ${h} has no line ${series}`);
      const point = study.report(id, result);
      if (point === undefined) return null;
      const merged = study.pointResult(point);
      if (merged === undefined) throw new Error(`point ${point} of line ${series} was reported complete without a result`);
      return { series, point, value: s.values[series][point], result: merged };
    },
    progress(h) {
      const all = get(h).studies.map((s) => s.progress());
      const sum = (f: (p: CoreSweepProgress) => number) => all.reduce((a, p) => a + f(p), 0);
      return { points_done: sum((p) => p.points_done), points: sum((p) => p.points), runs_done: sum((p) => p.runs_done), runs: sum((p) => p.runs) };
    },
    isDone: (h) => get(h).studies.every((s) => s.isDone()),
    free(h) {
      const s = sweeps.get(h);
      if (s) free(s.studies);
      sweeps.delete(h);
    },
  };
}
