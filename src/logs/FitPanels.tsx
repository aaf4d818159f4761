// The fits of a log: Zipf exponent (both conventions, 95 % intervals, fit
// quality) with the rank–frequency chart, the hourly profile with its peak,
// and new titles per day.
import { LineChart } from '../charts';
import { integer, num, percent } from '../shared/format';
import type { Interval, LogFit } from './types';

const ci = (i: Interval) => `${num(i.value)} (95 % CI ${num(i.lo)} – ${num(i.hi)})`;
const hh = (h: number) => `${String(h).padStart(2, '0')}:00`;

export function ZipfPanel({ fit }: { fit: LogFit }) {
  const z = fit.zipf;
  if (!z) return <p className="muted">{fit.notes.join(' ')}</p>;
  return (
    <section className="card" aria-labelledby="log-zipf-title" data-testid="log-zipf">
      <h2 id="log-zipf-title">Popularity: Zipf by maximum likelihood</h2>
      <dl className="log-numbers">
        <dt>Exponent s (p ∝ i^−s)</dt>
        <dd data-testid="log-exponent" data-value={z.exponent.value}>
          {ci(z.exponent)}
        </dd>
        <dt>θ = 1 − s (Dan/Sitaram)</dt>
        <dd data-testid="log-theta">{ci(z.theta)}</dd>
        <dt>Titles, requests</dt>
        <dd>
          {integer(z.titles)} titles, {integer(z.requests)} requests
        </dd>
        <dt>Top 10 % of titles draw</dt>
        <dd>
          {percent(z.top_decile_share)} of requests (fit: {percent(z.top_decile_fitted)})
        </dd>
        <dt>Largest gap in cumulative share (KS)</dt>
        <dd data-testid="log-ks">{percent(z.ks_distance)}</dd>
        <dt>R² on log–log</dt>
        <dd>{num(z.r2_loglog)}</dd>
      </dl>
      {z.warning ? (
        <p className="field-error" data-testid="log-zipf-warning">
          {z.warning}
        </p>
      ) : null}
      <p className="hint">
        Ranks come from the log's own counts, which steepens a plain fit; the value is corrected for that by a parametric bootstrap (uncorrected:{' '}
        {num(z.raw_exponent)}). The interval is the larger of the Fisher-information and the bootstrap spread.
      </p>
      <LineChart
        title="Requests by popularity rank (log–log) with the fitted Zipf law"
        xLabel="Rank"
        yLabel="Requests"
        xScale="log"
        yScale="log"
        testId="log-rank-chart"
        series={[{ id: 'observed', label: 'Observed', points: z.points.map((p) => ({ x: p.rank, y: Math.max(p.requests, 0.5) })) }]}
        overlays={[{ id: 'fit', label: `Zipf s = ${num(z.exponent.value)}`, points: z.points.map((p) => ({ x: p.rank, y: p.fitted })) }]}
      />
    </section>
  );
}

export function DiurnalPanel({ fit }: { fit: LogFit }) {
  const d = fit.diurnal;
  if (!d) return null;
  return (
    <section className="card" aria-labelledby="log-diurnal-title" data-testid="log-diurnal">
      <h2 id="log-diurnal-title">Arrival rate by hour of day</h2>
      <p data-testid="log-peak" data-hour={d.peak_hour}>
        Peak hour <strong>{hh(d.peak_hour)}–{hh((d.peak_hour + 1) % 24)}</strong>: {num(d.peak_rate)} requests/s, {num(d.peak_factor)} × the daily mean of{' '}
        {num(d.mean_rate)} requests/s (over {d.days} day{d.days === 1 ? '' : 's'}).
      </p>
      <p className="hint">
        Against a flat rate: χ² = {num(d.chi2_flat)} on 23 degrees of freedom, p = {num(d.p_flat)}
        {d.p_flat < 0.05 ? ' — the profile is real, and "Use this fit" keeps it.' : ' — no clear profile; "Use this fit" keeps a constant rate.'}
      </p>
      <LineChart
        title="Mean arrival rate in each hour (95 % CI), peak marked"
        xLabel="Hour of day"
        yLabel="Requests/s"
        testId="log-hour-chart"
        xFormat={(h) => hh(h)}
        series={[
          { id: 'rate', label: 'Requests/s', points: d.hours.map((h) => ({ x: h.hour, y: h.rate, lo: h.rate - h.ci95, hi: h.rate + h.ci95 })) },
          { id: 'peak', label: `Peak ${hh(d.peak_hour)}`, points: [{ x: d.peak_hour, y: d.peak_rate }] },
        ]}
        references={[{ id: 'mean', label: 'daily mean', y: d.mean_rate }]}
      />
    </section>
  );
}

export function ChurnPanel({ fit }: { fit: LogFit }) {
  const c = fit.churn;
  if (c.days.length === 0) return null;
  return (
    <section className="card" aria-labelledby="log-churn-title" data-testid="log-churn">
      <h2 id="log-churn-title">New titles per day (churn)</h2>
      <p>
        {c.per_day
          ? `${ci(c.per_day)} titles first requested per day after the first day (an upper bound: an old title requested for the first time also counts).`
          : 'One day only: churn needs at least two days.'}
      </p>
      {c.days.length > 1 ? (
        <LineChart
          title="Titles first requested each day"
          xLabel="Date (month-day)"
          yLabel="New titles"
          testId="log-churn-chart"
          xFormat={(x) => (Number.isInteger(x) ? (c.days[x - 1]?.date.slice(5) ?? '') : '')}
          series={[{ id: 'new', label: 'New titles', points: c.days.slice(1).map((d, i) => ({ x: i + 2, y: d.new_titles })) }]}
        />
      ) : null}
    </section>
  );
}
