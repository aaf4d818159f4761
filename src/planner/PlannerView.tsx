// The Scenario tab ("Scenario & results"): the scenario editor on the left,
// the run panel, results and JSON on the right, the device catalog below
// and the run bar. The app shell (src/app/App.tsx) owns the scenario, its
// validation and persistence, and hands them in.
import type { Chassis, Device, FieldError, PresetInfo, Scenario, TcoBreakdown } from '../engine/types';
import type { Engine } from '../worker/contract';
import type { Edit } from '../shared/edit';
import type { Persistence } from '../state/usePersistence';
import { CopyLink, PresetStatus } from '../state/PersistenceUi';
import { DeviceCatalog } from './DeviceCatalog';
import { JsonPanel } from './JsonPanel';
import { PresetPicker } from './PresetPicker';
import { Results } from './Results';
import { RunBar } from './RunBar';
import { RunPanel } from './RunPanel';
import { ArchitectureSection, RunSection, ScenarioName, WorkloadSection } from './ScenarioEditor';
import type { RunState } from './useRun';
import { useEffect, useMemo, useState } from 'react';
import { ServerSection } from './ServerSection';
import { staleChanges } from './stale';

export interface PlannerViewProps {
  engine: Engine;
  scenario: Scenario;
  edit: Edit;
  presets: PresetInfo[];
  devicePresets: Device[];
  persistence: Persistence;
  run: RunState;
  /** Texts typed in fields that the scenario cannot hold yet (a change since the last run too). */
  texts?: Readonly<Record<string, string>>;
  canRun: boolean;
  /** The core's messages that keep the scenario from running (once it has checked the scenario shown). */
  blockers: FieldError[];
  onRun: () => void;
  onCancel: () => void;
  /** The TCO of the Optimiser's row this run applied, shown with its results. */
  tco?: TcoBreakdown;
}

export function PlannerView({ engine, scenario, edit, presets, devicePresets, persistence, run, texts, canRun, blockers, onRun, onCancel, tco }: PlannerViewProps) {
  const inUse = [scenario.tiers.disk.device, scenario.tiers.interval_cache?.device, scenario.tiers.file_cache?.device].filter(
    (x): x is string => typeof x === 'string',
  );
  const lastResult = run.status === 'done' ? run.result : null;
  // The chassis catalog, once: the picker lists it beside the devices.
  const [chassis, setChassis] = useState<Chassis[]>([]);
  useEffect(() => {
    let live = true;
    engine.chassisPresets().then((c) => live && setChassis(c), () => live && setChassis([]));
    return () => {
      live = false;
    };
  }, [engine]);
  const ran = run.status === 'done' ? run.ran : null;
  // The result on screen against the form, at once (no debounce): what changed since it ran.
  const changes = useMemo(() => (ran ? staleChanges(ran, scenario, texts) : []), [ran, scenario, texts]);
  return (
    <>
      <div className="layout">
        <div className="editor">
          <section className="card" aria-label="Scenario">
            <PresetPicker presets={presets} onLoad={persistence.loadPreset} />
            <PresetStatus persistence={persistence} presets={presets} />
            <CopyLink persistence={persistence} />
            <ScenarioName scenario={scenario} edit={edit} />
          </section>
          <WorkloadSection engine={engine} scenario={scenario} edit={edit} />
          <RunSection scenario={scenario} edit={edit} />
          <ArchitectureSection scenario={scenario} edit={edit} />
          <ServerSection scenario={scenario} edit={edit} chassis={chassis} />
        </div>
        <div className="side">
          <RunPanel state={run} canRun={canRun} blockers={blockers} onRun={onRun} onCancel={onCancel} />
          {lastResult ? <Results
              result={lastResult}
              devices={run.status === 'done' ? run.ran.devices : undefined}
              server={run.status === 'done' ? run.ran.server : undefined}
              tco={tco}
              stale={changes.length > 0 ? { changes, canRun, onRunAgain: onRun } : null}
            /> : null}
          <JsonPanel scenario={scenario} result={lastResult} onOpen={persistence.openJson} />
        </div>
      </div>
      <DeviceCatalog devices={scenario.devices} presets={devicePresets} inUse={inUse} edit={edit} engine={engine} />
      <RunBar
        canRun={canRun}
        running={run.status === 'running'}
        fraction={run.status === 'running' ? (run.progress?.fraction ?? null) : null}
        result={lastResult}
        stale={changes.length > 0}
        onRun={onRun}
        onCancel={onCancel}
      />
    </>
  );
}
