// The fleet plan (model §10b): what it leads with, and per architecture
// the servers, chassis, devices per server, binding limit, rack units and
// cost. Everything shown is the core's FleetResult; nothing is computed here.
import type { FleetResult } from '../engine/types';
import { dollars, num } from '../shared/format';
import { fleetHeadline } from './fleet';

const pct = (x: number) => `${Math.round(x * 100)} %`;
/** Whole dollars: a fleet's cost in cents reads as noise. */
const usd = (x: number) => dollars(x).replace(/\.\d\d$/, '');
/** The chassis's name without its parenthesised details (kept in the tooltip). */
const shortName = (name: string) => name.replace(/\s*\(.*\)\s*$/, '');

export function FleetResults({ result, seconds }: { result: FleetResult; seconds: number | null }) {
  const best = result.plans[0];
  return (
    <div className="opt-fleet" data-testid="opt-fleet">
      {best ? (
        <p className="opt-fleet-headline" data-testid="opt-fleet-headline">
          <strong>{fleetHeadline(best)}</strong> ({pct(best.binding_utilisation)}): {best.label}, {best.devices_text} per server,{' '}
          {usd(best.capital)} for {num(result.egress_needed_gbps)} Gb/s of egress.
          {best.simulated ? (
            <>
              {' '}
              <span data-testid="opt-fleet-simulated">Simulated: {best.simulated.why}.</span>
            </>
          ) : null}
        </p>
      ) : (
        <p className="field-error" data-testid="opt-fleet-headline">
          No chassis and server count met the target: the tries below say why.
        </p>
      )}
      {result.plans.length > 0 ? (
        <div className="table-scroll">
          <table className="opt-table" data-testid="opt-fleet-table">
            <thead>
              <tr>
                <th scope="col">Architecture</th>
                <th scope="col">Servers</th>
                <th scope="col">Chassis</th>
                <th scope="col">Devices per server</th>
                <th scope="col">Binding limit</th>
                <th scope="col">Rack units</th>
                <th scope="col">Capital</th>
                <th scope="col">TCO</th>
                <th scope="col">Streams per $</th>
              </tr>
            </thead>
            <tbody>
              {result.plans.map((p) => (
                <tr key={p.architecture} data-testid={`opt-fleet-row-${p.architecture}`}>
                  <th scope="row">{p.label}</th>
                  <td data-label="Servers">{p.servers}</td>
                  <td data-label="Chassis" title={p.chassis_name}>{shortName(p.chassis_name)}</td>
                  <td data-label="Devices per server">{p.devices_text}</td>
                  <td data-label="Binding limit">
                    {p.binding_label} ({pct(p.binding_utilisation)})
                  </td>
                  <td data-label="Rack units">{p.rack_units}</td>
                  <td data-label="Capital">{usd(p.capital)}</td>
                  <td data-label="TCO">{p.tco == null ? '—' : usd(p.tco)}</td>
                  <td data-label="Streams per $">{p.streams_per_dollar.toFixed(3)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <p className="hint" data-testid="opt-fleet-space">
        Searched: {result.space}.
      </p>
      {result.notes.map((n) => (
        <p className="hint" key={n}>
          {n}.
        </p>
      ))}
      {seconds !== null ? <p className="hint">Planned in {seconds.toFixed(1)} s.</p> : null}
      <details className="opt-json">
        <summary>Every try ({result.tried.length}), and the result as JSON (what <code>tierplan optimize FILE --fleet</code> prints)</summary>
        <ul>
          {result.tried.map((t) => (
            <li key={`${t.chassis}-${t.servers}-${t.architecture}`}>{t.outcome}</li>
          ))}
        </ul>
        <pre data-testid="opt-fleet-json">{JSON.stringify(result, null, 2)}</pre>
      </details>
    </div>
  );
}
