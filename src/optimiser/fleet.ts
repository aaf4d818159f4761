// The fleet search (model §10b) as a farmed study: the search lives in the
// studies' worker (worker/studies.ts), and the app's one farmed-study driver
// (engine/farm.ts) runs its candidate servers on the worker pool `parallel`
// at a time, reporting them back in any order (the answer does not depend
// on it), as for the single-server search. Plus the words the fleet's results lead with.
import { ScenarioError } from '../worker/api';
import { abortError } from '../engine/pool';
import { farm, type FarmedStudy } from '../engine/farm';
import type { Candidate, FleetPlan, FleetProgress, FleetRequest, FleetResult, OptimizeSpec, RunResult, Scenario } from '../engine/types';
import type { CandidateRunner, SearchBackend } from './client';
import { seriesColor, type ScatterPoint } from '../charts';

export interface FleetRunProgress {
  search: FleetProgress;
  running: Candidate[];
  elapsedMs: number;
}

export interface FleetOptions {
  search: SearchBackend;
  runner: CandidateRunner;
  parallel: number;
  scenario: Scenario;
  spec: OptimizeSpec;
  request: FleetRequest;
  signal?: AbortSignal;
  onProgress?: (p: FleetRunProgress) => void;
}

/** Run a whole fleet search on the farmed-study driver; rejects with an AbortError when `signal` aborts. */
export async function runFleet(o: FleetOptions): Promise<{ result: FleetResult; seconds: number }> {
  const { search, runner } = o;
  if (o.signal?.aborted) throw abortError();
  const t0 = performance.now();
  const started = await search.startFleet(o.scenario, o.spec, o.request);
  if ('errors' in started) throw new ScenarioError(started.errors);
  const handle = started.handle;
  const study: FarmedStudy<Candidate, RunResult> = {
    nextBatch: (k) => search.fleetNextBatch(handle, k),
    report: (c, r) => search.fleetReport(handle, c.id, r),
    isDone: async () => (await search.fleetProgress(handle)).done,
  };
  try {
    await farm(study, {
      parallel: o.parallel,
      signal: o.signal,
      run: (c, req) => runner.run(c.scenario, { signal: req.signal }),
      onChange: async (s) => {
        if (!o.onProgress) return;
        const p = await search.fleetProgress(handle);
        o.onProgress({ search: p, running: s.inFlight.map((f) => f.job), elapsedMs: performance.now() - t0 });
      },
    });
    return { result: await search.fleetResult(handle), seconds: (performance.now() - t0) / 1000 };
  } finally {
    await Promise.resolve(search.freeFleet(handle)).catch(() => undefined);
  }
}

/** "2 servers of 4U high-density storage server, limited by drive bays": what a plan leads with. */
export function fleetHeadline(p: FleetPlan): string {
  const chassis = p.chassis_name.replace(/\s*\(.*\)\s*$/, '');
  const routed = p.routing === 'by_title' && p.servers > 1 ? ', routed by title, the hottest server simulated' : '';
  return `${p.servers} server${p.servers === 1 ? '' : 's'} of ${chassis}${routed}, limited by ${p.binding_label}`;
}

/** The chassis a fleet request searches, in words. */
export function fleetSpaceText(r: FleetRequest, scenarioChassis: string | null): string {
  const chassis = scenarioChassis && !r.every_chassis ? `the scenario’s chassis (${scenarioChassis})` : 'every preset chassis';
  return r.routing === 'by_title' ? `${chassis}, routed by title` : chassis;
}

/** Progress in words: tries worked, skipped by the bound, simulations. */
export function fleetProgressText(p: FleetProgress, parallel: number): string {
  const best = p.best_capital == null ? 'no fleet meets the target yet' : `cheapest fleet so far $${Math.round(p.best_capital).toLocaleString('en-US')}`;
  return `${p.tries_done + p.tries_pruned} of ${p.tries} chassis × servers × architecture tries settled (${p.tries_pruned} skipped: they cannot beat a fleet found), ${p.simulated} servers simulated, ${p.in_flight} running on ${parallel} worker${parallel === 1 ? '' : 's'} — ${best}`;
}

/** The loads, as fractions of the scenario's, at which the cost chart plans more fleets (the scenario's own is the fourth point). */
export const FLEET_CURVE_FRACTIONS = [0.25, 0.5, 0.75] as const;

/** The scenario with its arrivals scaled by `f` (the load the chart plans a fleet for). */
export function atLoad(s: Scenario, f: number): Scenario {
  return { ...s, workload: { ...s.workload, arrival_rate: s.workload.arrival_rate * f } };
}

/** One colour per binding limit, in the order the core names them. */
export function limitColors(results: readonly FleetResult[]): Record<string, string> {
  const labels = [...new Set(results.flatMap((r) => r.plans.slice(0, 1).map((p) => p.binding_label)))];
  return Object.fromEntries(labels.map((l, i) => [l, seriesColor(i)]));
}

/**
 * The cost chart's points: at each load planned, the cheapest fleet's
 * capital against the streams it serves, grouped by the limit that binds it
 * (so the colours show where each limit takes over). Every number is the
 * core's FleetResult.
 */
export function fleetCurvePoints(results: readonly FleetResult[]): ScatterPoint[] {
  return results.flatMap((r) => {
    const p = r.plans[0];
    if (!p) return [];
    return [
      {
        id: `${r.egress_needed_gbps}`,
        x: p.avg_streams,
        y: p.capital,
        group: p.binding_label,
        label: `${Math.round(p.avg_streams).toLocaleString('en-US')} streams: ${fleetHeadline(p)} — ${p.label}, $${Math.round(p.capital).toLocaleString('en-US')}`,
        // Short enough not to collide on a phone; the chassis is in the
        // label (tooltip and data table).
        pointText: `${p.servers} server${p.servers === 1 ? '' : 's'}`,
      },
    ];
  });
}
