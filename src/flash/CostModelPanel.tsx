// The hybrid cost model of the flash cache (model §9, after Oh et al.,
// FAST'12): its inputs are part of the scenario (`cost_model`), so a link,
// a file, the autosave and the FAST'12 preset carry them; the grid search
// over (u, r) runs in a worker; the panel shows the cost curve C(u) with its
// optimum, the partition of the cache, the (u, r) heatmap, and how the
// optimum moves as the write share grows.
import { useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { Heatmap, LineChart } from '../charts';
import type { CostModelDefaults, CostModelReport, CostModelSpec, CostParams, FlashTiming, WriteShareOptimum, ZipfWorkload } from './types';
import type { Scenario } from '../engine/types';
import type { Engine } from '../worker/contract';
import { num, percent } from '../shared/format';
import { FormContext, NumField, SelectField, useLocalInvalid, type FormState } from '../shared/form';
import type { Edit } from '../shared/edit';
import { useChartSize } from './useNarrow';

const P = 'cost_model';

type Source = '' | 'slc' | 'mlc' | 'tlc' | `device:${string}`;

/** The chip's part of the inputs: what loading timings replaces. */
const CHIP_KEYS = ['page_kb', 'pages_per_block', 'c_fr_us', 'c_prog_us', 'c_cp_us', 'c_e_us'] as const;
const chipOf = (p: CostParams) => JSON.stringify(CHIP_KEYS.map((k) => p[k]));

function timingOfDevice(s: Scenario, id: string): FlashTiming | null {
  const f = s.devices.find((d) => d.id === id)?.flash;
  return f ? { page_kb: f.page_kb, pages_per_block: f.pages_per_block, read_us: f.read_us, program_us: f.program_us, erase_ms: f.erase_ms } : null;
}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/**
 * The app's form context, with this panel's own record of fields that do not
 * read as numbers (so it pauses while one is being typed) passed on to the app.
 */
function usePanelForm(): { form: FormState; typing: boolean; hasErrors: boolean } {
  const parent = useContext(FormContext);
  const [local, setLocal] = useLocalInvalid();
  const setLocalInvalid = useCallback(
    (path: string, invalid: boolean) => {
      parent.setLocalInvalid(path, invalid);
      setLocal(path, invalid);
    },
    [parent, setLocal],
  );
  const form = useMemo(() => ({ errors: parent.errors, setLocalInvalid }), [parent.errors, setLocalInvalid]);
  return { form, typing: local.size > 0, hasErrors: parent.errors.some((e) => e.path.startsWith(`${P}.`)) };
}

export function CostModelPanel({ engine, scenario, edit }: { engine: Engine; scenario: Scenario; edit: Edit }) {
  const [defaults, setDefaults] = useState<CostModelDefaults | null>(null);
  const [report, setReport] = useState<{ report: CostModelReport; sweep: WriteShareOptimum[]; spec: CostModelSpec } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [loaded, setLoaded] = useState<{ source: Source; chip: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const { form, typing, hasErrors } = usePanelForm();

  useEffect(() => {
    let live = true;
    engine.costModelDefaults().then(
      (d) => live && setDefaults(d),
      (e: unknown) => live && setFailure(message(e)),
    );
    return () => {
      live = false;
    };
  }, [engine]);

  const own = scenario.cost_model ?? null;
  const spec = own ?? defaults?.spec ?? null;
  // Recompute only when the cost model's inputs change, not on every scenario edit.
  const specKey = spec ? JSON.stringify(spec) : '';

  useEffect(() => {
    if (!specKey || typing) return;
    const current = JSON.parse(specKey) as CostModelSpec;
    let live = true;
    const t = setTimeout(() => {
      setBusy(true);
      Promise.all([engine.costModel(current), engine.costModelWriteSweep(current)]).then(
        ([r, sweep]) => {
          if (!live) return;
          setReport({ report: r, sweep, spec: current });
          setFailure(null);
          setBusy(false);
        },
        (e: unknown) => {
          if (!live) return;
          setFailure(message(e));
          setBusy(false);
        },
      );
    }, 150);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [engine, specKey, typing]);

  if (!spec || !defaults) {
    return (
      <section className="card" data-testid="cost-model">
        <h2>Hybrid cost model of the flash cache</h2>
        {failure ? <p className="field-error">{failure}</p> : <p className="muted">Loading the model…</p>}
      </section>
    );
  }

  /** Edit the scenario's cost model, creating it from the FAST'12 example on the first edit. */
  const update = (f: (m: CostModelSpec) => void) =>
    edit((s) => {
      const m = structuredClone(s.cost_model ?? defaults.spec);
      f(m);
      s.cost_model = m;
    });
  const setParam = (k: keyof CostParams, v: number) => update((m) => void (m.params[k] = v as never));
  const setWork = (k: keyof ZipfWorkload, v: number) => update((m) => void (m.workload[k] = v));

  const ssds = scenario.devices.filter((d) => d.flash);
  const sources: { value: Source; label: string }[] = [
    { value: '', label: '— as edited (choose to load a chip) —' },
    { value: 'slc', label: 'SLC preset (HySSC: 135 / 350 µs, erase 1.5 ms, 4 KB)' },
    { value: 'mlc', label: 'MLC preset (HySSC: 175 µs / 1.4 ms, erase 3.8 ms, 4 KB)' },
    { value: 'tlc', label: 'TLC preset (HySSC: 350 µs / 2.5 ms, erase 3 ms, 8 KB)' },
    ...ssds.map((d) => ({ value: `device:${d.id}` as Source, label: `Device: ${d.name} (${d.flash!.cell.toUpperCase()})` })),
  ];
  // The select names the chip only while the chip fields are still as loaded.
  const shownSource: Source = loaded && loaded.chip === chipOf(spec.params) ? loaded.source : '';

  function chooseSource(v: Source) {
    if (!defaults || !spec || v === '') return;
    const timing = v.startsWith('device:') ? timingOfDevice(scenario, v.slice('device:'.length)) : defaults.timings[v as 'slc' | 'mlc' | 'tlc'];
    if (!timing) return;
    engine.costParamsFromTimings(timing, defaults.hdd, spec.params.io_w).then(
      (chip) => {
        // New chip timings; the disk costs, write-hit cost and write share stay as edited.
        update((m) => {
          for (const k of CHIP_KEYS) m.params[k] = chip[k];
        });
        setLoaded({ source: v, chip: chipOf(chip) });
      },
      (e: unknown) => setFailure(message(e)),
    );
  }

  const p = spec.params;
  const w = spec.workload;
  const hdd = defaults.hdd;
  const status = busy ? 'Computing in a worker…' : typing || hasErrors ? 'Fix the marked fields; the charts show the last valid inputs.' : '';
  return (
    <FormContext.Provider value={form}>
      <section className="card" aria-labelledby="cost-title" data-testid="cost-model">
        <h2 id="cost-title">Hybrid cost model of the flash cache (FAST'12)</h2>
        <p className="hint">
          The flash cache splits into caching space (fraction u) and over-provisioned space (1 − u); caching space into read (r) and write (1 − r) parts.
          C<sub>H</sub>(u, r) = C<sub>HR</sub>·IO<sub>R</sub> + C<sub>HW</sub>·IO<sub>W</sub>, with garbage collection C<sub>GC</sub>(u) = u·N<sub>p</sub>·C
          <sub>CP</sub> + C<sub>E</sub> and page write C<sub>PW</sub>(u) = C<sub>GC</sub>(u) / ((1 − u)·N<sub>p</sub>) + C<sub>PROG</sub>. Hit ratios H
          <sub>R</sub>, H<sub>W</sub> come from Zipf block popularities (ideal popularity-ordered cache).
        </p>
        <div className="cost-origin" data-testid="cost-origin">
          {own ? (
            <>
              <span>These inputs are part of the scenario: its link, file and autosave carry them.</span>{' '}
              <button type="button" className="secondary" data-testid="cost-reset" onClick={() => edit((s) => void (s.cost_model = null))}>
                Back to the FAST'12 example
              </button>
            </>
          ) : (
            <span className="muted">Showing the FAST'12 example (4 GB SLC cache, 2 % writes). Edit any input to keep your own in the scenario.</span>
          )}
        </div>
        <div className="cost-form">
          <fieldset>
            <legend>Flash chip</legend>
            <SelectField<Source> path={`${P}.source`} label="Timings from" value={shownSource} options={sources} onChange={chooseSource} />
            <div className="grid">
              <NumField path={`${P}.params.page_kb`} label="Page size P" unit="KB" value={p.page_kb} onChange={(v) => setParam('page_kb', v)} />
              <NumField path={`${P}.params.pages_per_block`} label="Pages per block N_p" unit="pages" integer value={p.pages_per_block}
                onChange={(v) => setParam('pages_per_block', v)} />
              <NumField path={`${P}.params.c_fr_us`} label="Page read C_FR" unit="µs" value={p.c_fr_us} onChange={(v) => setParam('c_fr_us', v)} />
              <NumField path={`${P}.params.c_prog_us`} label="Page program C_PROG" unit="µs" value={p.c_prog_us} onChange={(v) => setParam('c_prog_us', v)} />
              <NumField path={`${P}.params.c_cp_us`} label="Page copy in GC C_CP" unit="µs" value={p.c_cp_us} onChange={(v) => setParam('c_cp_us', v)} />
              <NumField path={`${P}.params.c_e_us`} label="Block erase C_E" unit="µs" value={p.c_e_us} onChange={(v) => setParam('c_e_us', v)} />
            </div>
          </fieldset>
          <fieldset>
            <legend>Disk and mix</legend>
            <div className="grid">
              <NumField path={`${P}.params.c_dr_us`} label="Disk page read C_DR" unit="µs" value={p.c_dr_us} onChange={(v) => setParam('c_dr_us', v)} />
              <NumField path={`${P}.params.c_dw_us`} label="Disk page write C_DW" unit="µs" value={p.c_dw_us} onChange={(v) => setParam('c_dw_us', v)} />
              <NumField
                path={`${P}.params.io_w`}
                label="Write share IO_W"
                unit="0–1"
                value={p.io_w}
                hint={`IO_R = 1 − IO_W = ${num(1 - p.io_w)}`}
                onChange={(v) =>
                  update((m) => {
                    m.params.io_w = v;
                    m.params.io_r = 1 - v;
                  })
                }
              />
              <WriteHitField value={p.c_wh_us ?? null} onChange={(v) => update((m) => void (m.params.c_wh_us = v))} />
              <NumField path={`${P}.cache_gb`} label="Flash cache size" unit="GB" value={spec.cache_gb} onChange={(v) => update((m) => void (m.cache_gb = v))} />
            </div>
            <p className="hint">
              Default disk (assumed): {num(hdd.read_positioning_ms)} ms read / {num(hdd.write_positioning_ms)} ms write positioning, {num(hdd.transfer_mb_s)} MB/s.
            </p>
          </fieldset>
          <fieldset>
            <legend>Workload (Zipf) and grid</legend>
            <div className="grid">
              <NumField path={`${P}.workload.read_blocks`} label="Blocks read" unit="erase blocks" integer value={w.read_blocks} onChange={(v) => setWork('read_blocks', v)} />
              <NumField path={`${P}.workload.read_exponent`} label="Read Zipf exponent" unit="s" value={w.read_exponent} onChange={(v) => setWork('read_exponent', v)} />
              <NumField path={`${P}.workload.write_blocks`} label="Blocks written" unit="erase blocks" integer value={w.write_blocks} onChange={(v) => setWork('write_blocks', v)} />
              <NumField path={`${P}.workload.write_exponent`} label="Write Zipf exponent" unit="s" value={w.write_exponent} onChange={(v) => setWork('write_exponent', v)} />
              <NumField path={`${P}.u_steps`} label="Grid steps in u" unit="2–400" integer value={spec.u_steps} onChange={(v) => update((m) => void (m.u_steps = v))} />
              <NumField path={`${P}.r_steps`} label="Grid steps in r" unit="1–400" integer value={spec.r_steps} onChange={(v) => update((m) => void (m.r_steps = v))} />
            </div>
          </fieldset>
        </div>
        {failure && !hasErrors ? (
          <p className="field-error" role="alert" data-testid="cost-error">
            {failure}
          </p>
        ) : null}
        <p className="muted" aria-live="polite" data-testid="cost-status">
          {status}
        </p>
        {report ? <CostResults r={report.report} sweep={report.sweep} spec={report.spec} /> : null}
        <details>
          <summary>Assumptions of the cost model</summary>
          <ul data-testid="cost-assumptions">
            {defaults.assumptions.map((a) => (
              <li key={a}>{a}</li>
            ))}
            <li>hit ratios: an ideal cache holding the most popular blocks (Zipf top-k mass); the default workload is read-mostly and illustrative, not fitted to a trace</li>
          </ul>
        </details>
      </section>
    </FormContext.Provider>
  );
}

/**
 * The write-hit cost C_WH: by default a write hit rewrites the page out of
 * place and pays C_PW(u) like any flash write; a fixed figure models a cache
 * that absorbs write hits in a buffer.
 */
function WriteHitField({ value, onChange }: { value: number | null; onChange: (v: number | null) => void }) {
  const fixed = value !== null;
  return (
    <div className="write-hit">
      <label className="check">
        <input
          type="checkbox"
          data-testid={`field-${P}.params.c_wh_fixed`}
          checked={fixed}
          onChange={(e) => onChange(e.target.checked ? 100 : null)}
        />{' '}
        Fixed write-hit cost (otherwise C_WH = C_PW(u))
      </label>
      {fixed ? <NumField path={`${P}.params.c_wh_us`} label="Write hit C_WH" unit="µs" value={value} onChange={(v) => onChange(v)} /> : null}
    </div>
  );
}

const gb = (v: number) => `${v.toFixed(2)} GB`;

function CostResults({ r, sweep, spec }: { r: CostModelReport; sweep: WriteShareOptimum[]; spec: CostModelSpec }) {
  const o = r.grid.optimum;
  const part = r.partition;
  const finite = r.grid.curve.filter((c) => Number.isFinite(c.total));
  // Heatmap on a coarser sub-grid (about 25 × 20 cells) so each cell stays readable.
  const ui = Math.max(1, Math.round(r.grid.u.length / 25));
  const rj = Math.max(1, Math.round(r.grid.r.length / 20));
  const cells = r.grid.u.flatMap((u, i) =>
    i % ui === 0 ? r.grid.r.filter((_, j) => j % rj === 0).map((rv) => ({ x: u, y: rv, value: r.grid.cost_us[i][r.grid.r.indexOf(rv)] })) : [],
  );
  const min = o.total;
  const size = useChartSize([640, 360]);
  return (
    <div className="cost-results" data-testid="cost-results">
      <div className="cost-summary">
        <dl className="optimum" data-testid="cost-optimum">
          <dt>Optimum</dt>
          <dd>
            u = <strong data-testid="cost-optimum-u">{o.u.toFixed(2)}</strong>, r = <strong data-testid="cost-optimum-r">{o.r.toFixed(2)}</strong>
          </dd>
          <dt>Expected cost C_H</dt>
          <dd>{num(o.total)} µs per I/O</dd>
          <dt>Hit ratios</dt>
          <dd>
            read {percent(o.read_hit)}, write {percent(o.write_hit)}
          </dd>
        </dl>
        <table className="flash-table partition" data-testid="cost-partition">
          <caption>Partition of the {num(part.total_gb)} GB flash cache at the optimum</caption>
          <tbody>
            <tr>
              <th scope="row">Caching space (u)</th>
              <td data-testid="cost-caching-gb">{gb(part.caching_gb)}</td>
            </tr>
            <tr>
              <th scope="row">— read cache (u·r)</th>
              <td data-testid="cost-read-gb">{gb(part.read_gb)}</td>
            </tr>
            <tr>
              <th scope="row">— write cache (u·(1 − r))</th>
              <td data-testid="cost-write-gb">{gb(part.write_gb)}</td>
            </tr>
            <tr>
              <th scope="row">Over-provisioning (1 − u)</th>
              <td data-testid="cost-op-gb">{gb(part.over_provisioning_gb)}</td>
            </tr>
          </tbody>
        </table>
      </div>
      <div className="chart-pair">
        <LineChart
          title="Expected I/O cost C(u), the minimum over r, with its optimum"
          xLabel="caching fraction u of the flash cache"
          yLabel="C(u) (µs per I/O)"
          yScale="log"
          series={[
            { id: 'cu', label: 'C(u), min over r', points: finite.map((c) => ({ x: c.u, y: c.total })) },
            { id: 'optimum', label: `optimum u = ${o.u.toFixed(2)}`, points: [{ x: o.u, y: o.total }] },
          ]}
          testId="cost-curve"
          {...size}
        />
        <Heatmap
          title={`C_H(u, r) over the grid (${spec.cache_gb} GB cache)`}
          xLabel="caching fraction u"
          yLabel="read share r of the caching space"
          valueLabel="C_H (µs per I/O)"
          cells={cells}
          domain={[min, 3 * min]}
          showValues={false}
          marker={{ x: o.u, y: o.r, label: `optimum (${o.u.toFixed(2)}, ${o.r.toFixed(2)})` }}
          xFormat={(v) => v.toFixed(2)}
          yFormat={(v) => v.toFixed(2)}
          testId="cost-heatmap"
          {...size}
        />
      </div>
      <p className="hint">Heatmap colours saturate at 3 × the optimum cost ({num(3 * min)} µs) so the valley stays visible; cells are every {ui}th u and {rj}th r of the grid.</p>
      <h3>Optimum u as writes grow</h3>
      <div className="chart-pair">
        <LineChart
          title="Optimum caching fraction u against the write share"
          xLabel="write share IO_W (IO_R = 1 − IO_W)"
          yLabel="optimum caching fraction u"
          series={[{ id: 'u', label: 'optimum u (rest is over-provisioning)', points: sweep.map((s) => ({ x: s.io_w, y: s.optimum.u })) }]}
          yDomain={[0, 1]}
          testId="cost-sweep-chart"
          {...size}
        />
<div className="table-scroll" tabIndex={0} role="region" aria-label="Optimum against the write share (table)">
          <table className="flash-table numeric" data-testid="cost-sweep-table">
            <thead>
              <tr>
                <th scope="col">IO_W</th>
                <th scope="col">u</th>
                <th scope="col">r</th>
                <th scope="col">caching (GB)</th>
                <th scope="col">over-prov. (GB)</th>
                <th scope="col">C_H (µs)</th>
              </tr>
            </thead>
            <tbody>
              {sweep.map((s) => (
                <tr key={s.io_w} data-testid={`cost-sweep-${s.io_w}`}>
                  <td>{s.io_w}</td>
                  <td>{s.optimum.u.toFixed(2)}</td>
                  <td>{s.optimum.r.toFixed(2)}</td>
                  <td>{s.partition.caching_gb.toFixed(2)}</td>
                  <td>{s.partition.over_provisioning_gb.toFixed(2)}</td>
                  <td>{num(s.optimum.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
      <p className="hint">Every write pays the page-write cost C_PW(u), which grows steeply as over-provisioned space shrinks, so more writes push the optimum toward more over-provisioning.</p>
    </div>
  );
}
