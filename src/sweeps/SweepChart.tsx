// One chart of a sweep (a metric against the swept parameter) with its
// exports; Fig. 12 adds the cost-vs-streams scatter with its Pareto front.
import { useMemo, useRef } from 'react';
import { ExportButtons, LineChart, ScatterChart, formatValue, seriesColor, type ExportMeta } from '../charts';
import { encodeScenarioHash } from '../ui/share';
import { CSV_COLUMNS, chartData, costScatter } from './chartData';
import type { ChartDef } from './figures';
import { METRICS, fieldAxisLabel, formatDays, type SweepSpec } from './model';
import type { SweepPoint } from './runner';

function metaFor(spec: SweepSpec, title: string): ExportMeta {
  const s = spec.variants[0]?.scenario;
  const link = s && typeof location !== 'undefined' ? `${location.origin}${location.pathname}${encodeScenarioHash(JSON.stringify(s))}` : undefined;
  return {
    title: `${title}; ${spec.field.path} over ${spec.values.join(', ')}; series: ${spec.variants.map((v) => v.label).join(' | ')}`,
    link,
    seed: s?.run.seed,
  };
}

const fileSafe = (t: string) => t.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

export function SweepChart({ def, spec, points, index }: { def: ChartDef; spec: SweepSpec; points: SweepPoint[]; index: number }) {
  const svgRef = useRef<SVGSVGElement>(null);
  const scatterRef = useRef<SVGSVGElement>(null);
  const metric = METRICS[def.metric];
  const data = useMemo(() => chartData(spec, def.metric, points), [spec, def.metric, points]);
  const scatter = useMemo(() => (def.scatter ? costScatter(spec, points) : []), [def.scatter, spec, points]);
  const meta = metaFor(spec, def.title);
  const testId = `sweep-chart-${index}`;
  const yFormat = def.metric === 'lifetime_days' ? formatDays : formatValue;
  const empty = data.series.every((s) => s.points.length === 0);
  return (
    <figure className="card sweep-chart" data-testid={`${testId}-card`} data-metric={def.metric} data-spec={spec.id}>
      <figcaption className="sweep-chart-title">{def.title}</figcaption>
      <LineChart
        title={def.title}
        xLabel={fieldAxisLabel(spec.field)}
        yLabel={metric.axis}
        series={data.series}
        overlays={data.overlays}
        references={data.references}
        yScale={metric.log ? 'log' : 'linear'}
        yFormat={yFormat}
        testId={testId}
        svgRef={svgRef}
      />
      {empty && def.metric === 'lifetime_days' && points.some((p) => p.specId === spec.id) ? (
        <p className="hint">No flash tier was written to, so none wears out.</p>
      ) : null}
      <ExportButtons svgRef={svgRef} name={fileSafe(def.title)} rows={data.rows} columns={CSV_COLUMNS} meta={meta} testId={`${testId}-export`} />
      {def.scatter ? (
        <div className="sweep-scatter">
          <p className="sweep-chart-title">Capital cost vs concurrent streams, every point of the sweep (Pareto front: nothing cheaper serves more)</p>
          <ScatterChart
            title="Capital cost vs concurrent streams"
            xLabel="capital cost (US$)"
            yLabel="average concurrent streams (streams)"
            points={scatter}
            groupColors={Object.fromEntries(spec.variants.map((v, i) => [v.label, seriesColor(i)]))}
            testId={`${testId}-scatter`}
            svgRef={scatterRef}
          />
          <ExportButtons
            svgRef={scatterRef}
            name={`${fileSafe(def.title)}-cost-scatter`}
            rows={scatter.map((p) => ({ series: p.group, point: p.label ?? p.id, capital_cost: p.x, avg_streams: p.y }))}
            columns={['series', 'point', 'capital_cost', 'avg_streams']}
            meta={meta}
            testId={`${testId}-scatter-export`}
          />
        </div>
      ) : null}
    </figure>
  );
}
