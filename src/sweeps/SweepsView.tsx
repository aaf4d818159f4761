// "Sweeps & figures": sweep one numeric field of the scenario over a range
// for one or more architectures, or run one of the study's figures with one
// click. The sweep is a farmed study (runner.ts): the core's studies in the
// studies' worker hand out every value × replication, the pool's workers run
// them; points appear as their replications are merged; Cancel keeps what
// has finished.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { FieldError } from '../engine/types';
import type { ViewProps } from '../shared/view-props';
import type { Engine } from '../worker/contract';
import { FIGURES, DEFAULT_SETTINGS, type ChartDef, type FigureSettings } from './figures';
import { ARCHITECTURES, METRICS, fieldAxisLabel, sweepFields, sweepValues, type MetricId, type SweepSpec, type ValuesSpec } from './model';
import { getSweepBackend, runSweep, validateSweep, type SweepBackend, type SweepFailure, type SweepPoint, type SweepProgress } from './runner';
import { SweepChart } from './SweepChart';
import { ErrorSummary } from '../shared/form';
import './sweeps.css';

type Status =
  | { kind: 'idle' }
  | { kind: 'preparing' }
  | { kind: 'invalid'; errors: FieldError[] }
  | { kind: 'running'; progress: SweepProgress }
  | { kind: 'done'; runs: number; ms: number }
  | { kind: 'cancelled'; kept: number; total: number }
  | { kind: 'failed'; message: string };

interface Active {
  title: string;
  note?: string;
  specs: SweepSpec[];
  charts: ChartDef[];
}

/** How often finished points are drawn while a sweep runs, ms. */
const FLUSH_MS = 250;

