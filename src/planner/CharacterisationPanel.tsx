// One device's characterisation (model §11): the spec, the run on a worker
// with Cancel, then the rows (MB/s, IOPS, latency, WA per pattern, state and
// queue depth) beside the real drive's published figures, and the
// preconditioning's throughput and WA over time, where the fall from fresh
// to steady state shows.
import { useEffect, useId, useRef, useState } from 'react';
import { ColumnHeads, ExportButtons, LineChart, downloadBlob } from '../charts';
import { integer, num } from '../shared/format';
import type { CharacterizeProgress, CharacterizeRow, CharacterizeSpec, DeviceFigure } from './characterise';
import {
  PATTERN_LABELS,
  figuresForRow,
  iopsByQueueDepth,
  parseQueueDepths,
  preconditionSeries,
  randomWriteReferences,
  splitFieldMessages,
} from './characterise';
import type { Characterisation } from './useCharacterisation';
import './characterise.css';
import { fieldMessage } from '../shared/labels';

function publishedText(f: DeviceFigure, row: CharacterizeRow): string {
  const value = f.iops != null ? `${integer(f.iops)} IOPS` : `${num(f.mbps)} MB/s`;
  const what = f.source === 'measured' ? 'measured' : f.source === 'nearest' ? 'nearest published figure, judged only within 2×' : 'datasheet';
  return `${value} ${what} (${f.cite}); model ÷ published ${num(row.mbps / f.mbps)}`;
}

