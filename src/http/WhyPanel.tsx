// "Show the why" (issue 22): for one run (a rate and a policy), the study's
// diagnostic charts — each device's busiest seconds over the hour
// (NOSSDAV'12 Figures 3b and 5), the flash write-size distribution with its
// median (Figure 3a) and where a segment request's time went — so a user
// sees why a policy misses deadlines.
import { useRef } from 'react';
import { scaleLinear } from 'd3-scale';
import { ExportButtons, HIGHLIGHT_OVER, LineChart, XAxis, seriesColor, tickValues, useContainerWidth } from '../charts';
import { duration, num, percent } from '../shared/format';
import type { RequestResult, TimeSplit, WriteSizes } from './types';
import { deviceLabel } from './details';
import {
  STUDY_MEDIAN_KB,
  formatKb,
  medianMarkers,
  peakUtilisationSeries,
  saturation,
  timeSplitParts,
  writeSizeCdf,
  writeSizesOf,
} from './diagnostics';

/** Each device's busiest second in every bucket of the measured hour. */
export function PeakUtilisationChart({ result, title, testId }: { result: RequestResult; title: string; testId: string }) {
  const svgRef = useRef<SVGSVGElement>(null);
  const { series, bucket } = peakUtilisationSeries(result);
  const rows = series.flatMap((s) => s.points.map((p) => ({ device: s.id, minute: Number(p.x.toFixed(3)), peak_busy_fraction: p.y })));
  return (
    <div className="http-chart" data-testid={testId}>
      <LineChart
        title={title}
        xLabel="time in the measured period (min)"
        yLabel={bucket > 1 ? `busiest second in each ${bucket} s (busy fraction)` : 'busy fraction per second'}
        series={series}
        yDomain={[0, 1]}
        yFormat={percent}
        testId={`${testId}-chart`}
        svgRef={svgRef}
      />
      {series.length > HIGHLIGHT_OVER ? (
        <p className="hint" data-testid={`${testId}-highlight-hint`}>
          {series.length} devices: point at a device’s line or its legend entry (or move the keyboard onto its points) to see it on its own, the
          others faded.
        </p>
      ) : null}
      <ExportButtons svgRef={svgRef} name="device-peak-utilisation" rows={rows} columns={['device', 'minute', 'peak_busy_fraction']} meta={{ title, seed: result.replications[0]?.seed }} testId={`${testId}-export`} />
      <ul className="hint" data-testid={`${testId}-saturation`}>
        {result.devices.map((d) => {
          const s = saturation(d.per_second);
          return (
            <li key={d.name}>
              {deviceLabel(d.name)}: busy {percent(d.utilisation.mean)} of the time on average
              {d.name === 'ssd' && result.ssd_queue_depth > 1 ? ` (at least one of up to ${num(result.ssd_queue_depth)} commands in service)` : ''};{' '}
              {s.seconds === 0
                ? 'never fully busy for a whole second'
                : `fully busy in ${num(s.seconds)} of ${num(d.per_second.length)} seconds${s.meanGapS !== null ? `, a busy spell starting every ${duration(s.meanGapS)} on average` : ''}`}
              .
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** Cumulative distribution of the SSD's write request sizes, our median and the study's marked. */
export function WriteSizeCdfChart({ sizes, title, testId }: { sizes: WriteSizes; title: string; testId: string }) {
  const svgRef = useRef<SVGSVGElement>(null);
  const cdf = writeSizeCdf(sizes);
  const rows = sizes.upper_kb.map((x, i) => ({ upper_kb: x, count: sizes.counts[i], cumulative_share: cdf.points[i].y }));
  return (
    <div className="http-chart" data-testid={testId} data-median-kb={sizes.median_kb}>
      <LineChart
        title={title}
        xLabel="flash write request size (KB, log scale)"
        yLabel="share of write requests (cumulative)"
        series={[cdf]}
        overlays={medianMarkers(sizes)}
        references={[{ id: 'half', label: 'half of the writes', y: 0.5 }]}
        xScale="log"
        xFormat={num}
        yDomain={[0, 1]}
        yFormat={percent}
        testId={`${testId}-chart`}
        svgRef={svgRef}
      />
      <ExportButtons svgRef={svgRef} name="flash-write-sizes" rows={rows} columns={['upper_kb', 'count', 'cumulative_share']} meta={{ title }} testId={`${testId}-export`} />
      <p className="hint">
        Median flash write request: <strong data-testid={`${testId}-median`}>{formatKb(sizes.median_kb)}</strong> in this run; NOSSDAV’12 measured {STUDY_MEDIAN_KB} KB
        for flashcache at 1 request/s, cold (Figure 3a). {num(sizes.counts.reduce((a, b) => a + b, 0))} write requests.
      </p>
    </div>
  );
}

/** A segment request's mean time by part: one stacked bar, and the same numbers as a table. */
export function TimeSplitChart({ split, title, testId }: { split: TimeSplit; title: string; testId: string }) {
  const parts = timeSplitParts(split);
  const total = parts.reduce((a, p) => a + Math.max(0, p.seconds), 0);
  // Drawn at the width it has, so its labels keep their size on a phone.
  const [boxRef, measured] = useContainerWidth<HTMLDivElement>();
  const width = Math.max(280, Math.min(860, measured ?? 640));
  const m = { top: 8, right: 18, bottom: 44, left: 18 };
  const x = scaleLinear()
    .domain([0, total > 0 ? total : 1])
    .range([m.left, width - m.right])
    .nice();
  let at = 0;
  return (
    <div className="http-chart" data-testid={testId} ref={boxRef}>
      <svg viewBox={`0 0 ${width} 92`} role="img" aria-labelledby={`${testId}-title`} className="ck-svg">
        <title id={`${testId}-title`}>
          {title}: {parts.map((p) => `${p.label} ${duration(p.seconds)}`).join(', ')}
        </title>
        <rect className="ck-bg" x={0} y={0} width={width} height={92} />
        {parts.map((p, i) => {
          const x0 = x(at);
          at += Math.max(0, p.seconds);
          const w = Math.max(0, x(at) - x0);
          return <rect key={p.key} x={x0} y={m.top} width={w} height={36} fill={seriesColor(i)} data-testid={`${testId}-part-${p.key}`} data-seconds={p.seconds} />;
        })}
        <XAxis scale={x} ticks={tickValues(x, Math.max(2, Math.floor(width / 90)), false)} format={(v) => duration(v)} y={m.top + 40} label="mean time per segment request" width={width} m={m} />
      </svg>
      <table className="http-table split-table" data-testid={`${testId}-table`}>
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">Part</th>
            <th scope="col">Mean per request</th>
            <th scope="col">Share</th>
          </tr>
        </thead>
        <tbody>
          {parts.map((p, i) => (
            <tr key={p.key}>
              <th scope="row">
                <span className="swatch" style={{ background: seriesColor(i) }} aria-hidden="true" />
                {p.label}
              </th>
              <td className="num">{duration(p.seconds)}</td>
              <td className="num">{p.share > 0 && p.share < 0.001 ? '< 0.1%' : percent(p.share)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The diagnostics of one run (a rate and a policy), with the SSD queue depth the run echoes. */
export function WhyPanel({ result, label, testId }: { result: RequestResult; label: string; testId: string }) {
  const sizes = writeSizesOf(result);
  const at = `${label}, ${num(result.rate)} requests/s`;
  return (
    <div className="why-panel" data-testid={`${testId}-why`}>
      <h3>Why: where the time goes ({at})</h3>
      <PeakUtilisationChart result={result} title={`Device utilisation over the measured period, ${at}`} testId={`${testId}-util`} />
      {sizes ? (
        <WriteSizeCdfChart sizes={sizes} title={`Flash write request sizes, ${at}`} testId={`${testId}-writes`} />
      ) : (
        <p className="hint" data-testid={`${testId}-writes-none`}>
          No writes to flash in this run: no write-size distribution to show.
        </p>
      )}
      <TimeSplitChart split={result.time_split} title={`Where a segment request’s time went, ${at}`} testId={`${testId}-split`} />
    </div>
  );
}
