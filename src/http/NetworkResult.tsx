// The request run's network (model §11, the NIC as a queue): what the
// server's egress sent at, how busy the NIC was, how long a chunk waited
// for it, and which limit bound the run. Shown only when the scenario has a
// server section; every number is the core's.
import type { RequestResult } from './types';
import { duration, estimate, num, percent } from '../shared/format';
import { LIMIT_LABELS } from '../shared/labels';

export function NetworkResult({ result }: { result: RequestResult }) {
  const s = result.server;
  if (!s) return null;
  return (
    <p data-testid="http-single-network">
      Network: the server ({s.chassis}) sends at {num(s.egress_gbps)} Gb/s (the {s.egress_limit === 'nic' ? 'NIC' : 'host'} ceiling × {num(s.egress_headroom)} headroom).
      The NIC was busy {estimate(s.nic_utilisation, 'percent')} of the time, offered {estimate(s.nic_offered_load, 'percent')} of what it can send, and a chunk
      waited {duration(s.nic_wait_ms.mean / 1000)} on average for it. Limited by <strong data-testid="http-single-binding">{LIMIT_LABELS[s.binding]}</strong> ({percent(s.binding_utilisation)} used).
    </p>
  );
}
