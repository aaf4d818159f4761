// Request logs in a worker (model §14): a file is read in slices (never
// uploaded, never held whole), each slice fed to the core's streaming
// parser; the parsed log stays in this worker (a handle per file) for the
// fit, "use this fit", the aggregated counts and the exact replay, whose job
// is stepped in chunks like a SimJob. Plain functions over an initialised
// wasm module, so the tests call it in Node.
import type * as Wasm from '../wasm-pkg/tierplan_studies';
import { driveJob } from '../engine/drive';
import { isFieldErrors, panicGuard } from '../engine/modules';
import { yieldToEventLoop } from '../engine/yield';
import type {
  ColumnMap,
  Detection,
  FieldError,
  LogFit,
  OptimizeResult,
  OptimizeSpec,
  ParseProgress,
  SearchProgress,
  PeakHour,
  Progress,
  RunResult,
  Scenario,
  TitleCurves,
} from './types';

export type LogsWasm = Pick<typeof Wasm, 'LogParse' | 'detectLog' | 'peakHour' | 'takePanicMessage'>;

/** The optimiser on the replayed log: HDD only, DRAM + HDD and SSD + HDD, no rejection. */
export const REPLAY_SPEC: OptimizeSpec = { architectures: ['hdd_only', 'dram_ic_hdd', 'ssd_lfu_hdd'], target: 0, criterion: 'simulated' } as OptimizeSpec;

/** Bytes read from the file per step (and per progress report). */
export const CHUNK_BYTES = 4 << 20;
/** A replay keeps every request (16 bytes each): only for files up to this size. */
export const MAX_REPLAY_BYTES = 400 << 20;
/** Events of a replay (or of the replay optimiser) per step between progress reports. */
const STEP_EVENTS = 200_000;
/** How much of the file the detector looks at. */
export const SAMPLE_BYTES = 64 << 10;

export interface ReadProgress extends ParseProgress {
  /** Size of the whole file, bytes. */
  total: number;
}

export interface ReadOutcome {
  handle: number;
  progress: ParseProgress;
  fit: LogFit;
  /** Whether every request was kept (`keepTrace`), so this read can be replayed. */
  replayable: boolean;
}

/** Field errors of a scenario, returned (not thrown) so they survive comlink. */
export type Fallible<T> = { ok: T } | { errors: FieldError[] };

export interface LogsApi {
  detect(sample: Uint8Array): Detection;
  /**
   * Read and fit a file; rejects with an AbortError after `cancel(id)`.
   * Memory grows with distinct titles only, unless `keepTrace` keeps every
   * request for a replay (files up to MAX_REPLAY_BYTES).
   */
  read(
    id: number,
    file: Blob,
    map: ColumnMap,
    onProgress?: (p: ReadProgress) => unknown,
    chunkBytes?: number,
    keepTrace?: boolean,
  ): Promise<ReadOutcome>;
  cancel(id: number): void;
  fittedScenario(handle: number, base: Scenario): Fallible<Scenario>;
  countsCsv(handle: number): string;
  /**
   * Title-level hit-ratio curves of a read log: static LFU and the fitted
   * Zipf model always; LRU and windowed LFU (counts over `windowH` hours)
   * when the log was read with `keepTrace`. A bad window throws `window_h: …`.
   */
  titleCurves(handle: number, windowH?: number): TitleCurves;
  /** Replay the log in `windows` windows on the base scenario's devices. */
  replay(
    id: number,
    handle: number,
    base: Scenario,
    windows: number,
    onProgress?: (p: Progress) => unknown,
  ): Promise<Fallible<RunResult>>;
  /** The optimiser with every candidate replaying the log (read with `keepTrace`). */
  optimizeReplay(
    id: number,
    handle: number,
    base: Scenario,
    windows: number,
    spec: OptimizeSpec,
    onProgress?: (p: SearchProgress) => unknown,
  ): Promise<Fallible<OptimizeResult>>;
  peakHour(s: Scenario): PeakHour | null;
  free(handle: number): void;
}

const abort = () => new DOMException('reading the log was cancelled', 'AbortError');

