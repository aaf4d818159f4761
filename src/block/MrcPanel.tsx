// "How much cache?" — the chosen trace's hit ratio at every cache size in one
// pass (model §13, `tierplan mrc`), in a worker, with progress and Cancel;
// the size for a target hit ratio and the knee marked; "Use this size" puts
// it in the study's cache size.
import { useEffect, useRef, useState } from 'react';
import type { Engine } from '../worker/contract';
import { LineChart } from '../charts';
import { dollars, num, percent } from '../shared/format';
import type { Device } from '../engine/types';
import type { BlockProgress, BlockTraceFormat, MrcResult, MrcSpec } from './types';
import { cacheDevices, cacheDollars, dollarsPerGb, kneeOf, sizeForTarget, GB_BLOCKS } from './mrc-curve';
import { thin } from '../shared/hit-curve';

type Mode = 'lru' | 'lru-sampled' | 'fifo' | 'setassoc';

const MODES: { value: Mode; label: string }[] = [
  { value: 'lru', label: 'LRU, exact' },
  { value: 'lru-sampled', label: 'LRU, 1 % sample (SHARDS)' },
  { value: 'fifo', label: 'FIFO, powers of two' },
  { value: 'setassoc', label: 'flashcache sets of 512, powers of two' },
];

/** The unit that keeps a curve's sizes readable: GB, MB or KB (of 1024). */
function unitFor(maxBytes: number): { name: string; bytes: number } {
  if (maxBytes >= 2 ** 30) return { name: 'GB', bytes: 2 ** 30 };
  if (maxBytes >= 2 ** 20) return { name: 'MB', bytes: 2 ** 20 };
  return { name: 'KB', bytes: 1024 };
}

function specOf(mode: Mode, format: BlockTraceFormat): MrcSpec {
  if (mode === 'fifo' || mode === 'setassoc') return { format, policy: mode === 'fifo' ? 'fifo' : 'set_assoc', sampling: 'exact', sizes: [] };
  return { format, policy: 'lru', sampling: mode === 'lru' ? 'exact' : { rate: 0.01 }, sizes: [] };
}

type State =
  | { kind: 'idle' }
  | { kind: 'running'; progress: BlockProgress | null }
  | { kind: 'done'; result: MrcResult; seconds: number }
  | { kind: 'cancelled' }
  | { kind: 'failed'; message: string };

interface Props {
  engine: Engine;
  file: File;
  format: BlockTraceFormat;
  /** The study's cache size now, GB (drawn on the curve). */
  cacheGb: number;
  /** The scenario's device catalog: its flash and DRAM price the curve ($ axis). */
  devices: readonly Device[];
  onUseSize: (gb: number) => void;
}

/** Whole dollars on an axis, cents below $10, two significant digits below a cent. */
const axisDollars = (v: number) => (v >= 10 ? `$${num(Math.round(v))}` : v >= 0.01 || v === 0 ? dollars(v) : `$${Number(v.toPrecision(2))}`);

