// What every tab beyond the scenario editor receives. Apart from views.ts
// (the list of tabs) so that a view importing these types does not import
// the list that imports it (no import cycles; `npm test` checks with madge).
import type { ComponentType } from 'react';
import type { FieldError, FleetRequest, Scenario, TcoBreakdown } from '../engine/types';
import type { Engine } from '../worker/contract';
import type { Edit } from './edit';

export interface ViewProps {
  engine: Engine;
  /** The scenario being edited (already validated when `valid`). */
  scenario: Scenario;
  valid: boolean;
  setScenario: (s: Scenario) => void;
  edit: Edit;
  /**
   * Load a preset by id, as the Scenario tab's picker does: the preset
   * marker, Reset and the link follow it, and edits made while it is on its
   * way are kept. `title` names it where the Scenario tab's list does not.
   */
  loadPreset: (id: string, title?: string) => void;
  /** Switch to another tab, e.g. `'scenario'` after loading a scenario into the editor. */
  showView?: (id: string) => void;
  /**
   * The core's messages on the scenario as it stands; `null` while it is
   * being checked or a field holds text that is not a number. A view that
   * chooses some fields itself (the optimiser chooses the counts) may run
   * despite messages on those fields.
   */
  scenarioErrors?: FieldError[] | null;
  /**
   * Load a scenario, show the Scenario tab and run it once the core accepts
   * it; `tco` (the optimiser row's) is shown beside that run's results.
   */
  applyAndRun?: (s: Scenario, tco?: TcoBreakdown | null) => void;
  /** The optimiser's rejection target (a probability; `null`: its default), kept by the app so that links carry it. */
  optimiserTarget?: number | null;
  setOptimiserTarget?: (t: number | null) => void;
  /** The optimiser's peak-utilisation ceiling (a fraction; `null`: the core's default), kept by the app so that links carry it. */
  optimiserCeiling?: number | null;
  setOptimiserCeiling?: (u: number | null) => void;
  /** The optimiser's fleet request (`null`: plan one server), kept by the app so that links carry it. */
  optimiserFleet?: FleetRequest | null;
  setOptimiserFleet?: (f: FleetRequest | null) => void;
}

export interface ViewDef {
  id: string;
  title: string;
  Component: ComponentType<ViewProps>;
  /** The view opens first when the page's URL fragment is one of its links. */
  ownsFragment?: (hash: string) => boolean;
}
