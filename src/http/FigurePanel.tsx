// The study's figure: segment miss ratio against request rate per policy,
// with 95 % CI bands, drawn while it runs (the core's passes: a first
// complete picture, then refinements), with the pass, the measured time left
// and Stop, which keeps what is done.
import { useMemo, useRef, useState } from 'react';
import { ExportButtons, LineChart, type SecondAxis } from '../charts';
import type { Scenario } from '../engine/types';
import { percent } from '../shared/format';
import { durationText } from '../shared/timeLeft';
import { FIGURE_COLUMNS, MARKER_LEGEND, chartSeries, figureRows, type FigurePoint, type FigureSettings } from './figure';
import type { FigureOutlineView, FigureStatus } from './useFigureRun';
import { readableMessage } from '../shared/labels';

function seconds(ms: number): string {
  return ms < 1000 ? `${Math.max(1, Math.round(ms))} ms` : `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

function SettingField({
  name,
  label,
  unit,
  value,
  error,
  onChange,
}: {
  name: keyof FigureSettings;
  label: string;
  unit: string;
  value: number;
  error?: string;
  onChange: (v: number) => void;
}) {
  const id = `http-figure-${name}`;
  const [text, setText] = useState(String(value));
  return (
    <div className={`field${error ? ' invalid' : ''}`}>
      <label htmlFor={id}>
        {label} <span className="unit">({unit})</span>
      </label>
      <input
        id={id}
        data-testid={id}
        type="text"
        inputMode="decimal"
        value={text}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => {
          setText(e.target.value);
          onChange(e.target.value.trim() === '' ? NaN : Number(e.target.value));
        }}
      />
      {error ? (
        <span className="field-error" role="alert" id={`${id}-error`} data-testid={`${id}-error`}>
          {error}
        </span>
      ) : null}
    </div>
  );
}

/** The figure's rates and any points already drawn (settings may change after a run). */
function xDomain(rates: number[], points: FigurePoint[]): [number, number] | undefined {
  const xs = [...rates, ...points.map((p) => p.rate)];
  return xs.length > 1 ? [Math.min(...xs), Math.max(...xs)] : undefined;
}


function passText(status: Extract<FigureStatus, { kind: 'running' }>): string {
  return status.passName ? `Pass ${status.pass}: ${status.passName}` : 'Starting…';
}

/**
 * What a screen reader is told, in a live region that is always there (one
 * added with its text is not announced): the pass when it changes, and how
 * the figure ended — not the counts and the time left, which change every moment.
 */
function announcement(status: FigureStatus, points: number): string {
  switch (status.kind) {
    case 'running':
      return passText(status);
    case 'done':
      return `Figure done: ${status.points} points.`;
    case 'stopped':
      return `Figure stopped: ${points} points kept.`;
    case 'failed':
      return '';
    case 'idle':
      return '';
  }
}

export function StatusLine({ status, points, testId }: { status: FigureStatus; points: number; testId: string }) {
  if (status.kind === 'running') {
    return (
      <div className="progress" data-testid={`${testId}-progress-box`}>
        <progress data-testid={`${testId}-progress`} max={1} value={status.work} aria-label="Figure progress" />
        <span data-testid={`${testId}-status`} data-pass={status.pass} data-left-ms={status.leftMs === null ? undefined : Math.round(status.leftMs)}>
          <span data-testid={`${testId}-pass`}>{passText(status)}</span>
          {` · ${status.runs} runs done · ${seconds(status.elapsedMs)}`}
          {status.leftMs !== null ? ` · about ${durationText(status.leftMs)} left` : ''}
        </span>
      </div>
    );
  }
  if (status.kind === 'done')
    return (
      <p className="ok" data-testid={`${testId}-status`}>
        Done: {status.points} points from {status.runs} runs in {seconds(status.ms)} ({status.passes} passes; the first complete picture after{' '}
        {seconds(status.firstPictureMs ?? status.ms)}).
      </p>
    );
  if (status.kind === 'stopped')
    return (
      <p className="muted" data-testid={`${testId}-status`}>
        Stopped in pass {status.pass}
        {status.passName ? ` (${status.passName})` : ''}: {points} points from {status.runs} finished runs are kept; hollow markers are provisional.
      </p>
    );
  if (status.kind === 'failed')
    return (
      <p className="field-error" role="alert" data-testid={`${testId}-error`}>
        {readableMessage(status.message)}
      </p>
    );
  return null;
}

export function FigurePanel({
  scenario,
  canRun,
  settings,
  outline,
  setSettings,
  status,
  points,
  onRun,
  onCancel,
  gbps,
}: {
  scenario: Scenario;
  canRun: boolean;
  settings: FigureSettings;
  /** The core's reading of the settings; null while it is being asked. */
  outline: FigureOutlineView | null;
  setSettings: (f: FigureSettings) => void;
  status: FigureStatus;
  points: FigurePoint[];
  onRun: () => void;
  onCancel: () => void;
  /** The second x axis in Gb/s on the wire (load.ts's gbpsAxis); none until the core answers. */
  gbps?: SecondAxis;
}) {
  const svgRef = useRef<SVGSVGElement>(null);
  const [log, setLog] = useState(false);
  const errors = outline?.errors ?? {};
  const bad = outline === null || Object.keys(errors).length > 0;
  const running = status.kind === 'running';
  const firstPictureMs = status.kind === 'running' || status.kind === 'done' ? status.firstPictureMs : null;
  const rates = outline?.rates;
  // The chart and the table change only with the points (a run finished, the core's estimate came): the status line below
  // changes twice a second while the figure runs, and re-rendering 125 markers with it took the main thread a quarter of
  // the figure's time on a two-core machine, CPU the workers needed.
  const chart = useMemo(
    () => (
      <LineChart
        title="Segment miss ratio against request rate, per flash-cache policy"
        xLabel="request rate r (requests/s)"
        yLabel="segment miss ratio"
        series={chartSeries(points)}
        yScale={log ? 'log' : 'linear'}
        yFormat={percent}
        // The figure's whole range from the first point on: the first pass
        // runs both ends, in the core's order.
        xDomain={xDomain(rates ?? [], points)}
        x2={gbps}
        markerLegend={MARKER_LEGEND}
        testId="http-miss"
        svgRef={svgRef}
      />
    ),
    [points, log, rates, gbps],
  );
  const rows = useMemo(() => figureRows(points), [points]);
  const rateCount = rates?.length ?? 0;
  const field = (name: keyof FigureSettings, label: string, unit: string) => (
    <SettingField name={name} label={label} unit={unit} value={settings[name]} error={errors[name]} onChange={(v) => setSettings({ ...settings, [name]: v })} />
  );
  return (
    <section
      className="card"
      aria-labelledby="http-figure-title"
      data-testid="http-figure"
      // When the first complete picture (every series at the first pass's rates) was done, ms after Run; for the benchmark and the tests.
      data-first-picture-ms={firstPictureMs === null ? undefined : Math.round(firstPictureMs)}
    >
      <h2 id="http-figure-title">Segment miss ratio against request rate</h2>
      <p className="hint">
        The study’s figure: every policy over the same disks, RAM, flash device and workload as the scenario above (its cache options included), one point per rate
        and policy, each the mean of the replications with its 95 % confidence band. The study ran one hour per point.
      </p>
      <p className="hint">
        It draws itself in passes: first every policy at a few rates with one replication (a complete picture in seconds), then more rates where the curves bend, then
        the remaining rates, then the other replications where the 0 % line is in question first. Hollow markers are provisional (more replications to come); a run
        whose backlog grows without bound stops early and is drawn at its lower bound with an arrow (saturated). A 0 % point below a rate whose replications all
        missed nothing gets no more replications: the requests are the same at every rate, only faster, so misses do not fall as the rate grows. Stop keeps what is
        done.
      </p>
      <div className="field-grid">
        {field('fromRate', 'Lowest rate', 'requests/s')}
        {field('toRate', 'Highest rate', 'requests/s')}
        {field('points', 'Rates', 'points')}
        {field('replications', 'Replications', 'per point')}
        {field('durationH', 'Measured period', 'h per run')}
        {field('warmupH', 'Warm-up of the warm ring cache', 'h')}
      </div>
      <p className="hint" data-testid="http-figure-plan">
        {outline === null
          ? 'Reading the settings…'
          : bad
            ? 'Fix the settings above.'
            : `${rateCount} rate${rateCount === 1 ? '' : 's'} × 5 policies = ${rateCount * 5} points of ${settings.replications} replication${settings.replications === 1 ? '' : 's'} (a saturated point stops at one; below a confirmed 0 %, a 0 % point stops at the one it had and the rates between are not run).`}
      </p>
      <div className="run-buttons">
        <button type="button" className="primary" data-testid="http-figure-run" disabled={!canRun || bad || running} onClick={onRun}>
          Run the figure
        </button>
        <button type="button" data-testid="http-figure-cancel" disabled={!running} onClick={onCancel}>
          Stop
        </button>
        <label className="inline-check">
          <input type="checkbox" data-testid="http-figure-log" checked={log} onChange={(e) => setLog(e.target.checked)} /> log y axis
        </label>
      </div>
      <p className="visually-hidden" aria-live="polite" data-testid="http-figure-announce">
        {announcement(status, points.length)}
      </p>
      <StatusLine status={status} points={points.length} testId="http-figure" />
      {points.length > 0 ? (
        <div className="http-chart">
          {chart}
          <ExportButtons
            svgRef={svgRef}
            name="segment-miss-ratio"
            rows={rows}
            columns={FIGURE_COLUMNS}
            meta={{ title: 'Segment miss ratio against request rate (NOSSDAV’12 figure)', seed: scenario.request?.run.seed }}
            testId="http-miss-export"
          />
        </div>
      ) : null}
    </section>
  );
}
