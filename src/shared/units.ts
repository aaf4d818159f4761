// The architect's units beside the model's (model §2: bitrates in KB/s with
// KB = 1024 B; arrivals as a rate λ). One convention is stored — the model's —
// and the other is shown and accepted:
// - concurrent streams ⇄ arrival rate by Little's law (N = λ × mean video
//   length): computed by the core (`workloadFigures`, `rateForStreams`), only
//   shown and stored here;
// - Mbps (10⁶ bits/s, as bitrate ladders are given) ⇄ KB/s.

import { num } from './format';

/** Bits per second in one KB/s (KB = 1024 bytes). */
const BITS_PER_KBPS = 8 * 1024;

export function mbpsToKbps(mbps: number): number {
  return (mbps * 1e6) / BITS_PER_KBPS;
}

export function kbpsToMbps(kbps: number): number {
  return (kbps * BITS_PER_KBPS) / 1e6;
}

/** A derived value for display: 12 significant digits, so a typed 2000 reads back as 2000. */
export function tidy(x: number): number {
  return Number.isFinite(x) ? Number(x.toPrecision(12)) : x;
}

/**
 * A converted value to store: 15 significant digits drop float noise
 * (0.30000000000000004) but keep 3 more digits than `tidy` shows, so a
 * typed 60000 streams, stored as a rate and shown again, reads 60000 — a
 * stored value rounded to 12 digits came back as 60000.0000001.
 */
export function stored(x: number): number {
  return Number.isFinite(x) ? Number(x.toPrecision(15)) : x;
}

/** The model's GB (1024³ B) in decimal TB (10¹² B), as drives are sold. */
export function gbToDecimalTb(gb: number): number {
  return (gb * 1024 ** 3) / 1e12;
}

/**
 * A capacity in the model's GB (1024³ B) as a datasheet writes it. Drives
 * (HDD, SSD) are sold in decimal units: TB (10¹² B) from 1 000 decimal GB
 * up, else GB (10⁹ B), 4 significant digits — 22 352 GiB reads "24 TB".
 * Memory modules are sold in binary GB, the model's own: 32 GiB reads "32 GB".
 */
export function soldCapacity(gb: number, kind: 'hdd' | 'ssd' | 'dram'): string {
  if (kind === 'dram') return `${Number(gb.toPrecision(4))} GB`;
  const tb = gbToDecimalTb(gb);
  return tb >= 1 ? `${Number(tb.toPrecision(4))} TB` : `${Number((tb * 1000).toPrecision(4))} GB`;
}

/**
 * A size in the model's GB (1024³ B), labelled for what it is — GiB — with
 * the decimal size drives are sold by beside it for a drive: 2 × 24 TB reads
 * "44,700 GiB (48 TB)", not "44,700 GB". Memory and sizes that are no drive
 * (a library) get GiB alone.
 */
export function gibText(gb: number, kind?: 'hdd' | 'ssd' | 'dram'): string {
  const gib = `${num(gb)} GiB`;
  return (kind === 'hdd' || kind === 'ssd') && Number.isFinite(gb) && gb > 0 ? `${gib} (${soldCapacity(gb, kind)})` : gib;
}
