// A scenario in a link. The whole scenario travels in the URL fragment (never
// sent to a server), versioned, checksummed and compressed with lz-string:
//
//   #v1.<crc32>.<lz-string payload>   current format ("link v1")
//   #s=<base64url JSON>               the first app's links ("link v0"), still read
//   #preset=<id>                      a study preset by name
//
// The v1 payload is `{"p": preset id?, "s": scenario, "t": target?, "u": ceiling?, "d": drafts?, "f": fleet?}`,
// `t` being the optimiser's rejection target (a probability, 0.025 for 2.5 %)
// when the user set one other than the default, `u` its peak-utilisation
// ceiling (a fraction, 0.8 for 80 %) when the user typed one; devices equal to
// the app's built-in device catalog are written as "@<id>": the catalog's
// descriptions and assumptions are most of a scenario's bytes, and without
// this no preset link fits in 2 000 characters. `d` holds the texts typed in
// fields that the scenario cannot hold (by field path: "abc", "-3" in a
// count), so a draft comes back exactly as typed. `f` is the optimiser's
// fleet request (model §10b) when it plans a fleet instead of one server. The CRC-32 is over the
// expanded scenario, so a link whose referenced catalog entry has changed
// since it was made is refused rather than silently opened with other devices.
import LZString from 'lz-string';
import type { Chassis, Device, FleetRequest, Scenario } from '../engine/types';
import { canonicalJson, crc32, sameJson } from './canonical';
import { migrateScenario } from './migrate';
import { pathSteps } from './field-path';

/** The link format this app writes. */
export const LINK_VERSION = 1;

export type LinkFormat = 'link v0' | 'link v1';

/** Texts typed in fields that the scenario cannot hold, by field path (see `d` above). */
export type DraftTexts = Readonly<Record<string, string>>;

/** At most this many drafts, each at most this long: what a form can produce, with room. */
const MAX_DRAFTS = 200;
const MAX_DRAFT_CHARS = 200;

/** Whether `d` is a map of drafts a link or an autosave may carry. */
export function isDraftTexts(d: unknown): d is DraftTexts {
  if (typeof d !== 'object' || d === null || Array.isArray(d)) return false;
  const entries = Object.entries(d);
  return (
    entries.length <= MAX_DRAFTS &&
    entries.every(([k, v]) => pathSteps(k) !== null && typeof v === 'string' && v.length <= MAX_DRAFT_CHARS)
  );
}

function hasDrafts(d: DraftTexts | null | undefined): d is DraftTexts {
  return !!d && Object.keys(d).length > 0;
}

export type Decoded =
  | { kind: 'none' }
  | { kind: 'preset'; id: string }
  | { kind: 'scenario'; value: Record<string, unknown>; preset: string | null; format: LinkFormat; schema: number; target: number | null; ceiling: number | null; texts: DraftTexts; fleet: FleetRequest | null }
  | { kind: 'error'; message: string };

const CORRUPT = "the link's data is truncated or corrupted";

/** Devices equal to a catalog entry become "@<id>" (what links and lesson links carry). */
export function compactDevices(devices: readonly Device[], catalog: readonly Device[]): (Device | string)[] {
  const byId = new Map(catalog.map((d) => [d.id, d]));
  return devices.map((d) => {
    const known = byId.get(d.id);
    return known && sameJson(known, d) ? `@${d.id}` : d;
  });
}

/**
 * The built-in devices, and the built-in chassis (model §10b) when the
 * caller has them: a server's chassis equal to one travels as "@<id>", as
 * devices do (a chassis's sources alone would take a third of a link).
 */
export type Catalog = readonly Device[] & { readonly chassis?: readonly Chassis[] };

/** The scenario with its chassis as "@<id>" when it equals a built-in one. */
function compactServer<S extends { server?: Scenario['server'] }>(s: S, catalog: Catalog): S {
  const c = s.server?.chassis;
  const known = c ? catalog.chassis?.find((x) => x.id === c.id) : undefined;
  if (!s.server || !known || !sameJson(known, c)) return s;
  return { ...s, server: { ...s.server, chassis: `@${known.id}` as unknown as Chassis } };
}

