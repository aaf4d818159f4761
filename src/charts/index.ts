// The chart kit: D3 computes scales and shapes, React renders the SVG.
// Shared by the sweeps, optimiser and flash pages; keep this API stable.
import './charts.css';

export { HIGHLIGHT_OVER, LineChart, type LineChartProps, type SecondAxis } from './LineChart';
export { ScatterChart, type ScatterChartProps } from './ScatterChart';
export { Heatmap, type HeatmapProps } from './Heatmap';
export { ExportButtons, type ExportButtonsProps } from './ExportButtons';
export { ThemeToggle, useTheme, applyTheme, initialTheme, type Theme } from './theme';
export { OKABE_ITO, VIRIDIS, seriesColor } from './palette';
export { paretoFront, type ParetoSense } from './pareto';
export { formatValue, r2 } from './format';
export { XAxis, YAxis, splitAxisLabel, tickShift, tickValues, wrapWords, yAxisLeft, type Margins } from './Axes';
export { useContainerWidth } from './size';
export {
  APP_VERSION,
  headerLines,
  toCsv,
  csvBody,
  svgText,
  pngBlob,
  downloadBlob,
  downloadSvg,
  downloadPng,
  downloadCsv,
} from './export';
export type {
  LinePoint,
  LineSeries,
  OverlaySeries,
  ReferenceLine,
  ScatterPoint,
  HeatCell,
  ExportMeta,
} from './types';
export { ChartDataTable, type ChartTable } from './DataTable';
export { ColumnHeads } from './ColumnHeads';