function seconds(ms: number): string {
  return ms < 1000 ? `${Math.max(1, Math.round(ms))} ms` : `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

function useSweepRunner(engine: Engine, studies: SweepBackend) {
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [active, setActive] = useState<Active | null>(null);
  const [points, setPoints] = useState<SweepPoint[]>([]);
  const [failures, setFailures] = useState<SweepFailure[]>([]);
  const abort = useRef<AbortController | null>(null);
  // Finished points are handed to React in batches: re-rendering every chart
  // per point would keep the main thread busy, and the workers wait for the
  // main thread to acknowledge each run's progress before they go on.
  const pending = useRef<SweepPoint[]>([]);
  const flushTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const flush = () => {
    if (flushTimer.current !== null) clearTimeout(flushTimer.current);
    flushTimer.current = null;
    const batch = pending.current;
    pending.current = [];
    if (batch.length > 0) setPoints((ps) => [...ps, ...batch]);
  };
  const queuePoint = (p: SweepPoint) => {
    pending.current.push(p);
    flushTimer.current ??= setTimeout(flush, FLUSH_MS);
  };

  useEffect(
    () => () => {
      abort.current?.abort();
      if (flushTimer.current !== null) clearTimeout(flushTimer.current);
    },
    [],
  );

  async function start(make: () => Promise<Active>) {
    abort.current?.abort();
    const ctl = new AbortController();
    abort.current = ctl;
    setStatus({ kind: 'preparing' });
    pending.current = [];
    setPoints([]);
    setFailures([]);
    let a: Active;
    try {
      a = await make();
      const errors = await validateSweep(engine, a.specs);
      if (ctl.signal.aborted) return;
      if (errors.length > 0) {
        setActive(null);
        setStatus({ kind: 'invalid', errors });
        return;
      }
    } catch (e) {
      if (!ctl.signal.aborted) setStatus({ kind: 'failed', message: e instanceof Error ? e.message : String(e) });
      return;
    }
    setActive(a);
    const t0 = performance.now();
    let r: Awaited<ReturnType<typeof runSweep>>;
    try {
      r = await runSweep(engine, a.specs, {
        signal: ctl.signal,
        studies,
        onPoint: queuePoint,
        onFailure: (f) => setFailures((fs) => [...fs, f]),
        onProgress: (progress) => {
          if (!ctl.signal.aborted) setStatus({ kind: 'running', progress });
        },
      });
    } catch (e) {
      if (abort.current !== ctl) return;
      flush();
      abort.current = null;
      setStatus({ kind: 'failed', message: e instanceof Error ? e.message : String(e) });
      return;
    }
    if (abort.current !== ctl) return;
    flush();
    abort.current = null;
    setStatus(r.cancelled ? { kind: 'cancelled', kept: r.done, total: r.total } : { kind: 'done', runs: r.total, ms: performance.now() - t0 });
  }

  function cancel() {
    abort.current?.abort();
  }
  return { status, active, points, failures, start, cancel };
}

function SettingsFields({ settings, onChange, disabled }: { settings: FigureSettings; onChange: (s: FigureSettings) => void; disabled: boolean }) {
  const num = (key: keyof FigureSettings, label: string, unit: string, min: number, max: number, step: number) => (
    <div className="field">
      <label htmlFor={`sweep-${key}`}>
        {label} <span className="unit">({unit})</span>
      </label>
      <input
        id={`sweep-${key}`}
        data-testid={`sweep-${key}`}
        type="number"
        min={min}
        max={max}
        step={step}
        disabled={disabled}
        value={settings[key]}
        onChange={(e) => onChange({ ...settings, [key]: Number(e.target.value) })}
      />
    </div>
  );
  return (
    <div className="sweep-settings">
      {num('points', 'Points per parameter', 'values', 1, 200, 1)}
      {num('replications', 'Replications', 'runs per point', 1, 30, 1)}
      {num('durationH', 'Simulated duration', 'h', 0.1, 100, 0.5)}
    </div>
  );
}

/** Problems with the run settings, each naming its field and range. */
export function settingsErrors(s: FigureSettings): FieldError[] {
  const out: FieldError[] = [];
  if (!Number.isInteger(s.points) || s.points < 1 || s.points > 200) out.push({ path: 'sweep.points', message: `${s.points} is not a whole number from 1 to 200` });
  if (!Number.isInteger(s.replications) || s.replications < 1 || s.replications > 30)
    out.push({ path: 'sweep.replications', message: `${s.replications} is not a whole number from 1 to 30` });
  if (!(s.durationH > 0 && s.durationH <= 100)) out.push({ path: 'sweep.durationH', message: `${s.durationH} h is outside 0 (exclusive) to 100 h` });
  return out;
}

function CustomSweep({
  scenario,
  valid,
  settings,
  busy,
  onRun,
}: {
  scenario: ViewProps['scenario'];
  valid: boolean;
  settings: FigureSettings;
  busy: boolean;
  onRun: (a: Active | FieldError[]) => void;
}) {
  const fields = useMemo(() => sweepFields(scenario), [scenario]);
  const [path, setPath] = useState('workload.arrival_rate');
  const field = fields.find((f) => f.path === path) ?? fields[0];
  const [mode, setMode] = useState<'range' | 'list'>('range');
  const [from, setFrom] = useState('0.1');
  const [to, setTo] = useState('1');
  const [log, setLog] = useState(false);
  const [list, setList] = useState('0.25, 0.5, 1');
  const [archs, setArchs] = useState<Set<string>>(() => new Set([scenario.architecture]));
  const [metrics, setMetrics] = useState<Set<MetricId>>(() => new Set<MetricId>(['cache_streams', 'hit_ratio', 'rejection_probability']));

  function run() {
    const spec: ValuesSpec = mode === 'range' ? { mode, from, to, steps: String(settings.points), log } : { mode, list };
    const { values, errors } = sweepValues(spec, field);
    if (archs.size === 0) errors.push({ path: 'sweep.architectures', message: 'choose at least one architecture' });
    if (metrics.size === 0) errors.push({ path: 'sweep.metrics', message: 'choose at least one metric' });
    errors.push(...settingsErrors(settings).filter((e) => mode === 'range' || e.path !== 'sweep.points'));
    if (errors.length > 0) return onRun(errors);
    const variants = ARCHITECTURES.filter((a) => archs.has(a.id)).map((a) => ({
      id: a.id,
      label: a.label,
      scenario: { ...scenario, architecture: a.id, run: { ...scenario.run, replications: settings.replications, duration_h: settings.durationH, warmup_h: Math.min(scenario.run.warmup_h, settings.durationH / 2) } },
    }));
    const specs: SweepSpec[] = [{ id: 'custom', field, values, variants }];
    onRun({
      title: `${scenario.name}: ${fieldAxisLabel(field)} from ${values[0]} to ${values.at(-1)}`,
      specs,
      charts: [...metrics].map((m) => ({ specId: 'custom', metric: m, title: `${METRICS[m].label} vs ${field.label.toLowerCase()}` })),
    });
  }

  const toggle = <T,>(set: Set<T>, v: T) => {
    const n = new Set(set);
    if (n.has(v)) n.delete(v);
    else n.add(v);
    return n;
  };

  return (
    <section className="card" aria-labelledby="custom-sweep-title">
      <h2 id="custom-sweep-title">Sweep a parameter of this scenario</h2>
      <div className="sweep-form">
        <div className="field">
          <label htmlFor="sweep-param">Parameter</label>
          <select id="sweep-param" data-testid="sweep-param" value={field.path} onChange={(e) => setPath(e.target.value)}>
            {fields.map((f) => (
              <option key={f.path} value={f.path}>
                {fieldAxisLabel(f)} — {f.path}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="sweep-mode">
          <legend>Values</legend>
          <label>
            <input type="radio" name="sweep-mode" checked={mode === 'range'} onChange={() => setMode('range')} data-testid="sweep-mode-range" /> range
          </label>
          <label>
            <input type="radio" name="sweep-mode" checked={mode === 'list'} onChange={() => setMode('list')} data-testid="sweep-mode-list" /> list
          </label>
        </fieldset>
        {mode === 'range' ? (
          <div className="sweep-range">
            <div className="field">
              <label htmlFor="sweep-from">
                From <span className="unit">({field.unit || 'value'})</span>
              </label>
              <input id="sweep-from" data-testid="sweep-from" type="text" inputMode="decimal" value={from} onChange={(e) => setFrom(e.target.value)} />
            </div>
            <div className="field">
              <label htmlFor="sweep-to">
                To <span className="unit">({field.unit || 'value'})</span>
              </label>
              <input id="sweep-to" data-testid="sweep-to" type="text" inputMode="decimal" value={to} onChange={(e) => setTo(e.target.value)} />
            </div>
            <label className="inline-check">
              <input type="checkbox" checked={log} onChange={(e) => setLog(e.target.checked)} data-testid="sweep-log" /> logarithmic spacing
            </label>
            <span className="hint">Steps: “Points per parameter” above.</span>
          </div>
        ) : (
          <div className="field">
            <label htmlFor="sweep-list">
              Values <span className="unit">({field.unit || 'value'}, separated by commas)</span>
            </label>
            <input id="sweep-list" data-testid="sweep-list" type="text" value={list} onChange={(e) => setList(e.target.value)} />
          </div>
        )}
        <fieldset className="sweep-checks">
          <legend>Architectures (each with this scenario’s tiers)</legend>
          {ARCHITECTURES.map((a) => (
            <label key={a.id} className="inline-check">
              <input type="checkbox" checked={archs.has(a.id)} onChange={() => setArchs((s) => toggle(s, a.id))} data-testid={`sweep-arch-${a.id}`} /> {a.label}
            </label>
          ))}
        </fieldset>
        <fieldset className="sweep-checks">
          <legend>Metrics (one chart each)</legend>
          {Object.values(METRICS).map((m) => (
            <label key={m.id} className="inline-check">
              <input type="checkbox" checked={metrics.has(m.id)} onChange={() => setMetrics((s) => toggle(s, m.id))} data-testid={`sweep-metric-${m.id}`} /> {m.label}
            </label>
          ))}
        </fieldset>
      </div>
      <button type="button" className="primary" data-testid="sweep-run" disabled={busy || !valid} onClick={run}>
        Run sweep
      </button>
      {!valid ? <span className="hint"> Fix the scenario on the first tab first.</span> : null}
    </section>
  );
}

export function SweepsView(props: ViewProps) {
  const studies = useMemo(() => getSweepBackend(), []);
  return <SweepsPage {...props} studies={studies} />;
}

export function SweepsPage({ engine, scenario, valid, studies }: ViewProps & { studies: SweepBackend }) {
  const { status, active, points, failures, start, cancel } = useSweepRunner(engine, studies);
  const [settings, setSettings] = useState<FigureSettings>(DEFAULT_SETTINGS);
  const [formErrors, setFormErrors] = useState<FieldError[]>([]);
  const busy = status.kind === 'running' || status.kind === 'preparing';

  function runFigure(id: string) {
    const def = FIGURES.find((f) => f.id === id)!;
    const errs = settingsErrors(settings);
    setFormErrors(errs);
    if (errs.length > 0) return;
    void start(async () => {
      const fig = await def.build(engine, settings);
      return { title: def.title, note: fig.note, specs: fig.specs, charts: fig.charts };
    });
  }

  const errors = status.kind === 'invalid' ? status.errors : formErrors;
  const progress = status.kind === 'running' ? status.progress : null;

  return (
    <div className="sweeps" data-testid="sweeps-view">
      <section className="card" aria-labelledby="figures-title">
        <div className="sweeps-head">
          <h2 id="figures-title">Figures of the MMSys’11 study</h2>
        </div>
        <p className="hint">One click runs the figure with the study’s configuration (presets of the core), every point with its 95 % confidence interval.</p>
        <div className="figure-buttons">
          {FIGURES.map((f) => (
            <button key={f.id} type="button" data-testid={`figure-${f.id}`} disabled={busy} onClick={() => runFigure(f.id)} title={f.title}>
              {f.button}
            </button>
          ))}
        </div>
        <SettingsFields settings={settings} onChange={setSettings} disabled={busy} />
      </section>

      <CustomSweep
        scenario={scenario}
        valid={valid}
        settings={settings}
        busy={busy}
        onRun={(a) => {
          if (Array.isArray(a)) {
            setFormErrors(a);
            return;
          }
          setFormErrors([]);
          void start(() => Promise.resolve(a));
        }}
      />

      <section className="card sweep-status-card" aria-label="Sweep progress" aria-live="polite">
        <div className="run-buttons">
          <button type="button" data-testid="sweep-cancel" disabled={!busy} onClick={cancel}>
            Cancel
          </button>
          {progress ? (
            <>
              <progress data-testid="sweep-progress" max={progress.total} value={progress.work} aria-label="Sweep progress" />
              <span data-testid="sweep-status" data-done={progress.done} data-total={progress.total}>
                {progress.done} of {progress.total} runs done
                {progress.etaMs !== null ? ` · about ${seconds(progress.etaMs)} left` : ''}
              </span>
            </>
          ) : null}
          {status.kind === 'preparing' ? <span data-testid="sweep-status">Checking every point with the core…</span> : null}
          {status.kind === 'done' ? (
            <span className="ok" data-testid="sweep-status" data-done={status.runs} data-total={status.runs} data-ms={Math.round(status.ms)}>
              Done: {status.runs} runs in {seconds(status.ms)}.
            </span>
          ) : null}
          {status.kind === 'cancelled' ? (
            <span data-testid="sweep-status" data-done={status.kept} data-total={status.total}>
              Cancelled: kept the {status.kept} of {status.total} runs that had finished.
            </span>
          ) : null}
          {status.kind === 'idle' ? <span className="muted" data-testid="sweep-status">No sweep yet.</span> : null}
          {status.kind === 'failed' ? (
            <span className="field-error" role="alert" data-testid="sweep-error">
              {status.message}
            </span>
          ) : null}
        </div>
        <ErrorSummary errors={errors} action="the sweep can run" testId="sweep-errors" />
        {failures.length > 0 ? (
          <div className="error-summary" role="alert" data-testid="sweep-failures">
            <strong>{failures.length} runs failed:</strong>
            <ul>
              {failures.slice(0, 8).map((f, i) => (
                <li key={i}>
                  {f.variantId}, value {f.value}: {f.message}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </section>

      {active ? (
        <section aria-labelledby="sweep-results-title" className="sweep-results">
          <h2 id="sweep-results-title" data-testid="sweep-title">
            {active.title}
          </h2>
          {active.note ? <p className="note">{active.note}</p> : null}
          <div className="sweep-charts">
            {active.charts.map((c, i) => {
              const spec = active.specs.find((s) => s.id === c.specId)!;
              return <SweepChart key={`${c.specId}-${c.metric}-${i}`} index={i} def={c} spec={spec} points={points} />;
            })}
          </div>
        </section>
      ) : null}
    </div>
  );
}
