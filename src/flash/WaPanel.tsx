// Write amplification against the spare factor ρ: the Lambert-W formula of
// model §8 (dashed) with the greedy-GC page simulator's measurements beside
// it, both computed by the core in a worker.
import { useCallback, useEffect, useState } from 'react';
import { LineChart } from '../charts';
import type { WaPoint } from './types';
import type { Scenario } from '../engine/types';
import type { Engine } from '../worker/contract';
import { num, percent } from '../shared/format';
import { NumField } from '../shared/form';
import { useChartSize } from './useNarrow';

/** Spare factors the simulator measures (the the model's check values among them). */
export const SIM_RHOS = [0.07, 0.1, 0.15, 0.2, 0.28, 0.4, 0.5, 0.7, 1.0, 1.5, 2.0];
/** The formula curve: 60 log-spaced ρ from 0.05 to 2. */
const CURVE_RHOS = Array.from({ length: 60 }, (_, i) => 0.05 * Math.pow(2 / 0.05, i / 59));

export function WaPanel({ engine, scenario }: { engine: Engine; scenario: Scenario }) {
  const [seed, setSeed] = useState(1);
  const [points, setPoints] = useState<WaPoint[] | null>(null);
  const [curve, setCurve] = useState<[number, number][] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const simulate = useCallback(
    (s: number) => {
      setBusy(true);
      Promise.all([engine.waComparison(SIM_RHOS, s), engine.waCurve(CURVE_RHOS)]).then(
        ([p, c]) => {
          setPoints(p);
          setCurve(c);
          setError(null);
          setBusy(false);
        },
        (e: unknown) => {
          setError(e instanceof Error ? e.message : String(e));
          setBusy(false);
        },
      );
    },
    [engine],
  );

  useEffect(() => simulate(1), [simulate]);

  const devices = scenario.devices.filter((d) => d.flash);
  const size = useChartSize([640, 380]);
  return (
    <section className="card" aria-labelledby="wa-title" data-testid="wa-panel">
      <h2 id="wa-title">Write amplification vs spare factor</h2>
      <p className="hint">
        Small random writes under greedy garbage collection: WA = α / (α + W₀(−α·e<sup>−α</sup>)) with α = 1 + ρ (dashed), against a page-level simulator
        (512 blocks × 64 pages, uniform random overwrites, 4 passes of warm-up, 6 measured).
      </p>
      <div className="inline-form">
        <NumField path="wa.seed" label="Simulator seed" unit="integer" integer value={seed} onChange={setSeed} />
        <button type="button" data-testid="wa-simulate" disabled={busy} onClick={() => simulate(seed)}>
          {busy ? 'Simulating…' : 'Simulate again'}
        </button>
      </div>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      {points && curve ? (
        <>
          <div className="chart-single">
          <LineChart
            title="Write amplification against the spare factor ρ"
            xLabel="spare factor ρ = (physical − logical) / logical"
            yLabel="write amplification (flash writes / host writes)"
            xScale="log"
            yScale="log"
            series={[
              {
                id: 'sim',
                label: 'greedy-GC simulator',
                points: points.filter((p) => p.simulated !== null).map((p) => ({ x: p.rho, y: p.simulated! })),
              },
            ]}
            overlays={[{ id: 'formula', label: 'Lambert-W formula', points: curve.map(([x, y]) => ({ x, y })) }]}
            testId="wa-chart"
            {...size}
          />
          </div>
<div className="table-scroll" tabIndex={0} role="region" aria-label="Write amplification against the spare factor (table)">
            <table className="flash-table numeric" data-testid="wa-table">
              <thead>
                <tr>
                  <th scope="col">ρ</th>
                  <th scope="col">WA formula</th>
                  <th scope="col">WA simulated</th>
                  <th scope="col">difference</th>
                </tr>
              </thead>
              <tbody>
                {points.map((p) => (
                  <tr key={p.rho} data-testid={`wa-row-${p.rho}`}>
                    <td>{p.rho}</td>
                    <td>{p.formula.toFixed(2)}</td>
                    <td>{p.simulated === null ? 'cannot run' : p.simulated.toFixed(2)}</td>
                    <td>{p.simulated === null ? '—' : percent((p.simulated - p.formula) / p.formula)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {devices.length > 0 ? (
            <p className="hint" data-testid="wa-devices">
              Spare factors in this scenario's catalog:{' '}
              {devices.map((d, i) => (
                <span key={d.id}>
                  {i > 0 ? '; ' : ''}
                  {d.name}: ρ = {d.flash!.spare_factor}
                  {points.find((p) => p.rho === d.flash!.spare_factor) ? ` (WA ${num(points.find((p) => p.rho === d.flash!.spare_factor)!.formula)})` : ''}
                </span>
              ))}
            </p>
          ) : null}
        </>
      ) : (
        <p className="muted">Simulating…</p>
      )}
    </section>
  );
}
