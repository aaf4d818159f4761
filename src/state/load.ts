// From decoded data to a scenario the app can show: the core checks it (its
// field-named messages) and normalises it (defaults filled in). Also the
// autosave in localStorage. Nothing here throws: every failure is a message.
import type { FieldError, FleetRequest, Scenario } from '../engine/types';
import { decodeLink, isDraftTexts, type Catalog, type DraftTexts, type LinkFormat } from './link';
import { migrateScenario } from './migrate';
import { getValue, pathSteps } from './field-path';

/** The part of the engine this module needs (sync or async, so tests can pass the wasm API directly). */
export interface Core {
  validate(s: Scenario): FieldError[] | Promise<FieldError[]>;
  readScenario(json: string): Scenario | Promise<Scenario>;
  preset(id: string): Scenario | Promise<Scenario>;
}

/**
 * `draft`: a scenario the core could read but not accept (values out of
 * range, a library that does not fit): the user's work in progress, to be
 * shown with its messages rather than dropped. `texts`: values the core could
 * not read at all (a count of -3, written by an older version of the app),
 * moved out of the scenario into the form's drafts, as typed.
 */
export type Checked =
  | { ok: true; scenario: Scenario; texts?: DraftTexts }
  | { ok: false; message: string; errors: FieldError[]; draft?: Scenario; texts?: DraftTexts };

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

export function describeErrors(errors: readonly FieldError[]): string {
  return errors.map((e) => `${e.path}: ${e.message}`).join('; ');
}

function thrown(e: unknown): Checked {
  const errors = Array.isArray(e) ? (e as FieldError[]) : (e as { errors?: FieldError[] }).errors;
  return Array.isArray(errors) ? { ok: false, message: describeErrors(errors), errors } : { ok: false, message: errorText(e), errors: [] };
}

/**
 * Check a (migrated) scenario with the core: read it (its structure; the
 * core's normalised copy, defaults filled in), then validate the ranges. One
 * that reads but does not validate comes back as a draft.
 */
export async function checkScenario(value: unknown, core: Core, salvage = MAX_RESCUED): Promise<Checked> {
  let scenario: Scenario;
  try {
    scenario = await core.readScenario(JSON.stringify(value));
  } catch (e) {
    // A structural problem (a wrong type, an unknown or missing field): the
    // core's validation names it with its path.
    let errors: FieldError[];
    try {
      errors = await core.validate(value as Scenario);
    } catch (e2) {
      return thrown(e2);
    }
    if (errors.length === 0) return thrown(e);
    // A number or text the parser refuses where a number goes (-3 for a
    // count, "abc"): the rest of the scenario is the user's work. Keep that
    // value as a typed draft and read the scenario with a 0 in its place
    // (the parser names one at a time: so many tries).
    const s = salvage > 0 ? salvaged(value, errors) : null;
    if (s) {
      const c = await checkScenario(s.value, core, salvage - 1);
      const texts = { ...(c.texts ?? {}), ...s.texts };
      if (c.ok) return { ...c, texts };
      if (c.draft) return { ...c, texts };
    }
    return { ok: false, message: describeErrors(errors), errors };
  }
  try {
    const errors = await core.validate(scenario);
    if (errors.length > 0) return { ok: false, message: describeErrors(errors), errors, draft: scenario };
  } catch (e) {
    return thrown(e);
  }
  return { ok: true, scenario };
}

/** The most values a scenario's reading rescues as drafts (one per try). */
const MAX_RESCUED = 16;

/** A copy of `value` with each scalar the core named replaced by 0, and the replaced values as texts; null when a problem is elsewhere. */
function salvaged(value: unknown, errors: readonly FieldError[]): { value: unknown; texts: Record<string, string> } | null {
  const copy = structuredClone(value) as Scenario;
  const texts: Record<string, string> = {};
  for (const e of errors) {
    const steps = pathSteps(e.path);
    const v = getValue(copy, e.path);
    if (!steps || !(typeof v === 'number' || typeof v === 'string') || e.path in texts) return null;
    let parent = copy as unknown as Record<string | number, unknown>;
    for (const k of steps.slice(0, -1)) parent = parent[k] as Record<string | number, unknown>;
    texts[e.path] = String(v);
    parent[steps[steps.length - 1]] = 0;
  }
  return Object.keys(texts).length > 0 ? { value: copy, texts } : null;
}

export type Loaded =
  | { kind: 'none' }
  | {
      kind: 'ok';
      scenario: Scenario;
      preset: string | null;
      source: LinkFormat | 'preset link';
      schema: number;
      problems?: FieldError[];
      /** The optimiser's rejection target the link carries (`null`: the app's default). */
      target: number | null;
      /** The optimiser's peak-utilisation ceiling the link carries (`null`: the core's default). */
      ceiling: number | null;
      /** Texts typed in fields that the scenario cannot hold, as typed. */
      texts: DraftTexts;
      /** The optimiser's fleet request the link carries (`null`: plan one server). */
      fleet?: FleetRequest | null;
    }
  | { kind: 'error'; message: string; errors: FieldError[] };

