// The HTTP figure's side of the studies' worker (worker/studies.worker.ts):
// the core's `FigureStudy` objects by handle. The study hands out the
// figure's runs and takes each run's outcome back; the pool's workers run
// them. Plain functions over an initialised module, so tests call them in
// Node.
import type * as Wasm from '../wasm-pkg/tierplan_studies';
import { HandleTable } from '../engine/remote';
import type { FieldError, Scenario } from '../engine/types';
import type { FigureJob, FigureProgress, FigureSeries, FigureSettings, FigureStep, RequestReplication } from '../wasm-pkg/tierplan_studies';

export type FigureWasm = Pick<typeof Wasm, 'FigureStudy'>;

export interface FigureStudyApi {
  /** Lay out the figure: its handle, or the base's and the settings' field errors (returned, so they survive comlink). */
  startFigure(base: Scenario, settings: FigureSettings, series: FigureSeries[]): { handle: number } | { errors: FieldError[] };
  figureNextBatch(handle: number, k: number): FigureJob[];
  /** A run's outcome: its `RequestResult`'s `replications[0]`. */
  figureReport(handle: number, id: number, outcome: RequestReplication): void;
  /** Where the figure stands (its step without the runs to come: `figureResult` has them). */
  figureProgress(handle: number): FigureProgress;
  figureIsDone(handle: number): boolean;
  figureResult(handle: number): FigureStep;
  /** Release the study's memory (after the end, a stop or a failure). */
  freeFigure(handle: number): void;
}

export function createFigureStudies(wasm: FigureWasm): FigureStudyApi {
  const figures = new HandleTable<InstanceType<FigureWasm['FigureStudy']>>('figure');
  return {
    startFigure: (base, settings, series) => figures.open(() => new wasm.FigureStudy(base, settings, series)),
    figureNextBatch: (h, k) => figures.get(h).nextBatch(k),
    figureReport: (h, id, o) => figures.get(h).report(id, o),
    figureProgress: (h) => figures.get(h).progress(),
    figureIsDone: (h) => figures.get(h).isDone(),
    figureResult: (h) => figures.get(h).result(),
    freeFigure: (h) => figures.free(h),
  };
}
