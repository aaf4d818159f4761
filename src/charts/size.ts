// The width a chart has on the page, so that the SVG is drawn at its real
// size (12 px labels stay 12 px on a phone) instead of a scaled-down viewBox.
import { useLayoutEffect, useRef, useState } from 'react';

export function useContainerWidth<T extends HTMLElement>(): [React.RefObject<T | null>, number | null] {
  const ref = useRef<T | null>(null);
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const w = Math.round(el.getBoundingClientRect().width);
      if (w > 0) setWidth((old) => (old === w ? old : w));
    };
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return [ref, width];
}

/**
 * Width and height to draw at: an explicit width wins; otherwise the
 * container's (clamped to 300–960 px), or `fallback` before it is measured
 * (and in tests). Narrow charts get a taller aspect so the plot stays usable.
 */
export function chartSize(measured: number | null, width: number | undefined, height: number | undefined, fallback: [number, number]): [number, number] {
  if (width !== undefined) return [width, height ?? fallback[1]];
  if (measured === null) return [fallback[0], height ?? fallback[1]];
  const w = Math.max(300, Math.min(960, measured));
  if (height !== undefined) return [w, height];
  return [w, Math.round(Math.max(fallback[1] * 0.85, Math.min(fallback[1] * 1.15, w * 0.62 + 110)))];
}