/** A URL fragment all the way to a checked scenario (or a message). Never rejects. */
export async function loadLink(hash: string, catalog: Catalog, core: Core): Promise<Loaded> {
  const d = decodeLink(hash, catalog);
  if (d.kind === 'none') return d;
  if (d.kind === 'error') return { kind: 'error', message: d.message, errors: [] };
  if (d.kind === 'preset') {
    try {
      return { kind: 'ok', scenario: await core.preset(d.id), preset: d.id, source: 'preset link', schema: 0, target: null, ceiling: null, texts: {} };
    } catch {
      return { kind: 'error', message: `the link names a preset "${d.id}" that this version of tierplan does not have`, errors: [] };
    }
  }
  const c = await checkScenario(d.value, core);
  const texts = { ...(c.texts ?? {}), ...d.texts };
  const common = { kind: 'ok', preset: d.preset, source: d.format, schema: d.schema, target: d.target, ceiling: d.ceiling, texts, fleet: d.fleet } as const;
  if (!c.ok && c.draft) return { ...common, scenario: c.draft, problems: c.errors };
  if (!c.ok) return { kind: 'error', message: `the scenario in the link could not be read: ${c.message}`, errors: c.errors };
  return { ...common, scenario: c.scenario };
}

/** A scenario file (the CLI's JSON), migrated and checked. Never rejects. */
export async function loadJson(text: string, core: Core): Promise<Checked> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { ok: false, message: `it is not JSON (${errorText(e)})`, errors: [] };
  }
  const m = migrateScenario(value);
  if (!m.ok) return { ok: false, message: m.message, errors: [] };
  return checkScenario(m.value, core);
}

// ---- autosave ------------------------------------------------------------

export const AUTOSAVE_KEY = 'tierplan.autosave';

interface Saved {
  saved: number;
  preset: string | null;
  scenario: Scenario;
  /** Texts typed in fields that the scenario cannot hold (absent: none). */
  texts?: DraftTexts;
}

/** localStorage, or null where the browser refuses it (privacy modes, sandboxed frames). */
export function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function writeAutosave(store: Storage | null, scenario: Scenario, preset: string | null, texts: DraftTexts = {}): void {
  try {
    const entry: Saved = { saved: Date.now(), preset, scenario, ...(Object.keys(texts).length > 0 ? { texts } : {}) };
    store?.setItem(AUTOSAVE_KEY, JSON.stringify(entry));
  } catch {
    // Quota or privacy mode: autosave is a convenience; the URL still holds the scenario.
  }
}

/** Where the work a link replaced is kept until the user restores it. */
export const KEPT_KEY = 'tierplan.kept';

/** Keep a scenario aside (the autosave a link is about to replace): nothing is lost. */
export function keepAside(store: Storage | null, scenario: Scenario, preset: string | null, saved: Date, texts: DraftTexts = {}): void {
  try {
    store?.setItem(KEPT_KEY, JSON.stringify({ saved: saved.getTime(), preset, scenario, texts } satisfies Saved));
  } catch {
    // Quota or privacy mode: the scenario is still in memory for this page's Restore.
  }
}

/** `problems`: the autosave is a draft the core does not accept yet (restored as it was, with these messages). */
export type Restored =
  | { kind: 'none' }
  | { kind: 'ok'; scenario: Scenario; preset: string | null; saved: Date; problems?: FieldError[]; texts: DraftTexts }
  | { kind: 'error'; message: string };

/** The autosaved scenario; a corrupted entry is removed and reported. Never rejects. */
export async function readAutosave(store: Storage | null, core: Core): Promise<Restored> {
  let text: string | null;
  try {
    text = store?.getItem(AUTOSAVE_KEY) ?? null;
  } catch {
    return { kind: 'none' };
  }
  if (text === null) return { kind: 'none' };
  const fail = (message: string): Restored => {
    try {
      store?.removeItem(AUTOSAVE_KEY);
    } catch {
      // Nothing more to do: the entry is ignored either way.
    }
    return { kind: 'error', message };
  };
  let entry: unknown;
  try {
    entry = JSON.parse(text);
  } catch {
    return fail('the entry is corrupted (not JSON)');
  }
  if (typeof entry !== 'object' || entry === null || !('scenario' in entry)) return fail('the entry holds no scenario');
  const e = entry as Partial<Saved>;
  const m = migrateScenario(e.scenario);
  if (!m.ok) return fail(m.message);
  const c = await checkScenario(m.value, core);
  const preset = typeof e.preset === 'string' ? e.preset : null;
  const saved = new Date(typeof e.saved === 'number' && Number.isFinite(e.saved) ? e.saved : 0);
  // Drafts that do not read as such are dropped, never the scenario with them.
  const texts = { ...(c.texts ?? {}), ...(isDraftTexts(e.texts) ? e.texts : {}) };
  if (!c.ok && c.draft) return { kind: 'ok', scenario: c.draft, preset, saved, problems: c.errors, texts };
  if (!c.ok) return fail(c.message);
  return { kind: 'ok', scenario: c.scenario, preset, saved, texts };
}
