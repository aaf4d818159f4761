// The architect's units beside the model's (model §2: bitrates in KB/s with
// KB = 1024 B; arrivals as a rate λ). One convention is stored — the model's —
// and the other is shown and accepted:
// - concurrent streams ⇄ arrival rate by Little's law: N = λ × mean video length;
// - Mbps (10⁶ bits/s, as bitrate ladders are given) ⇄ KB/s.

/** Bits per second in one KB/s (KB = 1024 bytes). */
const BITS_PER_KBPS = 8 * 1024;

export function mbpsToKbps(mbps: number): number {
  return (mbps * 1e6) / BITS_PER_KBPS;
}

export function kbpsToMbps(kbps: number): number {
  return (kbps * BITS_PER_KBPS) / 1e6;
}

/** Mean video length of a workload's classes, seconds (shares weight the lengths). */
export function meanLengthS(classes: readonly { share: number; length_min: number }[]): number {
  const total = classes.reduce((a, c) => a + c.share, 0);
  if (!(total > 0)) return Number.NaN;
  return classes.reduce((a, c) => a + c.share * c.length_min * 60, 0) / total;
}

/** Little's law: the arrival rate that keeps `streams` streams open on average. */
export function streamsToRate(streams: number, meanLengthSeconds: number): number {
  return streams / meanLengthSeconds;
}

/** Little's law: streams open on average at arrival rate `rate` (offered, before any rejection). */
export function rateToStreams(rate: number, meanLengthSeconds: number): number {
  return rate * meanLengthSeconds;
}

/** A derived value for display: 12 significant digits, so a typed 2000 reads back as 2000. */
export function tidy(x: number): number {
  return Number.isFinite(x) ? Number(x.toPrecision(12)) : x;
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
