// A step's answer, computed by the core: the step's scenario is built from
// its preset and edits, then run once, swept or compared across variants on
// the engine (the worker pool in the browser, the wasm core in the tests).
import type { Engine } from '../worker/contract';
import type { Scenario } from '../engine/types';
import { applyEdits, metricOf, type Edits, type Outcome, type Step, type SweepKey } from './model';

export interface ComputeOptions {
  signal?: AbortSignal;
  /** Fraction of the step's runs done (0–1). */
  onProgress?: (fraction: number) => void;
  /** The student's changes to the free inputs. */
  edits?: Edits;
}

/** The step's scenario (with the mystery value and the student's edits applied). */
export async function stepScenario(engine: Pick<Engine, 'preset'>, step: Step, edits?: Edits): Promise<Scenario> {
  const base = 'preset' in step.scenario ? applyEdits(await engine.preset(step.scenario.preset), step.scenario.set) : structuredClone(step.scenario.scenario);
  const hidden = step.mystery ? applyEdits(base, { [step.mystery.path]: step.mystery.value }) : base;
  return applyEdits(hidden, edits);
}

function sweepKey(key: SweepKey, pts: { x: number; y: number }[]): number {
  const at = (x: number) => {
    const p = pts.find((q) => q.x === x);
    if (!p) throw new Error(`the sweep has no point at ${x}`);
    return p.y;
  };
  if ('at' in key) return at(key.at);
  if ('ratio' in key) return at(key.ratio[1]) / at(key.ratio[0]);
  const first = pts.find((p) => p.y <= key.firstAtMost);
  return first ? first.x : Number.NaN;
}

/** Erlang B rejection (%) of each swept scenario's disks, from the core: c = streams all the disks carry, A = λ × video length. */
async function erlangOverlay(engine: Pick<Engine, 'diskTierBlocking'>, scenarios: Scenario[], xs: number[]): Promise<{ x: number; y: number }[]> {
  const points = await Promise.all(
    scenarios.map(async (s, i) => {
      const b = await engine.diskTierBlocking(s);
      return b === undefined ? null : { x: xs[i], y: b * 100 };
    }),
  );
  return points.filter((p): p is { x: number; y: number } => p !== null);
}

/** Run the step on the engine and reduce the results to its outcome. */
export async function computeOutcome(
  engine: Pick<Engine, 'preset' | 'run' | 'diskTierBlocking' | 'costModel'>,
  step: Step,
  opts: ComputeOptions = {},
): Promise<Outcome> {
  const base = await stepScenario(engine, step, opts.edits);
  const m = step.measure;
  if (m.kind === 'cost-model') {
    if (!base.cost_model) throw new Error('cost_model: this step needs a scenario with FAST\'12 cost-model inputs');
    const report = await engine.costModel(base.cost_model);
    opts.onProgress?.(1);
    return { key: report.grid.optimum.u * 100, points: report.grid.curve.map((p) => ({ x: p.u * 100, y: p.total })) };
  }
  const scenarios: Scenario[] =
    m.kind === 'run' ? [base] : m.kind === 'sweep' ? m.values.map((v) => applyEdits(base, { [m.path]: v })) : m.variants.map((v) => applyEdits(base, v.set));
  const fractions = scenarios.map(() => 0);
  const report = () => opts.onProgress?.(fractions.reduce((a, b) => a + b, 0) / fractions.length);
  // All runs are queued at once: the pool spreads them over its workers.
  const results = await Promise.all(
    scenarios.map((s, i) =>
      engine.run(s, {
        signal: opts.signal,
        onProgress: (p) => {
          fractions[i] = p.fraction;
          report();
        },
      }),
    ),
  );
  const points = results.map((r, i) => {
    const e = metricOf(r, m.metric);
    const x = m.kind === 'sweep' ? m.values[i] : i;
    return e ? { x, y: e.y, lo: e.lo, hi: e.hi } : { x, y: Number.POSITIVE_INFINITY };
  });
  if (m.kind === 'run') return { key: points[0].y, points };
  if (m.kind === 'sweep') {
    const overlay = m.overlay === 'erlang-b' ? { label: 'Erlang B (analytic)', points: await erlangOverlay(engine, scenarios, m.values) } : undefined;
    return { key: sweepKey(m.key, points), points, ...(overlay ? { overlay } : {}) };
  }
  const key = m.key === 'argmax' ? points.reduce((best, p) => (p.y > points[best].y ? p.x : best), 0) : points[m.key.ratio[1]].y / points[m.key.ratio[0]].y;
  return { key, points, labels: m.variants.map((v) => v.label) };
}
