// Okabe–Ito: eight colours distinguishable under the common forms of colour
// blindness (Okabe & Ito 2008). Black is moved last so that the first series
// get the colours that read on both the light and the dark theme.
export const OKABE_ITO = [
  '#0072B2', // blue
  '#E69F00', // orange
  '#009E73', // bluish green
  '#CC79A7', // reddish purple
  '#56B4E9', // sky blue
  '#D55E00', // vermillion
  '#F0E442', // yellow
  '#000000', // black
] as const;

/** Whether series `i` has its colour from a second round of the palette (charts then dash its line so it differs from the first). */
export function repeatsColor(i: number): boolean {
  return i >= OKABE_ITO.length;
}

/** The palette colour of series `i` (cycles after eight). */
export function seriesColor(i: number): string {
  return OKABE_ITO[((i % OKABE_ITO.length) + OKABE_ITO.length) % OKABE_ITO.length];
}

/**
 * Viridis stops (perceptually uniform, colour-blind safe) for sequential
 * scales such as the heatmap; d3-scale interpolates between them.
 */
export const VIRIDIS = ['#440154', '#3b528b', '#21918c', '#5ec962', '#fde725'] as const;
