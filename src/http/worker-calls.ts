// The HTTP streaming tab's short calls as the simulation worker answers them:
// request-level presets and the I/O export (model §11). Its runs and the
// max-rate search are jobs the worker steps (src/worker/api.ts).
import { withScenarioErrors, type CallContext } from '../engine/modules';
import type { Device, PresetInfo, Scenario } from '../engine/types';
import type { FigureOutline, FigurePlanPoint, FigureSeries, FigureSettings, RateLoad, RequestSpec, SsdQueueDepths } from './types';

export interface RequestCalls {
  /** The generated I/O stream of replication 0 as CSV (at most `maxRows` rows). */
  exportIo(scenario: Scenario, maxRows: number): string;
  listRequestPresets(): PresetInfo[];
  requestPreset(id: string): Scenario;
  requestDevicePresets(): Device[];
  defaultRequestSpec(): RequestSpec;
  /** The miss-ratio figure's points, longest first, as the core defines them. */
  figurePlan(base: Scenario, settings: FigureSettings, series: FigureSeries[]): FigurePlanPoint[];
  /** The figure's rates, or its settings' problems (paths `figure.<setting>`). */
  figureOutline(settings: FigureSettings): FigureOutline;
  /** The scenario one series runs at `rate` under the figure's settings. */
  figurePointScenario(base: Scenario, series: FigureSeries, rate: number, settings: FigureSettings): Scenario;
  /** Request rates of the scenario's workload also as Gb/s and viewers playing at once, in the order given. */
  rateLoads(scenario: Scenario, rates: number[]): RateLoad[];
  /** The SSD command depths the request cache may ask for (the default and its drive's most); null without a request section. */
  ssdQueueDepths(scenario: Scenario): SsdQueueDepths | null;
}

export function requestCalls({ guard, studies }: CallContext): RequestCalls {
  return {
    exportIo: (scenario, maxRows) => withScenarioErrors(() => guard(() => studies().exportIo(scenario, maxRows))),
    listRequestPresets: () => guard(() => studies().listRequestPresets()),
    requestPreset: (id) => guard(() => studies().requestPreset(id)),
    requestDevicePresets: () => guard(() => studies().requestDevicePresets()),
    defaultRequestSpec: () => guard(() => studies().defaultRequestSpec()),
    figurePlan: (base, settings, series) => withScenarioErrors(() => guard(() => studies().figurePlan(base, settings, series))),
    figureOutline: (settings) => guard(() => studies().figureOutline(settings)),
    figurePointScenario: (base, series, rate, settings) =>
      withScenarioErrors(() => guard(() => studies().figurePointScenario(base, series, rate, settings))),
    rateLoads: (scenario, rates) => withScenarioErrors(() => guard(() => studies().rateLoads(scenario, Float64Array.from(rates)))),
    ssdQueueDepths: (scenario) => withScenarioErrors(() => guard(() => studies().ssdQueueDepths(scenario))),
  };
}
