// Flash lifetime (model §8) from simulated host writes: the current
// scenario's flash tiers, and a comparison of interval caching on MLC and
// SLC against file-level LFU. Every run goes through the worker pool, with
// progress and cancel.
import { useEffect, useState } from 'react';
import type { ComparisonCase, RunResult, Scenario } from '../engine/types';
import type { Engine } from '../worker/contract';
import { beyondServiceLife, estimate, integer, lifetime, num, wearLifetime } from '../shared/format';
import { LifetimeChart, type LifetimeBar } from './LifetimeChart';
import { daysAndYears, lifetimeText, tierLifetimes, type TierLifetime } from './lifetime';
import { useBatchRun, type BatchState } from './useBatchRun';

function BatchControls({
  state,
  canRun,
  onRun,
  onCancel,
  label,
  testId,
}: {
  state: BatchState;
  canRun: boolean;
  onRun: () => void;
  onCancel: () => void;
  label: string;
  testId: string;
}) {
  const running = state.status === 'running';
  return (
    <div className="batch-controls">
      <div className="run-buttons">
        <button type="button" className="primary" data-testid={`${testId}-run`} disabled={!canRun || running} onClick={onRun}>
          {label}
        </button>
        <button type="button" data-testid={`${testId}-cancel`} disabled={!running} onClick={onCancel}>
          Cancel
        </button>
      </div>
      {running ? (
        <div className="progress">
          <progress data-testid={`${testId}-progress`} max={1} value={state.fraction} aria-label={`${label}: progress`} />
          <span aria-live="polite" data-testid={`${testId}-status`}>
            {state.done} of {state.total} runs done · {Math.floor(state.fraction * 100)} %
          </span>
        </div>
      ) : null}
      {state.status === 'done' ? (
        <p className="ok" data-testid={`${testId}-status`}>
          Done in {state.seconds.toFixed(1)} s.
        </p>
      ) : null}
      {state.status === 'cancelled' ? (
        <p className="muted" data-testid={`${testId}-status`}>
          Cancelled.
        </p>
      ) : null}
      {state.status === 'failed' ? (
        <p className="field-error" role="alert" data-testid={`${testId}-error`}>
          {state.message}
        </p>
      ) : null}
    </div>
  );
}

/** T = C × 1024 × N / (W × WA × 3600) with this tier's numbers. */
function Formula({ t }: { t: TierLifetime }) {
  const f = t.summary;
  if (!f.lifetime_h) return <span>nothing written, so no wear-out</span>;
  return (
    <span className="formula">
      T = {num(f.capacity_gb)} GiB × 1024 × {integer(f.pe_cycles)} / ({num(f.host_write_mbps.mean)} MB/s × {num(f.write_amplification)} × 3600) ={' '}
      {integer(f.lifetime_h.mean)} h
    </span>
  );
}

