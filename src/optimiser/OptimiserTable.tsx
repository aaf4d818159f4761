// The optimiser's answer per architecture: counts, capital cost, dollars per
// stream and streams per dollar, rejection, SSD lifetime, TCO beside capital,
// and "Use this configuration". On a phone each row stacks, every value under
// its column's name.
import type { ArchitectureResult, Device, Measurement, OptimizeResult, TierRole } from '../engine/types';
import { dollars, estimate, num, percent, wearLifetime } from '../shared/format';
import { decisionText } from '../shared/decision';
import { deviceCountParts, replacementText } from './format';

/** A tier's peak utilisation in its busiest replication (what the ceiling holds): "peak 84%"; none for a tier without a bandwidth limit. */
function peakOf(m: Measurement | null | undefined, role: TierRole): string | null {
  const t = m?.peak_utilisation.find((p) => p.role === role);
  return t && t.worst > 0 ? `peak ${percent(t.worst)}` : null;
}

/** What the table's answers meet, in words: the rule the core applied. */
function ruleText(r: OptimizeResult): string {
  if (r.criterion !== 'simulated') return `rejection ≤ ${percent(r.target)} by the study’s capacity rule (confirmed by one simulation)`;
  const ceiling = r.max_peak_utilisation < 1 ? ` and every tier’s peak utilisation ≤ ${percent(r.max_peak_utilisation)}` : '';
  return r.target > 0
    ? `rejection < ${percent(r.target)}, decided by the 95 % interval with replications added up to ${r.max_replications} (“cannot decide” is a fail)${ceiling}`
    : `no rejection in any replication${ceiling}`;
}

function Search({ a, cancelled }: { a: ArchitectureResult; cancelled: boolean }) {
  return (
    <span data-testid="opt-search-counts">
      {a.simulated} simulated, {a.pruned} pruned
      {a.analytic_rejected > 0 ? `, ${a.analytic_rejected} failed the capacity rule` : ''}, {a.not_examined.toLocaleString('en-US')}{' '}
      {a.done ? 'never examined (dearer than the optimum)' : cancelled ? 'not examined' : 'remaining'} — of {a.space.configurations.toLocaleString('en-US')} configuration{a.space.configurations === 1 ? '' : 's'}
    </span>
  );
}

/** Capital per stream served on average: the architect's "what does a stream cost". */
function dollarsPerStream(capital: number, avgStreams: number): string {
  return avgStreams > 0 ? dollars(capital / avgStreams) : '—';
}

/**
 * `devices`: the catalog of the scenario searched, so devices show by name
 * (their ids in a tooltip). `cancelled`: the search was stopped, so a row
 * not finished says so instead of "searching…".
 */
