// "HTTP streaming": the request-level engine (model §11, NOSSDAV'12). Edit
// the scenario's `request` section (or load one of the study's
// configurations), run it once for its device utilisation, flash writes and
// index cost, run the study's miss-ratio figure over every policy on the
// worker pool, and read the highest rate at 0 % miss beside the published one.
import { memo, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { downloadBlob } from '../charts';
import type { PresetInfo, Progress, Scenario, ServerSpec } from '../engine/types';
import type { RequestResult } from './types';
import type { Engine } from '../worker/contract';
import { ErrorSummary, FormContext } from '../shared/form';
import { duration, estimate, num, percent, replicationRange } from '../shared/format';
import { verdictAtMost, verdictClass } from '../shared/verdict';
import type { ViewProps } from '../shared/view-props';
import type { Edit } from '../shared/edit';
import { DEFAULT_FIGURE, SERIES, rangeFor, type FigurePoint, type FigureSettings, type SeriesId } from './figure';
import { FigurePanel } from './FigurePanel';
import { MaxRatePanel } from './MaxRatePanel';
import { RequestEditor } from './RequestEditor';
import { PolicyTable } from './RunDetails';
import { WhyPanel } from './WhyPanel';
import { useFigureOutline, useFigureRun } from './useFigureRun';
import type { FigureStudies } from './figureStudy';
import './http.css';
import { readableMessage } from '../shared/labels';
import { gbpsAxis, loadText, rateGbpsText, useRateLoads } from './load';
import { StandInNote } from './StandInNote';
import { NetworkResult } from './NetworkResult';
import { standInScale } from './standIn';

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** Load a study configuration, or give the current scenario a request section. */
function Setup({
  engine,
  scenario,
  edit,
  loadPreset,
  showView,
}: {
  engine: Engine;
  scenario: Scenario;
  edit: Edit;
  loadPreset: ViewProps['loadPreset'];
  showView?: (id: string) => void;
}) {
  const [presets, setPresets] = useState<PresetInfo[]>([]);
  const [id, setId] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    engine.listRequestPresets().then(
      (p) => live && setPresets(p),
      (e: unknown) => live && setError(message(e)),
    );
    return () => {
      live = false;
    };
  }, [engine]);
  const chosen = presets.find((p) => p.id === id);
  // Through the app's preset loading: the Scenario tab then names the study
  // configuration, Reset returns to it and the link carries its name.
  const load = () => loadPreset(id, chosen?.title);
  // The study's disks and SSDs join the catalog when missing, so the default section validates.
  const addSection = () =>
    Promise.all([engine.defaultRequestSpec(), engine.requestDevicePresets()]).then(
      // An edit of the scenario as it is when they arrive, so that nothing typed meanwhile is lost.
      ([request, devices]) =>
        edit((s) => {
          s.request = request;
          s.devices.push(...devices.filter((d) => !s.devices.some((x) => x.id === d.id)));
        }),
      (e: unknown) => setError(message(e)),
    );
  return (
    <section className="card" aria-labelledby="http-setup-title">
      <h2 id="http-setup-title">HTTP (DASH) segment streaming</h2>
      <p className="hint">
        Every segment request becomes chunk reads that pass the RAM cache and a flash cache and queue on the SSD and the disks with service times (model §11; Ryu,
        Kim &amp; Ramachandran, NOSSDAV’12). A request misses when its last chunk arrives after the segment’s play time.
      </p>
      <div className="preset-picker">
        <div className="field">
          <label htmlFor="http-preset">Start from a study configuration</label>
          <select id="http-preset" data-testid="http-preset" value={id} onChange={(e) => setId(e.target.value)}>
            <option value="">— choose a configuration (NOSSDAV’12 or an edge of today) —</option>
            {presets.map((p) => (
              <option key={p.id} value={p.id}>
                {p.title}
              </option>
            ))}
          </select>
          {chosen ? <span className="hint">{chosen.description}</span> : null}
        </div>
        <button type="button" data-testid="http-preset-load" disabled={!id} onClick={load}>
          Load
        </button>
        {scenario.request ? null : (
          <button type="button" data-testid="http-add-request" onClick={() => void addSection()}>
            Add a request-level section to this scenario
          </button>
        )}
      </div>
      {showView ? (
        <p className="hint">
          How fast are the SSD and the disks on their own? Each device of the catalog can be characterised (4 KB random and 128 KB sequential
          microbenchmarks, fresh and in steady state, beside the study’s measured figures):{' '}
          <button type="button" className="secondary" data-testid="http-to-catalog" onClick={() => {
              showView('scenario');
              // The catalog is below the editor: bring it into view once the tab has rendered.
              setTimeout(() => document.querySelector('[data-testid="device-catalog"]')?.scrollIntoView({ block: 'start' }), 0);
            }}
          >
            Open the device catalog
          </button>
        </p>
      ) : null}
      {scenario.request && standInScale(scenario.name) ? <StandInNote scale={standInScale(scenario.name)!} /> : null}
      {scenario.request ? null : (
        <p data-testid="http-no-request">This scenario has no request-level section yet: load a study configuration or add the default one.</p>
      )}
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}

