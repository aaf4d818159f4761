// The main thread's side of the logs worker: one dedicated worker, started
// on first use; progress comes back through comlink proxies and an
// AbortSignal cancels (the worker stops after its current slice).
import * as Comlink from 'comlink';
import type { LogsApi, ReadOutcome, ReadProgress, Fallible } from './logs-api';
import type { ColumnMap, Detection, OptimizeResult, OptimizeSpec, PeakHour, Progress, RunResult, Scenario, SearchProgress, TitleCurves } from './types';

type Remote = Comlink.Remote<LogsApi & { ready(): Promise<void> }>;

let remote: Remote | null = null;
let nextId = 1;

function worker(): Remote {
  if (!remote) {
    const w = new Worker(new URL('./logs.worker.ts', import.meta.url), { type: 'module', name: 'tierplan-logs' });
    remote = Comlink.wrap<LogsApi & { ready(): Promise<void> }>(w);
  }
  return remote;
}

/** What the Logs view needs; the worker in the browser, the API itself in tests. */
export interface LogsClient {
  detect(file: Blob): Promise<Detection>;
  read(
    file: Blob,
    map: ColumnMap,
    opts: { signal?: AbortSignal; onProgress?: (p: ReadProgress) => void; keepTrace?: boolean },
  ): Promise<ReadOutcome>;
  fittedScenario(handle: number, base: Scenario): Promise<Fallible<Scenario>>;
  countsCsv(handle: number): Promise<string>;
  titleCurves(handle: number, windowH?: number): Promise<TitleCurves>;
  replay(
    handle: number,
    base: Scenario,
    windows: number,
    opts: { signal?: AbortSignal; onProgress?: (p: Progress) => void },
  ): Promise<Fallible<RunResult>>;
  optimizeReplay(
    handle: number,
    base: Scenario,
    windows: number,
    spec: OptimizeSpec,
    opts: { signal?: AbortSignal; onProgress?: (p: SearchProgress) => void },
  ): Promise<Fallible<OptimizeResult>>;
  peakHour(s: Scenario): Promise<PeakHour | null>;
  free(handle: number): Promise<void>;
}

const SAMPLE = 64 << 10;

/** A client over any LogsApi-shaped backend (the worker, or the API in tests). */
export function logsClient(api: () => Remote | LogsApi, wrap: <T>(f: T) => T = (f) => f): LogsClient {
  const withCancel = async <T>(signal: AbortSignal | undefined, run: (id: number) => Promise<T>): Promise<T> => {
    const id = nextId++;
    const onAbort = () => void api().cancel(id);
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      return await run(id);
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
  };
  return {
    detect: async (file) => api().detect(new Uint8Array(await file.slice(0, SAMPLE).arrayBuffer())),
    read: (file, map, { signal, onProgress, keepTrace }) =>
      withCancel(signal, (id) =>
        Promise.resolve(api().read(id, file, map, onProgress ? wrap((p: ReadProgress) => onProgress(p)) : undefined, undefined, keepTrace)),
      ),
    fittedScenario: async (h, base) => api().fittedScenario(h, base),
    countsCsv: async (h) => api().countsCsv(h),
    titleCurves: async (h, windowH) => api().titleCurves(h, windowH),
    replay: (h, base, windows, { signal, onProgress }) =>
      withCancel(signal, (id) =>
        Promise.resolve(api().replay(id, h, base, windows, onProgress ? wrap((p: Progress) => onProgress(p)) : undefined)),
      ),
    optimizeReplay: (h, base, windows, spec, { signal, onProgress }) =>
      withCancel(signal, (id) =>
        Promise.resolve(
          api().optimizeReplay(id, h, base, windows, spec, onProgress ? wrap((p: SearchProgress) => onProgress(p)) : undefined),
        ),
      ),
    peakHour: async (s) => api().peakHour(s),
    free: async (h) => api().free(h),
  };
}

/** The browser's client: the dedicated logs worker. */
export const browserLogs: LogsClient = logsClient(worker, <T>(f: T) => Comlink.proxy(f as object) as T);