export function MrcPanel({ engine, file, format, cacheGb, devices, onUseSize }: Props) {
  const [mode, setMode] = useState<Mode>('lru');
  const priced = cacheDevices(devices);
  const [deviceId, setDeviceId] = useState<string>(() => priced.find((d) => d.kind === 'ssd')?.id ?? priced[0]?.id ?? '');
  const device = priced.find((d) => d.id === deviceId) ?? null;
  const perGb = device ? dollarsPerGb(device) : null;
  const [targetText, setTargetText] = useState('0.5');
  const [state, setState] = useState<State>({ kind: 'idle' });
  const ac = useRef<AbortController | null>(null);
  useEffect(() => () => ac.current?.abort(), []);
  // A new file makes an old curve stale.
  useEffect(() => setState({ kind: 'idle' }), [file, format]);

  const target = Number(targetText);
  const targetBad = targetText.trim() === '' || !Number.isFinite(target) || target <= 0 || target >= 1;

  async function profile() {
    ac.current?.abort();
    const c = new AbortController();
    ac.current = c;
    setState({ kind: 'running', progress: null });
    const t0 = performance.now();
    try {
      const result = await engine.runMrc(specOf(mode, format), file, {
        signal: c.signal,
        onProgress: (p) => setState({ kind: 'running', progress: p }),
      });
      setState({ kind: 'done', result, seconds: (performance.now() - t0) / 1000 });
    } catch (e) {
      if (e instanceof DOMException && e.name === 'AbortError') setState({ kind: 'cancelled' });
      else setState({ kind: 'failed', message: e instanceof Error ? e.message : String(e) });
    }
  }

  const result = state.kind === 'done' ? state.result : null;
  const pts = result?.points.filter((p) => p.size_blocks > 0) ?? [];
  const atTarget = result && !targetBad ? sizeForTarget(pts, target) : null;
  const knee = result ? kneeOf(pts) : null;
  const unit = unitFor(pts.length ? pts[pts.length - 1].size_bytes : 1);
  const size = (blocks: number) => `${num((blocks * 4096) / unit.bytes)} ${unit.name}`;
  const drawn = thin(pts, 48);
  const cost = (blocks: number) => (device ? cacheDollars(blocks, device) : null);
  const costText = (blocks: number) => {
    const c = cost(blocks);
    return c === null || !device ? '' : `, about ${axisDollars(c)} of ${device.name}`;
  };

  return (
    <section className="card" aria-labelledby="mrc-title" data-testid="mrc-panel">
      <h2 id="mrc-title">How much cache? Hit ratio against cache size</h2>
      <p className="hint">
        One pass over {file.name} gives the hit ratio of a cache of every size (4 KB blocks, filled on reads and writes): read in slices in a worker, never
        uploaded.
      </p>
      <div className="grid">
        <div className="field">
          <label htmlFor="mrc-mode">Cache policy</label>
          <select id="mrc-mode" data-testid="mrc-mode" value={mode} onChange={(e) => setMode(e.target.value as Mode)}>
            {MODES.map((m) => (
              <option key={m.value} value={m.value}>
                {m.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="mrc-target">
            Target hit ratio <span className="unit">(0–1)</span>
          </label>
          <input
            id="mrc-target"
            data-testid="mrc-target"
            inputMode="decimal"
            value={targetText}
            aria-invalid={targetBad}
            aria-describedby={targetBad ? 'mrc-target-error' : undefined}
            onChange={(e) => setTargetText(e.target.value)}
          />
          {targetBad ? (
            <span className="field-error" id="mrc-target-error" role="alert">
              “{targetText}” is out of range: the target must be a number between 0 and 1 (exclusive)
            </span>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor="mrc-device">Price the size as</label>
          <select id="mrc-device" data-testid="mrc-device" value={device?.id ?? ''} onChange={(e) => setDeviceId(e.target.value)}>
            <option value="">no price</option>
            {priced.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name} ({d.kind === 'dram' ? 'DRAM' : 'flash'}, {dollars(dollarsPerGb(d) ?? 0)}/GB)
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="actions">
        <button type="button" data-testid="mrc-run" disabled={state.kind === 'running'} onClick={() => void profile()}>
          Profile the trace
        </button>
        <button type="button" data-testid="mrc-cancel" disabled={state.kind !== 'running'} onClick={() => ac.current?.abort()}>
          Cancel
        </button>
      </div>
      {state.kind === 'running' ? (
        <p role="status" data-testid="mrc-progress">
          {state.progress && state.progress.bytesTotal > 0
            ? `Read ${num(state.progress.bytesRead / 1e6)} of ${num(state.progress.bytesTotal / 1e6)} MB, ${num(state.progress.events)} I/Os`
            : 'Reading the trace…'}
        </p>
      ) : null}
      {state.kind === 'cancelled' ? <p data-testid="mrc-cancelled">Cancelled: nothing was kept from the partial pass.</p> : null}
      {state.kind === 'failed' ? (
        <p className="field-error" role="alert" data-testid="mrc-error">
          {state.message}
        </p>
      ) : null}
      {result && state.kind === 'done' ? (
        <div data-testid="mrc-result">
          <p className="hint">
            {num(result.ios)} I/Os, {num(result.blocks)} block accesses
            {result.distinct_blocks > 0 ? `, about ${size(result.distinct_blocks)} touched` : ''} — {state.seconds.toFixed(2)} s.{' '}
            {result.note}.
          </p>
          {pts.length > 1 ? (
            <LineChart
              title={`Hit ratio against cache size, ${file.name}`}
              xLabel={`Cache size (${unit.name}, log scale)`}
              yLabel="Hit ratio (share of block accesses)"
              xScale="log"
              yDomain={[0, 1]}
              yFormat={(v) => percent(v)}
              xFormat={(v) => `${num(v)} ${unit.name}`}
              x2={
                device && perGb !== null
                  ? { label: `Cost ($, at ${dollars(perGb)}/GB)`, factor: (perGb * unit.bytes) / 2 ** 30, format: axisDollars }
                  : undefined
              }
              testId="mrc-chart"
              series={[
                { id: 'all', label: 'All accesses', points: drawn.map((p) => ({ x: p.size_bytes / unit.bytes, y: p.byte_hit_ratio })) },
                ...(['read', 'write'] as const)
                  .filter((k) => pts.some((p) => (k === 'read' ? p.read_byte_hit_ratio : p.write_byte_hit_ratio) != null))
                  .map((k) => ({
                    id: k,
                    label: k === 'read' ? 'Reads' : 'Writes',
                    points: drawn.map((p) => ({ x: p.size_bytes / unit.bytes, y: (k === 'read' ? p.read_byte_hit_ratio : p.write_byte_hit_ratio) ?? 0 })),
                  })),
              ]}
              references={targetBad ? [] : [{ id: 'target', label: `Target ${percent(target)}`, y: target }]}
            />
          ) : (
            <p>Too few sizes to draw a curve.</p>
          )}
          <ul className="mrc-marks">
            <li data-testid="mrc-at-target">
              {targetBad
                ? 'Give a target hit ratio to find its size.'
                : atTarget
                  ? `Hit ratio ${percent(target)} from ${size(atTarget.size_blocks)} (${num(atTarget.size_blocks)} blocks${costText(atTarget.size_blocks)}): ${percent(atTarget.byte_hit_ratio)}.`
                  : `No size up to the footprint reaches ${percent(target)}: the trace's first accesses always miss.`}
            </li>
            {knee ? (
              <li data-testid="mrc-knee">
                Knee at about {size(knee.size_blocks)} ({percent(knee.byte_hit_ratio)}{costText(knee.size_blocks)}): beyond it, each doubling of the cache gains less.
              </li>
            ) : null}
            <li>The study’s cache now: {num(cacheGb)} GB ({size(cacheGb * GB_BLOCKS)}).</li>
          </ul>
          {atTarget ? (
            <button type="button" data-testid="mrc-use" onClick={() => onUseSize(Number((atTarget.size_blocks / GB_BLOCKS).toPrecision(4)))}>
              Use this size ({size(atTarget.size_blocks)}) for the study
            </button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
