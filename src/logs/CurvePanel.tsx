// "How much flash for my catalog?" (issue 26): the share of requests a
// file-level cache of N titles serves, for every N, under static LFU, LRU
// over titles and windowed LFU (model §7 dynamic LFU), beside the fitted Zipf
// model's top-N mass. Computed in the logs worker (the log is read again
// keeping every request, as for the replay); the size for a target share and
// the knee are marked; "Use this size" sizes the scenario's flash file cache.
import type { Engine } from '../worker/contract';
import { useLibraryGb } from '../shared/useLibraryGb';
import { useEffect, useRef, useState } from 'react';
import { LineChart } from '../charts';
import { thin } from '../shared/hit-curve';
import { integer, num, percent } from '../shared/format';
import type { LogsClient } from './client';
import { MAX_REPLAY_BYTES } from './logs-api';
import type { ColumnMap, Scenario, TitleCurves } from './types';
import { ErrorLine, isAbort, messageOf } from './status';
import {
  POLICY_LABELS,
  curveOf,
  policiesOf,
  scenarioPolicy,
  type Count,
  titleKnee,
  titlesForTarget,
  withFlashTitles,
  type TitlePolicy,
} from './title-curve';

type State =
  | { status: 'idle' }
  | { status: 'running'; read: number | null }
  | { status: 'done'; curves: TitleCurves; seconds: number }
  | { status: 'failed'; message: string };

/** A number field's text: its value, or the message naming what is wrong. */
function parseField(text: string, ok: (v: number) => boolean): number | null {
  const v = Number(text);
  return text.trim() !== '' && Number.isFinite(v) && ok(v) ? v : null;
}

const gbText = (gb: number) => (gb >= 1024 ? `${num(gb / 1024)} TiB` : `${num(gb)} GiB`);

