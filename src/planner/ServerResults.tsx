// The server part of a run's results (model §10b): the headline "N servers
// of <chassis>, limited by <limit> (<use>)", every limit with its use, the
// rejections by limit, which server of the fleet was simulated and why, and
// the fleet's capital and rack units. Every number is the core's.
import type { ServerSpec, ServerSummary } from '../engine/types';
import type { FleetTotals } from './worker-calls';
import { dollars, estimate, integer, num, wholePercent as use } from '../shared/format';
import { LIMIT_LABELS } from '../shared/labels';

export function ServerResults({ summary, server, fleet }: { summary: ServerSummary; server?: ServerSpec | null; fleet?: FleetTotals }) {
  const n = fleet?.simulated.servers ?? server?.fleet.servers ?? 1;
  const name = server?.chassis.name ?? summary.chassis;
  return (
    <div className="server-results" data-testid="server-results">
      <p className="lead" data-testid="server-headline">
        <strong>
          {integer(n)} server{n === 1 ? '' : 's'} of {name}, limited by {LIMIT_LABELS[summary.binding]} ({use(summary.binding_utilisation)})
        </strong>
      </p>
      <p className="hint">
        Each server may send {num(summary.egress_gbps)} Gb/s: the {summary.egress_limit === 'nic' ? 'network' : 'host'} ceiling × {num(summary.egress_headroom)} headroom,{' '}
        {integer(summary.egress_streams)} streams of the first class. Egress in use: {use(summary.egress_util_mean.mean)} on average, {use(summary.egress_util_peak.mean)} at the peak.
      </p>
      <table className="data-table" data-testid="server-limits">
        <caption>Limits and their use (the most used first)</caption>
        <thead>
          <tr>
            <th scope="col">Limit</th>
            <th scope="col">Use</th>
          </tr>
        </thead>
        <tbody>
          {summary.limits.map((l) => (
            <tr key={l.limit} className={l.limit === summary.binding ? 'binding' : undefined}>
              <th scope="row">
                {LIMIT_LABELS[l.limit]}
                {l.limit === summary.binding ? ' (binding)' : ''}
              </th>
              <td>{use(l.utilisation)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p data-testid="server-rejections">
        Rejections per replication: {estimate(summary.rejections_egress)} by the egress, {estimate(summary.rejections_storage)} by the storage tiers.
      </p>
      {fleet ? (
        <p data-testid="fleet-simulated">
          Simulated: server {integer(fleet.simulated.server)} of {integer(fleet.simulated.servers)} — {fleet.simulated.why}. The fleet: {dollars(fleet.capital_cost)} of capital,{' '}
          {integer(fleet.rack_units)} rack units.
        </p>
      ) : null}
    </div>
  );
}
