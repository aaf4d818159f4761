// The frame every chart of the kit draws in: a measured box, an SVG with
// its accessible title and background, and the tooltip over it.
import { useId, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { chartSize, useContainerWidth } from './size';
import { Tooltip, type TooltipState } from './Tooltip';
import { ChartDataTable, type ChartTable } from './DataTable';

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
  /** The plotted numbers, shown as a folded table under the chart (its text alternative). */
  table: ChartTable;
  children: ReactNode;
}

export function ChartFrame({ testId, boxRef, svgRef, width, height, title, titleId, onKeyDown, tip, defs, table, children }: ChartFrameProps) {
  return (
    <div className="ck-figure">
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
    <ChartDataTable title={title} table={table} testId={testId} />
    </div>
  );
}

/**
 * What every chart needs for its frame: the measured size (the props' width
 * and height win; `fallback` before the box is measured), the title's id and
 * the tooltip state. Spread `frame` into <ChartFrame> and add `onKeyDown`.
 */
export function useChartFrame(
  props: { testId: string; svgRef?: Ref<SVGSVGElement>; title: string; width?: number; height?: number },
  fallback: [number, number],
) {
  const titleId = useId();
  const [boxRef, measured] = useContainerWidth<HTMLDivElement>();
  const [width, height] = chartSize(measured, props.width, props.height, fallback);
  const [tip, setTip] = useState<TooltipState | null>(null);
  const frame = { testId: props.testId, boxRef, svgRef: props.svgRef, width, height, title: props.title, titleId, tip };
  return { width, height, tip, setTip, frame };
}
