// The words for a run's decision on its rejection target (model §3,
// "confident decisions"): the core decides, this only phrases the verdict.
import type { Decision, Estimate } from '../engine/types';
import { estimate, percent } from './format';

/** "meets < 1 % (decided after 7 replications)", or why it could not. */
export function decisionText(d: Decision, rejection: Estimate): string {
  const target = percent(d.target);
  const n = `${d.replications} replication${d.replications === 1 ? '' : 's'}`;
  switch (d.verdict) {
    case 'meets':
      return `meets < ${target} (decided after ${n})`;
    case 'misses':
      return `misses < ${target}: rejects more (decided after ${n})`;
    case 'cannot_decide':
      return `cannot decide after ${n}: ${estimate(rejection, 'percent')} holds ${target}`;
  }
}
