// Plausibility: values the core accepts (they are in range) but that are far
// beyond any real service, most likely a slip of the keyboard (1e9 for 1e4).
// Warnings only: the scenario still runs.
import { num } from '../shared/format';
import { gbToDecimalTb } from '../shared/units';

/** Above this, concurrent streams are warned about: no single site serves a million streams from one storage hierarchy. */
export const MAX_PLAUSIBLE_STREAMS = 1e6;
/** Above this, a library is warned about (decimal PB, 10¹⁵ B): 10 PB is a very large film archive. */
export const MAX_PLAUSIBLE_LIBRARY_PB = 10;

export interface Plausibility {
  /** On the arrival rate (or the concurrent-streams field, whichever was typed). */
  streams: string | null;
  /** On the library (the title count). */
  library: string | null;
}

/**
 * `streams` (the offered load λ × mean length) and `libraryGb` as the core
 * computes them (`workloadFigures`); undefined while they are asked.
 */
export function plausibility(streams: number | undefined, libraryGb: number | undefined): Plausibility {
  const pb = libraryGb === undefined ? Number.NaN : gbToDecimalTb(libraryGb) / 1000;
  return {
    streams:
      streams !== undefined && Number.isFinite(streams) && streams > MAX_PLAUSIBLE_STREAMS
        ? `Check this value: ${num(streams)} concurrent streams is more than ${num(MAX_PLAUSIBLE_STREAMS)}, beyond any single server's storage. It runs, but is it what you meant?`
        : null,
    library:
      Number.isFinite(pb) && pb > MAX_PLAUSIBLE_LIBRARY_PB
        ? `Check this value: a library of ${num(pb)} PB is more than ${MAX_PLAUSIBLE_LIBRARY_PB} PB. It runs, but is it what you meant?`
        : null,
  };
}
