// The scenario's life outside the page: where it comes from on load (a link
// wins over the autosave, which wins over the default), the URL kept in step
// with edits (debounced pushState, so back/forward walk through them), the
// autosave, the preset it started from (for "modified" and Reset), and files.
// A draft the core does not accept yet is saved and linked too, and comes
// back as it was, with its messages: nothing typed is lost on a reload.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { FieldError, FleetRequest, Scenario } from '../engine/types';
import type { Engine } from '../worker/contract';
import { canonicalJson, sameJson } from './canonical';
import { fieldLabel } from '../shared/labels';
import { encodeLink, isCeiling, isClassFragment, isFleetRequest, isTarget, type Catalog, type DraftTexts } from './link';
import { keepAside, loadJson, loadLink, readAutosave, storage, writeAutosave } from './load';

/** Quiet time after the last edit before the URL and the autosave follow (ms). */
export const SAVE_DELAY_MS = 400;

export interface Notice {
  tone: 'info' | 'error';
  text: string;
  /** The core's field-named problems, listed under the text. */
  errors?: FieldError[];
  /** What the app did about it, after the list. */
  after?: string;
  /** One thing the user can do about it (e.g. restore the work a link replaced). */
  action?: { label: string; run: () => void };
  /** Put the keyboard on the action as the notice appears (an Undo right after the click that needs it). */
  focusAction?: boolean;
}

/** The message for a link, file or autosave that failed: the core's problems as a list when it has them. */
function failure(what: string, e: { message: string; errors: FieldError[] }, after: string): Notice {
  return e.errors.length > 0
    ? { tone: 'error', text: `${what} could not be read. The core reports:`, errors: e.errors, after }
    : { tone: 'error', text: `${what} does not hold a readable scenario: ${e.message}.`, after };
}

export interface Origin {
  id: string;
  scenario: Scenario;
  /** Its title, when the control that loaded it knew it (a study configuration of the HTTP tab). */
  title?: string;
}

export type RestoredFrom = 'link' | 'autosave' | 'default';

export interface Persistence {
  /** Set once the first scenario is in place. */
  restored: RestoredFrom | null;
  notice: Notice | null;
  dismissNotice: () => void;
  /** The preset the scenario started from, if any. */
  origin: Origin | null;
  /** The scenario differs from its preset. */
  modified: boolean;
  /** Load a preset by id; `title` names it in messages. */
  loadPreset: (id: string, title?: string) => void;
  /** The name of the preset asked for and not yet arrived (the worker may be busy with a run). */
  loadingPreset: string | null;
  reset: () => void;
  /**
   * Put another plan in place (the optimiser's "Use this configuration"):
   * the plan it replaces is one Undo away, as with a preset.
   */
  applyPlan: (next: Scenario, done: string) => void;
  openJson: (text: string, fileName?: string) => void;
  /** The full URL of the current scenario. */
  linkUrl: () => string;
  /** A failure of the engine itself (the app cannot start). */
  fatal: string | null;
}

function key(s: Scenario, preset: string | null, target: number | null, ceiling: number | null, texts: DraftTexts, fleet: FleetRequest | null = null): string {
  return canonicalJson({ d: texts, f: fleet, p: preset, s, t: target, u: ceiling });
}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** The notice of a restored draft: what it is and the core's problems, which the fields show too. */
function draftNotice(what: string, coreProblems: FieldError[] = [], texts: DraftTexts = {}): Notice {
  const typed = Object.entries(texts).map(([path, text]) => ({ path, message: `${fieldLabel(path)}: “${text}” kept as typed` }));
  const problems = [...typed, ...coreProblems.filter((e) => !(e.path in texts))];
  const n = problems.length;
  return {
    tone: 'info',
    text: `${what} is a draft with ${n} problem${n === 1 ? '' : 's'}, restored as it was: fix the fields marked below to run it.`,
    errors: problems,
  };
}

