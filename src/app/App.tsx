// The app shell: the masthead, the tab bar and the tab shown. It owns what
// every tab shares — the scenario, its validation by the core, persistence
// (links, autosave, files) and the Optimiser's target — and composes the
// tabs: the Scenario tab (src/planner/PlannerView.tsx) and the others
// (views.ts). Everything the core computes goes through the engine (a
// worker pool in the browser).
import { ThemeToggle } from '../charts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Device, FleetRequest, PresetInfo, Scenario, TcoBreakdown } from '../engine/types';
import type { Engine } from '../worker/contract';
import { FormContext, useDraftTexts, useLocalInvalid } from '../shared/form';
import { pathSteps } from '../state/field-path';
import type { Edit } from '../shared/edit';
import { PlannerView } from '../planner/PlannerView';
import { useRun } from '../planner/useRun';
import { useValidation } from '../planner/useValidation';
import { extraViews, initialView } from './views';
import { NoticeBar } from '../state/PersistenceUi';
import { usePersistence } from '../state/usePersistence';

/**
 * The scenario's sections the Scenario tab edits, whose typed drafts are kept
 * with the scenario (link, autosave). The other tabs' sections (request,
 * block, cost_model) keep a text only while its field is shown.
 */
const PLANNER_SECTIONS: ReadonlySet<string> = new Set(['name', 'workload', 'run', 'devices', 'architecture', 'tiers', 'policy']);