/** The inverse of compactServer; names the chassis the catalog lacks. */
function expandServer(s: Record<string, unknown>, catalog: Catalog): { ok: true } | { ok: false; missing: string } {
  const server = s.server;
  if (!isObject(server) || typeof server.chassis !== 'string' || !server.chassis.startsWith('@')) return { ok: true };
  const id = server.chassis.slice(1);
  const known = catalog.chassis?.find((x) => x.id === id);
  if (!known) return { ok: false, missing: id };
  s.server = { ...server, chassis: structuredClone(known) };
  return { ok: true };
}

/** The inverse of compactDevices; names the first "@<id>" the catalog lacks. */
export function expandDevices(list: readonly unknown[], catalog: readonly Device[]): { ok: true; devices: unknown[] } | { ok: false; missing: string } {
  const byId = new Map(catalog.map((d) => [d.id, d]));
  const devices: unknown[] = [];
  for (const d of list) {
    if (typeof d === 'string' && d.startsWith('@')) {
      const known = byId.get(d.slice(1));
      if (!known) return { ok: false, missing: d.slice(1) };
      devices.push(structuredClone(known));
    } else devices.push(d);
  }
  return { ok: true, devices };
}

/**
 * `<crc32>.<lz-string payload>`: the body of every checksummed, compressed
 * link or code. The checksum is over the canonical JSON of `checked` (what
 * the payload expands to), so a change to either is caught.
 */
export function packPayload(payload: unknown, checked: unknown): string {
  return `${crc32(canonicalJson(checked))}.${LZString.compressToEncodedURIComponent(JSON.stringify(payload))}`;
}

export type Unpacked = { ok: true; sum: string; payload: unknown } | { ok: false; message: string };

/** The checksum and the decompressed JSON of a packed body (the caller checks the sum once it has expanded the payload). */
export function unpackPayload(data: string): Unpacked {
  const dot = data.indexOf('.');
  if (dot !== 8 || !/^[0-9a-f]{8}$/.test(data.slice(0, 8))) return { ok: false, message: `${CORRUPT} (no checksum)` };
  let text: string | null;
  try {
    text = LZString.decompressFromEncodedURIComponent(data.slice(9));
  } catch {
    text = null;
  }
  if (!text) return { ok: false, message: `${CORRUPT} (it does not decompress)` };
  try {
    return { ok: true, sum: data.slice(0, 8), payload: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, message: `${CORRUPT} (not JSON after decompression)` };
  }
}

/** Whether a packed body's checksum matches its expanded value. */
export function checksumOk(sum: string, checked: unknown): boolean {
  return crc32(canonicalJson(checked)) === sum;
}

/** What a v1 link's checksum covers: the preset, the optimiser's target and ceiling and the drafts only when present (older links have none). */
function checkedPart(s: unknown, preset: string | null, target: number | null, ceiling: number | null, texts: unknown = null, fleet: unknown = null): Record<string, unknown> {
  return {
    ...(preset ? { p: preset } : {}),
    s,
    ...(target !== null ? { t: target } : {}),
    ...(ceiling !== null ? { u: ceiling } : {}),
    ...(texts !== null && texts !== undefined ? { d: texts } : {}),
    ...(fleet !== null && fleet !== undefined ? { f: fleet } : {}),
  };
}

/**
 * The `#v1.…` fragment of a scenario (and the preset it started from, and
 * the optimiser's rejection target, if any).
 */
export function encodeLink(
  scenario: Scenario,
  catalog: Catalog,
  preset: string | null = null,
  target: number | null = null,
  ceiling: number | null = null,
  texts: DraftTexts | null = null,
  fleet: FleetRequest | null = null,
): string {
  const devices = compactDevices(scenario.devices, catalog);
  const d = hasDrafts(texts) ? texts : null;
  return `#v${LINK_VERSION}.${packPayload(checkedPart(compactServer({ ...scenario, devices }, catalog), preset, target, ceiling, d, fleet), checkedPart(scenario, preset, target, ceiling, d, fleet))}`;
}