type SingleState =
  | { kind: 'idle' }
  | { kind: 'running'; progress: Progress | null }
  | { kind: 'done'; result: RequestResult; ms: number }
  | { kind: 'cancelled' }
  | { kind: 'failed'; message: string };

/** Run the edited scenario once at its own rate; export its I/O stream. */
function SingleRun({ engine, scenario, canRun }: { engine: Engine; scenario: Scenario; canRun: boolean }) {
  const [state, setState] = useState<SingleState>({ kind: 'idle' });
  const [rows, setRows] = useState(100_000);
  const [exportError, setExportError] = useState<string | null>(null);
  const ac = useRef<AbortController | null>(null);
  useEffect(() => () => ac.current?.abort(), []);
  const run = useCallback(() => {
    ac.current?.abort();
    const ctl = new AbortController();
    ac.current = ctl;
    const t0 = performance.now();
    setState({ kind: 'running', progress: null });
    engine
      .runRequest(scenario, { signal: ctl.signal, onProgress: (p) => ac.current === ctl && setState({ kind: 'running', progress: p }) })
      .then(
        (result) => ac.current === ctl && setState({ kind: 'done', result, ms: performance.now() - t0 }),
        (e: unknown) => {
          if (ac.current !== ctl) return;
          const name = e instanceof Error || e instanceof DOMException ? e.name : '';
          setState(name === 'AbortError' ? { kind: 'cancelled' } : { kind: 'failed', message: message(e) });
        },
      );
  }, [engine, scenario]);
  const exportIo = () => {
    setExportError(null);
    engine.exportIo(scenario, rows).then(
      (csv) => downloadBlob('io-stream.csv', new Blob([csv], { type: 'text/csv' })),
      (e: unknown) => setExportError(message(e)),
    );
  };
  const running = state.kind === 'running';
  const p = running ? state.progress : null;
  const r = scenario.request!;
  const load = useRateLoads(engine, scenario, [r.workload.rate]).get(r.workload.rate);
  const rowsOk = Number.isInteger(rows) && rows >= 1 && rows <= 5_000_000;
  return (
    <section className="card" aria-labelledby="http-single-title" data-testid="http-single">
      <h2 id="http-single-title">This scenario at {num(r.workload.rate)} requests/s</h2>
      {load ? (
        <p className="hint" data-testid="http-single-load">
          {num(r.workload.rate)} requests/s of {num(r.workload.segment_s)} s segments: {loadText(load)} playing at once.
        </p>
      ) : null}
      <div className="run-buttons">
        <button type="button" className="primary" data-testid="http-single-run" disabled={!canRun || running} onClick={run}>
          Run
        </button>
        <button type="button" data-testid="http-single-cancel" disabled={!running} onClick={() => ac.current?.abort()}>
          Cancel
        </button>
      </div>
      {running ? (
        <div className="progress">
          <progress data-testid="http-single-progress" max={1} value={p ? p.fraction : undefined} aria-label="Run progress" />
          <span aria-live="polite" data-testid="http-single-status">
            {p ? `Replication ${Math.min(p.replications_done + 1, p.replications)} of ${p.replications} · ${Math.floor(p.fraction * 100)} %` : 'Starting…'}
          </span>
        </div>
      ) : null}
      {state.kind === 'cancelled' ? <p className="muted">Cancelled.</p> : null}
      {state.kind === 'failed' ? (
        <p className="field-error" role="alert" data-testid="http-single-error">
          {readableMessage(state.message)}
        </p>
      ) : null}
      {state.kind === 'done' ? (
        <div data-testid="http-single-result">
          <p className="ok">Done in {(state.ms / 1000).toFixed(2)} s.</p>
          <SingleResult result={state.result} target={scenario.request?.search.miss_target} server={scenario.server} />
          <button
            type="button"
            data-testid="http-single-download"
            onClick={() => downloadBlob('request-result.json', new Blob([JSON.stringify(state.result, null, 2)], { type: 'application/json' }))}
          >
            Download result (JSON, as <code>tierplan run</code> prints it)
          </button>
          <WhyPanel result={state.result} label={scenario.name} testId="http-single" />
          <PolicyTable rows={[{ label: scenario.name, result: state.result }]} caption="Hit ratios, flash writes and index" testId="http-single-table" />
        </div>
      ) : null}
      <div className="inline-form export-io">
        <div className="field">
          <label htmlFor="http-io-rows">
            I/O rows to export <span className="unit">(rows, replication 0)</span>
          </label>
          <input
            id="http-io-rows"
            data-testid="http-io-rows"
            type="text"
            inputMode="numeric"
            defaultValue={rows}
            aria-invalid={!rowsOk}
            onChange={(e) => setRows(Number(e.target.value))}
          />
          {rowsOk ? null : (
            <span className="field-error" role="alert">
              must be a whole number from 1 to 5,000,000
            </span>
          )}
        </div>
        <button type="button" data-testid="http-io-export" disabled={!canRun || !rowsOk} onClick={exportIo}>
          Export the I/O stream (CSV)
        </button>
      </div>
      {exportError ? (
        <p className="field-error" role="alert">
          {exportError}
        </p>
      ) : null}
    </section>
  );
}