export function OptimiserTable({
  result,
  onUse,
  devices,
  cancelled = false,
}: {
  result: OptimizeResult;
  onUse?: (a: ArchitectureResult) => void;
  devices?: readonly Device[];
  cancelled?: boolean;
}) {
  const tco = result.architectures.some((a) => a.best?.measurement?.tco);
  // An optimum whose flash or RAM caches part of a library held on its disks alone: the disks are the only copy.
  const withDisks = result.architectures.flatMap((a) => (a.best && a.best.counts.disk > 0 ? [a.best.counts] : []));
  const caches = [withDisks.some((c) => c.file_cache > 0) ? 'SSDs' : '', withDisks.some((c) => c.interval_cache > 0) ? 'RAM' : ''].filter(Boolean).join(' and ');
  return (
    <>
<div className="opt-table-wrap" tabIndex={0} role="region" aria-label="Cheapest configurations (table)">
      <table className="opt-table" data-testid="opt-table">
        <caption>
          <span data-testid="opt-caption">Cheapest configuration per architecture meeting {ruleText(result)}</span>
        </caption>
        <thead>
          <tr>
            <th scope="col">Architecture</th>
            <th scope="col">Devices</th>
            <th scope="col">Capital cost</th>
            <th scope="col">$ per stream (capital)</th>
            <th scope="col">Streams per $ (capital)</th>
            {tco ? <th scope="col">TCO (capital, energy, SSD replacements)</th> : null}
            <th scope="col">Rejection (95 % interval, replications N)</th>
            <th scope="col">SSD lifetime</th>
          </tr>
        </thead>
        <tbody>
          {result.architectures.map((a) => {
            const b = a.best;
            const m = b?.measurement;
            return (
              <tr key={a.architecture} data-testid={`opt-row-${a.architecture}`} data-done={a.done ? 'true' : 'false'} data-cancelled={!a.done && cancelled ? 'true' : 'false'}>
                <th scope="row">
                  {a.label}
                  {onUse && a.done && m ? (
                    <button type="button" className="opt-use" data-testid={`opt-use-${a.architecture}`} onClick={() => onUse(a)}>
                      Use this configuration
                    </button>
                  ) : null}
                </th>
                {b ? (
                  <>
                    <td data-testid="opt-counts" data-label="Devices">
                      {deviceCountParts(b.counts, a.space, devices).map((p, i) => (
                        <span key={p.id} className="opt-device" title={p.id}>
                          {i > 0 ? ' + ' : ''}
                          <span className="opt-nowrap">{p.count} ×</span> {p.name}
                          {peakOf(m, p.role) ? (
                            <span className="hint opt-nowrap" data-testid={`opt-peak-${p.role}`}>
                              {' '}
                              · {peakOf(m, p.role)}
                            </span>
                          ) : null}
                        </span>
                      ))}
                      <span className="hint"> · study capacity {b.study_capacity.toLocaleString('en-US')} streams</span>
                    </td>
                    <td data-testid="opt-cost" className="num" data-label="Capital cost">
                      {dollars(b.capital_cost)}
                    </td>
                    <td data-testid="opt-dps" className="num" data-label="$ per stream">
                      {m ? dollarsPerStream(b.capital_cost, m.avg_streams.mean) : '…'}
                    </td>
                    <td data-testid="opt-spd" className="num" data-label="Streams per $">
                      {m ? estimate(m.streams_per_dollar) : '…'}
                    </td>
                    {tco ? (
                      <td data-testid="opt-tco" className="num" data-label="TCO">
                        {m?.tco ? (
                          <>
                            {dollars(m.tco.total)} <span className="hint">over {num(m.tco.years)} years</span>
                            <br />
                            {dollars(m.tco.total / m.tco.years)} per year ·{' '}
                            <span data-testid="opt-tco-spd">{num(m.tco.streams_per_dollar)}</span> streams per $
                            <br />
                            <span className="hint">
                              energy {dollars(m.tco.energy_cost)}, replacements {dollars(m.tco.replacement_cost)}
                            </span>
                          </>
                        ) : (
                          '—'
                        )}
                      </td>
                    ) : null}
                    <td data-testid="opt-rejection" className="num" data-label="Rejection">
                      {m ? (
                        <>
                          {estimate(m.rejection_probability, 'percent')}
                          <br />
                          <span data-testid="opt-n">N = {m.replications}</span>
                          {m.verdict ? (
                            <span className="hint opt-verdict" data-testid="opt-verdict">
                              {decisionText({ verdict: m.verdict, replications: m.replications, cap: result.max_replications, target: result.target }, m.rejection_probability)}
                            </span>
                          ) : null}
                          <span className="hint opt-verdict">(max {percent(m.max_rejection_probability)})</span>
                        </>
                      ) : (
                        '…'
                      )}
                    </td>
                    <td data-testid="opt-lifetime" data-label="SSD lifetime">
                      {m
                        ? m.ssd_lifetimes.length === 0
                          ? 'no SSD'
                          : m.ssd_lifetimes.map((l) => (
                              // One line per SSD tier: its name, its lifetime and what replacing it costs a year.
                              <span key={l.role} className="opt-ssd" title={l.device}>
                                <span className="hint">{l.name}:</span> <span data-testid="opt-lifetime-value">{wearLifetime(l.lifetime_h?.mean, m.tco?.years)}</span>
                                <span className="hint" data-testid="opt-replacement">
                                  {' '}
                                  {/* With a TCO, the TCO's own count of replacements: the two columns read one figure. */}
                                  · {m.tco ? replacementText(m.tco, l.role) : `wear costs ${dollars(l.replacement_cost_per_year.mean)}/year at this rate`}
                                </span>
                              </span>
                            ))
                        : '…'}
                    </td>
                  </>
                ) : (
                  <td colSpan={tco ? 7 : 6} data-testid="opt-none">
                    {a.message ?? (a.done ? 'no optimum' : cancelled ? 'Cancelled before it finished:' : 'searching…')} <Search a={a} cancelled={cancelled} />
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
      <p className="hint" data-testid="opt-redundancy">
        {caches
          ? `Redundancy: the disks hold the only copy of the library — the ${caches} only cache part of it, so a failed disk loses the titles on it. `
          : 'Redundancy: the disks hold the only copy of the library, so a failed disk loses the titles on it. '}
        Mirroring, RAID or a second copy elsewhere is not modelled here: add its disks and their cost yourself.
      </p>
    </>
  );
}
