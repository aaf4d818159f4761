// "Block caches": the block-level flash cache study (model §13). Pick a
// synthetic workload preset and edit its fields (the core validates them), or
// choose or drop a block trace file (read in a worker, in slices, never
// uploaded), choose the caches, run on the worker pool with
// progress and Cancel, and read each cache's response time, hit ratio,
// migrations, destages and tier lifetimes side by side.
import { useContext, useEffect, useRef, useState, type DragEvent } from 'react';
import type { Engine } from '../worker/contract';
import type { Scenario } from '../engine/types';
import type { BlockCacheKind, BlockProgress, BlockResult, BlockSpec, BlockTraceFormat, BlockWorkloadPreset } from './types';
import { num, percent } from '../shared/format';
import { readBlob } from '../engine/read-blob';
import './block.css';
import { CostChart, PartitionChart, ResponseChart } from './BlockCharts';
import { CACHE_LABELS, cacheLabel } from './series';
import type { ViewProps } from '../shared/view-props';
import { ErrorSummary, FormContext } from '../shared/form';
import { BlockRunFields, SyntheticWorkloadFields } from './WorkloadEditor';
import { carriesFiles, judgeDrop } from './drop';
import { MrcPanel } from './MrcPanel';

const CACHES: { kind: BlockCacheKind; label: string }[] = (['slc', 'mlc', 'tlc', 'hyssc', 'fp_fcl', 'rw_fcl', 'op_fcl'] as const).map((kind) => ({ kind, label: CACHE_LABELS[kind] }));

/** The caching shares of the FAST'12 cost sweep when a person asks for it. */
const SWEEP_U = [0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95];

type RunState =
  | { kind: 'idle' }
  | { kind: 'running'; progress: BlockProgress | null }
  | { kind: 'done'; result: BlockResult }
  | { kind: 'cancelled'; last: BlockResult | null }
  | { kind: 'failed'; message: string };

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** The block section to edit: the scenario's, else the core's default. */
function useBlockSpec(engine: Engine, scenario: Scenario, setScenario: (s: Scenario) => void): BlockSpec | null {
  useEffect(() => {
    if (scenario.block) return;
    let live = true;
    void engine.defaultBlockSpec().then((block) => live && setScenario({ ...scenario, block }));
    return () => {
      live = false;
    };
  }, [engine, scenario, setScenario]);
  return scenario.block ?? null;
}

