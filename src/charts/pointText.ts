// Direct labels for scatter points: points drawn at the same place share
// one text ("MLC, FP-FCL"), a text goes right of its point (left when it
// would leave the plot), and texts that would overlap are nudged apart
// vertically so each stays readable.
import type { ScatterPoint } from './types';

export interface PlacedText {
  key: string;
  text: string;
  x: number;
  y: number;
  anchor: 'start' | 'end';
}

/** Texts closer than this vertically (px) overlap. */
const LINE = 14;
/** Gap between a point and its text, px. */
const GAP = 9;
/** Rough width of one character at the chart's text size, px. */
const CHAR = 6.8;

export function placeTexts(points: ScatterPoint[], at: (p: ScatterPoint) => [number, number], right: number): PlacedText[] {
  const byPlace = new Map<string, { x: number; y: number; texts: string[] }>();
  for (const p of points) {
    if (!p.pointText) continue;
    const [px, py] = at(p);
    const key = `${Math.round(px)}:${Math.round(py)}`;
    const e = byPlace.get(key) ?? { x: px, y: py, texts: [] };
    if (!e.texts.includes(p.pointText)) e.texts.push(p.pointText);
    byPlace.set(key, e);
  }
  const placed: PlacedText[] = [...byPlace.entries()]
    .map(([key, e]) => {
      const text = e.texts.join(', ');
      const fitsRight = e.x + GAP + text.length * CHAR <= right;
      return { key, text, x: fitsRight ? e.x + GAP : e.x - GAP, y: e.y, anchor: fitsRight ? ('start' as const) : ('end' as const) };
    })
    .sort((a, b) => a.y - b.y);
  // Top to bottom: a text whose span overlaps an earlier one moves below it.
  const spans = (t: PlacedText): [number, number] => (t.anchor === 'start' ? [t.x, t.x + t.text.length * CHAR] : [t.x - t.text.length * CHAR, t.x]);
  for (let i = 0; i < placed.length; i++) {
    const [a0, a1] = spans(placed[i]);
    for (let j = 0; j < i; j++) {
      const [b0, b1] = spans(placed[j]);
      const overlapX = a0 < b1 && b0 < a1;
      if (overlapX && placed[i].y - placed[j].y < LINE) placed[i].y = placed[j].y + LINE;
    }
  }
  return placed;
}
