// The "Optimiser" view: per architecture, the cheapest device counts that
// meet a rejection target (model §10). The search runs in the studies' worker,
// its candidates on the simulation pool; this page only draws.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { getStudiesBackend } from '../worker/studies';
import { runOptimiser, type OptimiserProgress, type SearchBackend } from './client';
import type { Architecture, ArchitectureResult, FieldError, FleetRequest, FleetResult, OptimizeResult, RunResult, Scenario } from '../engine/types';
import { atLoad, FLEET_CURVE_FRACTIONS, fleetCurvePoints, fleetProgressText, fleetSpaceText, limitColors, runFleet, type FleetRunProgress } from './fleet';
import { FleetResults } from './FleetResults';
import { configured } from './apply';
import { ScatterChart } from '../charts';
import { ErrorSummary, FormContext, NumField, FieldMessages, useLocalInvalid } from '../shared/form';
import { ARCHITECTURES, fieldMessage, readableMessage } from '../shared/labels';
import { dollars, num } from '../shared/format';
import { tidy } from '../shared/units';
import type { ViewProps } from '../shared/view-props';
import { OptimiserTable } from './OptimiserTable';
import { deviceCountParts, rangesText, rejectedText } from './format';
import { ARCH_COLORS, coincidingOptima, costPoints } from './chart';
import { DEFAULT_FORM, STUDY_ARCHITECTURES, toSpec, type SpecForm } from './spec';
import { StudyCheck, type StudyCheckData } from './StudyCheck';
import { usePeakHour } from '../logs/usePeakHour';
import { archProgressText, cancelledText, finishedCount, largeSpaces, MAX_FIELD, searchLeftText } from './progress';
import './optimiser.css';

type RunState =
  | { status: 'idle' }
  | { status: 'running'; label: string; progress: OptimiserProgress | null }
  | { status: 'done'; result: OptimizeResult; seconds: number }
  /** `partial`: the search's last reported state, so every architecture that had finished keeps its row. */
  | { status: 'cancelled'; partial: OptimizeResult | null }
  | { status: 'failed'; message: string };

type FleetState =
  | { status: 'idle' }
  | { status: 'running'; progress: FleetRunProgress | null }
  | { status: 'done'; result: FleetResult; seconds: number }
  | { status: 'cancelled' }
  | { status: 'failed'; message: string };

const PREVIEW_DELAY_MS = 150;

