// The "Logs" tab (model §14): plan from your own request logs. A file is
// picked or dropped, read in a worker in slices (never uploaded), its
// columns mapped over a preview; the fits are drawn with their intervals;
// "Use this fit" turns them into the scenario (the link then carries the
// fitted parameters, not the log); the log can be replayed exactly beside
// the fitted scenario.
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { downloadBlob } from '../charts';
import { integer, num } from '../shared/format';
import type { ViewProps } from '../shared/view-props';
import { browserLogs, type LogsClient } from './client';
import type { ReadOutcome, ReadProgress } from './logs-api';
import { MappingForm } from './MappingForm';
import { ChurnPanel, DiurnalPanel, ZipfPanel } from './FitPanels';
import { ReplayPanel } from './ReplayPanel';
import { CurvePanel } from './CurvePanel';
import type { ColumnMap, Detection, FieldError, Scenario } from './types';
import './logs.css';
import { ErrorLine, isAbort, messageOf } from './status';
import { fieldMessage } from '../shared/labels';

type Read =
  | { status: 'idle' }
  | { status: 'reading'; progress: ReadProgress | null }
  | { status: 'done'; out: ReadOutcome; seconds: number; file: File; map: ColumnMap }
  | { status: 'cancelled' }
  | { status: 'failed'; message: string };

const mb = (b: number) => `${num(b / 1048576)} MB`;

export const SAMPLE_LOG = 'sample-log.csv';