export function createLogsApi(wasm: LogsWasm): LogsApi {
  const parses = new Map<number, InstanceType<LogsWasm['LogParse']>>();
  const cancelled = new Set<number>();
  const running = new Set<number>();
  let next = 1;
  const get = (h: number) => {
    const p = parses.get(h);
    if (!p) throw new Error(`no log ${h} (closed or never read)`);
    return p;
  };
  // Rust panics surface with their message instead of `unreachable` (the engine's one guard).
  const { guard, poisoned } = panicGuard('the log reader', () => wasm.takePanicMessage());
  async function job<T>(id: number, body: () => Promise<T>): Promise<T> {
    running.add(id);
    try {
      return await body();
    } finally {
      running.delete(id);
      cancelled.delete(id);
    }
  }
  /**
   * Build a resumable core object (a replay job or the replay optimiser),
   * step it to the end in chunks with progress and Cancel by the engine's
   * one job driver (src/engine/drive.ts), return its result; its field
   * errors are returned, not thrown.
   */
  function stepped<P extends { done: boolean }, R>(
    id: number,
    what: string,
    build: () => { step(maxEvents: number): P; result(): R; free(): void },
    onProgress?: (p: P) => unknown,
  ): Promise<Fallible<R>> {
    return job(id, async () => {
      let obj: ReturnType<typeof build>;
      try {
        obj = guard(build);
      } catch (e) {
        if (isFieldErrors(e)) return { errors: e };
        throw e;
      }
      try {
        return { ok: await driveJob(obj, { chunk: STEP_EVENTS, guard, cancelled: () => cancelled.has(id), onProgress, canFree: () => !poisoned() }) };
      } catch (e) {
        // The driver's AbortError, named after what was cancelled.
        if (e instanceof DOMException && e.name === 'AbortError') throw new DOMException(`${what} was cancelled`, 'AbortError');
        throw e;
      }
    });
  }
  return {
    detect: (sample) => guard(() => wasm.detectLog(sample)),
    read(id, file, map, onProgress, chunkBytes = CHUNK_BYTES, keepTrace = false) {
      return job(id, async () => {
        if (keepTrace && file.size > MAX_REPLAY_BYTES) {
          throw new Error(`a replay keeps every request: files up to ${MAX_REPLAY_BYTES >> 20} MB can be replayed, this one has ${Math.round(file.size / 1048576)} MB`);
        }
        const keep = keepTrace && map.format !== 'counts';
        const p = guard(() => new wasm.LogParse(map, keep));
        try {
          for (let off = 0; off < file.size; off += chunkBytes) {
            if (cancelled.has(id)) throw abort();
            const bytes = new Uint8Array(await file.slice(off, off + chunkBytes).arrayBuffer());
            guard(() => p.feed(bytes));
            if (onProgress) await onProgress({ ...guard(() => p.progress()), total: file.size });
            else await yieldToEventLoop();
          }
          if (cancelled.has(id)) throw abort();
          const progress = guard(() => p.finish());
          const fit = guard(() => p.fit());
          const handle = next++;
          parses.set(handle, p);
          return { handle, progress, fit, replayable: guard(() => p.canReplay()) };
        } catch (e) {
          p.free();
          throw e;
        }
      });
    },
    cancel(id) {
      if (running.has(id)) cancelled.add(id);
    },
    fittedScenario(handle, base) {
      try {
        return { ok: guard(() => get(handle).fittedScenario(base)) };
      } catch (e) {
        if (isFieldErrors(e)) return { errors: e };
        throw e;
      }
    },
    countsCsv: (handle) => guard(() => get(handle).countsCsv()),
    titleCurves: (handle, windowH) => guard(() => get(handle).titleCurves(windowH)),
    replay: (id, handle, base, windows, onProgress) =>
      stepped(id, 'the replay', () => get(handle).replayJob(base, windows), onProgress),
    optimizeReplay: (id, handle, base, windows, spec, onProgress) =>
      stepped(id, 'the optimiser', () => get(handle).replayOptimize(base, windows, spec), onProgress),
    peakHour: (s) => guard(() => wasm.peakHour(s)),
    free(handle) {
      parses.get(handle)?.free();
      parses.delete(handle);
    },
  };
}