export function CurvePanel({
  engine,
  logs,
  file,
  map,
  handle,
  fitted,
  scenario,
  setScenario,
}: {
  engine: Pick<Engine, 'libraryGb'>;
  logs: LogsClient;
  file: Blob;
  map: ColumnMap;
  /** The fit's parsed log (counts only): static LFU for aggregated counts and large files. */
  handle: number;
  /** The fitted scenario (the log's title size), when it is valid. */
  fitted: Scenario | null;
  scenario: Scenario;
  setScenario: (s: Scenario) => void;
}) {
  const [windowText, setWindowText] = useState(() => String(scenario.policy.lfu_window_h));
  const [targetText, setTargetText] = useState('0.5');
  const [policy, setPolicy] = useState<TitlePolicy>(() => scenarioPolicy(scenario));
  const [countChoice, setCount] = useState<Count>('requests');
  const [state, setState] = useState<State>({ status: 'idle' });
  const [applied, setApplied] = useState<string | null>(null);
  const ac = useRef<AbortController | null>(null);
  useEffect(() => () => ac.current?.abort(), []);
  useEffect(() => setState({ status: 'idle' }), [file, map]);

  const ordered = map.format !== 'counts' && file.size <= MAX_REPLAY_BYTES;
  const windowH = parseField(windowText, (v) => v > 0);
  const target = parseField(targetText, (v) => v > 0 && v < 1);

  async function draw() {
    if (ordered && windowH === null) return;
    ac.current?.abort();
    const c = new AbortController();
    ac.current = c;
    setApplied(null);
    setState({ status: 'running', read: null });
    const t0 = performance.now();
    let own: number | null = null;
    try {
      let curves: TitleCurves;
      if (ordered) {
        const read = await logs.read(file, map, {
          signal: c.signal,
          keepTrace: true,
          onProgress: (p) => setState({ status: 'running', read: p.bytes / Math.max(1, p.total) }),
        });
        own = read.handle;
        curves = await logs.titleCurves(own, windowH ?? undefined);
      } else {
        curves = await logs.titleCurves(handle);
      }
      const have = policiesOf(curves);
      if (!have.includes(policy)) setPolicy(have[0]);
      setState({ status: 'done', curves, seconds: (performance.now() - t0) / 1000 });
    } catch (e) {
      setState(isAbort(e) ? { status: 'idle' } : { status: 'failed', message: messageOf(e) });
    } finally {
      if (own !== null) void logs.free(own);
      if (ac.current === c) ac.current = null;
    }
  }

  const curves = state.status === 'done' ? state.curves : null;
  const sized = curves?.mean_request_bytes != null;
  // Bytes only when the log gives every title a size.
  const count: Count = sized ? countChoice : 'requests';
  const what = count === 'bytes' ? 'bytes' : 'requests';
  // A title's mean size: the core's library size over its titles.
  const sizedBy = fitted ?? scenario;
  const libraryGb = useLibraryGb(engine.libraryGb, sizedBy);
  const perTitle = libraryGb !== undefined && Number.isFinite(libraryGb) ? libraryGb / sizedBy.workload.videos : 0;
  const have = curves ? policiesOf(curves, count) : [];
  const marked = curves && target !== null ? titlesForTarget(curves, policy, target, count) : null;
  const knee = curves ? titleKnee(curves, policy, count) : null;
  const titles = (n: number) => `${integer(n)} title${n === 1 ? '' : 's'} (${gbText(n * perTitle)})`;
  const sizing = marked ? withFlashTitles(scenario, marked.titles, perTitle) : null;

  function useSize() {
    if (!sizing || !('ok' in sizing)) return;
    setScenario(sizing.ok);
    setApplied(`The scenario’s flash file cache is now ${sizing.count} × ${sizing.device} for ${gbText(sizing.gb)}: run it on the Scenario tab.`);
  }

  return (
    <section className="card" aria-labelledby="log-curve-title" data-testid="log-curve">
      <h2 id="log-curve-title">How much flash for this catalog?</h2>
      <p className="note">
        The share of requests a flash file cache of N titles serves, for every N at once: static LFU keeps the N most requested titles of the whole log;
        LRU over titles and windowed LFU (request counts over a sliding window; a missed title replaces the least counted one when it has more requests)
        replay the log’s own order. The fitted Zipf model’s top-N mass is dashed beside them. Sizes in GB are N titles of the{' '}
        {fitted ? 'fitted' : 'scenario’s'} mean size, {gbText(perTitle)}.
      </p>
      <div className="grid">
        {ordered ? (
          <div className="field">
            <label htmlFor="log-curve-window">
              Windowed-LFU window <span className="unit">(h)</span>
            </label>
            <input
              id="log-curve-window"
              data-testid="log-curve-window"
              inputMode="decimal"
              value={windowText}
              aria-invalid={windowH === null}
              aria-describedby={windowH === null ? 'log-curve-window-error' : undefined}
              onChange={(e) => setWindowText(e.target.value)}
            />
            {windowH === null ? (
              <span className="field-error" id="log-curve-window-error" role="alert">
                window_h: “{windowText}” is not a positive number of hours
              </span>
            ) : null}
          </div>
        ) : null}
        <div className="field">
          <label htmlFor="log-curve-target">
            Target share <span className="unit">(0–1)</span>
          </label>
          <input
            id="log-curve-target"
            data-testid="log-curve-target"
            inputMode="decimal"
            value={targetText}
            aria-invalid={target === null}
            aria-describedby={target === null ? 'log-curve-target-error' : undefined}
            onChange={(e) => setTargetText(e.target.value)}
          />
          {target === null ? (
            <span className="field-error" id="log-curve-target-error" role="alert">
              target: “{targetText}” must be a number between 0 and 1 (exclusive)
            </span>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor="log-curve-policy">Mark the size under</label>
          <select id="log-curve-policy" data-testid="log-curve-policy" value={policy} onChange={(e) => setPolicy(e.target.value as TitlePolicy)}>
            {(['static_lfu', 'lru', 'windowed_lfu'] as const)
              .filter((k) => !curves || have.includes(k))
              .map((k) => (
                <option key={k} value={k}>
                  {POLICY_LABELS[k]}
                </option>
              ))}
          </select>
        </div>
      </div>
      {sized ? (
        <div className="log-curve-count" role="radiogroup" aria-labelledby="log-curve-count-label" data-testid="log-curve-count">
          <span id="log-curve-count-label" className="label">
            Count the share of
          </span>
          {(['requests', 'bytes'] as const).map((k) => (
            <label key={k}>
              <input type="radio" name="log-curve-count" value={k} checked={count === k} onChange={() => setCount(k)} data-testid={`log-curve-count-${k}`} />{' '}
              {k === 'requests' ? 'requests' : 'bytes served'}
            </label>
          ))}
        </div>
      ) : null}
      <div className="run-buttons">
        <button
          type="button"
          className="primary"
          data-testid="log-curve-run"
          disabled={state.status === 'running' || (ordered && windowH === null)}
          onClick={() => void draw()}
        >
          Draw the curves
        </button>
        {state.status === 'running' ? (
          <button type="button" data-testid="log-curve-cancel" onClick={() => ac.current?.abort()}>
            Cancel
          </button>
        ) : null}
      </div>
      {!ordered ? (
        <p className="hint" data-testid="log-curve-lfu-only">
          {map.format === 'counts' ? 'Aggregated counts have no request order' : `Files over ${MAX_REPLAY_BYTES >> 20} MB are not kept request by request`}: static
          LFU and the Zipf model only.
        </p>
      ) : null}
      {state.status === 'running' ? (
        <p className="hint" aria-live="polite" data-testid="log-curve-progress">
          {state.read === null ? 'Reading the log again…' : `Reading the log again: ${Math.round(state.read * 100)} %`}
        </p>
      ) : null}
      {state.status === 'failed' ? <ErrorLine message={state.message} testId="log-curve-error" /> : null}
      {curves ? (
        <div data-testid="log-curve-result">
          <p className="hint">
            {integer(curves.requests)} requests for {integer(curves.titles)} titles; fitted Zipf s = {num(curves.zipf_exponent)}
            {curves.window_h != null ? `; window ${num(curves.window_h)} h` : ''} — {num(state.status === 'done' ? state.seconds : 0)} s.
          </p>
          <LineChart
            title={`Share of ${what} served against the titles cached`}
            xLabel="Titles cached (log scale)"
            yLabel={`Share of ${what} served`}
            xScale="log"
            yDomain={[0, 1]}
            yFormat={(v) => percent(v)}
            xFormat={(v) => integer(v)}
            x2={perTitle > 0 ? { label: 'Flash needed (GiB)', factor: perTitle, format: (v) => gbText(v) } : undefined}
            testId="log-curve-chart"
            series={have.map((k) => ({
              id: k,
              label: POLICY_LABELS[k],
              points: thin(curveOf(curves, k, count), 40).map((p) => ({ x: p.titles, y: p.share })),
            }))}
            overlays={[{ id: 'zipf', label: `Fitted Zipf, s = ${num(curves.zipf_exponent)}${count === 'bytes' ? ' (requests)' : ''}`, points: thin(curves.points, 80).map((p) => ({ x: p.titles, y: p.zipf })) }]}
            references={target === null ? [] : [{ id: 'target', label: `Target ${percent(target)}`, y: target }]}
          />
          <ul className="mrc-marks">
            <li data-testid="log-curve-at-target">
              {target === null
                ? 'Give a target share to find its size.'
                : marked
                  ? `${POLICY_LABELS[policy]}: ${percent(target)} of ${what} from ${titles(marked.titles)}: ${percent(marked.share)}.`
                  : `${POLICY_LABELS[policy]}: no cache of the catalog’s titles reaches ${percent(target)} (a title’s first request always misses).`}
            </li>
            {knee ? (
              <li data-testid="log-curve-knee">
                Knee at about {titles(knee.titles)} ({percent(knee.share)}): beyond it, each doubling of the cache gains less.
              </li>
            ) : null}
          </ul>
          {sizing ? (
            'ok' in sizing ? (
              <button type="button" data-testid="log-curve-use" onClick={useSize}>
                Use this size: {sizing.count} × {sizing.device} in the flash file cache
              </button>
            ) : (
              <p className="hint" data-testid="log-curve-size-note">
                {titles(marked!.titles)} of flash would serve it, but {sizing.reason}.
              </p>
            )
          ) : null}
          {applied ? (
            <p className="ok" data-testid="log-curve-applied">
              {applied}
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
