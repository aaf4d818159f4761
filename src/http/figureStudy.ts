// The HTTP figure as a farmed study for the app's one driver
// (engine/farm.ts): a handle on the core's FigureStudy
// (wasm/request/src/figure/study.rs), which lives in the dedicated worker
// of the core's farmed studies beside the optimiser's search
// (study-calls.ts, worker/studies-api.ts). Nothing of the figure's schedule is here: the
// core hands out the runs (a pass's, then those a later pass is certain to
// need), takes each run's outcome back and answers where the figure stands.
import type { FarmedStudy } from '../engine/farm';
import { ScenarioError } from '../engine/modules';
import type { Scenario } from '../engine/types';
import type { Async } from '../engine/remote';
import type { FigureStudyApi } from './study-calls';
import type { FigureJob, FigureProgress, FigureSeries, FigureSettings, RequestResult } from './types';

/** Where the figure's study lives: the studies' worker (in-process in tests). */
export type FigureStudies = Pick<Async<FigureStudyApi>, 'startFigure' | 'figureNextBatch' | 'figureReport' | 'figureProgress' | 'figureIsDone' | 'freeFigure'>;

/** The core's figure as `farm` drives it, with its progress (the step of the runs reported) and its release. */
export interface FigureStudyHandle extends FarmedStudy<FigureJob, RequestResult> {
  progress(): Promise<FigureProgress>;
  /** Release the study's memory (after the end, a stop or a failure). */
  free(): Promise<void>;
}

/** Lay out the figure in the core; throws a ScenarioError with the base's or the settings' problems. */
export async function openFigureStudy(studies: FigureStudies, base: Scenario, settings: FigureSettings, series: FigureSeries[]): Promise<FigureStudyHandle> {
  const started = await studies.startFigure(base, settings, series);
  if ('errors' in started) throw new ScenarioError(started.errors);
  const h = started.handle;
  return {
    nextBatch: (k) => studies.figureNextBatch(h, k),
    // The run's outcome is its one replication.
    report: (job, result) => studies.figureReport(h, job.id, result.replications[0]),
    isDone: () => studies.figureIsDone(h),
    progress: async () => studies.figureProgress(h),
    free: async () => {
      await Promise.resolve(studies.freeFigure(h)).catch(() => undefined);
    },
  };
}