/** The results: one row per test, the published figures in their own column. */
export function CharacterisationTable({ deviceId, rows, figures }: { deviceId: string; rows: CharacterizeRow[]; figures: DeviceFigure[] }) {
  const cols = ['Test', 'State', 'Queue depth', 'MB/s', 'Published (real drive)', 'IOPS', 'Mean latency (ms)', 'p99 latency (ms)', 'p99.9 latency (ms)', 'Max latency (ms)', 'WA'];
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={`Microbenchmarks of ${deviceId}`}>
      <table className="char-table cards" data-testid="char-table">
        <caption>Microbenchmarks of the model of {deviceId} (MB = 2²⁰ bytes; latency from issue to completion)</caption>
        <ColumnHeads columns={cols} />
        <tbody>
          {rows.map((r, i) => {
            const published = figuresForRow(deviceId, r, figures);
            return (
              <tr
                key={i}
                data-testid="char-row"
                data-pattern={r.pattern}
                data-state={r.state}
                data-qd={r.queue_depth}
                data-mbps={r.mbps}
                data-iops={r.iops}
                data-mean-ms={r.mean_ms}
                data-p99-ms={r.p99_ms}
                data-p999-ms={r.p999_ms}
                data-max-ms={r.max_ms}
                data-wa={r.wa}
              >
                <th scope="row">{PATTERN_LABELS[r.pattern]}</th>
                <td data-label="State">{r.state === 'fresh' ? 'fresh out of the box' : 'steady state'}</td>
                <td data-label="Queue depth">{r.queue_depth}</td>
                <td data-label="MB/s">{num(r.mbps)}</td>
                <td data-label="Published (real drive)" data-testid="char-published">
                  {published.length ? published.map((f) => publishedText(f, r)).join('; ') : '—'}
                </td>
                <td data-label="IOPS">{integer(r.iops)}</td>
                <td data-label="Mean latency (ms)">{num(r.mean_ms)}</td>
                <td data-label="p99 latency (ms)">{num(r.p99_ms)}</td>
                <td data-label="p99.9 latency (ms)">{num(r.p999_ms)}</td>
                <td data-label="Max latency (ms)">{num(r.max_ms)}</td>
                <td data-label="WA">{num(r.wa)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** IOPS against queue depth per pattern and state: where the drive's parallelism (dies, channels, controller) runs out. */
export function QueueDepthChart({ deviceId, rows }: { deviceId: string; rows: CharacterizeRow[] }) {
  const svgRef = useRef<SVGSVGElement>(null);
  if (new Set(rows.map((r) => r.queue_depth)).size < 2) return null;
  const states = [...new Set(rows.map((r) => r.state))];
  const title = `IOPS of ${deviceId} against queue depth, per test`;
  return (
    <div className="char-charts" data-testid="char-qd">
      {states.map((state, k) => (
        <LineChart
          key={state}
          title={`${title}, ${state === 'fresh' ? 'fresh out of the box' : 'steady state'}`}
          xLabel="queue depth (I/Os outstanding)"
          yLabel="IOPS"
          yFormat={integer}
          series={iopsByQueueDepth(rows.filter((r) => r.state === state))}
          xScale="log"
          yScale="log"
          testId={`char-qd-${state}`}
          svgRef={k === 0 ? svgRef : undefined}
          height={340}
        />
      ))}
      <ExportButtons
        svgRef={svgRef}
        name={`iops-qd-${deviceId}`}
        rows={rows.map((r) => ({ pattern: r.pattern, state: r.state, queue_depth: r.queue_depth, iops: r.iops, mbps: r.mbps }))}
        columns={['pattern', 'state', 'queue_depth', 'iops', 'mbps']}
        meta={{ title }}
        testId="char-qd-export"
      />
    </div>
  );
}

/** Throughput and WA of the preconditioning's random 4 KB writes, fresh to steady state. */
export function PreconditionCharts({ deviceId, series, figures }: { deviceId: string; series: { t_s: number[]; mbps: number[]; wa: number[] }; figures: DeviceFigure[] }) {
  const svgRef = useRef<SVGSVGElement>(null);
  const s = preconditionSeries(series);
  const rows = series.t_s.map((t, i) => ({ t_s: t, mbps: series.mbps[i], wa: series.wa[i] }));
  const title = `Random 4 KB writes while ${deviceId} is preconditioned: throughput from fresh to steady state`;
  return (
    <div className="char-charts" data-testid="char-precondition">
      <LineChart
        title={title}
        xLabel={`time since the first write (${s.unit})`}
        yLabel="throughput (MB/s)"
        series={s.mbps}
        references={randomWriteReferences(deviceId, figures)}
        testId="char-mbps"
        svgRef={svgRef}
        height={320}
      />
      <ExportButtons svgRef={svgRef} name={`precondition-${deviceId}`} rows={rows} columns={['t_s', 'mbps', 'wa']} meta={{ title }} testId="char-mbps-export" />
      <LineChart
        title={`Write amplification of ${deviceId} during preconditioning`}
        xLabel={`time since the first write (${s.unit})`}
        yLabel="write amplification (NAND ÷ host pages)"
        series={s.wa}
        testId="char-wa"
        height={260}
      />
    </div>
  );
}

/**
 * How far a run has got: the preconditioning's 4 KB writes, then the
 * measured tests; null before the first step. The phase goes to the live
 * region (it changes twice a run); the counts tick beside the bar.
 */
export function runProgress(p: CharacterizeProgress | null): { phase: string; done: number; all: number; counts: string } | null {
  if (!p) return null;
  if (p.precondition_writes_done < p.precondition_writes) {
    const m = (n: number) => (n / 1e6).toFixed(2);
    return { phase: 'preconditioning', done: p.precondition_writes_done, all: p.precondition_writes, counts: `${m(p.precondition_writes_done)} of ${m(p.precondition_writes)} million writes` };
  }
  return { phase: 'measured tests', done: p.tests_done, all: p.tests, counts: `test ${integer(p.tests_done)} of ${integer(p.tests)}` };
}

function SpecForm({ spec, setSpec, fieldErrors, disabled }: { spec: CharacterizeSpec; setSpec: (s: CharacterizeSpec) => void; fieldErrors: Map<string, string>; disabled: boolean }) {
  const id = useId();
  const [qd, setQd] = useState(spec.queue_depths.join(', '));
  const [local, setLocal] = useState<Record<string, string>>({});
  const numField = (key: 'seconds' | 'precondition_passes' | 'seed', label: string, unit: string, integerOnly = false) => {
    const path = `characterize.${key}`;
    const msg = local[key] || fieldErrors.get(path);
    return (
      <div className={`field${msg ? ' invalid' : ''}`}>
        <label htmlFor={`${id}-${key}`}>
          {label} <span className="unit">({unit})</span>
        </label>
        <input
          id={`${id}-${key}`}
          type="text"
          inputMode={integerOnly ? 'numeric' : 'decimal'}
          data-testid={`char-${key}`}
          defaultValue={String(spec[key])}
          disabled={disabled}
          aria-invalid={msg ? true : undefined}
          aria-describedby={msg ? `${id}-${key}-error` : undefined}
          onChange={(e) => {
            const n = e.target.value.trim() === '' ? NaN : Number(e.target.value);
            const bad = !Number.isFinite(n) ? 'enter a number' : integerOnly && !(Number.isInteger(n) && n >= 0) ? 'enter a whole number' : null;
            setLocal((l) => ({ ...l, [key]: bad ?? '' }));
            if (!bad) setSpec({ ...spec, [key]: n });
          }}
        />
        {msg ? (
          <span className="field-error" role="alert" id={`${id}-${key}-error`}>
            {msg}
          </span>
        ) : null}
      </div>
    );
  };
  const qdMsg = local.queue_depths || fieldErrors.get('characterize.queue_depths');
  return (
    <div className="inline-form char-spec">
      <div className={`field${qdMsg ? ' invalid' : ''}`}>
        <label htmlFor={`${id}-qd`}>
          Queue depths <span className="unit">(I/Os outstanding, comma-separated)</span>
        </label>
        <input
          id={`${id}-qd`}
          type="text"
          data-testid="char-queue_depths"
          value={qd}
          disabled={disabled}
          aria-invalid={qdMsg ? true : undefined}
          aria-describedby={qdMsg ? `${id}-qd-error` : undefined}
          onChange={(e) => {
            setQd(e.target.value);
            const qs = parseQueueDepths(e.target.value);
            setLocal((l) => ({ ...l, queue_depths: qs ? '' : 'enter whole numbers ≥ 1, e.g. 1, 32' }));
            if (qs) setSpec({ ...spec, queue_depths: qs });
          }}
        />
        {qdMsg ? (
          <span className="field-error" role="alert" id={`${id}-qd-error`}>
            {qdMsg}
          </span>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor={`${id}-model`}>SSD model</label>
        <select
          id={`${id}-model`}
          data-testid="char-model"
          value={spec.model}
          disabled={disabled}
          onChange={(e) => setSpec({ ...spec, model: e.target.value === 'reference' ? 'reference' : 'scalable' })}
        >
          <option value="scalable">scalable (per-die timelines, analytic GC)</option>
          <option value="reference">per-page reference (small drives)</option>
        </select>
      </div>
      {numField('seconds', 'Each test runs', 's simulated')}
      {numField('precondition_passes', 'Steady state after writing the drive', '× its capacity')}
      {numField('seed', 'Seed', 'whole number', true)}
    </div>
  );
}

function Elapsed({ started }: { started: number }) {
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    const t = setInterval(() => setNow(performance.now()), 1000);
    return () => clearInterval(t);
  }, []);
  return <>{Math.floor((now - started) / 1000)} s</>;
}

export function CharacterisationPanel({ ch }: { ch: Characterisation }) {
  const { state, spec, setSpec, plan, figures } = ch;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shown = state.kind === 'idle' ? null : state.device;
  // Move the focus to the panel when it opens for another device.
  const deviceKey = shown ? `${shown.id}` : '';
  useEffect(() => {
    if (deviceKey) headingRef.current?.focus();
  }, [deviceKey]);
  if (!shown) return null;
  const running = state.kind === 'running';
  const now = state.kind === 'running' ? runProgress(state.progress) : null;
  const messages = state.kind === 'failed' ? splitFieldMessages(state.message) : [];
  const fieldErrors = new Map(messages.filter((m) => m.path.startsWith('characterize.')).map((m) => [m.path, m.message]));
  const other = messages.filter((m) => !m.path.startsWith('characterize.'));
  const millions = spec && plan ? plan.precondition_writes / 1e6 : 0;
  const headingId = `char-title-${shown.id}`;
  return (
    <section className="card char-panel" aria-labelledby={headingId} data-testid="char-panel" data-device={shown.id}>
      <h3 id={headingId} ref={headingRef} tabIndex={-1}>
        Characterisation of {shown.name} <span className="device-id">({shown.id})</span>
      </h3>
      <p className="hint">
        Microbenchmarks run on this device’s model in the simulator, as fio runs them on a drive (model §11): 4 KB random and 128 KB sequential reads and
        writes and a 70/30 mix, at each queue depth,{' '}
        {shown.kind === 'ssd'
          ? 'fresh out of the box and in steady state (after the whole drive has been written over with random 4 KB writes, as SNIA’s test specification preconditions).'
          : 'in one state (a disk has no fresh-out-of-box state).'}{' '}
        The same numbers as <code>tierplan characterize {shown.id}</code>.{' '}
        {shown.kind === 'ssd'
          ? 'A queue of I/Os overlaps on the drive’s dies, channels and controller up to its own queue depth, so IOPS grow with the queue depth until its parallelism runs out.'
          : ''}
      </p>
      {spec ? <SpecForm key={shown.id} spec={spec} setSpec={setSpec} fieldErrors={fieldErrors} disabled={running} /> : null}
      {millions > 0 ? (
        <p className="hint" data-testid="char-estimate">
          Steady state writes {num(millions)} million 4 KB pages first{millions > 5 ? ': expect half a minute or more in the browser (fewer passes run faster, but may not reach steady state)' : ''}.
        </p>
      ) : null}
      <div className="run-buttons">
        <button type="button" className="primary" data-testid="char-run" disabled={running} onClick={() => ch.start(shown)}>
          {state.kind === 'done' ? 'Run again' : 'Run'}
        </button>
        <button type="button" data-testid="char-cancel" disabled={!running} onClick={ch.cancel}>
          Cancel
        </button>
        <button type="button" className="secondary" data-testid="char-close" onClick={ch.close}>
          Close
        </button>
      </div>
      {running ? (
        <div className="progress" data-testid="char-progress" data-phase={now?.phase ?? ''} data-done={now?.done} data-all={now?.all}>
          {now ? <progress aria-label={`Characterisation: ${now.phase}`} max={now.all} value={now.done} /> : <progress aria-label="Characterisation starting" />}
          {/* The counts and seconds tick outside the live region, so a screen reader announces the phase, not every step. */}
          <span className="muted">
            {now ? <span data-testid="char-counts">{now.counts} · </span> : null}
            <span data-testid="char-elapsed">
              <Elapsed started={state.started} /> so far
            </span>
          </span>
        </div>
      ) : null}
      <div aria-live="polite" data-testid="char-status">
        {running ? (
          <p>Running on a worker{now ? `: ${now.phase}` : ''}.</p>
        ) : state.kind === 'done' ? (
          <p className="ok">
            Done in {(state.ms / 1000).toFixed(1)} s: {state.result.rows.length} tests.
          </p>
        ) : state.kind === 'cancelled' ? (
          <p className="muted">Cancelled.</p>
        ) : null}
      </div>
      {other.length > 0 ? (
        <p className="field-error" role="alert" data-testid="char-error">
          {other.map(fieldMessage).join('; ')}
        </p>
      ) : null}
      {state.kind === 'failed' && other.length === 0 ? (
        <p className="field-error" data-testid="char-error">
          The characterisation was refused: see the fields above.
        </p>
      ) : null}
      {state.kind === 'done' ? (
        <div data-testid="char-result">
          <CharacterisationTable deviceId={shown.id} rows={state.result.rows} figures={figures} />
          <QueueDepthChart deviceId={shown.id} rows={state.result.rows} />
          {state.result.precondition ? <PreconditionCharts deviceId={shown.id} series={state.result.precondition} figures={figures} /> : null}
          {state.result.notes.length ? (
            <ul className="hint char-notes">
              {state.result.notes.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
          ) : null}
          <button
            type="button"
            data-testid="char-download"
            onClick={() => downloadBlob(`characterize-${shown.id}.json`, new Blob([JSON.stringify(state.result, null, 2)], { type: 'application/json' }))}
          >
            Download (JSON, as <code>tierplan characterize --format json</code> prints it)
          </button>
        </div>
      ) : null}
    </section>
  );
}
