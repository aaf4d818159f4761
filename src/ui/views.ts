// The app's pages beyond the scenario editor. Each feature registers one
// entry here; App renders them as tabs sharing the current scenario.
import type { ComponentType } from 'react';
import type { Scenario } from '../engine/types';
import type { Engine } from '../engine/contract';
import type { Edit } from './ScenarioEditor';
import { FlashView } from './flash/FlashView';
import { SweepsView } from '../sweeps/SweepsView';
import { OptimiserView } from './optimiser/OptimiserView';
import { ReproduceView } from './reproduce/ReproduceView';
import { HttpView } from '../http/HttpView';

export interface ViewProps {
  engine: Engine;
  /** The scenario being edited (already validated when `valid`). */
  scenario: Scenario;
  valid: boolean;
  setScenario: (s: Scenario) => void;
  edit: Edit;
  /** Switch to another tab, e.g. `'scenario'` after loading a scenario into the editor. */
  showView?: (id: string) => void;
}

export interface ViewDef {
  id: string;
  title: string;
  Component: ComponentType<ViewProps>;
}

export const extraViews: ViewDef[] = [
  { id: 'sweeps', title: 'Sweeps & figures', Component: SweepsView },
  { id: 'optimiser', title: 'Optimiser', Component: OptimiserView },
  { id: 'flash', title: 'Flash endurance', Component: FlashView },
  { id: 'http', title: 'HTTP streaming', Component: HttpView },
  { id: 'reproduce', title: 'Study claims', Component: ReproduceView },
];
