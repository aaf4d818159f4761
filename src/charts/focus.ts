// Keyboard movement between chart points: one tab stop per chart (a roving
// tabindex); arrows move within a series (←/→) and between series (↑/↓),
// Home/End jump to the ends, Escape hides the tooltip.
export interface PointKey {
  s: number;
  i: number;
}

/** The point an arrow key leads to, given each series' point count; null when the key is not ours. */
export function nextPoint(key: string, at: PointKey, counts: number[]): PointKey | null {
  const clampI = (s: number, i: number) => Math.max(0, Math.min(counts[s] - 1, i));
  const nonEmpty = (from: number, step: number): number => {
    for (let s = from + step; s >= 0 && s < counts.length; s += step) if (counts[s] > 0) return s;
    return at.s;
  };
  switch (key) {
    case 'ArrowRight':
      return { s: at.s, i: clampI(at.s, at.i + 1) };
    case 'ArrowLeft':
      return { s: at.s, i: clampI(at.s, at.i - 1) };
    case 'ArrowDown': {
      const s = nonEmpty(at.s, 1);
      return { s, i: clampI(s, at.i) };
    }
    case 'ArrowUp': {
      const s = nonEmpty(at.s, -1);
      return { s, i: clampI(s, at.i) };
    }
    case 'Home':
      return { s: at.s, i: 0 };
    case 'End':
      return { s: at.s, i: counts[at.s] - 1 };
    default:
      return null;
  }
}
