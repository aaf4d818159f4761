// Request rates said also in the units an architect plans with: Gb/s on the
// wire and viewers playing at once. The numbers are the core's (`rateLoads`,
// wasm/request/src/load.rs); here they are only worded and fetched.
import { useEffect, useState } from 'react';
import type { Engine } from '../worker/contract';
import type { Scenario } from '../engine/types';
import type { SecondAxis } from '../charts';
import { integer, num } from '../shared/format';
import type { CachePolicyKind, CacheStart, RateLoad } from './types';

/** Gb/s to three significant figures at most: the segment size is a mean (VBR), not a measurement. */
export function gbpsNumber(gbps: number): string {
  return gbps >= 100 ? integer(gbps) : gbps >= 1 ? num(Number(gbps.toPrecision(3))) : num(Number(gbps.toPrecision(2)));
}

/** "4.5 Gb/s, 660 viewers": what a rate carries, in words. */
export function loadText(l: RateLoad): string {
  return `${gbpsNumber(l.gbps)} Gb/s, ${integer(l.viewers)} viewer${Math.round(l.viewers) === 1 ? '' : 's'}`;
}

/** "110 requests/s (3.3 Gb/s)": a rate and its bits on the wire, where a list of rates has no room for viewers. */
export function rateGbpsText(rate: number, l: RateLoad | undefined): string {
  return `${num(rate)} requests/s${l ? ` (${gbpsNumber(l.gbps)} Gb/s)` : ''}`;
}

/**
 * The figure's second x axis, Gb/s on the wire: the core's load of one
 * request per second (`rateLoads` at 1) is the axis's factor, since the
 * core's Gb/s is proportional to the rate (the mean segment's bits, per
 * request). None until the core answers.
 */
export function gbpsAxis(perRequest: RateLoad | undefined): SecondAxis | undefined {
  return perRequest && perRequest.gbps > 0 ? { label: 'on the wire (Gb/s, mean segment)', factor: perRequest.gbps, format: gbpsNumber } : undefined;
}

/** "110 requests/s (4.5 Gb/s, 660 viewers)". */
export function rateText(l: RateLoad): string {
  return `${num(l.rate)} requests/s (${loadText(l)})`;
}

/**
 * The core's load of each rate of the scenario's workload, by rate; empty
 * until it answers or when the scenario has no request section.
 */
export function useRateLoads(engine: Pick<Engine, 'rateLoads'>, scenario: Scenario, rates: readonly number[]): Map<number, RateLoad> {
  const key = [...new Set(rates)].sort((a, b) => a - b).join(',');
  const workload = scenario.request?.workload;
  const [loads, setLoads] = useState<{ key: string; workload: unknown; byRate: Map<number, RateLoad> }>({ key: '', workload: null, byRate: new Map() });
  useEffect(() => {
    if (!workload || key === '') return;
    let live = true;
    const asked = key.split(',').map(Number);
    engine.rateLoads(scenario, asked).then(
      (ls) => live && setLoads({ key, workload, byRate: new Map(ls.map((l) => [l.rate, l])) }),
      // A scenario the core cannot read shows rates alone; its problems are named by the form.
      () => live && setLoads({ key, workload, byRate: new Map() }),
    );
    return () => {
      live = false;
    };
    // The loads depend on the workload's bitrate and segment time only; a new scenario object with the same workload asks nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [engine, key, workload]);
  return loads.workload === workload && workload ? loads.byRate : new Map<number, RateLoad>();
}

const POLICY_SHORT: Record<CachePolicyKind, string> = {
  none: 'HDD only',
  block: 'block cache (flashcache)',
  ring: 'ring cache (L2ARC)',
  object: 'object cache (LFU)',
  object_static: 'object cache (static top-k)',
};

/** "This scenario as loaded: block cache (flashcache), warm". */
export function loadedLabel(policy: CachePolicyKind, start: CacheStart): string {
  return `This scenario as loaded: ${POLICY_SHORT[policy]}${policy === 'none' ? '' : `, ${start}`}`;
}
