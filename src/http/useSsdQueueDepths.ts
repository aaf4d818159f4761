// The SSD command depths of the scenario's request cache, as the core states
// them (`ssdQueueDepths`: the default when the field is absent and the most
// the chosen drive takes), so the editor restates neither.
import { useEffect, useState } from 'react';
import type { Engine } from '../worker/contract';
import type { Scenario } from '../engine/types';
import type { SsdQueueDepths } from './types';

export function useSsdQueueDepths(engine: Pick<Engine, 'ssdQueueDepths'>, scenario: Scenario): SsdQueueDepths | null {
  const [depths, setDepths] = useState<SsdQueueDepths | null>(null);
  useEffect(() => {
    let live = true;
    engine.ssdQueueDepths(scenario).then(
      (d) => live && setDepths(d),
      // A draft the core cannot read keeps the last answer.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [engine, scenario]);
  return depths;
}