/** The optimiser's rejection target and peak-utilisation ceiling, which links carry beside the scenario (`null`: the defaults). */
export interface TargetState {
  target: number | null;
  setTarget: (t: number | null) => void;
  ceiling?: number | null;
  setCeiling?: (u: number | null) => void;
  /** The optimiser's fleet request (`null`: plan one server). */
  fleet?: FleetRequest | null;
  setFleet?: (f: FleetRequest | null) => void;
}

const NO_TARGET: TargetState = { target: null, setTarget: () => {} };
const ignore = () => {};

/** The form's drafts (texts typed in fields that the scenario cannot hold), which links and the autosave carry beside the scenario. */
export interface DraftState {
  texts: DraftTexts;
  replace: (t: DraftTexts) => void;
}

const NO_DRAFTS: DraftState = { texts: {}, replace: () => {} };

function hasTexts(t: DraftTexts): boolean {
  return Object.keys(t).length > 0;
}

/**
 * `runOpened`: run a scenario a link opened (offered in the notice, so a
 * shared link's reader gets its results in one click). `optimiser`: the
 * optimiser's target, written into the link and restored from it.
 */
export function usePersistence(
  engine: Engine,
  scenario: Scenario | null,
  setScenario: (s: Scenario) => void,
  runOpened?: (s: Scenario) => void,
  optimiser: TargetState = NO_TARGET,
  drafts: DraftState = NO_DRAFTS,
): Persistence {
  const { setTarget } = optimiser;
  const { texts, replace: replaceTexts } = drafts;
  const replaceTextsRef = useRef(replaceTexts);
  useEffect(() => {
    replaceTextsRef.current = replaceTexts;
  }, [replaceTexts]);
  // A target being typed out of range (200 %) stays in the optimiser's field with its message; links carry valid ones only.
  const target = isTarget(optimiser.target) ? optimiser.target : null;
  const ceiling = isCeiling(optimiser.ceiling) ? optimiser.ceiling : null;
  const setCeiling = optimiser.setCeiling ?? ignore;
  const fleet = isFleetRequest(optimiser.fleet) ? optimiser.fleet : null;
  const setFleet = optimiser.setFleet ?? ignore;
  const [catalog, setCatalog] = useState<Catalog | null>(null);
  const [origin, setOrigin] = useState<Origin | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [restored, setRestored] = useState<RestoredFrom | null>(null);
  const [fatal, setFatal] = useState<string | null>(null);
  // The scenario (and preset) the current history entry's URL holds, so that
  // restoring an entry does not push it again.
  const shown = useRef<string | null>(null);
  const runOpenedRef = useRef(runOpened);
  useEffect(() => {
    runOpenedRef.current = runOpened;
  }, [runOpened]);
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const setTargetRef = useRef(setTarget);
  useEffect(() => {
    setTargetRef.current = setTarget;
  }, [setTarget]);
  const setCeilingRef = useRef(setCeiling);
  useEffect(() => {
    setCeilingRef.current = setCeiling;
  }, [setCeiling]);
  const setFleetRef = useRef(setFleet);
  useEffect(() => {
    setFleetRef.current = setFleet;
  }, [setFleet]);

  const originFor = useCallback(
    async (id: string | null): Promise<Origin | null> => {
      if (!id) return null;
      try {
        return { id, scenario: await engine.preset(id) };
      } catch {
        return null; // A preset this version no longer has: the scenario stays, unmarked.
      }
    },
    [engine],
  );

  // First load: link, else autosave, else the default scenario.
  useEffect(() => {
    let live = true;
    void (async () => {
      try {
        // The built-in devices and chassis: a link carries either as "@<id>".
        const [devices, chassis] = await Promise.all([engine.devicePresets(), engine.chassisPresets().catch(() => [])]);
        const cat: Catalog = Object.assign(devices, { chassis });
        let problem: Notice | null = null;
        let chosen: {
          scenario: Scenario;
          preset: string | null;
          from: RestoredFrom;
          note: string;
          target?: number | null;
          ceiling?: number | null;
          texts?: DraftTexts;
          fleet?: FleetRequest | null;
        } | null = null;
        // A class-mode fragment (#lesson=…) belongs to the Class tab: no scenario, and the URL stays.
        const classLink = isClassFragment(location.hash);
        const link = classLink ? ({ kind: 'none' } as const) : await loadLink(location.hash, cat, engine);
        let kept: { scenario: Scenario; preset: string | null; saved: Date; texts: DraftTexts } | null = null;
        let draft: Notice | null = null;
        if (link.kind === 'ok') {
          if (link.problems || hasTexts(link.texts)) draft = draftNotice('The scenario in the link', link.problems, link.texts);
          const how = link.source === 'link v0' ? ' (an older link format, migrated)' : link.source === 'preset link' ? ` (preset ${link.preset ?? ''})` : '';
          chosen = {
            scenario: link.scenario,
            preset: link.preset,
            from: 'link',
            note: `Opened the scenario in the link${how}.`,
            target: link.target,
            ceiling: link.ceiling,
            texts: link.texts,
            fleet: link.fleet ?? null,
          };
          // The link is about to replace this browser's autosave: when that
          // holds other work, keep it aside and offer it back, never silently.
          const saved = await readAutosave(storage(), engine);
          if (saved.kind === 'ok' && !(sameJson(saved.scenario, link.scenario) && sameJson(saved.texts, link.texts))) {
            kept = saved;
            keepAside(storage(), saved.scenario, saved.preset, saved.saved, saved.texts);
          }
        } else if (link.kind === 'error') {
          problem = failure(link.errors.length > 0 ? 'The scenario in the link' : 'The link', link, '');
        }
        if (!chosen) {
          const saved = await readAutosave(storage(), engine);
          if (saved.kind === 'ok') {
            if (saved.problems || hasTexts(saved.texts)) draft = draftNotice('The autosaved scenario', saved.problems, saved.texts);
            chosen = {
              scenario: saved.scenario,
              preset: saved.preset,
              texts: saved.texts,
              from: 'autosave',
              note: `Restored the scenario autosaved in this browser (${saved.saved.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })}).`,
            };
          } else if (saved.kind === 'error') {
            const autosave: Notice = { tone: 'error', text: `The autosaved scenario in this browser could not be read: ${saved.message}; it was ignored.` };
            problem = problem ? { ...problem, after: `${autosave.text} ${problem.after ?? ''}` } : autosave;
          }
        }
        if (!chosen) {
          const s = await engine.defaultScenario();
          // The default is one of the studies' presets; find which, for "modified".
          let preset: string | null = null;
          for (const p of await engine.listPresets()) {
            if (sameJson(await engine.preset(p.id), s)) {
              preset = p.id;
              break;
            }
          }
          chosen = { scenario: s, preset, from: 'default', note: 'Showing the default scenario.' };
        }
        const o = await originFor(chosen.preset);
        if (!live) return;
        setCatalog(cat);
        setScenario(chosen.scenario);
        const d = chosen.texts ?? {};
        replaceTextsRef.current(d);
        const t = chosen.target ?? null;
        const u = chosen.ceiling ?? null;
        setTargetRef.current(t);
        setCeilingRef.current(u);
        const f = chosen.fleet ?? null;
        setFleetRef.current(f);
        setOrigin(o);
        setRestored(chosen.from);
        const preset = o ? o.id : null;
        shown.current = key(chosen.scenario, preset, t, u, d, f);
        // The first history entry holds what is shown (a bad link is replaced).
        if (!classLink) history.replaceState(history.state, '', encodeLink(chosen.scenario, cat, preset, t, null, d, f));
        if (problem) setNotice({ ...problem, after: `${problem.after ?? ''} ${chosen.note}`.trim() });
        else if (draft) setNotice(draft);
        else if (kept) {
          const previous = kept;
          const when = previous.saved.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
          setNotice({
            tone: 'info',
            text: `${chosen.note} Your previous scenario (autosaved ${when}) was kept — restore it if you want it back.`,
            action: {
              label: 'Restore my previous scenario',
              run: () => {
                void originFor(previous.preset).then((po) => {
                  setScenario(previous.scenario);
                  replaceTextsRef.current(previous.texts);
                  setOrigin(po);
                  setNotice({ tone: 'info', text: "Restored your previous scenario. The link's scenario is one step back (Back)." });
                });
              },
            },
          });
        } else if (chosen.from === 'link' && runOpenedRef.current) {
          const opened = chosen.scenario;
          setNotice({ tone: 'info', text: `${chosen.note} Run it to see its results.`, action: { label: 'Run it', run: () => runOpenedRef.current?.(opened) } });
        } else if (chosen.from !== 'default') setNotice({ tone: 'info', text: chosen.note });
      } catch (e) {
        if (live) setFatal(message(e));
      }
    })();
    return () => {
      live = false;
    };
  }, [engine, originFor, setScenario]);

  const originId = origin?.id ?? null;

  // Follow edits: once the user has paused, push a history entry and
  // autosave — drafts the core does not accept yet included.
  useEffect(() => {
    if (!catalog || !scenario) return;
    const t = setTimeout(() => {
      pending.current = null;
      const k = key(scenario, originId, target, ceiling, texts, fleet);
      if (k !== shown.current) {
        shown.current = k;
        history.pushState(null, '', encodeLink(scenario, catalog, originId, target, ceiling, texts, fleet));
      }
      writeAutosave(storage(), scenario, originId, texts);
    }, SAVE_DELAY_MS);
    pending.current = t;
    return () => clearTimeout(t);
  }, [catalog, scenario, originId, target, ceiling, texts, fleet]);

  // Back/forward (and a pasted link in the same tab): restore that entry.
  useEffect(() => {
    if (!catalog) return;
    let seq = 0;
    const onPop = () => {
      if (isClassFragment(location.hash)) return;
      if (pending.current) clearTimeout(pending.current);
      const mine = ++seq;
      void loadLink(location.hash, catalog, engine).then(async (l) => {
        if (mine !== seq) return;
        if (l.kind === 'ok') {
          const o = await originFor(l.preset);
          if (mine !== seq) return;
          shown.current = key(l.scenario, o ? o.id : null, l.target, l.ceiling, l.texts, l.fleet ?? null);
          setScenario(l.scenario);
          replaceTextsRef.current(l.texts);
          setTargetRef.current(l.target);
          setCeilingRef.current(l.ceiling);
          setFleetRef.current(l.fleet ?? null);
          setOrigin(o);
          setNotice(l.problems || hasTexts(l.texts) ? draftNotice('The scenario in the link', l.problems, l.texts) : null);
        } else if (l.kind === 'error') {
          setNotice(failure(l.errors.length > 0 ? 'The scenario in the link' : 'The link', l, 'Kept the scenario you had.'));
        }
      });
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [catalog, engine, originFor, setScenario]);

  // The scenario as last rendered, for a preset that arrives late (below).
  const current = useRef(scenario);
  const currentTexts = useRef(texts);
  const currentOrigin = useRef(origin);
  useEffect(() => {
    current.current = scenario;
    currentTexts.current = texts;
    currentOrigin.current = origin;
  }, [scenario, texts, origin]);

  /**
   * Replace the plan (with a preset, a file, the preset's original) so that
   * an edited plan is never lost: when the plan shown differs from the new
   * one, the notice offers Undo, with the keyboard on it.
   */
  const replacePlan = useCallback(
    (next: Scenario, nextOrigin: Origin | null, done: string, quiet: boolean, alwaysUndo = false) => {
      const before = { scenario: current.current, texts: currentTexts.current, origin: currentOrigin.current };
      setScenario(next);
      replaceTextsRef.current({});
      setOrigin(nextOrigin);
      // Nothing to lose: the same plan, or a preset as published (loading it again brings it back).
      const untouched = !hasTexts(before.texts) && !!before.scenario && (sameJson(before.scenario, next) || (!!before.origin && sameJson(before.origin.scenario, before.scenario)));
      // A plan replaced from another tab (the optimiser's) keeps its Undo even over a preset as published: the way back is not in sight.
      if (!before.scenario || (untouched && !(alwaysUndo && !sameJson(before.scenario, next)))) {
        setNotice(quiet ? null : { tone: 'info', text: done });
        return;
      }
      setNotice({
        tone: 'info',
        text: `${done} It replaced the plan you had: Undo brings that back.`,
        action: {
          label: 'Undo: bring my plan back',
          run: () => {
            if (before.scenario) setScenario(before.scenario);
            replaceTextsRef.current(before.texts);
            setOrigin(before.origin);
            setNotice({ tone: 'info', text: 'Your plan is back as it was.' });
          },
        },
        focusAction: true,
      });
    },
    [setScenario],
  );
  const [loadingPreset, setLoadingPreset] = useState<string | null>(null);
  const presetAsk = useRef(0);

  const loadPreset = useCallback(
    (id: string, title?: string) => {
      // A preset comes from a worker, which may be busy with a long run. Only
      // the last Load counts, and edits made while it was on its way are the
      // user's work: they stay, and the preset is offered instead of replacing them.
      const ask = ++presetAsk.current;
      const before = current.current;
      setLoadingPreset(title ?? id);
      engine.preset(id).then(
        (s) => {
          if (ask !== presetAsk.current) return;
          setLoadingPreset(null);
          const apply = () => replacePlan(s, { id, scenario: s, title }, `Loaded the preset ${title ?? id}.`, true);
          if (current.current === before) apply();
          else
            setNotice({
              tone: 'info',
              text: `The preset ${title ?? id} arrived after you had edited the scenario; your edits were kept.`,
              action: { label: 'Load the preset now', run: apply },
            });
        },
        (e: unknown) => {
          if (ask !== presetAsk.current) return;
          setLoadingPreset(null);
          setNotice({ tone: 'error', text: `The preset "${id}" could not be loaded: ${message(e)}` });
        },
      );
    },
    [engine, replacePlan],
  );

  // The configuration belongs to the plan's preset still: Reset and the link name the same origin.
  const applyPlan = useCallback(
    (next: Scenario, done: string) => replacePlan(next, currentOrigin.current, done, false, true),
    [replacePlan],
  );

  const reset = useCallback(() => {
    if (origin) replacePlan(structuredClone(origin.scenario), origin, 'Reset to the preset.', true);
  }, [origin, replacePlan]);

  const openJson = useCallback(
    (text: string, fileName = 'the file') => {
      void loadJson(text, engine).then((c) => {
        if (c.ok) {
          replacePlan(c.scenario, null, `Opened ${fileName}.`, false);
          if (c.texts && hasTexts(c.texts)) replaceTextsRef.current(c.texts);
        } else {
          setNotice(failure(fileName, c, 'Kept the scenario you had.'));
        }
      });
    },
    [engine, replacePlan],
  );

  const modified = useMemo(() => (origin && scenario ? !sameJson(origin.scenario, scenario) || hasTexts(texts) : false), [origin, scenario, texts]);

  const linkUrl = useCallback(
    () =>
      scenario && catalog
        ? `${location.origin}${location.pathname}${location.search}${encodeLink(scenario, catalog, originId, target, ceiling, texts, fleet)}`
        : location.href,
    [scenario, catalog, originId, target, ceiling, texts, fleet],
  );

  const dismissNotice = useCallback(() => setNotice(null), []);

  return { restored, notice, dismissNotice, origin, modified, loadPreset, loadingPreset, reset, applyPlan, openJson, linkUrl, fatal };
}