/** The optimiser's fleet request as a link carries it (the core checks its range again). */
export function isFleetRequest(f: unknown): f is FleetRequest {
  if (!isObject(f) || typeof f.every_chassis !== 'boolean') return false;
  const x = f.extra_servers;
  const r = f.routing;
  return (
    Object.keys(f).every((k) => k === 'every_chassis' || k === 'extra_servers' || k === 'routing') &&
    (x === undefined || x === null || (Number.isInteger(x) && (x as number) >= 0 && (x as number) <= 12)) &&
    (r === undefined || r === null || r === 'any_server' || r === 'by_title')
  );
}

/** The optimiser's target as a link carries it: a probability in [0, 1]. */
export function isTarget(t: unknown): t is number {
  return typeof t === 'number' && Number.isFinite(t) && t >= 0 && t <= 1;
}

/** The optimiser's peak-utilisation ceiling as a link carries it: a fraction above 0, at most 1. */
export function isCeiling(u: unknown): u is number {
  return typeof u === 'number' && Number.isFinite(u) && u > 0 && u <= 1;
}

/** Whether a fragment is a class-mode link (`#lesson=…`), which the Class tab reads; scenario loading leaves it alone. */
export function isClassFragment(hash: string): boolean {
  return /^#?lesson=/.test(hash);
}

/** The `#preset=` fragment of a study preset. */
export function presetLink(id: string): string {
  return `#preset=${encodeURIComponent(id)}`;
}

function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

function migrated(value: unknown, preset: string | null, format: LinkFormat, target: number | null = null, ceiling: number | null = null, texts: DraftTexts = {}, fleet: FleetRequest | null = null): Decoded {
  const m = migrateScenario(value);
  if (!m.ok) return { kind: 'error', message: `the scenario in the link is not readable: ${m.message}` };
  return { kind: 'scenario', value: m.value, preset, format, schema: m.from, target, ceiling, texts, fleet };
}

/** Link v0: base64url of the scenario JSON, no compression, no checksum. */
function decodeV0(data: string): Decoded {
  let text: string;
  try {
    const b64 = data.replace(/-/g, '+').replace(/_/g, '/');
    if (!/^[A-Za-z0-9+/]*$/.test(b64)) throw new Error('not base64');
    const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
    text = new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
  } catch {
    return { kind: 'error', message: `${CORRUPT} (not base64 text)` };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { kind: 'error', message: `${CORRUPT} (not JSON)` };
  }
  return migrated(value, null, 'link v0');
}

