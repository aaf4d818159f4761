// Scenario schema migrations (the `version` field of a scenario, model §1:
// "they share a scenario as a URL"). A link, an autosave or a file written by
// an older app is brought to the current schema step by step before the core
// validates it; one written by a newer app is refused with a message.

/** The schema this app writes: the core's `SCHEMA_VERSION` (a test checks they agree). */
export const SCHEMA_VERSION = 1;

type Json = Record<string, unknown>;

/**
 * `SCHEMA_MIGRATIONS[n]` turns a schema-n scenario into schema n+1. Schema 1
 * is the first published one, so the table is empty. When the core bumps
 * SCHEMA_VERSION to 2, add `1: (s) => ({ ...s, version: 2, …renamed fields })`
 * here and raise SCHEMA_VERSION; every older link keeps opening.
 */
export const SCHEMA_MIGRATIONS: Readonly<Record<number, (s: Json) => Json>> = {};

export type Migrated = { ok: true; value: Json; from: number } | { ok: false; message: string };

export function migrateScenario(
  value: unknown,
  migrations: Readonly<Record<number, (s: Json) => Json>> = SCHEMA_MIGRATIONS,
  current: number = SCHEMA_VERSION,
): Migrated {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { ok: false, message: 'it does not hold a scenario object' };
  let s = value as Json;
  const v = s.version;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) {
    return { ok: false, message: `version: ${JSON.stringify(v) ?? 'missing'} is not a scenario schema version (this app reads 1 to ${current})` };
  }
  if (v > current) return { ok: false, message: `it was made by a newer version of tierplan (schema v${v}; this app reads up to v${current})` };
  for (let from = v; from < current; from++) {
    const step = migrations[from];
    if (!step) return { ok: false, message: `schema v${from} is no longer supported (no migration to v${from + 1})` };
    s = step(s);
  }
  return { ok: true, value: s, from: v };
}
