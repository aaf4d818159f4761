// The results panel: every metric of RunResult.summary as mean ± 95 % CI,
// the tiers, flash wear, cost, and the per-replication values.
import { scaleLinear } from 'd3-scale';
import type { Device, Estimate, RunResult, ServerSpec, TcoBreakdown, TierSummary } from '../engine/types';
import { ServerResults } from './ServerResults';
import { fleetOf } from './worker-calls';
import './server.css';
import { dollars, estimate, integer, lifetime, num, percent, replacementText, wearLifetime, type Unit } from '../shared/format';
import { roleLabel } from '../shared/labels';
import { gibText } from '../shared/units';
import { TimeSeriesChart } from './TimeSeriesChart';
import { ChartDataTable } from '../charts';
import { decisionText } from '../shared/decision';

const SUMMARY_ROWS: { key: keyof Omit<RunResult['summary'], 'max_rejection_probability'>; label: string; unit: Unit; help: string }[] = [
  { key: 'avg_streams', label: 'Concurrent streams served (time average)', unit: 'plain', help: 'streams' },
  { key: 'peak_streams', label: 'Peak concurrent streams', unit: 'plain', help: 'streams' },
  { key: 'rejection_probability', label: 'Rejection probability', unit: 'percent', help: 'rejected / arrived' },
  { key: 'hit_ratio', label: 'Hit ratio', unit: 'percent', help: 'bytes read from cache tiers / all bytes read' },
  { key: 'buffered_streams', label: 'Buffered streams (from the interval cache)', unit: 'plain', help: 'streams' },
  { key: 'streams_per_dollar', label: 'Streams per dollar', unit: 'plain', help: 'average streams / capital cost' },
  { key: 'arrivals', label: 'Requests arrived', unit: 'plain', help: 'per replication' },
  { key: 'rejections', label: 'Requests rejected', unit: 'plain', help: 'per replication' },
];

function TierTable({ tiers }: { tiers: TierSummary[] }) {
  return (
    <ChartDataTable
      title="Average streams per tier against stream capacity"
      testId="tier-chart"
      table={{
        columns: ['Tier', 'Average streams', 'Stream capacity'],
        rows: tiers.map((t) => [roleLabel(t.role), estimate(t.avg_streams), t.stream_capacity === null || t.stream_capacity === undefined ? '—' : integer(t.stream_capacity)]),
      }}
    />
  );
}

function TierChart({ tiers }: { tiers: TierSummary[] }) {
  // Average streams served per tier against what its bandwidth can carry.
  const width = 320;
  const row = 34;
  const left = 120;
  const max = Math.max(1, ...tiers.map((t) => Math.max(t.avg_streams.mean, t.stream_capacity ?? 0)));
  const x = scaleLinear().domain([0, max]).range([0, width - left - 24]).nice();
  return (
    <svg
      className="tier-chart"
      viewBox={`0 0 ${width} ${tiers.length * row + 22}`}
      role="img"
      aria-label="Average streams per tier against stream capacity"
      data-testid="tier-chart"
    >
      {tiers.map((t, i) => {
        const y = i * row + 4;
        const cap = t.stream_capacity;
        return (
          <g key={t.role} transform={`translate(0, ${y})`}>
            <text x={0} y={17} className="chart-label">
              {roleLabel(t.role)}
            </text>
            {cap !== null && cap !== undefined ? (
              <rect x={left} y={4} width={Math.max(1, x(cap))} height={18} className="bar-capacity" />
            ) : null}
            <rect x={left} y={8} width={Math.max(1, x(t.avg_streams.mean))} height={10} className="bar-used" />
          </g>
        );
      })}
      <g transform={`translate(0, ${tiers.length * row + 16})`}>
        {x.ticks(4).map((v) => (
          <text key={v} x={left + x(v)} y={0} className="chart-tick" textAnchor="middle">
            {v}
          </text>
        ))}
      </g>
    </svg>
  );
}

function Est({ e, unit = 'plain', testId }: { e: Estimate; unit?: Unit; testId?: string }) {
  return <span data-testid={testId}>{estimate(e, unit)}</span>;
}

/**
 * `tco`: the total cost of ownership the optimiser computed for this very
 * configuration (capital, energy, SSD replacements over its service life),
 * when the scenario came from its "Use this configuration". `devices`: the
 * run's catalog, so tiers show device names (their ids in a tooltip).
 */
/** What makes results out of date: the form's labels of what changed since the run, and Run again. */
export interface Staleness {
  changes: string[];
  canRun: boolean;
  onRunAgain: () => void;
}

/** The most changes a stale note names; the rest are counted. */
const NAMED_CHANGES = 6;

