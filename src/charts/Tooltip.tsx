// The tooltip: an HTML box over the chart, placed in viewBox percentages so
// that it follows the SVG however it is scaled.
export interface TooltipState {
  /** Position in viewBox units. */
  x: number;
  y: number;
  lines: string[];
}

export function Tooltip({ tip, width, height, testId }: { tip: TooltipState | null; width: number; height: number; testId: string }) {
  if (!tip) return null;
  const left = (tip.x / width) * 100;
  const top = (tip.y / height) * 100;
  // Flip to the left of the point in the right half so it stays inside the chart, and no wider than the room on that
  // side (on a phone a long note would otherwise run off the screen).
  const flip = left > 55;
  const transform = `translate(${flip ? 'calc(-100% - 10px)' : '10px'}, ${top > 50 ? 'calc(-100% - 6px)' : '6px'})`;
  const maxWidth = `min(340px, calc(${(flip ? left : 100 - left).toFixed(2)}% - 14px))`;
  return (
    <div className="ck-tooltip" role="tooltip" data-testid={`${testId}-tooltip`} style={{ left: `${left}%`, top: `${top}%`, transform, maxWidth }}>
      {tip.lines.map((l, i) => (
        <div key={i} className={i === 0 ? 'ck-tooltip-title' : undefined}>
          {l}
        </div>
      ))}
    </div>
  );
}
