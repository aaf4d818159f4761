// The "Flash endurance" page (issue #7): lifetimes from simulated writes,
// write amplification against the spare factor, and the hybrid cost model.
import type { ViewProps } from '../shared/view-props';
import { CostModelPanel } from './CostModelPanel';
import { LifetimeComparison, ScenarioLifetime } from './LifetimePanel';
import { WaPanel } from './WaPanel';
import './flash.css';

export function FlashView({ engine, scenario, valid, edit }: ViewProps) {
  return (
    <div className="flash-view" data-testid="flash-view">
      <ScenarioLifetime engine={engine} scenario={scenario} valid={valid} />
      <LifetimeComparison engine={engine} />
      <WaPanel engine={engine} scenario={scenario} />
      <CostModelPanel engine={engine} scenario={scenario} edit={edit} />
    </div>
  );
}
