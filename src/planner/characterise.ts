// Device characterisation (model §11) as the catalog shows it: the core's
// types, each row joined with the published figures of the device's real
// drive (the core's one table of them, `deviceFigures`), and the
// preconditioning run shaped into chart series. Plain functions, tested
// without React.
import type { LineSeries, ReferenceLine } from '../charts';
import type { Device } from '../engine/types';
import type { CharacterizeRow, DeviceFigure, Pattern, ThroughputSeries } from '../wasm-pkg/tierplan_studies';

export type {
  Characterization,
  CharacterizePlan,
  CharacterizeProgress,
  CharacterizeRow,
  CharacterizeSpec,
  DeviceFigure,
  DriveState,
  FigureSource,
  Pattern,
  ThroughputSeries,
} from '../wasm-pkg/tierplan_studies';

/**
 * I/Os a characterisation simulates per step at most (fewer than a run's
 * events: a per-page write costs several of them), so that Cancel is
 * honoured and progress shown within a fraction of a second.
 */
export const CHARACTERIZE_CHUNK = 20_000;

export const PATTERN_LABELS: Record<Pattern, string> = {
  rand_read4k: '4 KB random read',
  rand_write4k: '4 KB random write',
  seq_read128k: '128 KB sequential read',
  seq_write128k: '128 KB sequential write',
  mixed4k: '4 KB random 70 % read / 30 % write',
};

/** Whether the catalog offers a characterisation of the device (the core models SSDs and disks, not DRAM). */
export function canCharacterise(d: Device): boolean {
  return d.kind === 'ssd' || d.kind === 'hdd';
}

/** The published figures a row compares with: same device, pattern, and the state and queue depth when the figure names them. */
export function figuresForRow(deviceId: string, row: CharacterizeRow, figures: DeviceFigure[]): DeviceFigure[] {
  return figures.filter(
    (f) =>
      f.device === deviceId &&
      f.pattern === row.pattern &&
      (f.state == null || f.state === row.state) &&
      (f.queue_depth == null || f.queue_depth === row.queue_depth),
  );
}

/** Queue depths typed as "1, 32"; null when a part is not a whole number ≥ 1 (the core checks the range). */
export function parseQueueDepths(text: string): number[] | null {
  const parts = text
    .split(/[,\s]+/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  if (parts.length === 0) return null;
  const qs = parts.map(Number);
  return qs.every((q) => Number.isInteger(q) && q >= 1) ? qs : null;
}

/** IOPS against queue depth, one series per pattern and drive state (the rows of one characterisation; labelled by pattern, as a chart shows one state). */
export function iopsByQueueDepth(rows: CharacterizeRow[]): LineSeries[] {
  const keys: string[] = [];
  const byKey = new Map<string, { pattern: Pattern; state: string; points: { x: number; y: number }[] }>();
  for (const r of rows) {
    const key = `${r.pattern}-${r.state}`;
    if (!byKey.has(key)) {
      keys.push(key);
      byKey.set(key, { pattern: r.pattern, state: r.state, points: [] });
    }
    byKey.get(key)!.points.push({ x: r.queue_depth, y: r.iops });
  }
  return keys.map((key) => {
    const s = byKey.get(key)!;
    return {
      id: key,
      label: PATTERN_LABELS[s.pattern],
      points: [...s.points].sort((a, b) => a.x - b.x),
    };
  });
}

/** The time unit that keeps a span of `seconds` readable. */
export function timeUnit(seconds: number): { unit: 's' | 'min' | 'h'; per: number } {
  if (seconds >= 3 * 3600) return { unit: 'h', per: 3600 };
  if (seconds >= 180) return { unit: 'min', per: 60 };
  return { unit: 's', per: 1 };
}

/** The preconditioning's throughput and WA over time, x in `timeUnit`s of its span. */
export function preconditionSeries(p: ThroughputSeries): { unit: string; mbps: LineSeries[]; wa: LineSeries[] } {
  const { unit, per } = timeUnit(p.t_s[p.t_s.length - 1] ?? 0);
  const at = (ys: number[]) => p.t_s.map((t, i) => ({ x: t / per, y: ys[i] }));
  return {
    unit,
    mbps: [{ id: 'mbps', label: '4 KB random writes (MB/s)', points: at(p.mbps) }],
    wa: [{ id: 'wa', label: 'write amplification', points: at(p.wa) }],
  };
}

/** The measured 4 KB random-write figure of the device's drive, drawn across the preconditioning chart. */
export function randomWriteReferences(deviceId: string, figures: DeviceFigure[]): ReferenceLine[] {
  return figures
    .filter((f) => f.device === deviceId && f.pattern === 'rand_write4k')
    .map((f, i) => ({ id: `published-${i}`, label: `${f.cite}: ${f.mbps} MB/s`, y: f.mbps }));
}

/** Field errors of the core (`path: message; …`, as a ScenarioError's message crosses the worker) split by field. */
export function splitFieldMessages(message: string): { path: string; message: string }[] {
  return message
    .split(/; (?=[a-z_]+(?:\.[a-z_[\]0-9]+)*: )/)
    .map((part) => {
      const m = /^([a-z_]+(?:\.[a-z_[\]0-9]+)*): ([\s\S]*)$/.exec(part);
      return m ? { path: m[1], message: m[2] } : { path: '', message: part };
    });
}
