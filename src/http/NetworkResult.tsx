// The request run's network (model §11, the NIC as a queue): what the
// server may send, how much of it the run offered, how long a chunk waited
// for the NIC, and which limit bound the run. Shown only when the scenario
// has a server section; every number is the core's. Shares are whole
// percent: a utilisation's third digit says nothing an architect can use.
import type { RequestResult } from './types';
import type { ServerSpec } from '../engine/types';
import { duration, num, wholePercent } from '../shared/format';
import { LIMIT_LABELS } from '../shared/labels';

export function NetworkResult({ result, server }: { result: RequestResult; server?: ServerSpec | null }) {
  const s = result.server;
  if (!s) return null;
  const name = server?.chassis.name || s.chassis;
  const busy = wholePercent(s.nic_utilisation.mean);
  const offered = wholePercent(s.nic_offered_load.mean);
  return (
    <p data-testid="http-single-network">
      Network: {name} may send {num(s.egress_gbps)} Gb/s (the {s.egress_limit === 'nic' ? 'NIC' : 'host'} ceiling × {num(s.egress_headroom)} headroom).
      This run offered the NIC {offered} of what it can send{busy === offered ? '' : ` (busy ${busy} of the time)`}; a chunk waited{' '}
      {duration(s.nic_wait_ms.mean / 1000)} on average for it. Limited by <strong data-testid="http-single-binding">{LIMIT_LABELS[s.binding]}</strong> (
      {wholePercent(s.binding_utilisation)} used).
    </p>
  );
}
