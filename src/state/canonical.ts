// Canonical JSON (object keys sorted) and CRC-32: the link's checksum and
// "is this the same scenario" comparisons must not depend on key order,
// which differs between objects built by the core and by hand.

/** JSON with object keys sorted at every level; `undefined` members dropped as JSON.stringify does. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const sorted: Record<string, unknown> = {};
      for (const k of Object.keys(v).sort()) sorted[k] = (v as Record<string, unknown>)[k];
      return sorted;
    }
    return v;
  });
}

/** Deep equality of two JSON values (what a link or a file can carry). */
export function sameJson(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

let table: Uint32Array | null = null;

/** CRC-32 (IEEE 802.3) of the UTF-8 bytes of `text`, as 8 lowercase hex digits. */
export function crc32(text: string): string {
  if (!table) {
    table = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      table[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (const b of new TextEncoder().encode(text)) crc = table[(crc ^ b) & 0xff] ^ (crc >>> 8);
  return ((crc ^ 0xffffffff) >>> 0).toString(16).padStart(8, '0');
}