export function LogsView({ engine, scenario, setScenario, showView, logs = browserLogs }: ViewProps & { logs?: LogsClient }) {
  const [file, setFile] = useState<File | null>(null);
  const [detection, setDetection] = useState<Detection | null>(null);
  const [map, setMap] = useState<ColumnMap | null>(null);
  const [read, setRead] = useState<Read>({ status: 'idle' });
  const [fitted, setFitted] = useState<{ scenario: Scenario | null; errors: FieldError[] }>({ scenario: null, errors: [] });
  const [dragging, setDragging] = useState(false);
  const [used, setUsed] = useState(false);
  const abortRef = useRef<AbortController | null>(null);
  const handleRef = useRef<number | null>(null);

  // Release the parsed log when the tab closes.
  useEffect(
    () => () => {
      abortRef.current?.abort();
      if (handleRef.current !== null) void logs.free(handleRef.current);
    },
    [logs],
  );

  // The fitted scenario follows the current one (devices, policies, run).
  const handle = read.status === 'done' ? read.out.handle : null;
  useEffect(() => {
    if (handle === null) return;
    let live = true;
    void logs.fittedScenario(handle, scenario).then(
      (r) => live && setFitted('ok' in r ? { scenario: r.ok, errors: [] } : { scenario: null, errors: r.errors }),
      (e: unknown) => live && setFitted({ scenario: null, errors: [{ path: 'log', message: messageOf(e) }] }),
    );
    return () => {
      live = false;
    };
  }, [handle, scenario, logs]);

  async function choose(f: File) {
    abortRef.current?.abort();
    if (handleRef.current !== null) void logs.free(handleRef.current);
    handleRef.current = null;
    setFile(f);
    setRead({ status: 'idle' });
    setUsed(false);
    try {
      const d = await logs.detect(f);
      setDetection(d);
      setMap(d.map ?? { format: d.format, header: true, timestamp: d.columns[0] ?? '', time_format: 'iso8601', title: d.columns[1] ?? '' });
    } catch (e) {
      setDetection(null);
      setRead({ status: 'failed', message: messageOf(e) });
    }
  }

  async function sample() {
    try {
      const res = await fetch(`${import.meta.env.BASE_URL}${SAMPLE_LOG}`);
      if (!res.ok) throw new Error(`the sample log did not load (HTTP ${res.status})`);
      await choose(new File([await res.blob()], SAMPLE_LOG, { type: 'text/csv' }));
    } catch (e) {
      setRead({ status: 'failed', message: messageOf(e) });
    }
  }

  async function start() {
    if (!file || !map) return;
    const ac = new AbortController();
    abortRef.current = ac;
    if (handleRef.current !== null) void logs.free(handleRef.current);
    handleRef.current = null;
    setRead({ status: 'reading', progress: null });
    const t0 = performance.now();
    try {
      const out = await logs.read(file, map, { signal: ac.signal, onProgress: (p) => setRead({ status: 'reading', progress: p }) });
      handleRef.current = out.handle;
      setRead({ status: 'done', out, seconds: (performance.now() - t0) / 1000, file, map });
    } catch (e) {
      setRead(isAbort(e) ? { status: 'cancelled' } : { status: 'failed', message: messageOf(e) });
    } finally {
      abortRef.current = null;
    }
  }

  function onDrop(e: DragEvent) {
    e.preventDefault();
    setDragging(false);
    const f = e.dataTransfer.files[0];
    if (f) void choose(f);
  }

  async function downloadCounts() {
    if (handle === null) return;
    const text = await logs.countsCsv(handle);
    downloadBlob(`${file?.name.replace(/\.[^.]*$/, '') ?? 'log'}-counts.csv`, new Blob([text], { type: 'text/csv' }));
  }

  function useFit() {
    if (!fitted.scenario) return;
    setScenario(fitted.scenario);
    setUsed(true);
    showView?.('scenario');
  }

  const fit = read.status === 'done' ? read.out.fit : null;
  return (
    <div className="logs" data-testid="logs">
      <section className="card" aria-labelledby="logs-title">
        <h2 id="logs-title">Plan from your own logs</h2>
        <p className="note">
          A request log — CSV, TSV or JSON lines with a timestamp and a title id per request, or aggregated counts — is read here, in your browser, in a
          background worker: nothing is uploaded. The fits (popularity, hourly profile, churn) become a scenario in one click.
        </p>
        <div
          className={dragging ? 'log-drop dragging' : 'log-drop'}
          data-testid="log-drop"
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <p>Drop a log file here, or</p>
          <label className="button">
            Choose a file…
            <input
              type="file"
              className="visually-hidden"
              data-testid="log-file"
              accept=".csv,.tsv,.txt,.log,.json,.jsonl,.ndjson,text/csv,text/plain"
              onChange={(e) => {
                const f = e.target.files?.[0];
                if (f) void choose(f);
                e.target.value = '';
              }}
            />
          </label>
          <button type="button" data-testid="log-sample" onClick={() => void sample()}>
            Try the sample log
          </button>
          {file ? (
            <p className="hint" data-testid="log-file-name">
              {file.name}, {mb(file.size)}
            </p>
          ) : null}
        </div>
      </section>

      {detection && map ? (
        <section className="card" aria-labelledby="logs-map-title">
          <h2 id="logs-map-title">Columns</h2>
          <MappingForm detection={detection} map={map} onChange={setMap} />
          <div className="run-buttons">
            <button type="button" className="primary" data-testid="log-read" disabled={read.status === 'reading'} onClick={() => void start()}>
              Read and fit
            </button>
            {read.status === 'reading' ? (
              <button type="button" data-testid="log-cancel" onClick={() => abortRef.current?.abort()}>
                Cancel
              </button>
            ) : null}
          </div>
          <ReadStatus read={read} />
        </section>
      ) : read.status === 'failed' ? (
        <ErrorLine message={read.message} testId="log-error" />
      ) : null}

      {read.status === 'done' && fit ? (
        <>
          <section className="card" aria-labelledby="logs-use-title" data-testid="log-summary">
            <h2 id="logs-use-title">The fitted workload</h2>
            <p>
              {integer(fit.requests)} requests for {integer(fit.titles)} titles
              {fit.span_h > 0 ? ` over ${num(fit.span_h / 24)} days` : ''}
              {fit.mean_length_s != null ? `; mean length ${num(fit.mean_length_s / 60)} min` : ''}
              {fit.mean_bitrate_kbps != null ? `, bitrate ${num(fit.mean_bitrate_kbps)} KB/s` : ''}
              {fit.mean_seconds != null ? `; mean watched ${num(fit.mean_seconds / 60)} min` : ''}.
            </p>
            {fitted.scenario ? <FittedSummary s={fitted.scenario} /> : null}
            {fitted.errors.length > 0 ? (
              <ul className="field-error" role="alert">
                {fitted.errors.map((e, i) => (
                  <li key={i}>
                    {fieldMessage(e)}
                  </li>
                ))}
              </ul>
            ) : null}
            <div className="run-buttons">
              <button type="button" className="primary" data-testid="log-use-fit" disabled={!fitted.scenario} onClick={useFit}>
                Use this fit
              </button>
              <button type="button" data-testid="log-counts" onClick={() => void downloadCounts()}>
                Download aggregated counts
              </button>
            </div>
            {used ? (
              <p className="ok" data-testid="log-used">
                The scenario now has the fitted workload; the link carries these parameters, not the log.
              </p>
            ) : null}
          </section>
          <ZipfPanel fit={fit} />
          <DiurnalPanel fit={fit} />
          <ChurnPanel fit={fit} />
          <CurvePanel
            engine={engine}
            logs={logs}
            file={read.file}
            map={read.map}
            handle={read.out.handle}
            fitted={fitted.scenario}
            scenario={scenario}
            setScenario={setScenario}
          />
          <ReplayPanel
            engine={engine}
            logs={logs}
            file={read.file}
            map={read.map}
            fitted={fitted.scenario}
            base={scenario}
            days={fit.diurnal?.days ?? 1}
          />
        </>
      ) : null}
    </div>
  );
}

