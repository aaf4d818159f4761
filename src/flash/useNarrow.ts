// Whether the viewport is phone-sized: charts then use a narrower viewBox so
// their text stays legible instead of being scaled down.
import { useMediaQuery } from '../shared/media';

export function useNarrow(): boolean {
  return useMediaQuery('(max-width: 640px)');
}

/** Width and height of a chart's viewBox for the current viewport. */
export function useChartSize(wide: [number, number] = [640, 360]): { width: number; height: number } {
  const narrow = useNarrow();
  return narrow ? { width: 380, height: Math.round(wide[1] * 0.9) } : { width: wide[0], height: wide[1] };
}
