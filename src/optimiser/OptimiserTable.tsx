// The optimiser's answer per architecture: counts, capital cost, streams per
// dollar, rejection, SSD lifetime, and TCO beside capital.
import type { ArchitectureResult, OptimizeResult } from '../engine/types';
import { dollars, estimate, lifetime, num, percent } from '../shared/format';
import { deviceCounts } from './format';

function Search({ a }: { a: ArchitectureResult }) {
  return (
    <span data-testid="opt-search-counts">
      {a.simulated} simulated, {a.pruned} pruned
      {a.analytic_rejected > 0 ? `, ${a.analytic_rejected} failed the capacity rule` : ''}, {a.not_examined.toLocaleString('en-US')}{' '}
      {a.done ? 'never examined (dearer than the optimum)' : 'remaining'} — of {a.space.configurations.toLocaleString('en-US')}
    </span>
  );
}

export function OptimiserTable({ result }: { result: OptimizeResult }) {
  const tco = result.architectures.some((a) => a.best?.measurement?.tco);
  return (
<div className="opt-table-wrap" tabIndex={0} role="region" aria-label="Cheapest configurations (table)">
      <table className="opt-table" data-testid="opt-table">
        <caption>
          Cheapest configuration per architecture meeting rejection ≤ {percent(result.target)}{' '}
          {result.criterion === 'simulated' ? 'in every replication (simulated)' : 'by the study’s capacity rule (confirmed by one simulation)'}
        </caption>
        <thead>
          <tr>
            <th scope="col">Architecture</th>
            <th scope="col">Devices</th>
            <th scope="col">Capital cost</th>
            <th scope="col">Streams per $ (capital)</th>
            {tco ? <th scope="col">TCO</th> : null}
            {tco ? <th scope="col">Streams per $ (TCO)</th> : null}
            <th scope="col">Rejection probability (max over replications)</th>
            <th scope="col">SSD lifetime</th>
          </tr>
        </thead>
        <tbody>
          {result.architectures.map((a) => {
            const b = a.best;
            const m = b?.measurement;
            return (
              <tr key={a.architecture} data-testid={`opt-row-${a.architecture}`} data-done={a.done ? 'true' : 'false'}>
                <th scope="row">{a.label}</th>
                {b ? (
                  <>
                    <td data-testid="opt-counts">
                      {deviceCounts(b.counts, a.space)}
                      <span className="hint"> · study capacity {b.study_capacity.toLocaleString('en-US')} streams</span>
                    </td>
                    <td data-testid="opt-cost" className="num">
                      {dollars(b.capital_cost)}
                    </td>
                    <td data-testid="opt-spd" className="num">
                      {m ? estimate(m.streams_per_dollar) : '…'}
                    </td>
                    {tco ? (
                      <td data-testid="opt-tco" className="num">
                        {m?.tco ? (
                          <>
                            {dollars(m.tco.total)}
                            <span className="hint">
                              {' '}
                              (energy {dollars(m.tco.energy_cost)}, replacements {dollars(m.tco.replacement_cost)})
                            </span>
                          </>
                        ) : (
                          '—'
                        )}
                      </td>
                    ) : null}
                    {tco ? (
                      <td data-testid="opt-tco-spd" className="num">
                        {m?.tco ? num(m.tco.streams_per_dollar) : '—'}
                      </td>
                    ) : null}
                    <td data-testid="opt-rejection" className="num">
                      {m ? (
                        <>
                          {estimate(m.rejection_probability, 'percent')} <span className="hint">(max {percent(m.max_rejection_probability)})</span>
                        </>
                      ) : (
                        '…'
                      )}
                    </td>
                    <td data-testid="opt-lifetime">
                      {m
                        ? m.ssd_lifetimes.length === 0
                          ? 'no SSD'
                          : m.ssd_lifetimes.map((l) => `${l.device}: ${lifetime(l.lifetime_h?.mean)}`).join('; ')
                        : '…'}
                    </td>
                  </>
                ) : (
                  <td colSpan={tco ? 7 : 5} data-testid="opt-none">
                    {a.message ?? (a.done ? 'no optimum' : 'searching…')} <Search a={a} />
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