/** Link v1: `<crc32>.<lz-string payload>`. */
function decodeV1(data: string, catalog: Catalog): Decoded {
  const u = unpackPayload(data);
  if (!u.ok) return { kind: 'error', message: u.message };
  const { sum, payload } = u;
  if (!isObject(payload) || !isObject(payload.s) || (payload.p !== undefined && typeof payload.p !== 'string')) {
    return { kind: 'error', message: `${CORRUPT} (no scenario in the payload)` };
  }
  const s = { ...payload.s };
  const preset = typeof payload.p === 'string' ? payload.p : null;
  const target = payload.t === undefined ? null : payload.t;
  const ceiling = payload.u === undefined ? null : payload.u;
  const texts = payload.d === undefined ? null : payload.d;
  const fleet = payload.f === undefined ? null : payload.f;
  if (Array.isArray(s.devices)) {
    const x = expandDevices(s.devices as unknown[], catalog);
    if (!x.ok) {
      if (!checksumOk(sum, checkedPart(s, preset, target as number | null, ceiling as number | null, texts, fleet))) return { kind: 'error', message: `${CORRUPT} (checksum mismatch)` };
      return { kind: 'error', message: `the link refers to a built-in device "${x.missing}" that this version of tierplan does not have` };
    }
    s.devices = x.devices;
  }
  const srv = expandServer(s, catalog);
  if (!srv.ok) {
    // The checksum covers the expanded chassis, so it cannot be checked here.
    return { kind: 'error', message: `the link refers to a built-in chassis "${srv.missing}" that this version of tierplan does not have` };
  }
  if (!checksumOk(sum, checkedPart(s, preset, target as number | null, ceiling as number | null, texts, fleet))) {
    return { kind: 'error', message: `${CORRUPT} (checksum mismatch), or it uses built-in devices that have changed since it was made` };
  }
  if (texts !== null && !isDraftTexts(texts)) {
    return { kind: 'error', message: `${CORRUPT} (the texts typed in its fields, d, are not a map of field paths to short texts)` };
  }
  if (target !== null && !isTarget(target)) {
    return { kind: 'error', message: `the optimiser's target in the link (t = ${JSON.stringify(target).slice(0, 24)}) must be a probability from 0 to 1` };
  }
  if (ceiling !== null && !isCeiling(ceiling)) {
    return { kind: 'error', message: `the optimiser's peak-utilisation ceiling in the link (u = ${JSON.stringify(ceiling).slice(0, 24)}) must be a fraction above 0, at most 1` };
  }
  if (fleet !== null && !isFleetRequest(fleet)) {
    return { kind: 'error', message: `the optimiser's fleet request in the link (f = ${JSON.stringify(fleet).slice(0, 40)}) must be {"every_chassis": true or false, "extra_servers": 0 to 12 or null, "routing": "any_server", "by_title" or null}` };
  }
  return migrated(s, preset, 'link v1', target, ceiling, texts ?? {}, fleet);
}

/**
 * Link formats by version: `LINK_DECODERS[n]` reads "#v<n>." links. A new
 * format adds an entry (and bumps LINK_VERSION); old entries stay so old
 * links keep opening. Link v0 predates the "#v<n>." prefix (see decodeLink).
 */
const LINK_DECODERS: Readonly<Record<number, (data: string, catalog: Catalog) => Decoded>> = {
  1: decodeV1,
};

/**
 * What a URL fragment holds. Never throws: anything that is not a readable
 * scenario link comes back as `{ kind: 'error', message }` naming the problem.
 * The scenario is migrated to the current schema but not yet checked by the
 * core (see `checkScenario`).
 */
export function decodeLink(hash: string, catalog: Catalog): Decoded {
  try {
    let h = hash.startsWith('#') ? hash.slice(1) : hash;
    if (h === '') return { kind: 'none' };
    // A link pasted through a mail client may arrive percent-encoded.
    if (h.includes('%')) {
      try {
        h = decodeURIComponent(h);
      } catch {
        return { kind: 'error', message: `${CORRUPT} (bad percent-encoding)` };
      }
    }
    if (h.startsWith('preset=')) {
      const id = h.slice('preset='.length);
      return /^[a-z0-9][a-z0-9_.-]{0,63}$/i.test(id) ? { kind: 'preset', id } : { kind: 'error', message: `"${id.slice(0, 40)}" is not a preset name` };
    }
    if (h.startsWith('s=')) return decodeV0(h.slice(2));
    const m = /^v(\d{1,6})\./.exec(h);
    if (m) {
      const v = Number(m[1]);
      if (v > LINK_VERSION) return { kind: 'error', message: `the link was made by a newer version of tierplan (link format v${v}; this app reads up to v${LINK_VERSION})` };
      const decoder = LINK_DECODERS[v];
      if (!decoder) return { kind: 'error', message: `link format v${v} is not one this app reads` };
      return decoder(h.slice(m[0].length), catalog);
    }
    const shown = h.length > 24 ? `${h.slice(0, 24)}…` : h;
    return { kind: 'error', message: `the link's fragment "#${shown}" is not a tierplan scenario link` };
  } catch (e) {
    // Defensive: a decoder bug must still surface as a message, not a blank page.
    return { kind: 'error', message: `the link could not be decoded (${e instanceof Error ? e.message : String(e)})` };
  }
}