function StaleNote({ stale }: { stale: Staleness }) {
  const shown = stale.changes.slice(0, NAMED_CHANGES);
  const more = stale.changes.length - shown.length;
  return (
    <div className="stale-note" role="status" id="results-stale" data-testid="results-stale">
      <p>
        <strong>Out of date:</strong> these results are for the scenario as it was when it ran. Changed since:{' '}
        <span data-testid="results-stale-changes">
          {shown.join(', ')}
          {more > 0 ? ` and ${more} more` : ''}
        </span>
        .{stale.canRun ? '' : ' Fix the fields marked in the form to run again.'}
      </p>
      <button type="button" className="primary" data-testid="results-run-again" disabled={!stale.canRun} onClick={stale.onRunAgain}>
        Run again
      </button>
    </div>
  );
}

export function Results({ result, tco, devices, stale, server }: { result: RunResult; tco?: TcoBreakdown; devices?: Device[]; stale?: Staleness | null; server?: ServerSpec | null }) {
  const nameOf = (id: string) => devices?.find((d) => d.id === id)?.name ?? id;
  const s = result.summary;
  const reps = result.replications.length;
  const isStale = !!stale && stale.changes.length > 0;
  return (
    <section
      className={isStale ? 'results results-stale' : 'results'}
      data-testid="results"
      data-stale={isStale ? 'true' : 'false'}
      aria-labelledby="results-title"
      aria-describedby={isStale ? 'results-stale' : undefined}
    >
      <h2 id="results-title">
        Results{isStale ? <> <span className="badge badge-stale">out of date</span></> : null}
      </h2>
      {isStale && stale ? <StaleNote stale={stale} /> : null}
      <p className="hint">
        {result.scenario_name ? <strong>{result.scenario_name}. </strong> : null}
        {reps} replication{reps === 1 ? '' : 's'}, measured over {num(result.measured_s / 3600)} h, {integer(result.events)} events.
        {reps > 1 ? ' Values are mean ± half-width of the 95 % confidence interval (Student t).' : ' One replication: no confidence interval.'}
      </p>
      {result.server ? <ServerResults summary={result.server} server={server} fleet={fleetOf(result)} /> : null}
      {(result.warnings ?? []).map((w) => (
        <p className="notice" role="status" key={w} data-testid="result-warning">
          {w}
        </p>
      ))}
      <div className="kpis">
        <div className="kpi">
          <span className="kpi-label">{result.server ? 'Capital cost (one server)' : 'Capital cost'}</span>
          <span className="kpi-value" data-testid="result-capital_cost">
            {dollars(result.capital_cost)}
          </span>
        </div>
        <div className="kpi">
          <span className="kpi-label">Streams per dollar</span>
          <span className="kpi-value" data-testid="kpi-streams_per_dollar">
            {estimate(s.streams_per_dollar)}
          </span>
        </div>
        <div className="kpi">
          <span className="kpi-label">$ per stream</span>
          <span className="kpi-value" data-testid="kpi-dollars_per_stream" title="capital cost / average concurrent streams">
            {s.avg_streams.mean > 0 ? dollars(result.capital_cost / s.avg_streams.mean) : '—'}
          </span>
        </div>
        {tco ? (
          <div className="kpi">
            <span className="kpi-label">TCO per year</span>
            <span className="kpi-value" data-testid="kpi-tco" title={`capital, energy and SSD replacements over ${num(tco.years)} years, from the Optimiser`}>
              {dollars(tco.total / tco.years)}
            </span>
            <span className="hint">
              {dollars(tco.total)} over {num(tco.years)} years (Optimiser)
            </span>
          </div>
        ) : null}
        <div className="kpi">
          <span className="kpi-label">Rejection probability</span>
          <span className="kpi-value" data-testid="kpi-rejection_probability">
            {estimate(s.rejection_probability, 'percent')}
          </span>
          {result.decision ? (
            <span className={`hint decision decision-${result.decision.verdict}`} data-testid="result-decision" role="status">
              {decisionText(result.decision, s.rejection_probability)}
            </span>
          ) : null}
        </div>
        <div className="kpi">
          <span className="kpi-label">Hit ratio</span>
          <span className="kpi-value" data-testid="kpi-hit_ratio">
            {estimate(s.hit_ratio, 'percent')}
          </span>
        </div>
      </div>

      <table className="summary" data-testid="summary-table">
        <caption>Summary</caption>
        <thead>
          <tr>
            <th scope="col">Metric</th>
            <th scope="col">Value</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">
              Offered load
              <span className="unit"> (streams: arrival rate × mean length {num(result.workload.mean_length_s / 60)} min, as run)</span>
            </th>
            <td data-testid="result-offered_load">{num(result.workload.offered_load)}</td>
          </tr>
          {SUMMARY_ROWS.map((r) => (
            <tr key={r.key}>
              <th scope="row">
                {r.label}
                <span className="unit"> ({r.help})</span>
              </th>
              <td>
                <Est e={s[r.key]} unit={r.unit} testId={`result-${r.key}`} />
              </td>
            </tr>
          ))}
          <tr>
            <th scope="row">Worst replication's rejection probability</th>
            <td data-testid="result-max_rejection_probability">{percent(s.max_rejection_probability)}</td>
          </tr>
        </tbody>
      </table>

      <h3>Tiers</h3>
      <div className="tier-cards">
        {result.tiers.map((t) => (
          <div className="tier-card" key={t.role} data-testid={`tier-row-${t.role}`}>
            <h4>
              {roleLabel(t.role)}: {t.count} × <span title={t.device}>{nameOf(t.device)}</span>
            </h4>
            <dl>
              <dt>Capacity</dt>
              <dd data-testid={`tier-${t.role}-capacity`}>{gibText(t.capacity_gb, devices?.find((d) => d.id === t.device)?.kind)}</dd>
              <dt>Bandwidth</dt>
              <dd data-testid={`tier-${t.role}-bandwidth`}>
                {t.bandwidth_mbps === null || t.bandwidth_mbps === undefined ? 'unlimited' : `${num(t.bandwidth_mbps)} MB/s`}
                {t.datasheet_mbps !== null && t.datasheet_mbps !== undefined && t.bandwidth_mbps ? (
                  <span className="hint" data-testid={`tier-${t.role}-derived`}>
                    {' '}
                    streaming: {num(t.bandwidth_mbps / t.count)} MB/s per disk, derived from seek, rotation and zones at {integer(t.read_kb ?? 0)} KB reads per stream
                    (datasheet {num(t.datasheet_mbps)} MB/s)
                  </span>
                ) : null}
              </dd>
              <dt>Stream capacity</dt>
              <dd data-testid={`tier-${t.role}-stream_capacity`}>
                {t.stream_capacity === null || t.stream_capacity === undefined ? 'unlimited' : `${integer(t.stream_capacity)} streams`}
              </dd>
              <dt>Average streams</dt>
              <dd data-testid={`tier-${t.role}-avg_streams`}>{estimate(t.avg_streams)}</dd>
              <dt>Utilisation, mean</dt>
              <dd>{estimate(t.util_mean, 'percent')}</dd>
              <dt>Utilisation, peak</dt>
              <dd data-testid={`tier-${t.role}-util_peak`}>{estimate(t.util_peak, 'percent')}</dd>
              <dt>Cost</dt>
              <dd>{dollars(t.cost)}</dd>
            </dl>
          </div>
        ))}
      </div>
      {result.tiers.length > 0 ? (
        <figure className="chart">
          <TierChart tiers={result.tiers} />
          <figcaption>
            <span className="swatch used" /> average streams served <span className="swatch capacity" /> stream capacity (bandwidth / bitrate)
          </figcaption>
          <TierTable tiers={result.tiers} />
        </figure>
      ) : null}

      {result.timeseries ? (
        <>
          <h3>Over time</h3>
          <TimeSeriesChart ts={result.timeseries} />
        </>
      ) : null}

      <h3>SSD wear</h3>
      {result.flash.length === 0 ? (
        <p className="muted" data-testid="no-flash">
          No flash tier in this configuration.
        </p>
      ) : (
        <div className="tier-cards">
          {result.flash.map((f) => (
            <div className="tier-card" key={f.role} data-testid={`flash-${f.role}`}>
              <h4>{roleLabel(f.role)}</h4>
              <dl>
                <dt>Lifetime</dt>
                <dd data-testid={`flash-${f.role}-lifetime`}>
                  {f.lifetime_h ? wearLifetime(f.lifetime_h.mean, tco?.years, f.lifetime_h.n > 1 ? f.lifetime_h.ci95 : null) : lifetime(null)}
                </dd>
                <dt>Host writes</dt>
                <dd>{estimate(f.host_write_mbps)} MB/s</dd>
                <dt>Write amplification</dt>
                <dd>{num(f.write_amplification)}</dd>
                {/* With a TCO, the TCO's own count of replacements (as the optimiser's table): the card and the TCO read one figure. */}
                <dt>{tco ? 'Replacements' : 'Replacement cost'}</dt>
                <dd data-testid={`flash-${f.role}-replacement`}>
                  {tco ? replacementText(tco, f.role) : `${estimate(f.replacement_cost_per_year, 'dollars')} per year at this wear rate`}
                </dd>
                <dt>Endurance</dt>
                <dd>
                  {integer(f.pe_cycles)} P/E cycles × {gibText(f.capacity_gb)}
                </dd>
              </dl>
            </div>
          ))}
        </div>
      )}

      <details className="replications">
        <summary>Per replication</summary>
        <table data-testid="replications-table">
          <thead>
            <tr>
              <th scope="col">Seed</th>
              <th scope="col">Arrivals</th>
              <th scope="col">Rejected</th>
              <th scope="col">Avg streams</th>
              <th scope="col">Hit ratio</th>
            </tr>
          </thead>
          <tbody>
            {result.replications.map((r) => (
              <tr key={r.seed}>
                <td>{r.seed}</td>
                <td>{integer(r.arrivals)}</td>
                <td>{percent(r.rejection_probability)}</td>
                <td>{num(r.avg_streams)}</td>
                <td>{percent(r.hit_ratio)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}
