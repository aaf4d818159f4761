// The frame every chart of the kit draws in: a measured box, an SVG with
// its accessible title and background, and the tooltip over it.
import type { KeyboardEvent, ReactNode, Ref } from 'react';
import { Tooltip, type TooltipState } from './Tooltip';

export interface ChartFrameProps {
  testId: string;
  boxRef: Ref<HTMLDivElement>;
  svgRef?: Ref<SVGSVGElement>;
  width: number;
  height: number;
  title: string;
  titleId: string;
  onKeyDown: (e: KeyboardEvent) => void;
  tip: TooltipState | null;
  /** SVG definitions (gradients) placed before the background. */
  defs?: ReactNode;
  children: ReactNode;
}

export function ChartFrame({ testId, boxRef, svgRef, width, height, title, titleId, onKeyDown, tip, defs, children }: ChartFrameProps) {
  return (
    <div className="ck-chart" data-testid={testId} ref={boxRef}>
      <svg
        ref={svgRef}
        className="ck-svg"
        viewBox={`0 0 ${width} ${height}`}
        role="group"
        aria-labelledby={titleId}
        xmlns="http://www.w3.org/2000/svg"
        onKeyDown={onKeyDown}
      >
        <title id={titleId}>{title}</title>
        {defs}
        <rect className="ck-bg" x={0} y={0} width={width} height={height} />
        {children}
      </svg>
      <Tooltip tip={tip} width={width} height={height} testId={testId} />
    </div>
  );
}
