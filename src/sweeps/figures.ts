// The ready figures of the MMSys'11 study (Figs. 9–12) and an SSD-lifetime
// figure: each builds its sweeps from the core's presets, so one click runs
// the study's configuration.
import type { Engine } from '../worker/contract';
import type { Scenario } from '../engine/types';
import { linspace } from './values';
import { setNumber, sweepFields, type MetricId, type SweepField, type SweepSpec, type Variant } from './model';

export interface FigureSettings {
  /** Points per swept parameter. */
  points: number;
  replications: number;
  durationH: number;
}

export const DEFAULT_SETTINGS: FigureSettings = { points: 25, replications: 5, durationH: 10 };

export interface ChartDef {
  specId: string;
  metric: MetricId;
  title: string;
  /** Add a cost-vs-streams scatter (Pareto front) of the spec's points. */
  scatter?: boolean;
}

export interface Figure {
  specs: SweepSpec[];
  charts: ChartDef[];
  /** What the figure shows and how it differs from the paper, if it does. */
  note: string;
}

export interface FigureDef {
  id: string;
  button: string;
  title: string;
  build(engine: Engine, settings: FigureSettings): Promise<Figure>;
}

function withRun(s: Scenario, st: FigureSettings): Scenario {
  return { ...s, run: { ...s.run, replications: st.replications, duration_h: st.durationH, warmup_h: Math.min(s.run.warmup_h, st.durationH / 2) } };
}

async function variant(engine: Engine, id: string, label: string, presetId: string, st: FigureSettings, edit?: (s: Scenario) => Scenario): Promise<Variant> {
  const s = withRun(await engine.preset(presetId), st);
  return { id, label, scenario: edit ? edit(s) : s };
}

function field(s: Scenario, path: string, label?: string): SweepField {
  const f = sweepFields(s).find((x) => x.path === path);
  if (!f) throw new Error(`${path}: not a sweepable field of ${s.name}`);
  return label ? { ...f, label } : f;
}

function deviceIndex(s: Scenario, id: string): number {
  const i = s.devices.findIndex((d) => d.id === id);
  if (i < 0) throw new Error(`device ${id} is missing from ${s.name}`);
  return i;
}

function ints(from: number, to: number, n: number): number[] {
  return [...new Set(linspace(from, to, n).map(Math.round))];
}

