// The scenario editor: workload, run settings, architecture and tiers.
import { useEffect, useRef, useState } from 'react';
import type { Architecture, Device, DeviceKind, Scenario, TierSpec, VideoClass, ZipfConvention } from '../engine/types';
import { FieldMessages, NumField, SelectField, TextField } from '../shared/form';
import { RateProfileFields } from './RateProfileFields';
import { ARCHITECTURES, hasFileCache, intervalCacheKind } from '../shared/labels';
import type { Edit } from '../shared/edit';
import { gbToDecimalTb, kbpsToMbps, mbpsToKbps, stored, tidy } from '../shared/units';
import { figure, useWorkloadFigures } from './useWorkloadFigures';
import type { Engine } from '../worker/contract';
import { num } from '../shared/format';
import { plausibility } from './plausibility';

/** The library's size beside its title count: what the disks must hold. */
function libraryHint(gb: number | undefined): string {
  if (!(gb !== undefined && Number.isFinite(gb) && gb >= 0)) return ''; // a negative length or bitrate has its own message
  return `Library ≈ ${num(gb)} GiB (${num(gbToDecimalTb(gb))} TB decimal, as drives are sold)`;
}

export function WorkloadSection({ engine, scenario, edit }: { engine: Pick<Engine, 'workloadFigures' | 'rateForStreams'>; scenario: Scenario; edit: Edit }) {
  const w = scenario.workload;
  const figures = useWorkloadFigures(engine.workloadFigures, scenario);
  const exponent = w.popularity.convention === 'exponent' ? w.popularity.value : 1 - w.popularity.value;
  // λ has two fields (requests/s, concurrent streams); the core's message goes under the one typed last.
  const [streamsTyped, setStreamsTyped] = useState(false);
  const warn = plausibility(figure(figures?.offered_load), figure(figures?.library_gb));
  const follow = useRateFollowsStreams(engine, scenario, edit);
  // The streams field shows what was typed while λ is the core's answer to it
  // (or still asked) over the same classes: a late answer never overwrites a
  // keystroke. Otherwise it shows the core's offered load.
  const t = follow.typed;
  const streamsShown = t && (t.rate === null || t.rate === w.arrival_rate) && t.classes === JSON.stringify(w.classes) ? t.streams : tidyFigure(figures?.offered_load);
  return (
    <fieldset className="card" data-testid="workload-section">
      <legend>
        <h2 className="legend-heading">Workload</h2>
      </legend>
      <div className="grid">
        <NumField path="workload.videos" label="Videos in the library" unit="titles" integer value={w.videos}
          hint={libraryHint(figure(figures?.library_gb))}
          warning={warn.library}
          onChange={(v) => edit((s) => void (s.workload.videos = v))} />
        <NumField path="workload.arrival_rate" label="Arrival rate λ" unit="requests/s" value={w.arrival_rate}
          hint={Number.isFinite(w.arrival_rate) && w.arrival_rate > 0 ? `≈ ${num(w.arrival_rate)} per second, ${num(w.arrival_rate * 3600)} per hour` : undefined}
          errorPath={streamsTyped ? null : 'workload.arrival_rate'}
          warning={streamsTyped ? null : warn.streams}
          onChange={(v) => {
            setStreamsTyped(false);
            follow.stop();
            edit((s) => void (s.workload.arrival_rate = v));
          }} />
        <NumField path="workload.concurrent_streams" label="Concurrent streams" unit="streams" value={streamsShown}
          hint="λ × mean video length (Little's law); setting it sets λ"
          errorPath={streamsTyped ? 'workload.arrival_rate' : null}
          warning={streamsTyped ? warn.streams : null}
          onChange={(v) => {
            setStreamsTyped(true);
            follow.streams(v);
          }} />
      </div>
      <VideoClasses classes={w.classes} edit={edit} setLength={follow.length} />
      <div className="zipf">
        <div className="field" role="radiogroup" aria-labelledby="zipf-conv-label">
          <span id="zipf-conv-label" className="label">Zipf convention</span>
          <div className="radios">
            {(['exponent', 'theta'] as ZipfConvention[]).map((c) => (
              <label key={c} className="radio">
                <input
                  type="radio"
                  name="zipf-convention"
                  value={c}
                  data-testid={`zipf-convention-${c}`}
                  checked={w.popularity.convention === c}
                  onChange={() =>
                    edit((s) => {
                      // Keep the same distribution: convert the value.
                      const p = s.workload.popularity;
                      if (p.convention !== c) {
                        p.value = Number((1 - p.value).toFixed(6));
                        p.convention = c;
                      }
                    })
                  }
                />
                {c === 'exponent' ? 'exponent s' : 'θ (theta)'}
              </label>
            ))}
          </div>
        </div>
        <NumField
          path="workload.popularity.value"
          label={w.popularity.convention === 'exponent' ? 'Zipf exponent s' : 'Zipf θ'}
          unit="dimensionless"
          value={w.popularity.value}
          onChange={(v) => edit((s) => void (s.workload.popularity.value = v))}
        />
        <p className="hint zipf-help" data-testid="zipf-help">
          Two conventions exist: <strong>exponent s</strong>: p<sub>i</sub> ∝ i<sup>−s</sup> (MMSys'11 uses s = 0.271);{' '}
          <strong>θ</strong> (Dan/Sitaram): p<sub>i</sub> ∝ i<sup>−(1−θ)</sup> (NOSSDAV'12 uses θ = 0.271, i.e. s = 0.729).
          In use: <strong>{w.popularity.convention === 'exponent' ? 'exponent' : 'θ'}</strong>, so the exponent is{' '}
          <span data-testid="zipf-exponent">{Number.isFinite(exponent) ? Number(exponent.toFixed(6)) : '—'}</span>.
        </p>
      </div>
      <ChurnFields scenario={scenario} edit={edit} />
      <RateProfileFields scenario={scenario} edit={edit} />
    </fieldset>
  );
}

/** Popularity churn (model §3): new titles enter at the top ranks every period. */
function ChurnFields({ scenario, edit }: { scenario: Scenario; edit: Edit }) {
  const ch = scenario.workload.churn;
  return (
    <div className="churn" data-testid="churn-fields">
      <label className="check">
        <input
          type="checkbox"
          data-testid="field-workload.churn"
          checked={!!ch}
          onChange={(e) => {
            const on = e.target.checked;
            edit((s) => void (s.workload.churn = on ? { period_h: 24, new_titles: 10 } : null));
          }}
        />
        Popularity churn (new titles displace the most popular; drives dynamic-LFU writes)
      </label>
      {ch ? (
        <div className="grid">
          <NumField path="workload.churn.period_h" label="Churn period" unit="h" value={ch.period_h}
            onChange={(v) => edit((s) => void (s.workload.churn && (s.workload.churn.period_h = v)))} />
          <NumField path="workload.churn.new_titles" label="New titles per period" unit="titles" integer value={ch.new_titles}
            onChange={(v) => edit((s) => void (s.workload.churn && (s.workload.churn.new_titles = v)))} />
        </div>
      ) : null}
      <FieldMessages path="workload.churn" />
    </div>
  );
}

const MAX_CLASSES = 8;

/** A figure of the core's for display (12 significant digits); undefined while it is asked or not a number. */
function tidyFigure(x: number | null | undefined): number | undefined {
  const f = figure(x);
  return f === undefined ? undefined : tidy(f);
}

/**
 * λ follows the concurrent streams the user states, through the core
 * (`rateForStreams`, `workloadFigures`: Little's law has one home, in
 * wasm/scenario), on the worker, so each conversion is an answer that comes
 * later. Typed streams are kept with the λ the core returned for them; a
 * class length edited keeps the streams of the scenario as it was before the
 * first of a burst of keystrokes (the anchor), and only the answer to the
 * last keystroke is applied. Typing λ itself drops what is pending.
 */
function useRateFollowsStreams(engine: Pick<Engine, 'workloadFigures' | 'rateForStreams'>, scenario: Scenario, edit: Edit) {
  // `classes`: the classes the streams were typed over, as JSON (each edit clones the scenario, so by value).
  const [typed, setTyped] = useState<{ streams: number; rate: number | null; classes: string } | null>(null);
  const latest = useRef(scenario);
  useEffect(() => {
    latest.current = scenario;
  }, [scenario]);
  const ticket = useRef(0);
  const anchor = useRef<Scenario | null>(null);
  return {
    typed,
    stop: () => {
      ticket.current++;
      anchor.current = null;
      setTyped(null);
    },
    streams: (v: number) => {
      const mine = ++ticket.current;
      anchor.current = null;
      const classes = JSON.stringify(latest.current.workload.classes);
      setTyped({ streams: v, rate: null, classes });
      void engine.rateForStreams(latest.current, v).then((rate) => {
        if (mine !== ticket.current || rate === undefined) return;
        const r = stored(rate);
        setTyped({ streams: v, rate: r, classes });
        edit((s) => void (s.workload.arrival_rate = r));
      });
    },
    length: (i: number, minutes: number) => {
      const before = anchor.current ?? latest.current;
      const after = structuredClone(latest.current);
      setLength(after, i, minutes);
      edit((s) => setLength(s, i, minutes));
      latest.current = after;
      // A newer keystroke makes the answers still asked for older ones stale.
      const mine = ++ticket.current;
      anchor.current = before;
      if (!(Number.isFinite(minutes) && minutes > 0)) return;
      void engine
        .workloadFigures(before)
        .then((f) => {
          const streams = figure(f?.offered_load);
          return streams !== undefined && streams > 0 ? engine.rateForStreams(after, streams) : undefined;
        })
        .then((rate) => {
          if (mine !== ticket.current) return;
          anchor.current = null;
          if (rate === undefined || !Number.isFinite(rate)) return;
          const r = stored(rate);
          edit((s) => void (s.workload.arrival_rate = r));
        });
    },
  };
}

/** The (share, length, bitrate) classes of the library; one class by default. */
function VideoClasses({ classes, edit, setLength }: { classes: VideoClass[]; edit: Edit; setLength: (i: number, minutes: number) => void }) {
  const many = classes.length > 1;
  // The bitrate has two fields; the core's message goes under the one typed last.
  const [mbpsTyped, setMbpsTyped] = useState<ReadonlySet<number>>(new Set());
  const typed = (i: number, mbps: boolean) =>
    setMbpsTyped((prev) => {
      if (prev.has(i) === mbps) return prev;
      const next = new Set(prev);
      if (mbps) next.add(i);
      else next.delete(i);
      return next;
    });
  return (
    <div className="classes" data-testid="video-classes">
      {classes.map((c, i) => (
        <div key={i} className={many ? 'class-row' : undefined} data-testid={`video-class-${i}`}>
          {many ? <h3>Video class {i + 1}</h3> : null}
          <div className="grid">
            {many ? (
              <NumField path={`workload.classes[${i}].share`} label="Share of the library" unit="0–1" value={c.share}
                onChange={(v) => edit((s) => void (s.workload.classes[i].share = v))} />
            ) : null}
            <NumField path={`workload.classes[${i}].length_min`} label="Video length" unit="min" value={c.length_min}
              hint="keeps the concurrent streams (λ follows); a warm-up of one video length follows too"
              onChange={(v) => setLength(i, v)} />
            <NumField path={`workload.classes[${i}].bitrate_kbps`} label="Bitrate" unit="KB/s" value={c.bitrate_kbps}
              hint="KB = 1024 bytes"
              errorPath={mbpsTyped.has(i) ? null : `workload.classes[${i}].bitrate_kbps`}
              onChange={(v) => {
                typed(i, false);
                edit((s) => void (s.workload.classes[i].bitrate_kbps = v));
              }} />
            <NumField path={`workload.classes[${i}].bitrate_mbps`} label="Bitrate" unit="Mbps" value={tidy(kbpsToMbps(c.bitrate_kbps))}
              hint="10⁶ bits/s; setting it sets KB/s"
              errorPath={mbpsTyped.has(i) ? `workload.classes[${i}].bitrate_kbps` : null}
              onChange={(v) => {
                typed(i, true);
                edit((s) => void (s.workload.classes[i].bitrate_kbps = stored(mbpsToKbps(v))));
              }} />
          </div>
          {many ? (
            <button
              type="button"
              className="secondary"
              data-testid={`remove-class-${i}`}
              onClick={() =>
                edit((s) => {
                  // Drop the class and rescale the others' shares to sum to 1.
                  const rest = s.workload.classes.filter((_, k) => k !== i);
                  const sum = rest.reduce((a, k) => a + k.share, 0);
                  if (sum > 0 && Number.isFinite(sum)) {
                    // Rounded to 6 decimals; the last class takes the remainder so the sum is 1.
                    let assigned = 0;
                    rest.forEach((k, j) => {
                      k.share = j < rest.length - 1 ? Number((k.share / sum).toFixed(6)) : Number((1 - assigned).toFixed(6));
                      assigned += k.share;
                    });
                  }
                  s.workload.classes = rest;
                })
              }
            >
              Remove class {i + 1}
            </button>
          ) : null}
        </div>
      ))}
      <FieldMessages path="workload.classes" />
      {classes.length < MAX_CLASSES ? (
        <button
          type="button"
          className="secondary"
          data-testid="add-class"
          onClick={() =>
            edit((s) => {
              // Split the last class's share in two; the new class starts as its copy.
              const last = s.workload.classes[s.workload.classes.length - 1];
              const half = Number((last.share / 2).toFixed(6));
              last.share = Number((last.share - half).toFixed(6));
              s.workload.classes.push({ ...last, share: half });
            })
          }
        >
          Add a video class (mix of lengths and bitrates)
        </button>
      ) : null}
    </div>
  );
}

/**
 * What the warm-up does to the numbers: with none, every run starts with
 * empty caches and idle disks (as the studies did, so their presets keep 0),
 * and the time average counts that ramp-up. A plan wants the steady state.
 */
/** A plan's warm-up: one video length of the longest class, at least 1 h (as the present-day presets set it). */
function planWarmupH(s: Scenario): number {
  return Math.max(1, ...s.workload.classes.map((c) => c.length_min / 60));
}

/**
 * A class's new length, and a warm-up that was one video length stays one
 * video length, the measured hours kept. (The concurrent streams the user
 * stated stay too: λ follows, asked of the core, `useRateFollowsStreams`.)
 */
function setLength(s: Scenario, i: number, minutes: number): void {
  const warm = planWarmupH(s);
  const follows = s.run.warmup_h === warm;
  s.workload.classes[i].length_min = minutes;
  if (!(Number.isFinite(minutes) && minutes > 0)) return;
  if (follows) {
    const next = planWarmupH(s);
    s.run.duration_h = tidy(s.run.duration_h + next - warm);
    s.run.warmup_h = next;
  }
}

function warmupHint(s: Scenario): string {
  const longest = Math.max(0, ...s.workload.classes.map((c) => c.length_min));
  const oneLength = `${num(longest / 60)} h`;
  if (s.run.warmup_h >= longest / 60)
    return `At least one video length (${oneLength}): results describe the steady state. 0 h would start empty, as the studies did, and understate a busy server.`;
  if (s.run.warmup_h === 0)
    return `0 h starts with no streams playing and empty caches, as the studies did: the averages then include the ramp-up and understate a busy server. For a plan, use at least one video length (${oneLength}).`;
  return `Shorter than one video length (${oneLength}): the averages still include part of the ramp-up.`;
}

/** Replications a run may add to decide a target, when the user turns one on. */
const DECIDE_CAP = 40;

export function RunSection({ scenario, edit }: { scenario: Scenario; edit: Edit }) {
  const r = scenario.run;
  const target = r.target_rejection ?? null;
  return (
    <fieldset className="card" data-testid="run-section">
      <legend>
        <h2 className="legend-heading">Run</h2>
      </legend>
      <div className="grid">
        <NumField path="run.duration_h" label="Duration" unit="h" value={r.duration_h}
          onChange={(v) => edit((s) => void (s.run.duration_h = v))} />
        <NumField path="run.warmup_h" label="Warm-up (not measured)" unit="h" value={r.warmup_h}
          hint={warmupHint(scenario)}
          onChange={(v) => edit((s) => void (s.run.warmup_h = v))} />
        <NumField path="run.replications" label={target === null ? 'Replications' : 'Replications, at most'} unit="runs" integer value={r.replications}
          hint={target === null ? undefined : 'the cap: if the interval still holds the target after these, the answer is “cannot decide”'}
          onChange={(v) => edit((s) => void (s.run.replications = v))} />
        <NumField path="run.seed" label="Seed" unit="replication k uses seed + k" integer value={r.seed}
          onChange={(v) => edit((s) => void (s.run.seed = v))} />
      </div>
      <label className="check">
        <input
          type="checkbox"
          data-testid="field-run.timeseries"
          checked={r.timeseries}
          onChange={(e) => {
            // Read the box now: the edit runs later, after React restores the controlled value.
            const on = e.target.checked;
            edit((s) => void (s.run.timeseries = on));
          }}
        />
        Record concurrent streams over time (chart in the results)
      </label>
      <label className="check">
        <input
          type="checkbox"
          data-testid="field-run.decide"
          checked={target !== null}
          onChange={(e) => {
            const on = e.target.checked;
            edit((s) => {
              if (on) {
                s.run.target_rejection = 0.01;
                s.run.replications = Math.max(s.run.replications, DECIDE_CAP);
              } else {
                delete s.run.target_rejection;
              }
            });
          }}
        />
        Decide a rejection target: add replications until the 95 % interval lies wholly below or above it
      </label>
      {target !== null ? (
        <div className="grid">
          <NumField path="run.target_rejection" label="Target: viewers turned away, below" unit="%" value={tidy(target * 100)}
            onChange={(v) => edit((s) => void (s.run.target_rejection = v / 100))} />
        </div>
      ) : null}
      <FieldMessages path="run" />
    </fieldset>
  );
}

function TierEditor({
  path,
  label,
  tier,
  kind,
  devices,
  minCount,
  onChange,
}: {
  path: string;
  label: string;
  tier: TierSpec;
  kind: DeviceKind;
  devices: Device[];
  minCount: number;
  onChange: (t: TierSpec) => void;
}) {
  // The disk tier holds the library: disks, or NVMe SSDs in an all-flash server (model §10b).
  const fits = (k: DeviceKind) => k === kind || (path === 'tiers.disk' && k === 'ssd');
  const options = devices.filter((d) => fits(d.kind)).map((d) => ({ value: d.id, label: d.name || d.id }));
  if (!options.some((o) => o.value === tier.device)) {
    options.unshift({ value: tier.device, label: `${tier.device} (not a ${kind.toUpperCase()} in the catalog)` });
  }
  return (
    <div className="tier" data-testid={`tier-${path}`}>
      <h3>{label}</h3>
      <div className="grid">
        <SelectField path={`${path}.device`} label={`Device (${kind.toUpperCase()})`} value={tier.device} options={options}
          onChange={(v) => onChange({ ...tier, device: v })} />
        <NumField path={`${path}.count`} label="Count" name={`${kind.toUpperCase()} count`} unit={minCount > 0 ? 'devices, ≥ 1' : 'devices'} integer
          value={tier.count} onChange={(v) => onChange({ ...tier, count: v })} />
      </div>
    </div>
  );
}

function firstOfKind(devices: Device[], kind: DeviceKind): string {
  return devices.find((d) => d.kind === kind)?.id ?? '';
}

export function ArchitectureSection({ scenario, edit }: { scenario: Scenario; edit: Edit }) {
  const a = scenario.architecture;
  const icKind = intervalCacheKind(a);
  const fc = hasFileCache(a);
  const info = ARCHITECTURES.find((x) => x.value === a);
  return (
    <fieldset className="card" data-testid="architecture-section">
      <legend>
        <h2 className="legend-heading">Architecture and tiers</h2>
      </legend>
      <SelectField<Architecture>
        path="architecture"
        label="Architecture"
        value={a}
        options={ARCHITECTURES}
        hint={info?.help}
        onChange={(v) =>
          edit((s) => {
            s.architecture = v;
            const k = intervalCacheKind(v);
            if (k) {
              const cur = s.tiers.interval_cache;
              const ok = cur && s.devices.find((d) => d.id === cur.device)?.kind === k;
              if (!ok) s.tiers.interval_cache = { device: firstOfKind(s.devices, k), count: cur?.count || 1 };
            }
            if (hasFileCache(v)) {
              const cur = s.tiers.file_cache;
              const ok = cur && s.devices.find((d) => d.id === cur.device)?.kind === 'ssd';
              if (!ok) s.tiers.file_cache = { device: firstOfKind(s.devices, 'ssd'), count: cur?.count || 1 };
              else if (cur && cur.count === 0) cur.count = 1;
            }
            if (k && s.tiers.interval_cache && s.tiers.interval_cache.count === 0) s.tiers.interval_cache.count = 1;
          })
        }
      />
      <div className="grid">
        <SelectField
          path="policy.interval"
          label="Interval-cache policy"
          hint={
            scenario.policy.interval === 'replacement'
              ? 'Smallest intervals first: evict larger cached intervals to fit a new one.'
              : 'Cache an interval only if it fits; never evict.'
          }
          value={scenario.policy.interval}
          options={[
            { value: 'replacement', label: 'Replacement' },
            { value: 'greedy', label: 'Greedy' },
          ]}
          onChange={(v) => edit((s) => void (s.policy.interval = v))}
        />
        <SelectField
          path="policy.lfu"
          label="File-level LFU"
          hint={
            scenario.policy.lfu === 'static'
              ? 'The most popular videos are staged before the run; no writes.'
              : 'Windowed request counts; whole files are written at the sequential-write bandwidth (wears flash).'
          }
          value={scenario.policy.lfu}
          options={[
            { value: 'static', label: 'Static' },
            { value: 'dynamic', label: 'Dynamic' },
          ]}
          onChange={(v) => edit((s) => void (s.policy.lfu = v))}
        />
        {scenario.policy.lfu === 'dynamic' ? (
          <>
            <NumField path="policy.lfu_window_h" label="LFU window" unit="h" value={scenario.policy.lfu_window_h}
              onChange={(v) => edit((s) => void (s.policy.lfu_window_h = v))} />
            <SelectField
              path="policy.lfu_start"
              label="LFU start"
              hint={
                scenario.policy.lfu_start === 'warm'
                  ? 'Steady state: one window of request history before t = 0; the cache holds the most counted files.'
                  : 'Empty flash tier and no history: the first fills are counted as writes.'
              }
              value={scenario.policy.lfu_start}
              options={[
                { value: 'warm', label: 'Warm' },
                { value: 'cold', label: 'Cold' },
              ]}
              onChange={(v) => edit((s) => void (s.policy.lfu_start = v))}
            />
            <NumField path="policy.lfu_margin" label="LFU count margin" unit="requests" integer value={scenario.policy.lfu_margin}
              hint="Replace only when the new file's count exceeds the least cached count by more than this (stops swaps on noise)."
              onChange={(v) => edit((s) => void (s.policy.lfu_margin = v))} />
          </>
        ) : null}
      </div>
      <TierEditor path="tiers.disk" label="Disk tier (holds the library)" tier={scenario.tiers.disk} kind="hdd"
        devices={scenario.devices} minCount={1} onChange={(t) => edit((s) => void (s.tiers.disk = t))} />
      {fc ? (
        scenario.tiers.file_cache ? (
          <TierEditor path="tiers.file_cache" label="File cache tier (LFU)" tier={scenario.tiers.file_cache} kind="ssd"
            devices={scenario.devices} minCount={0} onChange={(t) => edit((s) => void (s.tiers.file_cache = t))} />
        ) : (
          <FieldMessages path="tiers.file_cache" />
        )
      ) : null}
      {icKind ? (
        scenario.tiers.interval_cache ? (
          <TierEditor path="tiers.interval_cache" label="Interval cache tier" tier={scenario.tiers.interval_cache}
            kind={icKind} devices={scenario.devices} minCount={0}
            onChange={(t) => edit((s) => void (s.tiers.interval_cache = t))} />
        ) : (
          <FieldMessages path="tiers.interval_cache" />
        )
      ) : null}
    </fieldset>
  );
}

export function ScenarioName({ scenario, edit }: { scenario: Scenario; edit: Edit }) {
  return <TextField path="name" label="Scenario name" value={scenario.name} onChange={(v) => edit((s) => void (s.name = v))} />;
}