export function App({ engine }: { engine: Engine }) {
  const [scenario, setScenario] = useState<Scenario | null>(null);
  const [presets, setPresets] = useState<PresetInfo[]>([]);
  const [devicePresets, setDevicePresets] = useState<Device[]>([]);
  const [localInvalid, setLocalInvalid] = useLocalInvalid();
  const [loadError, setLoadError] = useState<string | null>(null);
  const [view, setView] = useState(() => initialView(location.hash));

  useEffect(() => {
    let live = true;
    // The scenario itself comes from usePersistence (link, autosave or default).
    Promise.all([engine.listPresets(), engine.devicePresets()]).then(
      ([p, d]) => {
        if (!live) return;
        setPresets(p);
        setDevicePresets(d);
      },
      (e: unknown) => live && setLoadError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, [engine]);

  // The core checks the scenario after every edit (debounced, on a worker).
  const { errors, validated, failed: validateFailed } = useValidation(engine, scenario);

  const edit: Edit = useCallback((f) => {
    setScenario((prev) => {
      if (!prev) return prev;
      const next = structuredClone(prev);
      f(next);
      return next;
    });
  }, []);


  // Texts typed in the scenario's fields that it cannot hold ("abc", -3 in a
  // count) are drafts: kept beside the scenario, in its link and autosave.
  // Other fields in the app's form (a tab's own settings) pause Run while
  // they do not read, as before.
  const drafts = useDraftTexts();
  const { texts, set: setDraft, replace: replaceDrafts } = drafts;
  const inScenario = useCallback((path: string) => {
    const top = pathSteps(path)?.[0];
    return typeof top === 'string' && PLANNER_SECTIONS.has(top);
  }, []);
  const setFieldText = useCallback(
    (path: string, invalid: boolean, text?: string) => {
      if (invalid && text !== undefined && inScenario(path)) setDraft(path, true, text);
      else if (invalid) setLocalInvalid(path, true);
      else {
        setDraft(path, false);
        setLocalInvalid(path, false);
      }
    },
    [inScenario, setDraft, setLocalInvalid],
  );
  // A draft whose field has left the scenario (churn turned off, a tier the architecture drops) goes with it.
  useEffect(() => {
    if (!scenario) return;
    const gone = Object.keys(texts).filter((p) => !parentExists(scenario, p));
    if (gone.length === 0) return;
    const next = { ...texts };
    for (const p of gone) delete next[p];
    replaceDrafts(next);
  }, [scenario, texts, replaceDrafts]);
  const draftCount = Object.keys(texts).length;
  const form = useMemo(() => ({ errors, setLocalInvalid: setFieldText, texts, keeps: inScenario }), [errors, setFieldText, texts, inScenario]);

  // URL, autosave, presets and files (src/state); drafts the core does not accept yet are kept too.
  // "Run it" on a scenario a link opened: run as soon as the core has accepted it.
  const [runWhenAccepted, setRunWhenAccepted] = useState<Scenario | null>(null);
  // The optimiser's rejection target and ceiling live here, not in its tab: links carry them, and they outlive a tab switch.
  const [optimiserTarget, setOptimiserTarget] = useState<number | null>(null);
  const [optimiserCeiling, setOptimiserCeiling] = useState<number | null>(null);
  const [optimiserFleet, setOptimiserFleet] = useState<FleetRequest | null>(null);
  const targetState = useMemo(
    () => ({ target: optimiserTarget, setTarget: setOptimiserTarget, ceiling: optimiserCeiling, setCeiling: setOptimiserCeiling, fleet: optimiserFleet, setFleet: setOptimiserFleet }),
    [optimiserTarget, optimiserCeiling, optimiserFleet],
  );
  const draftState = useMemo(() => ({ texts, replace: replaceDrafts }), [texts, replaceDrafts]);
  const persistence = usePersistence(engine, scenario, setScenario, setRunWhenAccepted, targetState, draftState);
  const { loadPreset, applyPlan } = persistence;

  const { run, start: startRun, cancel } = useRun(engine, scenario);

  // "Use this configuration" (Optimiser): load it, show it, and run it as
  // soon as the core has accepted it (a rejected one stays, with its messages).
  // The applied row's TCO, shown with the results of exactly that scenario.
  const [appliedTco, setAppliedTco] = useState<{ scenario: Scenario; tco: TcoBreakdown } | null>(null);
  // The applied scenario whose run the page brings into view (its progress, then its results).
  const reveal = useRef<Scenario | null>(null);
  const applyAndRun = useCallback((s: Scenario, tco?: TcoBreakdown | null) => {
    // With an Undo, as a preset loads: the plan it replaces may be an hour's editing.
    applyPlan(s, 'Using the optimiser’s configuration.');
    setAppliedTco(tco ? { scenario: s, tco } : null);
    setView('scenario');
    setRunWhenAccepted(s);
    reveal.current = s;
  }, [applyPlan]);
  useEffect(() => {
    if (!runWhenAccepted || validated !== runWhenAccepted) return;
    setRunWhenAccepted(null);
    if (scenario === runWhenAccepted && errors.length === 0) startRun();
  }, [runWhenAccepted, validated, scenario, errors, startRun]);
  useEffect(() => {
    if (!reveal.current || scenario !== reveal.current) return;
    const target = run.status === 'done' ? 'results' : run.status === 'running' ? 'run-status' : null;
    if (!target) return;
    if (run.status === 'done') reveal.current = null;
    document.querySelector(`[data-testid="${target}"]`)?.scrollIntoView({ block: 'start' });
  }, [run.status, scenario]);

  if (loadError || validateFailed || persistence.fatal) {
    return (
      <main className="app">
        <p className="field-error" role="alert" data-testid="load-error">
          The simulation core could not be loaded: {loadError ?? validateFailed ?? persistence.fatal}
        </p>
      </main>
    );
  }
  if (!scenario) {
    return (
      <main className="app">
        <p data-testid="loading">Loading the simulation core…</p>
      </main>
    );
  }

  const upToDate = validated === scenario;
  const canRun = upToDate && errors.length === 0 && localInvalid.size === 0 && draftCount === 0;

  return (
    <FormContext.Provider value={form}>
      <main className="app" data-testid="app" data-valid={canRun ? 'true' : 'false'} data-restored={persistence.restored ?? ''}>
        <header className="masthead">
          <div className="masthead-row">
            <h1>tierplan</h1>
            <ThemeToggle />
          </div>
          <p>Capacity planning for video-on-demand storage hierarchies: DRAM, flash and disk, simulated stream by stream.</p>
        </header>
        <NoticeBar notice={persistence.notice} onDismiss={persistence.dismissNotice} />
        <nav className="tabs" role="tablist" aria-label="Views">
          {[{ id: 'scenario', title: 'Scenario & results' }, ...extraViews].map((v) => (
            <button
              key={v.id}
              type="button"
              role="tab"
              id={`tab-${v.id}`}
              aria-selected={view === v.id}
              aria-controls={`view-${v.id}`}
              data-testid={`tab-${v.id}`}
              className={view === v.id ? 'tab active' : 'tab'}
              onClick={() => setView(v.id)}
            >
              {v.title}
            </button>
          ))}
        </nav>
        {view === 'scenario' ? (
          <div role="tabpanel" id="view-scenario" aria-labelledby="tab-scenario">
          <PlannerView
            engine={engine}
            scenario={scenario}
            edit={edit}
            presets={presets}
            devicePresets={devicePresets}
            persistence={persistence}
            run={run}
            texts={texts}
            canRun={canRun}
            blockers={upToDate ? errors : []}
            onRun={startRun}
            onCancel={cancel}
            tco={run.status === 'done' && appliedTco?.scenario === run.ran ? appliedTco.tco : undefined}
          />
          </div>
        ) : null}
        {extraViews
          .filter((v) => v.id === view)
          .map((v) => (
            <div key={v.id} role="tabpanel" id={`view-${v.id}`} aria-labelledby={`tab-${v.id}`}>
              <v.Component
                engine={engine}
                scenario={scenario}
                valid={canRun}
                setScenario={setScenario}
                edit={edit}
                loadPreset={loadPreset}
                showView={setView}
                scenarioErrors={upToDate && localInvalid.size === 0 && draftCount === 0 ? errors : null}
                applyAndRun={applyAndRun}
                optimiserTarget={optimiserTarget}
                setOptimiserTarget={setOptimiserTarget}
                optimiserCeiling={optimiserCeiling}
                setOptimiserCeiling={setOptimiserCeiling}
                optimiserFleet={optimiserFleet}
                setOptimiserFleet={setOptimiserFleet}
              />
            </div>
          ))}
        <footer className="footer">
          Units: KB = 1024 B, MB = 1024 KB, GB = 1024 MB; bitrates in KB/s, bandwidths in MB/s. Same scenario and seed give bit-identical results here and in the
          native CLI.
        </footer>
      </main>
    </FormContext.Provider>
  );
}

/** Whether the object a field path ends in is still there (a draft for a field the form derives, such as Mbps, counts as there). */
function parentExists(s: Scenario, path: string): boolean {
  const steps = pathSteps(path);
  if (!steps) return false;
  let cur: unknown = s;
  for (const k of steps.slice(0, -1)) {
    if (cur === null || typeof cur !== 'object') return false;
    cur = (cur as Record<string | number, unknown>)[k];
  }
  return cur !== null && typeof cur === 'object';
}
