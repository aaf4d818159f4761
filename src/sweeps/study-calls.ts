// The sweeps' side of the studies' worker (worker/studies.worker.ts): one
// core `SweepStudy` per line of
// the chart (a variant's scenario, the field swept, its values), all handed
// out together as one farmed study for the app's driver (engine/farm.ts).
// Every value × replication is a run; the core merges a point's
// replications once the last is in, so a point's numbers are those of
// `tierplan sweep`. Plain functions over an initialised module, so tests
// call it in Node.
import type * as Wasm from '../wasm-pkg/tierplan_studies';
import { HandleTable, isFieldErrors } from '../engine/remote';
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

export interface SweepStudyApi {
  /** Lay out the sweep: its handle, or the field errors of the first line the core refuses (returned, not thrown, so they survive comlink). */
  startSweep(series: SweepSeries[]): { handle: number } | { errors: FieldError[]; series: number };
  /**
   * Up to `k` runs: a point's runs together, then the next line's point of
   * the same rank, so that points finish one after another and every line
   * fills in at the same pace.
   */
  sweepNextBatch(handle: number, k: number): SweepRun[];
  /** A run's result; the point it completed, if it was that point's last run. */
  sweepReport(handle: number, series: number, id: number, result: RunResult): SweepPointDone | null;
  /** Runs reported and runs in all, over every line. */
  sweepProgress(handle: number): CoreSweepProgress;
  sweepIsDone(handle: number): boolean;
  /** Release the studies' memory (also after a cancel). */
  freeSweep(handle: number): void;
}

type Study = InstanceType<SweepWasm['SweepStudy']>;

/** A sweep's lines and where its hand-out stands: a point's runs from one line, then the next line's. */
interface Sweep {
  studies: Study[];
  values: number[][];
  perPoint: number[];
  turn: number;
  given: number;
  free(): void;
}

export function createSweepStudies(wasm: SweepWasm): SweepStudyApi {
  const sweeps = new HandleTable<Sweep>('sweep');
  const get = (h: number) => sweeps.get(h);
  const free = (studies: Study[]) => {
    for (const s of studies) s.free();
  };
  return {
    startSweep(series) {
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
      const perPoint = studies.map((st) => {
        const p = st.progress();
        return Math.max(1, Math.round(p.runs / Math.max(1, p.points)));
      });
      const handle = sweeps.add({ studies, values: series.map((l) => l.values), perPoint, turn: 0, given: 0, free: () => free(studies) });
      return { handle };
    },
    sweepNextBatch(h, k) {
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
    sweepReport(h, series, id, result) {
      const s = get(h);
      const study = s.studies[series];
      if (study === undefined) throw new Error(`sweep ${h} has no line ${series}`);
      const point = study.report(id, result);
      if (point === undefined) return null;
      const merged = study.pointResult(point);
      if (merged === undefined) throw new Error(`point ${point} of line ${series} was reported complete without a result`);
      return { series, point, value: s.values[series][point], result: merged };
    },
    sweepProgress(h) {
      const all = get(h).studies.map((s) => s.progress());
      const sum = (f: (p: CoreSweepProgress) => number) => all.reduce((a, p) => a + f(p), 0);
      return { points_done: sum((p) => p.points_done), points: sum((p) => p.points), runs_done: sum((p) => p.runs_done), runs: sum((p) => p.runs) };
    },
    sweepIsDone: (h) => get(h).studies.every((s) => s.isDone()),
    freeSweep: (h) => sweeps.free(h),
  };
}