/** Per-policy details at one rate of the figure. */
function FigureDetails({ engine, scenario, points }: { engine: Engine; scenario: Scenario; points: FigurePoint[] }) {
  // Rates with a run to show (a rate never run, its 0 % vouched for, has none).
  const rates = [...new Set(points.flatMap((p) => (p.result ? [p.rate] : [])))].sort((a, b) => a - b);
  const loads = useRateLoads(engine, scenario, rates);
  const [rate, setRate] = useState<number | null>(null);
  const [series, setSeries] = useState<SeriesId>('ring-warm');
  const chosen = rate !== null && rates.includes(rate) ? rate : (rates[rates.length - 1] ?? null);
  if (chosen === null) return null;
  const at = SERIES.flatMap((s) => {
    const p = points.find((x) => x.series === s.id && x.rate === chosen);
    return p?.result ? [{ id: s.id, label: s.label, result: p.result }] : [];
  });
  const util = at.find((a) => a.id === series) ?? at[0];
  return (
    <section className="card" aria-labelledby="http-details-title" data-testid="http-details">
      <h2 id="http-details-title">Per policy at one rate, and why</h2>
      <p className="hint">
        Choose a rate and a policy: its devices’ busiest seconds over the hour (NOSSDAV’12 Figures 3b, 5), the sizes of its flash writes (Figure 3a) and where a
        segment request’s time went show why it misses deadlines. The miss ratio is the point’s estimate so far; the rest is from its latest run (one replication).
      </p>
      <div className="inline-form">
        <div className="field">
          <label htmlFor="http-details-rate">Request rate</label>
          <select id="http-details-rate" data-testid="http-details-rate" value={chosen} onChange={(e) => setRate(Number(e.target.value))}>
            {rates.map((r) => (
              <option key={r} value={r}>
                {rateGbpsText(r, loads.get(r))}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="http-details-policy">Policy to explain</label>
          <select id="http-details-policy" data-testid="http-details-policy" value={util?.id} onChange={(e) => setSeries(e.target.value as SeriesId)}>
            {at.map((a) => (
              <option key={a.id} value={a.id}>
                {a.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      {util ? <WhyPanel result={util.result} label={util.label} testId="http-details" /> : null}
      <PolicyTable rows={at} caption={`Hit ratios by tier, flash writes, WA, lifetime and index RAM at ${num(chosen)} requests/s`} testId="http-details-table" />
    </section>
  );
}

// While the figure runs its status changes twice a second and re-renders this view; the cards that do not show it skip
// those renders (their props are the same), which left the main thread's CPU to the workers on a two-core machine.
const SetupCard = memo(Setup);
const RequestEditorCard = memo(RequestEditor);
const SingleRunCard = memo(SingleRun);
const MaxRateCard = memo(MaxRatePanel);
const FigureDetailsCard = memo(FigureDetails);

/** `figureStudies`: where the figure's study lives (default: the studies' worker; tests give it in-process). */
export function HttpView({ engine, scenario, valid, edit, loadPreset, showView, figureStudies }: ViewProps & { figureStudies?: () => FigureStudies }) {
  const { errors } = useContext(FormContext);
  const [settings, setSettings] = useState<FigureSettings>(DEFAULT_FIGURE);
  // A configuration loaded (a new scenario name) brings its own run length
  // and replications to the figure and the search: the edge of today runs
  // 6-minute points, the study's 1-hour ones.
  // Its rate range follows it too: up to 1.5 × its own rate (the edge's 100 requests/s gives 10–150, not the study's 1–25).
  const run = scenario.request?.run;
  const [runOf, setRunOf] = useState<string | null>(null);
  if (run && scenario.request && runOf !== scenario.name) {
    setRunOf(scenario.name);
    const range = rangeFor(scenario.request.search, scenario.request.workload.rate);
    setSettings((f) => ({ ...f, ...range, durationH: run.duration_h, replications: run.replications }));
  }
  const figure = useFigureRun(engine, figureStudies);
  // The core's Gb/s of one request per second: the figure's second axis (kept while it is the same answer, so the chart is not redrawn for it).
  const perRequest = useRateLoads(engine, scenario, [1]).get(1);
  const gbps = useMemo(() => gbpsAxis(perRequest), [perRequest]);
  const outline = useFigureOutline(engine, settings);
  const blockers = errors.filter((e) => e.path === 'request' || e.path.startsWith('request.'));
  const canRun = valid && scenario.request != null;
  return (
    <div className="http-view" data-testid="http-view">
      <SetupCard engine={engine} scenario={scenario} edit={edit} loadPreset={loadPreset} showView={showView} />
      {scenario.request ? (
        <>
          <RequestEditorCard engine={engine} scenario={scenario} edit={edit} />
          <ErrorSummary errors={valid ? [] : blockers.length > 0 ? blockers : errors} action="running" testId="http-errors" />
          <SingleRunCard engine={engine} scenario={scenario} canRun={canRun} />
          <FigurePanel
            scenario={scenario}
            canRun={canRun}
            settings={settings}
            outline={outline}
            setSettings={setSettings}
            status={figure.status}
            points={figure.points}
            onRun={() => figure.start(scenario, settings)}
            onCancel={figure.cancel}
            gbps={gbps}
          />
          <MaxRateCard
            engine={engine}
            scenario={scenario}
            settings={settings}
            points={figure.points}
            canRun={canRun && figure.status.kind !== 'running'}
            setSettings={setSettings}
          />
          <FigureDetailsCard engine={engine} scenario={scenario} points={figure.points} />
        </>
      ) : null}
    </div>
  );
}

/** The single run's numbers, the miss ratio coloured by its verdict on the scenario's miss-ratio target. */
function SingleResult({ result, target, server }: { result: RequestResult; target: number | undefined; server?: ServerSpec | null }) {
  const verdict = target === undefined ? null : verdictAtMost(result.miss_ratio, target);
  const range = replicationRange(result.miss_ratio, 'percent');
  return (
    <>
    <p data-testid="http-single-summary">
      Segment miss ratio{' '}
      <strong className={verdictClass(verdict)} data-testid="http-single-miss" data-verdict={verdict ?? undefined}>
        {estimate(result.miss_ratio, 'percent')}
      </strong>
      {target === undefined ? null : verdict === 'meets' ? ` (meets the ${percent(target)} target)` : verdict === 'misses' ? ` (above the ${percent(target)} target)` : ` (holds the ${percent(target)} target)`}
      {range === null ? null : <span data-testid="http-single-miss-range">, {result.miss_ratio.n} replications from {range}</span>}
      , response p50 / p95 / p99 {duration(result.response_p50_s.mean)} / {duration(result.response_p95_s.mean)} / {duration(result.response_p99_s.mean)}, {num(result.ios)} I/Os.
    </p>
    <NetworkResult result={result} server={server} />
    </>
  );
}