export const FIGURES: FigureDef[] = [
  {
    id: 'fig9',
    button: 'Fig. 9: streams vs DRAM',
    title: 'Fig. 9 — interval caching: buffered streams vs DRAM capacity (λ = 0.5/s)',
    async build(engine, st) {
      const v = await variant(engine, 'dram', 'DRAM interval cache + 4-disk array', 'mmsys11-fig9-dram', st);
      const f = field(v.scenario, 'tiers.interval_cache.count', 'DRAM capacity');
      return {
        specs: [{ id: 'dram-capacity', field: { ...f, unit: 'GB, in 1 GB modules' }, values: ints(1, 16, st.points), variants: [v] }],
        charts: [
          { specId: 'dram-capacity', metric: 'cache_streams', title: 'Buffered streams vs DRAM capacity' },
          { specId: 'dram-capacity', metric: 'hit_ratio', title: 'Hit ratio vs DRAM capacity' },
        ],
        note: 'The study reports 89 buffered streams at 4 GB and a linear growth with capacity; DRAM bandwidth is unlimited, so no ceiling is drawn.',
      };
    },
  },
  {
    id: 'fig10',
    button: 'Fig. 10: streams vs flash',
    title: 'Fig. 10 — file-level LFU: buffered streams vs flash capacity and bandwidth (λ = 0.5/s)',
    async build(engine, st) {
      const base = await engine.preset('mmsys11-fig10-ssd');
      const i = deviceIndex(base, 'ssd_a');
      const cap = await variant(engine, 'ssd', 'SSD LFU at 200 MB/s', 'mmsys11-fig10-ssd', st, (s) => setNumber(s, `devices[${i}].read_mbps`, 200));
      const bw = await variant(engine, 'ssd', 'SSD LFU at 64 GB', 'mmsys11-fig10-ssd', st);
      return {
        specs: [
          { id: 'flash-capacity', field: field(cap.scenario, `devices[${i}].capacity_gb`, 'flash capacity'), values: linspace(16, 256, st.points), variants: [cap] },
          { id: 'flash-bandwidth', field: field(bw.scenario, `devices[${i}].read_mbps`, 'flash bandwidth'), values: linspace(20, 400, st.points), variants: [bw] },
        ],
        charts: [
          { specId: 'flash-capacity', metric: 'cache_streams', title: 'Buffered streams vs flash capacity (200 MB/s)' },
          { specId: 'flash-bandwidth', metric: 'cache_streams', title: 'Buffered streams vs flash bandwidth (64 GB)' },
        ],
        note: 'The study sees a plateau at about 800 streams beyond 120 GB (bandwidth bound) and saturation beyond 160 MB/s at 64 GB (capacity bound); the dashed lines are the Zipf top-k estimate and the flash tier’s stream ceiling.',
      };
    },
  },
  {
    id: 'fig11',
    button: 'Fig. 11: workload sweeps',
    title: 'Fig. 11 — 5.23 GB DRAM vs 64 GB / 155 MB/s SSD: arrival rate, Zipf value, video length',
    async build(engine, st) {
      const dram = await variant(engine, 'dram', 'DRAM 5.23 GB interval cache', 'mmsys11-fig11-dram', st);
      const ssd = await variant(engine, 'ssd', 'SSD 64 GB file-level LFU', 'mmsys11-fig11-ssd', st);
      const variants = [dram, ssd];
      const specs: SweepSpec[] = [
        { id: 'arrival', field: field(dram.scenario, 'workload.arrival_rate'), values: linspace(0.02, 0.5, st.points), variants },
        { id: 'zipf', field: field(dram.scenario, 'workload.popularity.value'), values: linspace(0, 1, st.points), variants },
        { id: 'length', field: field(dram.scenario, 'workload.classes[0].length_min', 'Video length'), values: linspace(10, 120, st.points), variants },
      ];
      const what = { arrival: 'arrival rate', zipf: 'Zipf value', length: 'video length' } as const;
      return {
        specs,
        charts: specs.flatMap((s) =>
          (['cache_streams', 'hit_ratio', 'rejection_probability'] as const).map((m) => ({
            specId: s.id,
            metric: m,
            title: `${{ cache_streams: 'Buffered streams', hit_ratio: 'Hit ratio', rejection_probability: 'Rejection probability' }[m]} vs ${what[s.id as keyof typeof what]}`,
          })),
        ),
        note: 'The study: flash never serves more than 647 streams (155 MB/s at 245 KB/s); rejection becomes non-zero near λ = 0.08 (DRAM) and 0.16 (SSD); hit ratios near 0.19 and 0.37 there.',
      };
    },
  },
  {
    id: 'fig12',
    button: 'Fig. 12: streams per dollar',
    title: 'Fig. 12 — streams per dollar of HDD only, DRAM + HDD and SSD + HDD (cost-table configurations)',
    async build(engine, st) {
      const variants = await Promise.all([
        variant(engine, 'hdd', 'HDD only (13 HDDs)', 'mmsys11-cost-hdd', st),
        variant(engine, 'dram', 'DRAM + HDD (2 DRAM, 12 HDDs)', 'mmsys11-cost-dram', st),
        variant(engine, 'ssd', 'SSD + HDD (5 SSDs, 2 HDDs)', 'mmsys11-cost-ssd', st),
      ]);
      return {
        specs: [{ id: 'cost', field: field(variants[0].scenario, 'workload.arrival_rate'), values: linspace(0.2, 1.2, st.points), variants }],
        charts: [
          { specId: 'cost', metric: 'streams_per_dollar', title: 'Streams per dollar vs arrival rate', scatter: true },
          { specId: 'cost', metric: 'rejection_probability', title: 'Rejection probability vs arrival rate' },
        ],
        note: 'The study (λ = 1/s, 0 % rejection): 1.46 streams/$ for HDD only, 1.54 for DRAM + HDD and 3.55 for SSD + HDD. The dashed HDD-only line is Erlang B.',
      };
    },
  },
  {
    id: 'lifetime',
    button: 'SSD lifetime',
    title: 'SSD lifetime per tier and policy (log scale)',
    async build(engine, st) {
      const dynamic = (s: Scenario): Scenario => ({
        ...s,
        workload: { ...s.workload, churn: { period_h: 1, new_titles: 10 } },
        policy: { ...s.policy, lfu: 'dynamic', lfu_window_h: 2 },
      });
      const variants = await Promise.all([
        variant(engine, 'lfu-static', 'SSD LFU, static', 'mmsys11-cost-ssd', st),
        variant(engine, 'lfu-dynamic', 'SSD LFU, dynamic + churn', 'mmsys11-cost-ssd', st, dynamic),
        variant(engine, 'ssd-ic', 'MLC SSD as interval cache', 'mlc-interval-cache', st),
        variant(engine, 'slc-tlc', 'SLC interval cache + TLC LFU', 'hyssc-slc-tlc', st),
      ]);
      return {
        specs: [{ id: 'wear', field: field(variants[0].scenario, 'workload.arrival_rate'), values: linspace(0.25, 1.25, st.points), variants }],
        charts: [{ specId: 'wear', metric: 'lifetime_days', title: 'SSD lifetime vs arrival rate' }],
        note: 'Static LFU stages its files before the run and never writes, so its SSDs do not wear (no line). Dynamic LFU here has 10 new titles every hour and a 2 h window; interval caching rewrites its buffer continuously.',
      };
    },
  },
];