export function BlockView({ engine, scenario, valid, setScenario }: ViewProps) {
  const { errors } = useContext(FormContext);
  const block = useBlockSpec(engine, scenario, setScenario);
  const [presets, setPresets] = useState<BlockWorkloadPreset[]>([]);
  const [file, setFile] = useState<File | null>(null);
  const [fileNote, setFileNote] = useState<string | null>(null);
  const [state, setState] = useState<RunState>({ kind: 'idle' });
  const [detecting, setDetecting] = useState(false);
  const [last, setLast] = useState<BlockResult | null>(null);
  const [lineErrors, setLineErrors] = useState<BlockProgress['traceErrors']>([]);
  const [dragging, setDragging] = useState(false);
  // Entering a child of the drop zone leaves the zone itself: count the depth.
  const dragDepth = useRef(0);
  const ac = useRef<AbortController | null>(null);
  useEffect(() => () => ac.current?.abort(), []);
  // A file dropped just beside the drop zone would make the browser navigate
  // to it and leave the app: on this tab, such drops do nothing.
  useEffect(() => {
    const swallow = (e: globalThis.DragEvent) => {
      if (e.dataTransfer && carriesFiles(Array.from(e.dataTransfer.types))) e.preventDefault();
    };
    window.addEventListener('dragover', swallow);
    window.addEventListener('drop', swallow);
    return () => {
      window.removeEventListener('dragover', swallow);
      window.removeEventListener('drop', swallow);
    };
  }, []);
  useEffect(() => {
    let live = true;
    void engine.listBlockPresets().then((p) => live && setPresets(p));
    return () => {
      live = false;
    };
  }, [engine]);
  if (!block) return <p>Preparing the block study…</p>;
  const setBlock = (b: BlockSpec) => setScenario({ ...scenario, block: b });
  const choosePreset = (name: string) => {
    const p = presets.find((x) => x.name === name);
    // A preset comes with the cache it is scaled for (the study's ÷ 64).
    if (p) setBlock({ ...block, cache_gb: p.cache_gb, workload: { kind: 'synthetic', ...p.workload } });
  };
  const chooseFile = async (f: File) => {
    // Run waits for the format: a click meanwhile would run the old workload.
    setDetecting(true);
    let format: BlockTraceFormat | null;
    try {
      format = await engine.detectBlockTrace(await readBlob(f.slice(0, 64 * 1024)));
    } catch (e) {
      setFileNote(`${f.name}: ${message(e)}`);
      return;
    } finally {
      setDetecting(false);
    }
    if (!format) {
      setFileNote(`${f.name}: no trace format (MSR, SPC or plain CSV) reads its first lines`);
      return;
    }
    setFile(f);
    setFileNote(null);
    setBlock({ ...block, workload: { kind: 'trace', name: f.name, format } });
  };
  const onDragEnter = (e: DragEvent) => {
    if (!carriesFiles(e.dataTransfer.types)) return;
    e.preventDefault();
    dragDepth.current += 1;
    setDragging(true);
  };
  const onDragOver = (e: DragEvent) => {
    // Accepting the drag over the zone is what lets the drop happen here
    // instead of the browser opening the file.
    e.preventDefault();
    e.dataTransfer.dropEffect = carriesFiles(e.dataTransfer.types) ? 'copy' : 'none';
  };
  const onDragLeave = () => {
    dragDepth.current = Math.max(0, dragDepth.current - 1);
    if (dragDepth.current === 0) setDragging(false);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    dragDepth.current = 0;
    setDragging(false);
    const out = judgeDrop({ files: e.dataTransfer.files, types: Array.from(e.dataTransfer.types) });
    if (out.kind === 'file') void chooseFile(out.file);
    else setFileNote(out.message);
  };
  const toggle = (kind: BlockCacheKind, on: boolean) =>
    setBlock({ ...block, caches: on ? CACHES.map((c) => c.kind).filter((k) => k === kind || block.caches.includes(k)) : block.caches.filter((k) => k !== kind) });
  const traceMissing = block.workload.kind === 'trace' && (!file || file.name !== block.workload.name);
  const run = () => {
    const ctl = new AbortController();
    ac.current = ctl;
    setState({ kind: 'running', progress: null });
    setLineErrors([]);
    const onProgress = (p: BlockProgress) => {
      setState({ kind: 'running', progress: p });
      setLineErrors(p.traceErrors);
    };
    engine.runBlock(scenario, block.workload.kind === 'trace' ? file : null, { signal: ctl.signal, onProgress }).then(
      (result) => {
        setLast(result);
        setState({ kind: 'done', result });
      },
      (e: unknown) => setState(e instanceof DOMException && e.name === 'AbortError' ? { kind: 'cancelled', last } : { kind: 'failed', message: message(e) }),
    );
  };
  const blockers = errors.filter((e) => e.path === 'block' || e.path.startsWith('block.'));
  const presetName = block.workload.kind === 'synthetic' ? presets.find((p) => JSON.stringify({ kind: 'synthetic', ...p.workload }) === JSON.stringify(block.workload))?.name ?? '' : '';
  const shown = state.kind === 'done' ? state.result : state.kind === 'cancelled' ? state.last : null;
  return (
    <div className="block-view" data-testid="block-view">
      <section className="card" aria-labelledby="block-title">
        <h2 id="block-title">Block-level flash caches</h2>
        <p className="hint">Every cache runs in lockstep on the same block I/O stream in front of a RAID-0 disk array (model §13). A trace file is read in a worker and never leaves this device.</p>
        <div className="field">
          <label htmlFor="block-preset">Synthetic workload preset</label>
          <select id="block-preset" data-testid="block-preset" value={presetName} onChange={(e) => choosePreset(e.target.value)}>
            <option value="">{block.workload.kind === 'trace' ? '— a trace file is chosen —' : '— edited workload —'}</option>
            {presets.map((p) => (
              <option key={p.name} value={p.name}>
                {p.title}
              </option>
            ))}
          </select>
        </div>
        {block.workload.kind === 'synthetic' ? (
          <SyntheticWorkloadFields workload={block.workload} onChange={(w) => setBlock({ ...block, workload: { kind: 'synthetic', ...w } })} />
        ) : null}
        <div
          className={`field block-drop${dragging ? ' dragging' : ''}`}
          data-testid="block-drop"
          onDragEnter={onDragEnter}
          onDragOver={onDragOver}
          onDragLeave={onDragLeave}
          onDrop={onDrop}
        >
          <label htmlFor="block-trace">Block trace file (MSR, SPC or plain CSV)</label>
          <span className="hint">Choose it, or drop it anywhere in this box.</span>
          <input id="block-trace" data-testid="block-trace" type="file" accept=".csv,.txt,.spc" onChange={(e) => e.target.files?.[0] && void chooseFile(e.target.files[0])} />
          {block.workload.kind === 'trace' ? (
            <span className="hint" data-testid="block-trace-format">
              {block.workload.name} — format {block.workload.format.toUpperCase()}
              {traceMissing ? ': choose this file again to run it' : ''}
            </span>
          ) : null}
          {fileNote ? (
            <span className="field-error" role="alert" data-testid="block-trace-note">
              {fileNote}
            </span>
          ) : null}
        </div>
        <BlockRunFields block={block} setBlock={setBlock} />
        <fieldset>
          <legend>Caches to compare</legend>
          {CACHES.map((c) => (
            <label key={c.kind} className="check">
              <input type="checkbox" data-testid={`block-cache-${c.kind}`} checked={block.caches.includes(c.kind)} onChange={(e) => toggle(c.kind, e.target.checked)} /> {c.label}
            </label>
          ))}
        </fieldset>
        <label className="check block-sweep">
          <input
            type="checkbox"
            data-testid="block-cost-sweep"
            checked={block.cost_sweep_u.length > 0}
            onChange={(e) => setBlock({ ...block, cost_sweep_u: e.target.checked ? SWEEP_U : [] })}
          />{' '}
          FAST’12 cost sweep: FP-FCL at u = {SWEEP_U.join(', ')}, simulated cost beside the analytic C_H(u)
        </label>
        <ErrorSummary errors={valid ? [] : blockers.length > 0 ? blockers : errors} action="running" testId="block-errors" />
        <div className="actions">
          <button type="button" data-testid="block-run" disabled={!valid || state.kind === 'running' || detecting || traceMissing || block.caches.length === 0} onClick={run}>
            Run
          </button>
          <button type="button" data-testid="block-cancel" disabled={state.kind !== 'running'} onClick={() => ac.current?.abort()}>
            Cancel
          </button>
        </div>
        {state.kind === 'running' ? (
          <p data-testid="block-progress" role="status">
            {state.progress && state.progress.bytesTotal > 0
              ? `Read ${num(state.progress.bytesRead / 1e6)} of ${num(state.progress.bytesTotal / 1e6)} MB`
              : `Simulated ${percent(state.progress?.fraction ?? 0)}`}
          </p>
        ) : null}
        {state.kind === 'cancelled' ? <p data-testid="block-cancelled">Cancelled{state.last ? '; the last finished result is kept below.' : '.'}</p> : null}
        {state.kind === 'failed' ? (
          <p className="field-error" role="alert" data-testid="block-error">
            {state.message}
          </p>
        ) : null}
      </section>
      {block.workload.kind === 'trace' && file && !traceMissing ? (
        <MrcPanel
          engine={engine}
          file={file}
          format={block.workload.format}
          cacheGb={block.cache_gb}
          devices={scenario.devices}
          onUseSize={(gb) => {
            setBlock({ ...block, cache_gb: gb });
            document.getElementById('block-title')?.scrollIntoView({ block: 'start' });
          }}
        />
      ) : null}
      {lineErrors.length > 0 ? (
        <section className="card" aria-labelledby="block-lines-title" data-testid="block-line-errors">
          <h2 id="block-lines-title">Trace lines skipped</h2>
          <ul>
            {lineErrors.map((e) => (
              <li key={e.line}>
                line {e.line}: {e.message}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {shown ? <BlockResultTable result={shown} /> : null}
      {shown ? (
        <section className="card block-charts" aria-label="Charts">
          <ResponseChart result={shown} seed={block.seed} />
          <CostChart result={shown} seed={block.seed} />
          <PartitionChart result={shown} seed={block.seed} />
        </section>
      ) : null}
    </div>
  );
}

/** Each cache's figures side by side (the comparison's data table). */
export function BlockResultTable({ result }: { result: BlockResult }) {
  return (
    <section className="card" aria-labelledby="block-result-title">
      <h2 id="block-result-title">Comparison over {num(result.ios)} I/Os</h2>
      {result.bad_lines > 0 ? <p data-testid="block-bad-lines">{num(result.bad_lines)} trace lines could not be read and were skipped.</p> : null}
      <div className="table-scroll block-table-scroll" tabIndex={0} role="region" aria-label="Comparison of the caches (table)">
        <table data-testid="block-result">
          <thead>
            <tr>
              <th scope="col">Cache</th>
              <th scope="col">Mean response (ms)</th>
              <th scope="col">p99 response (ms)</th>
              <th scope="col">Hit ratio</th>
              <th scope="col">Per tier: read hits, lifetime (days)</th>
              <th scope="col">Migrations</th>
              <th scope="col">Destages</th>
            </tr>
          </thead>
          <tbody>
            {result.caches.map((c) => (
              <tr key={c.cache}>
                <th scope="row">{cacheLabel(c)}</th>
                <td>{num(c.mean_response_ms.mean)}</td>
                <td>{num(c.p99_response_ms.mean)}</td>
                <td>{percent(c.hit_ratio.mean)}</td>
                <td>{c.tiers.map((t) => `${t.cell.toUpperCase()} ${percent(t.read_hit_ratio.mean)}, ${t.lifetime_days == null ? '—' : num(t.lifetime_days)}`).join('; ')}</td>
                <td>{num(c.migrations)}</td>
                <td>{num(c.destages)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