function LifetimeTable({ rows, testId }: { rows: TierLifetime[]; testId: string }) {
  return (
<div className="table-scroll" tabIndex={0} role="region" aria-label="Flash lifetimes (table)">
      <table className="flash-table cards" data-testid={testId}>
        <thead>
          <tr>
            <th scope="col">Configuration / tier</th>
            <th scope="col">Host writes (MB/s)</th>
            <th scope="col">WA (how chosen)</th>
            <th scope="col">Lifetime</th>
            <th scope="col">Replacement ($/year)</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((t, i) => (
            <tr key={i} data-testid={`${testId}-${t.role}`}>
              <th scope="row">
                {t.scenario !== t.tierLabel ? <span className="muted">{t.scenario}</span> : null}
                <div>{t.tierLabel}</div>
              </th>
              <td data-label="Host writes (MB/s)">{estimate(t.summary.host_write_mbps)}</td>
              <td data-label="WA">
                <strong>{num(t.summary.write_amplification)}</strong>
                <div className="hint">{t.role === 'interval_cache' ? `greedy GC at ρ = ${t.device?.flash?.spare_factor ?? '?'}` : 'sequential whole-file fills'}</div>
              </td>
              <td data-label="Lifetime" data-testid={`${testId}-${t.role}-lifetime`}>
                <strong>{lifetimeText(t.summary.lifetime_h?.mean)}</strong>
                <div className="hint">{daysAndYears(t.summary.lifetime_h?.mean)}</div>
              </td>
              <td data-label="Replacement ($/year)">{estimate(t.summary.replacement_cost_per_year, 'dollars')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Assumptions({ rows, testId }: { rows: TierLifetime[]; testId: string }) {
  return (
    <div className="flash-assumptions" data-testid={testId}>
      {rows.map((t, i) => (
        <div key={i}>
          <h3>
            Assumptions — {t.scenario !== t.tierLabel ? `${t.scenario}: ` : ''}
            {t.tierLabel}
          </h3>
          <ul>
            {t.assumptions.map((a, k) => (
              <li key={k}>{a}</li>
            ))}
            <li>
              <Formula t={t} />
            </li>
          </ul>
        </div>
      ))}
    </div>
  );
}

function barsOf(rows: TierLifetime[], idOf: (t: TierLifetime, i: number) => string): LifetimeBar[] {
  return rows.map((t, i) => ({
    id: idOf(t, i),
    label: t.scenario,
    sub: t.tierLabel,
    hours: t.summary.lifetime_h?.mean ?? null,
    className: t.device?.flash ? `cell-${t.device.flash.cell}` : '',
  }));
}

/** The current scenario's flash tiers. */
export function ScenarioLifetime({ engine, scenario, valid }: { engine: Engine; scenario: Scenario; valid: boolean }) {
  const { state, start, cancel } = useBatchRun(engine);
  const [ran, setRan] = useState<Scenario | null>(null);
  const result: RunResult | null = state.status === 'done' ? state.results[0] : null;
  const rows = result && ran ? tierLifetimes(ran, result, ran.name) : [];
  return (
    <section className="card" aria-labelledby="flash-scenario-title" data-testid="flash-scenario">
      <h2 id="flash-scenario-title">Lifetime of this scenario's flash tiers</h2>
      <p className="hint">
        Simulates the scenario from the editor ({scenario.name}) and turns each flash tier's measured host writes into a lifetime, T = C × 1024 × N / (W × WA ×
        3600) hours (model §8).
      </p>
      <BatchControls
        state={state}
        canRun={valid}
        label="Simulate and estimate wear"
        testId="flash-scenario"
        onRun={() => {
          setRan(scenario);
          start([scenario]);
        }}
        onCancel={cancel}
      />
      {!valid ? <p className="muted">Fix the scenario in the editor first.</p> : null}
      {result && rows.length === 0 ? (
        <p className="muted" data-testid="flash-scenario-none">
          This architecture has no flash tier, so nothing wears out.
        </p>
      ) : null}
      {rows.length > 0 ? (
        <>
          <LifetimeTable rows={rows} testId="flash-scenario-table" />
          <LifetimeChart bars={barsOf(rows, (t) => `scenario-${t.role}`)} title="Lifetime per flash tier of this scenario (days, log scale)" />
          <Assumptions rows={rows} testId="flash-scenario-assumptions" />
        </>
      ) : null}
    </section>
  );
}

/** The study's check value, computed by the core: 128 GB MLC at 100 MB/s. */
function StudyExample({ engine }: { engine: Engine }) {
  const [h, setH] = useState<number | null>(null);
  useEffect(() => {
    let live = true;
    engine.lifetimeHours(128, 10_000, 100, 1).then((v) => live && setH(v), () => undefined);
    return () => {
      live = false;
    };
  }, [engine]);
  return (
    <p className="formula-box" data-testid="study-example">
      The study's example: a 128 GB MLC SSD (N = 10 000 P/E cycles) used as an interval-cache buffer, written at W = 100 MB/s with WA = 1:
      <br />
      <span className="formula">T = 128 × 1024 × 10 000 / (100 × 1 × 3600) = {h === null ? '…' : `${integer(h)} h = ${integer(h / 24)} days`}</span>
    </p>
  );
}

export function LifetimeComparison({ engine }: { engine: Engine }) {
  const { state, start, cancel } = useBatchRun(engine);
  const [cases, setCases] = useState<ComparisonCase[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function run() {
    try {
      const cs = await engine.lifetimeComparison();
      setCases(cs);
      setError(null);
      start(cs.map((c) => c.scenario));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  }

  const rows: TierLifetime[] =
    state.status === 'done' && cases ? cases.flatMap((c, i) => tierLifetimes(c.scenario, state.results[i], c.label)) : [];
  const mlc = rows.find((t) => t.scenario === cases?.[0].label && t.role === 'interval_cache');
  const slc = rows.find((t) => t.scenario === cases?.[1].label && t.role === 'interval_cache');
  const sameRate = useSameRate(engine, mlc, slc);
  const bars = barsOf(rows, (t, i) => `${i}-${t.role}`);
  if (sameRate && slc) {
    const at = bars.findIndex((b) => b.id === `${rows.indexOf(slc)}-interval_cache`) + 1;
    bars.splice(at, 0, {
      id: 'slc-same-rate',
      label: 'Interval cache on SLC, at the MLC write rate',
      sub: 'model §8 formula, not simulated',
      hours: sameRate.hours,
      className: 'cell-slc analytic',
    });
  }
  return (
    <section className="card" aria-labelledby="flash-compare-title" data-testid="flash-compare">
      <h2 id="flash-compare-title">Interval caching on MLC vs SLC vs file-level LFU</h2>
      <StudyExample engine={engine} />
      <p className="hint">
        Five simulations on the worker pool: interval caching on MLC (preset <code>mlc-interval-cache</code>), the same with the buffer on SLC, the HySSC-style SLC
        interval cache + TLC LFU + HDD (<code>hyssc-slc-tlc</code>, per tier), and file-level LFU on the MMSys'11 SSD configuration (<code>mmsys11-cost-ssd</code>),
        static and dynamic with popularity churn.
      </p>
      <BatchControls state={state} canRun label="Run the comparison" testId="flash-compare" onRun={() => void run()} onCancel={cancel} />
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      {rows.length > 0 && cases ? (
        <>
          <LifetimeChart
            bars={bars}
            title="Flash lifetime per tier: interval caching on MLC and SLC, file-level LFU (days, log scale)"
          />
          <LifetimeTable rows={rows} testId="flash-compare-table" />
          {sameRate && mlc && slc ? <SameRate mlc={mlc} slc={slc} hours={sameRate.hours} /> : null}
          <ul className="case-notes">
            {cases.map((c) => (
              <li key={c.id}>
                <strong>{c.label}</strong>: {c.note}
              </li>
            ))}
          </ul>
          <details>
            <summary>Assumptions behind each lifetime</summary>
            <Assumptions rows={rows} testId="flash-compare-assumptions" />
          </details>
        </>
      ) : null}
    </section>
  );
}

/**
 * The SLC buffer's lifetime at the MLC buffer's measured write rate: the
 * two simulations do not write equally (the faster SLC buffer caches more
 * intervals), so this isolates what the cell type itself buys.
 */
function useSameRate(engine: Engine, mlc: TierLifetime | undefined, slc: TierLifetime | undefined): { hours: number } | null {
  const [out, setOut] = useState<{ key: string; hours: number } | null>(null);
  const w = mlc?.summary.host_write_mbps.mean;
  const key = mlc && slc ? `${w}|${slc.summary.capacity_gb}|${slc.summary.pe_cycles}|${slc.summary.write_amplification}` : '';
  useEffect(() => {
    if (!mlc || !slc || !w) return;
    let live = true;
    engine.lifetimeHours(slc.summary.capacity_gb, slc.summary.pe_cycles, w, slc.summary.write_amplification).then(
      (hours) => live && setOut({ key, hours }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [engine, key, mlc, slc, w]);
  return out && out.key === key ? { hours: out.hours } : null;
}

function SameRate({ mlc, slc, hours }: { mlc: TierLifetime; slc: TierLifetime; hours: number }) {
  const w = mlc.summary.host_write_mbps.mean;
  const f = slc.summary;
  return (
    <p className="formula-box" data-testid="slc-same-rate">
      <strong>Same writes, other cell type.</strong> At the MLC buffer's measured {num(w)} MB/s, the SLC buffer ({num(f.capacity_gb)} GiB,{' '}
      {integer(f.pe_cycles)} P/E, WA {num(f.write_amplification)}) would last
      <br />
      <span className="formula">
        T = {num(f.capacity_gb)} × 1024 × {integer(f.pe_cycles)} / ({num(w)} × {num(f.write_amplification)} × 3600) = {integer(hours)} h ={' '}
        <span data-testid="slc-same-rate-lifetime">{beyondServiceLife(hours) ? wearLifetime(hours) : lifetime(hours)}</span>
      </span>
      <br />
      Simulated, the faster SLC buffer caches more intervals and absorbs {num(f.host_write_mbps.mean)} MB/s, so it lasts {wearLifetime(f.lifetime_h?.mean)}: the
      endurance gain of SLC is partly spent on serving more streams from flash.
    </p>
  );
}
