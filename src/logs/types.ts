// Boundary types of the logs feature, generated from tierplan-core
// (wasm/bindings/build.rs, ts-rs). Never hand-copied.
export type {
  BadLine,
  ChurnFit,
  ColumnMap,
  DayNew,
  Detection,
  DiurnalFit,
  HourRate,
  Interval,
  LogFit,
  LogFormat,
  ParseProgress,
  PeakHour,
  RankPoint,
  RateProfile,
  TimeFormat,
  TitleCurves,
  TitlePoint,
  ZipfFit,
} from '../wasm-pkg/tierplan_studies';
export type { FieldError, OptimizeResult, OptimizeSpec, Progress, RunResult, Scenario, SearchProgress } from '../engine/types';