function poolSize(engine: unknown): number {
  const n = (engine as { size?: unknown }).size;
  return typeof n === 'number' && n > 0 ? n : 1;
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

function isAbort(e: unknown): boolean {
  return typeof e === 'object' && e !== null && 'name' in e && (e as { name: string }).name === 'AbortError';
}

/** A device-count maximum: blank means "derived by the core". */
function MaxField({
  path,
  label,
  value,
  derived,
  onChange,
  setLocalBad,
}: {
  path: string;
  label: string;
  value: string;
  derived: number | null;
  onChange: (v: string) => void;
  setLocalBad: (path: string, bad: boolean) => void;
}) {
  const t = value.trim();
  const local = t !== '' && !/^\d+$/.test(t) ? 'enter a whole number, or leave blank for the derived maximum' : null;
  useEffect(() => setLocalBad(path, local !== null), [path, local, setLocalBad]);
  return (
    <div className="field">
      <label htmlFor={`opt-${path}`}>{label}</label>
      <input
        id={`opt-${path}`}
        type="text"
        inputMode="numeric"
        data-testid={`field-${path}`}
        value={value}
        placeholder={derived === null ? 'derived' : `derived: ${derived}`}
        aria-invalid={local !== null}
        onChange={(e) => onChange(e.target.value)}
      />
      <span className="hint" data-testid={`derived-${path}`}>
        {derived === null ? 'not used by the chosen architectures' : t === '' ? `derived from the workload: ${derived}` : `derived would be ${derived}`}
      </span>
      <FieldMessages path={path} local={local} />
    </div>
  );
}

/**
 * The peak-utilisation ceiling, in percent: blank means the core's default
 * (the planner's warning threshold, shown once the core has laid the search
 * out); a number goes to the core as typed, which names its range.
 */
function CeilingField({ value, shownDefault, onChange, setLocalBad }: { value: number | null; shownDefault: number | null; onChange: (u: number | null) => void; setLocalBad: (path: string, bad: boolean) => void }) {
  const path = 'optimize.max_peak_utilisation';
  const [text, setText] = useState(value === null ? '' : String(tidy(value * 100)));
  // Follow a value set from elsewhere (a link, Back, the study check).
  useEffect(() => {
    setText((t) => {
      const typed = t.trim() === '' ? null : Number(t) / 100;
      return typed === value ? t : value === null ? '' : String(tidy(value * 100));
    });
  }, [value]);
  const t = text.trim();
  const local = t !== '' && !Number.isFinite(Number(t)) ? 'enter a percentage above 0 and at most 100, or leave blank for the default' : null;
  useEffect(() => setLocalBad(path, local !== null), [local, setLocalBad]);
  const dflt = shownDefault === null ? 'the planner’s warning threshold' : `${tidy(shownDefault * 100)} %, the planner’s warning threshold`;
  return (
    <div className="field">
      <label htmlFor={`opt-${path}`}>
        Peak utilisation of any tier, at most<span className="unit"> (%)</span>
      </label>
      <input
        id={`opt-${path}`}
        type="text"
        inputMode="decimal"
        data-testid={`field-${path}`}
        value={text}
        placeholder={shownDefault === null ? 'default' : `default: ${tidy(shownDefault * 100)}`}
        aria-invalid={local !== null}
        onChange={(e) => {
          const v = e.target.value;
          setText(v);
          const x = v.trim();
          if (x === '') onChange(null);
          else if (Number.isFinite(Number(x))) onChange(Number(x) / 100);
        }}
      />
      <span className="hint" data-testid="opt-ceiling-hint">
        of each tier’s bandwidth at its busiest moment, in every replication; a configuration above it is rejected, with the reason. Blank: {dflt}. 100 = no ceiling.
      </span>
      <FieldMessages path={path} local={local} />
    </div>
  );
}

export function OptimiserView(props: ViewProps) {
  const search = useMemo(() => getStudiesBackend(), []);
  return <OptimiserPage {...props} search={search} />;
}

/** The counts the optimiser chooses: messages on them do not stop a search. */
const COUNT_PATH = /^tiers\.(disk|interval_cache|file_cache)\.count$/;

export function OptimiserPage({
  engine,
  scenario: given,
  valid,
  setScenario,
  search,
  scenarioErrors,
  applyAndRun,
  optimiserTarget,
  setOptimiserTarget,
  optimiserCeiling,
  setOptimiserCeiling,
  optimiserFleet,
  setOptimiserFleet,
}: ViewProps & { search: SearchBackend }) {
  // The optimiser runs on its own search space: only the scenario's other
  // fields must be valid, never the counts it is about to choose.
  const countErrors = scenarioErrors?.filter((e) => COUNT_PATH.test(e.path)) ?? [];
  const searchable = valid || (scenarioErrors != null && scenarioErrors.length > 0 && countErrors.length === scenarioErrors.length);
  // Peak-hour planning: with a rate profile, optionally size for its
  // busiest hour held constant (the scenario the search sees).
  const peak = usePeakHour(given);
  const [peakOn, setPeakOn] = useState(false);
  const scenario = peakOn && peak ? peak.scenario : given;
  // The target is the app's when it keeps one (links carry it); else this page's.
  const [formRest, setFormRest] = useState<SpecForm>(DEFAULT_FORM);
  const [localTarget, setLocalTarget] = useState<number | null>(null);
  const keptTarget = setOptimiserTarget ? (optimiserTarget ?? null) : localTarget;
  const setTarget = useCallback((t: number) => (setOptimiserTarget ?? setLocalTarget)(t === DEFAULT_FORM.target ? null : t), [setOptimiserTarget]);
  // The ceiling likewise.
  const [localCeiling, setLocalCeiling] = useState<number | null>(null);
  const keptCeiling = setOptimiserCeiling ? (optimiserCeiling ?? null) : localCeiling;
  const setCeiling = useCallback((u: number | null) => (setOptimiserCeiling ?? setLocalCeiling)(u), [setOptimiserCeiling]);
  const form = useMemo<SpecForm>(() => ({ ...formRest, target: keptTarget ?? DEFAULT_FORM.target, ceiling: keptCeiling }), [formRest, keptTarget, keptCeiling]);
  const setForm = (f: SpecForm) => {
    setFormRest(f);
    setTarget(f.target);
    setCeiling(f.ceiling);
  };
  const [preview, setPreview] = useState<{ result: OptimizeResult | null; errors: FieldError[] }>({ result: null, errors: [] });
  // The core's default ceiling, as the last search laid out without one reported it.
  const [defaultCeiling, setDefaultCeiling] = useState<number | null>(null);
  const [localBad, setLocalBad] = useLocalInvalid();
  const [run, setRun] = useState<RunState>({ status: 'idle' });
  // A fleet plan (model §10b) instead of one server: the app keeps the request when it can (links carry it).
  const [localFleet, setLocalFleet] = useState<FleetRequest | null>(null);
  const fleet = setOptimiserFleet ? (optimiserFleet ?? null) : localFleet;
  const setFleet = setOptimiserFleet ?? setLocalFleet;
  const [fleetRun, setFleetRun] = useState<FleetState>({ status: 'idle' });
  const scenarioChassis = scenario.server?.chassis.name ?? null;
  // What the scenario's server section says; the fleet request may override it.
  const scenarioRouting = scenario.server?.fleet.routing ?? 'any_server';
  // The cost chart's fleets at lower loads, planned on request after the answer.
  const [curve, setCurve] = useState<{ status: 'idle' | 'running' | 'done' | 'stopped'; results: FleetResult[] }>({ status: 'idle', results: [] });
  const [check, setCheck] = useState<StudyCheckData | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  // Leaving the tab unmounts this view: stop its search rather than let it
  // hold the pool with nobody to show it to (and the planner's run waiting).
  useEffect(() => () => abortRef.current?.abort(), []);
  const spec = useMemo(() => toSpec(form), [form]);
  const parallel = poolSize(engine);

  const set = <K extends keyof SpecForm>(k: K, v: SpecForm[K]) =>
    k === 'target' ? setTarget(v as number) : k === 'ceiling' ? setCeiling(v as number | null) : setFormRest((f) => ({ ...f, [k]: v }));

  // Lay the search out (no simulation) to check the spec and show the space.
  useEffect(() => {
    if (!searchable || localBad.size > 0) return;
    let live = true;
    const t = setTimeout(() => {
      void (async () => {
        let h: number | null = null;
        try {
          const started = await search.start(scenario, spec);
          if ('errors' in started) {
            if (live) setPreview({ result: null, errors: started.errors });
            return;
          }
          h = started.handle;
          const result = await search.result(h);
          if (live) {
            setPreview({ result, errors: [] });
            if (spec.max_peak_utilisation == null) setDefaultCeiling(result.max_peak_utilisation);
          }
        } catch (e) {
          if (live) setPreview({ result: null, errors: [{ path: 'optimize', message: messageOf(e) }] });
        } finally {
          if (h !== null) await search.free(h);
        }
      })();
    }, PREVIEW_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [search, scenario, spec, searchable, localBad]);

  const running = run.status === 'running' || fleetRun.status === 'running' || curve.status === 'running';
  const canRun = searchable && !running && localBad.size === 0 && preview.errors.length === 0 && form.architectures.length > 0;

  async function startFleet(request: FleetRequest) {
    const ac = new AbortController();
    abortRef.current = ac;
    setFleetRun({ status: 'running', progress: null });
    setCurve({ status: 'idle', results: [] });
    try {
      const out = await runFleet({
        search,
        runner: engine,
        parallel,
        scenario,
        spec,
        request,
        signal: ac.signal,
        onProgress: (p) => {
          if (!ac.signal.aborted) setFleetRun({ status: 'running', progress: p });
        },
      });
      setFleetRun({ status: 'done', result: out.result, seconds: out.seconds });
    } catch (e) {
      setFleetRun(isAbort(e) ? { status: 'cancelled' } : { status: 'failed', message: messageOf(e) });
    }
  }

  /** Plan the fleet again at lower loads for the cost chart (each search in the worker, its servers on the pool). */
  async function drawCurve(request: FleetRequest) {
    const ac = new AbortController();
    abortRef.current = ac;
    const results: FleetResult[] = [];
    setCurve({ status: 'running', results });
    try {
      for (const f of FLEET_CURVE_FRACTIONS) {
        const out = await runFleet({ search, runner: engine, parallel, scenario: atLoad(scenario, f), spec, request, signal: ac.signal });
        results.push(out.result);
        setCurve({ status: 'running', results: [...results] });
      }
      setCurve({ status: 'done', results: [...results] });
    } catch {
      setCurve({ status: 'stopped', results: [...results] });
    }
  }

  async function start() {
    if (fleet) return startFleet(fleet);
    const ac = new AbortController();
    abortRef.current = ac;
    setRun({ status: 'running', label: 'Searching', progress: null });
    // The last state the search reported: what a cancel keeps.
    let last: OptimizeResult | null = null;
    try {
      const out = await runOptimiser({
        search,
        runner: engine,
        parallel,
        scenario,
        spec,
        signal: ac.signal,
        onProgress: (p) => {
          last = p.partial;
          if (!ac.signal.aborted) setRun({ status: 'running', label: 'Searching', progress: p });
        },
      });
      setRun({ status: 'done', result: out.result, seconds: out.seconds });
    } catch (e) {
      setRun(isAbort(e) ? { status: 'cancelled', partial: last } : { status: 'failed', message: messageOf(e) });
    }
  }

  /** Load the MMSys'11 cost setup and run all three architectures under both criteria. */
  async function studyCheck() {
    const ac = new AbortController();
    abortRef.current = ac;
    setCheck(null);
    setRun({ status: 'running', label: 'Study check', progress: null });
    let last: OptimizeResult | null = null;
    try {
      const t0 = performance.now();
      const s: Scenario = await engine.preset('mmsys11-cost-hdd');
      setScenario(s);
      // The study sized with no headroom: no ceiling (100 %).
      const f: SpecForm = { ...DEFAULT_FORM, architectures: STUDY_ARCHITECTURES, target: 0, ceiling: 1, tcoOn: form.tcoOn, years: form.years, usdPerKwh: form.usdPerKwh, hoursPerDay: form.hoursPerDay };
      setForm({ ...f, criterion: 'simulated' });
      const capacityRuns: Partial<Record<Architecture, RunResult>> = {};
      // The study's table lives in the core (shared with the Study claims tab).
      const table = await engine.studyCostTable();
      const dramClaim = table.find((c) => c.architecture === 'dram_ic_hdd');
      if (!dramClaim) throw new Error('the core has no DRAM + HDD row in the MMSys\'11 cost table');
      const studyDram: Scenario = structuredClone(s);
      studyDram.architecture = 'dram_ic_hdd';
      studyDram.tiers.disk.count = dramClaim.counts.disk;
      if (studyDram.tiers.interval_cache) studyDram.tiers.interval_cache.count = dramClaim.counts.interval_cache;
      if (studyDram.tiers.file_cache) studyDram.tiers.file_cache.count = 0;
      // All three at once: the pool's queue keeps every worker busy.
      const [capacity, simulated, dram] = await Promise.all([
        runOptimiser({
          search,
          runner: engine,
          parallel,
          scenario: s,
          spec: toSpec({ ...f, criterion: 'study_capacity' }),
          signal: ac.signal,
          onResult: (c, r) => {
            capacityRuns[c.architecture] = r;
          },
        }),
        runOptimiser({
          search,
          runner: engine,
          parallel,
          scenario: s,
          spec: toSpec({ ...f, criterion: 'simulated' }),
          signal: ac.signal,
          onProgress: (p) => {
            last = p.partial;
            if (!ac.signal.aborted) setRun({ status: 'running', label: 'Study check', progress: p });
          },
        }),
        engine.run(studyDram, { signal: ac.signal }),
      ]);
      const seconds = (performance.now() - t0) / 1000;
      // Why a configuration meeting the capacity rule still rejects: the core's words, as on the Study claims tab.
      const notes: Partial<Record<Architecture, string>> = {};
      for (const c of table) {
        const r = capacityRuns[c.architecture];
        if (r) notes[c.architecture] = await engine.rejectionNote(r, c.text);
      }
      // The capacity rule's numbers for the explanation, from the core (its rounding guard included).
      const disk = s.devices.find((d) => d.id === s.tiers.disk.device);
      const kbps = s.workload.classes[0]?.bitrate_kbps ?? 0;
      const hddN = table.find((c) => c.architecture === 'hdd_only')?.counts.disk ?? 0;
      const rule = async (mbps: number) => (disk?.read_mbps && kbps > 0 ? engine.streamsPerBandwidth(mbps, kbps) : Number.NaN);
      const perDisk = await rule(disk?.read_mbps ?? 0);
      const fewerDisks = await rule(Math.max(0, hddN - 1) * (disk?.read_mbps ?? 0));
      setCheck({ scenario: s, capacity: capacity.result, simulated: simulated.result, studyDram: dram, table, notes, seconds, perDisk, fewerDisks });
      setRun({ status: 'done', result: simulated.result, seconds });
    } catch (e) {
      ac.abort();
      setRun(isAbort(e) ? { status: 'cancelled', partial: last } : { status: 'failed', message: messageOf(e) });
    }
  }

  const shown = run.status === 'done' ? run.result : run.status === 'running' ? (run.progress?.partial ?? null) : run.status === 'cancelled' ? run.partial : null;
  // A finished row is usable at once, also while other architectures still
  // search: using it stops that search (the view is left for the planner).
  const use = (a: ArchitectureResult) => {
    if (!shown) return;
    if (running) abortRef.current?.abort();
    const s = configured(given, a, shown.run);
    if (applyAndRun) applyAndRun(s, a.best?.measurement?.tco);
    else setScenario(s);
  };
  // Spaces large enough to search for minutes, flagged before a search starts.
  const large = largeSpaces(preview.result);
  const spaces = (run.status === 'done' ? run.result : preview.result)?.architectures ?? [];
  const derivedMax = (role: 'disk' | 'interval_cache' | 'file_cache') => {
    const vals = (preview.result?.architectures ?? []).flatMap((a) => a.space.tiers.filter((t) => t.role === role && t.max_derived).map((t) => t.max));
    const any = (preview.result?.architectures ?? []).some((a) => a.space.tiers.some((t) => t.role === role));
    if (!any) return null;
    return vals.length ? Math.max(...vals) : null;
  };
  const formErrors = preview.errors;

  return (
    <FormContext.Provider value={{ errors: formErrors, setLocalInvalid: setLocalBad }}>
      <div className="optimiser" data-testid="optimiser">
        <section className="card" aria-labelledby="opt-title">
          <h2 id="opt-title">Cost optimiser</h2>
          <p className="note">
            For each architecture, the cheapest device counts (of the devices chosen on the Scenario tab:{' '}
            {[scenario.tiers.disk, scenario.tiers.interval_cache, scenario.tiers.file_cache]
              .flatMap((t) => (t ? [scenario.devices.find((d) => d.id === t.device)?.name ?? t.device] : []))
              .join(', ')}
            ) that hold the library and meet the rejection target, for the current
            workload and run settings.
          </p>
          {peak ? (
            <label className="check" data-testid="opt-peak">
              <input type="checkbox" data-testid="opt-peak-hour" checked={peakOn} onChange={(e) => setPeakOn(e.target.checked)} />
              Size for the peak hour: {String(peak.hour).padStart(2, '0')}:00–{String((peak.hour + 1) % 24).padStart(2, '0')}:00 at{' '}
              {num(peak.rate)} requests/s held constant (the workload's hourly profile peaks there)
            </label>
          ) : null}
          <fieldset className="opt-archs">
            <legend>Architectures to compare</legend>
            {ARCHITECTURES.map((a) => (
              <label key={a.value} className="check" title={a.help}>
                <input
                  type="checkbox"
                  data-testid={`opt-arch-${a.value}`}
                  checked={form.architectures.includes(a.value)}
                  onChange={(e) =>
                    set(
                      'architectures',
                      e.target.checked
                        ? ARCHITECTURES.map((x) => x.value).filter((v) => v === a.value || form.architectures.includes(v))
                        : form.architectures.filter((v) => v !== a.value),
                    )
                  }
                />
                {a.label}
              </label>
            ))}
            <FieldMessages path="optimize.architectures" />
          </fieldset>
          <div className="grid">
            <NumField
              path="optimize.target"
              label="Target: viewers turned away, at most"
              unit="%"
              value={tidy(form.target * 100)}
              onChange={(v) => set('target', v / 100)}
              hint="of the requests, decided by the 95 % interval (below); 0 = nobody turned away in any replication"
            />
            <CeilingField
              value={form.ceiling}
              shownDefault={defaultCeiling}
              onChange={(u) => set('ceiling', u)}
              setLocalBad={setLocalBad}
            />
          </div>
          <fieldset className="opt-criterion">
            <legend>Criterion</legend>
            <label className="radio">
              <input type="radio" name="opt-criterion" data-testid="opt-criterion-simulated" checked={form.criterion === 'simulated'} onChange={() => set('criterion', 'simulated')} />
              Simulated
            </label>
            <span className="hint" data-testid="opt-rule-hint">
              A configuration passes when the 95 % interval of its simulated rejection probability lies wholly below the target, as the Planner decides a
              target: replications are added from 3 up to {preview.result?.max_replications ?? 'the cap'} until the interval clears it;{' '}
              <strong>“cannot decide” at the cap counts as a fail</strong>. A target of 0 needs no rejection in any replication. Every tier’s peak
              utilisation must also stay at or under the ceiling. Cheaper configurations are excluded only by conditions that provably hold for the very
              arrival sequence simulated, so the answer equals simulating everything.
            </span>
            <label className="radio">
              <input type="radio" name="opt-criterion" data-testid="opt-criterion-study_capacity" checked={form.criterion === 'study_capacity'} onChange={() => set('criterion', 'study_capacity')} />
              Study’s capacity rule
            </label>
            <span className="hint">
              The MMSys'11 rule: stream capacity Σ ⌊bandwidth × 1024 / bitrate⌋ of the disk and flash tiers ≥ λ × mean length × (1 − target). No credit for an
              interval cache (the rule has no closed form for it). The chosen configuration is simulated once for its metrics — it may still reject at a peak.
            </span>
          </fieldset>
          <div className="grid">
            <MaxField path="optimize.max_counts.disk" label="Max disks" value={form.maxDisk} derived={derivedMax('disk')} onChange={(v) => set('maxDisk', v)} setLocalBad={setLocalBad} />
            <MaxField
              path="optimize.max_counts.interval_cache"
              label="Max interval-cache devices"
              value={form.maxIntervalCache}
              derived={derivedMax('interval_cache')}
              onChange={(v) => set('maxIntervalCache', v)}
              setLocalBad={setLocalBad}
            />
            <MaxField
              path="optimize.max_counts.file_cache"
              label="Max file-cache devices"
              value={form.maxFileCache}
              derived={derivedMax('file_cache')}
              onChange={(v) => set('maxFileCache', v)}
              setLocalBad={setLocalBad}
            />
          </div>
          <fieldset className="opt-tco">
            <legend>
              <label className="check">
                <input type="checkbox" data-testid="opt-tco-on" checked={form.tcoOn} onChange={(e) => set('tcoOn', e.target.checked)} />
                Total cost of ownership (energy and SSD replacements over a service life)
              </label>
            </legend>
            {form.tcoOn ? (
              <div className="grid">
                <NumField path="optimize.tco.years" label="Service life" unit="years" value={form.years} onChange={(v) => set('years', v)} />
                <NumField path="optimize.tco.usd_per_kwh" label="Energy price" unit="$/kWh" value={form.usdPerKwh} onChange={(v) => set('usdPerKwh', v)} />
                <NumField path="optimize.tco.hours_per_day" label="Operating hours" unit="h/day" value={form.hoursPerDay} onChange={(v) => set('hoursPerDay', v)} />
              </div>
            ) : null}
          </fieldset>
          <FieldMessages path="optimize" />
          <FieldMessages path="optimize.max_counts" />
          {!searchable ? (
            <p className="field-error" data-testid="opt-scenario-invalid">
              The scenario has errors the optimiser cannot choose around: fix them on the Scenario tab first.
            </p>
          ) : !valid && countErrors.length > 0 ? (
            <p className="hint" data-testid="opt-counts-ignored">
              The scenario’s own device counts are not valid ({countErrors.map(fieldMessage).join('; ')}). The optimiser chooses
              the counts, so it searches anyway; “Use this configuration” replaces them.
            </p>
          ) : null}
          {large.length > 0 && !running && !fleet ? (
            <div className="opt-large" data-testid="opt-large-space" role="note">
              <p>
                <strong>A large search.</strong>{' '}
                {large.map((l) => `${l.architecture.label} has ${l.architecture.space.configurations.toLocaleString('en-US')} configurations (${rangesText(l.architecture.space)})`).join('; ')}.
                The search visits them cheapest first and stops at the first that passes, but a space this size can keep it running for many minutes.
                Lower the maxima above to bound it; if the answer needs more, the search says which maximum to raise.
              </p>
              <div className="run-buttons">
                {/* One button a maximum (it bounds that tier in every architecture): the largest range's, shown last-wins after sorting. */}
                {[...new Map(large.filter((l) => l.lower !== null).sort((x, y) => x.widest.max - y.widest.max).map((l) => [l.widest.role, l])).values()].map((l) => (
                  <button
                    type="button"
                    key={l.widest.role}
                    data-testid={`opt-lower-${l.widest.role}`}
                    onClick={() => set(MAX_FIELD[l.widest.role].key, String(l.lower))}
                  >
                    Lower “{MAX_FIELD[l.widest.role].label}” to {l.lower} (now {l.widest.max}
                    {l.widest.max_derived ? ', derived' : ''})
                  </button>
                ))}
              </div>
            </div>
          ) : null}
          <fieldset className="opt-fleet-choice">
            <legend>What to plan</legend>
            <label className="radio">
              <input type="radio" name="opt-plan" data-testid="opt-plan-server" checked={!fleet} onChange={() => setFleet(null)} />
              One server: the cheapest device counts
            </label>
            <label className="radio">
              <input type="radio" name="opt-plan" data-testid="opt-plan-fleet" checked={!!fleet} onChange={() => setFleet({ every_chassis: !scenarioChassis, extra_servers: null })} />
              A fleet: N servers of a chassis behind a load balancer, each within its bays, memory slots and network egress
            </label>
            {fleet && scenarioChassis ? (
              <label className="check" data-testid="opt-fleet-every">
                <input
                  type="checkbox"
                  data-testid="opt-fleet-every-chassis"
                  checked={fleet.every_chassis}
                  onChange={(e) => setFleet({ ...fleet, every_chassis: e.target.checked })}
                />
                Try every preset chassis, not only the scenario’s ({scenarioChassis})
              </label>
            ) : null}
            {fleet ? (
              <label className="opt-fleet-routing">
                Routing{' '}
                <select
                  data-testid="opt-fleet-routing"
                  value={fleet.routing ?? scenarioRouting}
                  onChange={(e) => setFleet({ ...fleet, routing: e.target.value === 'by_title' ? 'by_title' : 'any_server' })}
                >
                  <option value="any_server">any server: each sees 1/N of the arrivals and holds every title</option>
                  <option value="by_title">by title: each title on one server, the hottest server decides</option>
                </select>
              </label>
            ) : null}
            {fleet ? (
              <span className="hint" data-testid="opt-fleet-hint">
                Searches {fleetSpaceText(fleet, scenarioChassis)}, from the fewest servers whose network carries the workload upwards; the cheapest
                fleet per architecture, exact for that space. Larger fleets are skipped once their cost cannot beat a fleet found.
              </span>
            ) : null}
          </fieldset>
          <div className="run-buttons">
            <button type="button" className="primary" data-testid="opt-run" disabled={!canRun} onClick={() => void start()}>
              {fleet ? 'Plan the cheapest fleet' : 'Find the cheapest configurations'}
            </button>
            <button type="button" data-testid="opt-study-check" disabled={running} onClick={() => void studyCheck()}>
              Run the study check
            </button>
            <button type="button" data-testid="opt-cancel" disabled={!running} onClick={() => abortRef.current?.abort()}>
              Cancel
            </button>
          </div>
          <ErrorSummary errors={formErrors} action="searching" testId="opt-error-summary" />
          {fleet || fleetRun.status !== 'idle' ? <FleetStatus run={fleetRun} parallel={parallel} /> : null}
          {!fleet || run.status !== 'idle' ? <RunStatus run={run} parallel={parallel} /> : null}
        </section>

        {fleetRun.status === 'done' ? (
          <section className="card" aria-labelledby="opt-fleet-title" data-testid="opt-fleet-results">
            <h2 id="opt-fleet-title">Cheapest fleet</h2>
            <FleetResults result={fleetRun.result} seconds={fleetRun.seconds} />
            <FleetCurve
              main={fleetRun.result}
              curve={curve}
              busy={running}
              onDraw={() => fleet && void drawCurve(fleet)}
            />
          </section>
        ) : null}

        {spaces.length > 0 && !fleet ? (
          <section className="card" aria-labelledby="opt-space-title" data-testid="opt-space">
            <h2 id="opt-space-title">Search space</h2>
            <ul className="opt-space-list">
              {spaces.map((a) => (
                <li key={a.architecture} data-testid={`opt-space-${a.architecture}`}>
                  <strong>{a.label}</strong>:{' '}
                  {a.space.tiers.length === 0
                    ? (a.message ?? 'not searched')
                    : `${rangesText(a.space)} — ${a.space.configurations.toLocaleString('en-US')} configurations, each holding the library.`}
                  {run.status === 'done' && a.space.tiers.length > 0
                    ? ` ${a.simulated} simulated${rejectedText(a, run.result)}, ${a.pruned} pruned by the trace bound, ${a.not_examined.toLocaleString('en-US')} dearer than the optimum (never needed).`
                    : ''}
                </li>
              ))}
            </ul>
            <p className="hint">
              Configurations are visited in capital-cost order; the first that meets the criterion is the answer. Pruned = proved infeasible without simulation
              (the requests still playing at some arrival exceed what the configuration can carry, for the same arrivals the simulator draws).
              {run.status === 'done' && !run.result.pruning_active ? ' Pruning was switched off during this run (a simulation did not match the regenerated trace).' : ''}
            </p>
            {run.status === 'done'
              ? run.result.notes.map((n, i) => (
                  <p key={i} className="hint">
                    {n}
                  </p>
                ))
              : null}
          </section>
        ) : null}

        {shown ? (
          <section className="card" aria-labelledby="opt-results-title" data-testid="opt-results">
            <h2 id="opt-results-title">Cheapest configurations</h2>
            <OptimiserTable result={shown} devices={scenario.devices} onUse={use} cancelled={run.status === 'cancelled'} />
            {running && finishedCount(shown).finished > 0 ? (
              <p className="hint" data-testid="opt-use-early">
                A finished architecture’s row can be used now: “Use this configuration” stops the search still running and opens the configuration on
                the Scenario tab.
              </p>
            ) : null}
            {peakOn ? (
              <p className="hint">“Use this configuration” applies the counts to your scenario with its daily profile (not the peak hour held constant).</p>
            ) : null}
            {run.status === 'done' && shown.evaluated.some((e) => e.reason) ? <Rejected result={shown} devices={scenario.devices} /> : null}
            {shown.evaluated.length > 0 ? <CostChart result={shown} /> : null}
            {run.status === 'done' ? (
              <details className="opt-json">
                <summary>Result as JSON (what <code>tierplan optimize FILE --spec search.json</code> prints)</summary>
                <pre data-testid="opt-json">{JSON.stringify(run.result, null, 2)}</pre>
              </details>
            ) : null}
          </section>
        ) : null}

        {check ? (
          <section className="card" aria-labelledby="opt-study-title">
            <h2 id="opt-study-title">Reproduction: the MMSys'11 cost table</h2>
            <StudyCheck data={check} />
          </section>
        ) : (
          <section className="card" aria-labelledby="opt-study-title">
            <h2 id="opt-study-title">Reproduction: the MMSys'11 cost table</h2>
            <p className="note">
              The study (Ryu, Kim &amp; Ramachandran, MMSys'11) sizes each architecture for λ = 1 request/s of 60-minute videos at 245 KB/s with 0 % rejection and
              reports: HDD only 13 HDDs (1.46 streams/$), DRAM + HDD 2 DRAM + 12 HDDs (1.54), SSD + HDD 5 SSDs + 2 HDDs (3.55) — flash about twice as
              cost-effective as either other. <strong>Run the study check</strong> loads that setup (preset “Cost table”) and searches all three
              architectures under both criteria, then explains each difference.
            </p>
          </section>
        )}
      </div>
    </FormContext.Provider>
  );
}

/** Every simulated configuration that failed, cheapest first, with the core's reason. */
function Rejected({ result, devices }: { result: OptimizeResult; devices: Scenario['devices'] }) {
  const rows = result.evaluated.filter((e) => e.reason).sort((a, b) => a.capital_cost - b.capital_cost);
  const space = new Map(result.architectures.map((a) => [a.architecture, a]));
  return (
    <details className="opt-rejected" data-testid="opt-rejected">
      <summary>Why the {rows.length} simulated configuration{rows.length === 1 ? '' : 's'} that failed were rejected</summary>
      <ul>
        {rows.map((e) => {
          const a = space.get(e.architecture)!;
          const parts = deviceCountParts(e.counts, a.space, devices)
            .map((p) => `${p.count} × ${p.name}`)
            .join(' + ');
          return (
            <li key={`${e.architecture}-${e.counts.disk}-${e.counts.interval_cache}-${e.counts.file_cache}`} data-testid="opt-rejected-row">
              <strong>{a.label}</strong>, {parts} ({dollars(e.capital_cost)}, N = {e.replications}): {e.reason}
            </li>
          );
        })}
      </ul>
    </details>
  );
}

function FleetStatus({ run, parallel }: { run: FleetState; parallel: number }) {
  if (run.status === 'running')
    return (
      <div className="progress" data-testid="opt-fleet-progress">
        <progress
          max={run.progress ? Math.max(1, run.progress.search.tries) : 1}
          value={run.progress ? run.progress.search.tries_done + run.progress.search.tries_pruned : undefined}
          aria-label="Fleet tries settled"
        />
        <span data-testid="opt-status" aria-live="polite">
          Planning a fleet: {run.progress ? fleetProgressText(run.progress.search, parallel) : 'laying out the search…'}
        </span>
      </div>
    );
  if (run.status === 'done')
    return (
      <p className="ok" data-testid="opt-status">
        Fleet planned in {run.seconds.toFixed(1)} s: {run.result.simulations} servers simulated, {run.result.pruned} tries skipped by the cost bound.
      </p>
    );
  if (run.status === 'cancelled')
    return (
      <p className="muted" data-testid="opt-status">
        Fleet search cancelled: nothing is planned from a partial search.
      </p>
    );
  if (run.status === 'failed')
    return (
      <p className="field-error" role="alert" data-testid="opt-error">
        {readableMessage(run.message)}
      </p>
    );
  return null;
}

function RunStatus({ run, parallel }: { run: RunState; parallel: number }) {
  if (run.status === 'running') {
    const p = run.progress;
    const arch = p?.partial.architectures ?? [];
    return (
      <div className="progress" data-testid="opt-progress">
        <progress
          max={p ? Math.max(1, p.search.architectures) : 1}
          value={p ? p.search.architectures_done : undefined}
          aria-label="Architectures concluded"
        />
        <span data-testid="opt-status" aria-live="polite">
          {run.label}:{' '}
          {p
            ? `${p.search.simulated} configurations simulated, ${p.search.in_flight} running on ${parallel} worker${parallel === 1 ? '' : 's'}, ${p.search.pruned} pruned — ${p.search.architectures_done} of ${p.search.architectures} architectures finished`
            : 'laying out the search…'}
        </span>
        {p && !p.search.done ? (
          <span className="muted" data-testid="opt-left">
            {searchLeftText(p.search, p.left)}
          </span>
        ) : null}
        <ul className="opt-progress-list">
          {arch.map((a) => (
            <li key={a.architecture} data-testid={`opt-progress-${a.architecture}`} data-done={a.done ? 'true' : 'false'}>
              {archProgressText(a, p?.running)}
            </li>
          ))}
        </ul>
      </div>
    );
  }
  if (run.status === 'done')
    return (
      <p className="ok" data-testid="opt-status">
        Done in {run.seconds.toFixed(2)} s: {run.result.simulations} simulations, {run.result.pruned} configurations pruned
        {run.result.shared > 0
          ? `, ${run.result.shared} decided by an identical configuration’s simulation (no cache device: the same system as HDD only with as many disks)`
          : ''}
        .
      </p>
    );
  if (run.status === 'cancelled')
    return (
      <p className="muted" data-testid="opt-status">
        {cancelledText(run.partial)}
      </p>
    );
  if (run.status === 'failed')
    return (
      <p className="field-error" role="alert" data-testid="opt-error">
        {readableMessage(run.message)}
      </p>
    );
  return null;
}

/** Cost against streams: the cheapest fleet at a few loads, coloured by the limit that binds it. */
function FleetCurve({
  main,
  curve,
  busy,
  onDraw,
}: {
  main: FleetResult;
  curve: { status: 'idle' | 'running' | 'done' | 'stopped'; results: FleetResult[] };
  busy: boolean;
  onDraw: () => void;
}) {
  const width = useChartWidth();
  const all = [...curve.results, main];
  const points = fleetCurvePoints(all);
  return (
    <div className="opt-chart" data-testid="opt-fleet-curve">
      {curve.status === 'idle' ? (
        <div className="run-buttons">
          <button type="button" data-testid="opt-fleet-draw" disabled={busy} onClick={onDraw}>
            Draw cost against streams (plans {FLEET_CURVE_FRACTIONS.length} more fleets, at {FLEET_CURVE_FRACTIONS.map((f) => `${f * 100} %`).join(', ')} of the load)
          </button>
        </div>
      ) : (
        <>
          <ScatterChart
            title="Capital of the cheapest fleet against the streams it serves, by binding limit"
            xLabel="Average concurrent streams"
            yLabel="Fleet capital ($)"
            points={points}
            pareto={false}
            yFormat={(v) => dollars(v).replace('.00', '')}
            testId="opt-fleet-chart"
            groupColors={limitColors(all)}
            pointTextDy={15}
            width={width}
            height={width < 500 ? 300 : 340}
          />
          <p className="hint" data-testid="opt-fleet-curve-status">
            {curve.status === 'running'
              ? `Planning the fleets at lower loads: ${curve.results.length} of ${FLEET_CURVE_FRACTIONS.length} done…`
              : curve.status === 'stopped'
                ? `Stopped after ${curve.results.length} of ${FLEET_CURVE_FRACTIONS.length} lower loads.`
                : 'Each point is the fleet search run at that load (same chassis, architectures and target); its colour is the limit that binds the cheapest fleet there.'}
          </p>
        </>
      )}
    </div>
  );
}

/** Chart width in SVG units: the card's width on a phone, so the labels stay readable. */
function useChartWidth(): number {
  const pick = () => Math.max(300, Math.min(720, (globalThis.innerWidth ?? 720) - 48));
  const [w, setW] = useState(pick);
  useEffect(() => {
    const on = () => setW(pick());
    globalThis.addEventListener?.('resize', on);
    return () => globalThis.removeEventListener?.('resize', on);
  }, []);
  return w;
}

function CostChart({ result }: { result: OptimizeResult }) {
  const width = useChartWidth();
  const points = costPoints(result);
  return (
    <div className="opt-chart">
      <ScatterChart
        title="Average concurrent streams vs capital cost of every simulated configuration"
        xLabel="Capital cost ($)"
        yLabel="Average concurrent streams"
        points={points}
        xFormat={(v) => dollars(v).replace('.00', '')}
        testId="opt-chart"
        groupColors={ARCH_COLORS}
        // Feasible configurations all serve about the offered streams, so the points form a row: labels go under it.
        pointTextDy={15}
        width={width}
        height={width < 500 ? 320 : 380}
      />
      <p className="hint">
        {points.length} simulated configuration{points.length === 1 ? '' : 's'} (pruned ones are never simulated, so they are not drawn). The Pareto front:
        nothing cheaper serves as many streams. Each architecture's optimum is labelled.
      </p>
      {coincidingOptima(result).map((text) => (
        <p className="hint" key={text} data-testid="opt-coinciding">
          {text}
        </p>
      ))}
    </div>
  );
}
