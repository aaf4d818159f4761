// The published servers' claims (model §10b): Netflix's servers as the
// talks described them against the model — the limit each publication
// names against the model's binding limit, the published throughput
// against what the model carries. Rows, numbers and verdicts are the
// core's (`published_servers`); the four short runs go to the worker on
// request.
import { useState } from 'react';
import type { Engine } from '../worker/contract';
import type { ServerClaim, ServerVerdict } from './types';
import { num } from '../shared/format';
import { LIMIT_LABELS, readableMessage } from '../shared/labels';

const VERDICT: Record<ServerVerdict, { icon: string; text: string; css: string }> = {
  reproduced: { icon: '✓', text: 'reproduced', css: 'verdict-reproduced' },
  close: { icon: '≈', text: 'close', css: 'verdict-close' },
  differs: { icon: '✗', text: 'differs', css: 'verdict-differs' },
};

/** Gb/s to three significant digits at most: a 1-hour run says no more. */
function gbps(x: number): string {
  return `${num(Number(x.toPrecision(3)))} Gb/s`;
}

function publishedRange(r: ServerClaim): string {
  const hi = r.published_high_gbps;
  if (hi === null || hi === undefined) return `≥ ${num(r.published_low_gbps)} Gb/s`;
  if (r.published_low_gbps === hi) return `≈ ${num(hi)} Gb/s`;
  return r.published_low_gbps > 0 ? `${num(r.published_low_gbps)}–${num(hi)} Gb/s` : `≤ ${num(hi)} Gb/s`;
}

export function PublishedServers({ engine }: { engine: Pick<Engine, 'publishedServerClaims'> }) {
  const [rows, setRows] = useState<ServerClaim[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = () => {
    setBusy(true);
    setError(null);
    engine.publishedServerClaims().then(
      (r) => {
        setRows(r);
        setBusy(false);
      },
      (e: unknown) => {
        setError(readableMessage(e instanceof Error ? e.message : String(e)));
        setBusy(false);
      },
    );
  };
  return (
    <section className="card" aria-labelledby="published-servers-title" data-testid="published-servers">
      <h2 id="published-servers-title">Published servers</h2>
      <p className="hint">
        Netflix's servers as two talks described them (Gallatin, EuroBSDCon 2021; Looney, FAST'21 keynote), each run once for an hour after an hour of warm-up,
        offered 1.25 × its network line rate: does the model name the limit the publication names, and does it carry the published throughput (± 5 %)? The
        presets <code>published-*</code> open them.
      </p>
      <div className="run-buttons">
        <button type="button" data-testid="published-servers-run" onClick={run} disabled={busy}>
          {busy ? 'Running…' : rows ? 'Run again' : 'Run the published servers (4 short runs)'}
        </button>
      </div>
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
      {rows ? (
        <div className="repro-table-wrap">
          <table className="repro-table" data-testid="published-servers-table">
            <caption>{rows.length} published configurations: the publication's limit and throughput against the model's.</caption>
            <thead>
              <tr>
                <th scope="col">Configuration</th>
                <th scope="col">Published</th>
                <th scope="col">Model: limit</th>
                <th scope="col">Model: throughput</th>
                <th scope="col">Verdict</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => {
                const v = VERDICT[r.verdict];
                return (
                  <tr key={r.id} data-testid={`published-${r.id}`}>
                    <td>
                      {r.configuration}
                      <div className="hint">{r.source}</div>
                    </td>
                    <td>
                      {r.published}
                      <div className="hint">
                        {publishedRange(r)}
                        {r.published_limits.length > 0 ? `; limit: ${r.published_limits.map((l) => LIMIT_LABELS[l]).join(' or ')}` : '; no limit named'}
                      </div>
                    </td>
                    <td>{LIMIT_LABELS[r.model_limit]}</td>
                    <td className="nowrap">
                      {gbps(r.model_gbps)}
                      <div className="hint">of {gbps(r.egress_gbps)} allowed</div>
                    </td>
                    <td>
                      <span className={`verdict ${v.css}`}>
                        <span aria-hidden="true" className="verdict-icon">
                          {v.icon}
                        </span>
                        {v.text}
                      </span>
                      <div className="hint">{r.note}</div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
