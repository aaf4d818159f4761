// The block study's charts: response time against hit ratio per cache (log
// axis), the FAST'12 cost against u (simulated beside the analytic C_H(u),
// both optima named), and the layers' partition over time. Each chart has
// the kit's data table and SVG/PNG/CSV export.
import { useRef } from 'react';
import { ExportButtons, LineChart, ScatterChart } from '../charts';
import type { BlockResult } from './types';
import { num } from '../shared/format';
import { costSeries, formatMs, partitionSeries, responsePoints, responseRows } from './series';

export function ResponseChart({ result, seed }: { result: BlockResult; seed: number }) {
  const svgRef = useRef<SVGSVGElement>(null);
  const title = 'Response time against hit ratio, per cache';
  return (
    <div data-testid="block-response">
      <ScatterChart
        title={title}
        xLabel="hit ratio (%)"
        yLabel="response time (log scale)"
        points={responsePoints(result)}
        pareto={false}
        yScale="log"
        yFormat={formatMs}
        testId="block-response-chart"
        svgRef={svgRef}
      />
      <p className="hint">Each cache&apos;s mean is labelled; its 99th percentile sits straight above it.</p>
      <ExportButtons
        svgRef={svgRef}
        name="block-response-times"
        rows={responseRows(result)}
        columns={['cache', 'mean_ms', 'mean_ci95_ms', 'p99_ms', 'hit_ratio', 'migrations', 'destages']}
        meta={{ title, seed }}
        testId="block-response-export"
      />
    </div>
  );
}

export function CostChart({ result, seed }: { result: BlockResult; seed: number }) {
  const svgRef = useRef<SVGSVGElement>(null);
  const { simulated, analytic, best } = costSeries(result);
  if (!best) return null;
  const title = 'Mean I/O cost against the caching share u (FAST’12)';
  const rows = result.cost_vs_u.map((p) => ({ u: p.u, simulated_us: p.simulated_us.mean, ci95_us: p.simulated_us.ci95, analytic_us: p.analytic_us }));
  return (
    <div data-testid="block-cost">
      <LineChart
        title={title}
        xLabel="caching share u of the flash"
        yLabel="cost per I/O (µs)"
        series={[simulated]}
        overlays={[analytic]}
        testId="block-cost-chart"
        svgRef={svgRef}
      />
      <ExportButtons svgRef={svgRef} name="block-cost-vs-u" rows={rows} columns={['u', 'simulated_us', 'ci95_us', 'analytic_us']} meta={{ title, seed }} testId="block-cost-export" />
      <p className="hint" data-testid="block-cost-optima">
        Optimum of the simulation: u = {best.simulated}; of the analytic model: u = {best.analytic}.
      </p>
    </div>
  );
}

export function PartitionChart({ result, seed }: { result: BlockResult; seed: number }) {
  const svgRef = useRef<SVGSVGElement>(null);
  const series = partitionSeries(result);
  if (series.length === 0) {
    // A layer that re-partitions, on a run shorter than one period.
    const layers = result.caches.filter((c) => c.partition.length === 1);
    if (layers.length === 0) return null;
    return (
      <p className="hint" data-testid="block-partition-none">
        No re-partition in this run: it spans {num(result.span_s)} s, shorter than one period of the FAST’12 layers; their partition stayed at u = {layers.map((c) => num(c.partition[0].u)).join(', ')}.
      </p>
    );
  }
  const title = 'Partition of the FAST’12 layers over time';
  const rows = series.flatMap((s) => s.points.map((p) => ({ series: s.label, minute: p.x, share: p.y })));
  return (
    <div data-testid="block-partition">
      <LineChart
        title={title}
        xLabel="simulated time (min)"
        yLabel="u (caching) and r (read part)"
        series={series}
        yDomain={[0, 1]}
        testId="block-partition-chart"
        svgRef={svgRef}
      />
      <ExportButtons svgRef={svgRef} name="block-partition" rows={rows} columns={['series', 'minute', 'share']} meta={{ title, seed }} testId="block-partition-export" />
    </div>
  );
}
