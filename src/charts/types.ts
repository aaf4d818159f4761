// Data shapes of the chart kit. Kept free of React so that pages can build
// their series in plain functions (and test them).

/** One point of a line series; `lo`/`hi` are its 95 % confidence bounds. */
export interface LinePoint {
  x: number;
  y: number;
  lo?: number;
  hi?: number;
  /** Drawn hollow: a provisional value (more measurements to come). */
  open?: boolean;
  /** `y` is a lower bound: drawn with an up-arrow and read as "≥ y". */
  atLeast?: boolean;
  /** `y` was not measured but follows from other points: drawn as a small dot. */
  inferred?: boolean;
  /** A further line of the point's tooltip and accessible name, e.g. "1 of 3 replications". */
  note?: string;
}

export interface LineSeries {
  id: string;
  label: string;
  points: LinePoint[];
  /** CSS colour; defaults to the Okabe–Ito colour of the series' index. */
  color?: string;
  /** Leave it out of the legend (one of many alike, e.g. a class's sketches under one entry). */
  noLegend?: boolean;
}

/** An analytic curve drawn dashed over the measured series (no points, no band). */
export interface OverlaySeries {
  id: string;
  label: string;
  points: { x: number; y: number }[];
  color?: string;
}

/** A horizontal reference line, e.g. a tier's bandwidth ceiling. */
export interface ReferenceLine {
  id: string;
  label: string;
  y: number;
  color?: string;
}

export interface ScatterPoint {
  id: string;
  x: number;
  y: number;
  /** Groups share a colour and a legend entry. */
  group: string;
  label?: string;
  /** Drawn beside the point (direct labelling); points at the same place share one text. */
  pointText?: string;
}

export interface HeatCell {
  x: number;
  y: number;
  value: number;
  /** Shown in the tooltip, e.g. "±3.1". */
  note?: string;
}

/** What the export helpers write at the top of every file. */
export interface ExportMeta {
  /** A link that reopens the scenario; defaults to `location.href`. */
  link?: string;
  seed?: number | string;
  /** Free text, e.g. the figure's title. */
  title?: string;
}