function FittedSummary({ s }: { s: Scenario }) {
  const w = s.workload;
  return (
    <p data-testid="log-fitted">
      Scenario: {integer(w.videos)} videos, Zipf {w.popularity.convention === 'theta' ? 'θ' : 's'} = {num(w.popularity.value)}, mean{' '}
      {num(w.arrival_rate)} requests/s{w.rate_profile ? ' with the hourly profile' : ', constant'}
      {w.churn ? `, ${w.churn.new_titles} new titles a day` : ''}.
    </p>
  );
}

function ReadStatus({ read }: { read: Read }) {
  if (read.status === 'reading') {
    const p = read.progress;
    return (
      <div className="progress" data-testid="log-progress">
        <progress max={p ? Math.max(1, p.total) : 1} value={p ? p.bytes : undefined} aria-label="Bytes read" />
        <span aria-live="polite">{p ? `${mb(p.bytes)} of ${mb(p.total)}: ${integer(p.records)} requests, ${integer(p.bad)} bad lines` : 'starting…'}</span>
      </div>
    );
  }
  if (read.status === 'cancelled')
    return (
      <p className="muted" data-testid="log-status">
        Cancelled.
      </p>
    );
  if (read.status === 'failed')
    return (
      <ErrorLine message={read.message} testId="log-error" />
    );
  if (read.status !== 'done') return null;
  const p = read.out.progress;
  return (
    <div data-testid="log-status">
      <p className="ok">
        Read {integer(p.lines)} lines in {num(read.seconds)} s: {integer(p.records)} requests, {integer(p.bad)} bad line{p.bad === 1 ? '' : 's'}.
      </p>
      {p.bad_lines.length > 0 ? (
        <div className="table-scroll">
          <table className="log-bad" data-testid="log-bad-lines">
            <caption className="hint">
              The first {p.bad_lines.length} bad lines (skipped){p.bad > p.bad_lines.length ? ` of ${integer(p.bad)}` : ''}
            </caption>
            <thead>
              <tr>
                <th scope="col">Line</th>
                <th scope="col">Problem</th>
                <th scope="col">Text</th>
              </tr>
            </thead>
            <tbody>
              {p.bad_lines.map((b) => (
                <tr key={b.line}>
                  <td>{b.line}</td>
                  <td>{b.message}</td>
                  <td>
                    <code>{b.text}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
