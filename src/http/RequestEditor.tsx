// The request-level part of the scenario (model §11) as a form: segment
// workload, disks, web server, RAM, flash cache policy with its options and
// index, run settings and the highest-rate search. Every field names the
// scenario path the core's messages use, so they show beside it.
import { useId } from 'react';
import type { Device, Scenario } from '../engine/types';
import type { CachePolicyKind, RequestSpec } from './types';
import type { Engine } from '../worker/contract';
import { useSsdQueueDepths } from './useSsdQueueDepths';
import type { Edit } from '../shared/edit';
import { FieldMessages, NumField, SelectField, testId } from '../shared/form';

type ReqEdit = (f: (r: RequestSpec, s: Scenario) => void) => void;

export const POLICY_LABELS: Record<CachePolicyKind, string> = {
  none: 'None: HDD only (RAM page cache still applies)',
  block: 'Block cache (flashcache-like, fill on the critical path)',
  ring: 'Ring cache (ZFS L2ARC-like, fed asynchronously)',
  object: 'Object cache, windowed LFU (whole videos)',
  object_static: 'Object cache, static top-k (most popular videos)',
};

function CheckField({ path, label, checked, onChange, hint }: { path: string; label: string; checked: boolean; onChange: (v: boolean) => void; hint?: string }) {
  const id = useId();
  return (
    <div className="field check-field">
      <label htmlFor={id}>
        <input id={id} type="checkbox" data-testid={testId(path)} checked={checked} onChange={(e) => onChange(e.target.checked)} /> {label}
      </label>
      {hint ? <span className="hint">{hint}</span> : null}
      <FieldMessages path={path} />
    </div>
  );
}

/** A number the core may leave to a default (null): a "default" box, then the value. */
function OptionalNum({
  path,
  label,
  unit,
  value,
  fallback,
  defaultLabel,
  onChange,
  integer,
  hint,
}: {
  path: string;
  label: string;
  unit: string;
  value: number | null | undefined;
  fallback: number;
  defaultLabel: string;
  onChange: (v: number | null) => void;
  integer?: boolean;
  hint?: string;
}) {
  const isDefault = value === null || value === undefined;
  return (
    <div className="optional-num">
      <CheckField path={`${path}.default`} label={`${label}: ${defaultLabel}`} checked={isDefault} onChange={(d) => onChange(d ? null : fallback)} />
      {isDefault ? null : <NumField path={path} label={label} unit={unit} integer={integer} value={value} onChange={onChange} hint={hint} />}
    </div>
  );
}

function deviceOptions(devices: Device[], kind: Device['kind'], current: string) {
  const opts = devices.filter((d) => d.kind === kind).map((d) => ({ value: d.id, label: d.name }));
  // A dangling id stays selectable so the core's message about it shows.
  if (!opts.some((o) => o.value === current)) opts.unshift({ value: current, label: `${current} (not in the catalog)` });
  return opts;
}

export function RequestEditor({ engine, scenario, edit }: { engine: Pick<Engine, 'ssdQueueDepths'>; scenario: Scenario; edit: Edit }) {
  const r = scenario.request!;
  const set: ReqEdit = (f) => edit((s) => f(s.request!, s));
  const w = r.workload;
  const c = r.cache;
  // The default command depth and the most the chosen drive takes, from the core.
  const depths = useSsdQueueDepths(engine, scenario);
  const flashPolicy = c.policy !== 'none';
  return (
    <div className="http-editor" data-testid="http-editor">
      <fieldset className="card">
        <legend>Segment workload</legend>
        <div className="field-grid">
          <NumField path="request.workload.videos" label="Videos N" unit="videos" integer value={w.videos} onChange={(v) => set((x) => void (x.workload.videos = v))} />
          <NumField path="request.workload.segments" label="Segments per video S" unit="segments" integer value={w.segments} onChange={(v) => set((x) => void (x.workload.segments = v))} />
          <NumField path="request.workload.segment_s" label="Segment play time d (deadline)" unit="s" value={w.segment_s} onChange={(v) => set((x) => void (x.workload.segment_s = v))} />
          <NumField path="request.workload.bitrate_kbps" label="Mean bitrate" unit="KB/s" value={w.bitrate_kbps} onChange={(v) => set((x) => void (x.workload.bitrate_kbps = v))} hint="the study: 1.06 GB per video of 466 × 10 s ≈ 238.5 KB/s" />
          <NumField path="request.workload.size_cv" label="Segment size CV (VBR)" unit="σ/mean" value={w.size_cv} onChange={(v) => set((x) => void (x.workload.size_cv = v))} />
          <SelectField
            path="request.workload.arrivals"
            label="Arrival pattern"
            value={w.arrivals}
            options={[
              { value: 'even', label: 'Evenly spaced (1/r apart, the study’s generator)' },
              { value: 'poisson', label: 'Poisson' },
            ]}
            onChange={(v) => set((x) => void (x.workload.arrivals = v))}
          />
          <NumField path="request.workload.rate" label="Request rate r" unit="requests/s" value={w.rate} onChange={(v) => set((x) => void (x.workload.rate = v))} hint="for a single run; the figure sweeps it" />
          <SelectField
            path="request.workload.popularity.convention"
            label="Zipf convention"
            value={w.popularity.convention}
            options={[
              { value: 'theta', label: 'θ (p ∝ i^−(1−θ); the study: 0.271)' },
              { value: 'exponent', label: 'exponent s (p ∝ i^−s)' },
            ]}
            onChange={(v) => set((x) => void (x.workload.popularity.convention = v))}
          />
          <NumField
            path="request.workload.popularity.value"
            label={w.popularity.convention === 'theta' ? 'Zipf θ' : 'Zipf exponent s'}
            value={w.popularity.value}
            onChange={(v) => set((x) => void (x.workload.popularity.value = v))}
          />
        </div>
      </fieldset>

      <fieldset className="card">
        <legend>Disks, web server and RAM</legend>
        <div className="field-grid">
          <SelectField path="request.layout.disk" label="Disk model" value={r.layout.disk} options={deviceOptions(scenario.devices, 'hdd', r.layout.disk)} onChange={(v) => set((x) => void (x.layout.disk = v))} />
          <NumField path="request.layout.disks" label="Disks (RAID-0)" unit="disks" integer value={r.layout.disks} onChange={(v) => set((x) => void (x.layout.disks = v))} />
          <NumField path="request.layout.stripe_kb" label="Stripe unit" unit="KB" value={r.layout.stripe_kb} onChange={(v) => set((x) => void (x.layout.stripe_kb = v))} />
          <SelectField
            path="request.layout.scheduler"
            label="Disk queue"
            value={r.layout.scheduler}
            options={[
              { value: 'fifo', label: 'FIFO' },
              { value: 'scan', label: 'SCAN (elevator)' },
            ]}
            onChange={(v) => set((x) => void (x.layout.scheduler = v))}
          />
          <NumField
            path="request.chunk_kb"
            label="Chunk (read-ahead / record size)"
            unit="KB"
            value={r.chunk_kb}
            onChange={(v) => set((x) => void (x.chunk_kb = v))}
            hint="bytes the web server reads per I/O; the study presets calibrate it to 768 KB so HDD only gives 19 requests/s"
          />
          <SelectField path="request.ram.device" label="RAM device" value={r.ram.device} options={deviceOptions(scenario.devices, 'dram', r.ram.device)} onChange={(v) => set((x) => void (x.ram.device = v))} />
          <NumField path="request.ram.capacity_gb" label="RAM cache (page cache / ARC)" unit="GB" value={r.ram.capacity_gb} onChange={(v) => set((x) => void (x.ram.capacity_gb = v))} hint="the flash index comes out of it" />
        </div>
      </fieldset>

      <fieldset className="card">
        <legend>Flash cache</legend>
        <div className="field-grid">
          <SelectField
            path="request.cache.policy"
            label="Policy"
            value={c.policy}
            options={(Object.keys(POLICY_LABELS) as CachePolicyKind[]).map((k) => ({ value: k, label: POLICY_LABELS[k] }))}
            onChange={(v) => set((x) => void (x.cache.policy = v))}
          />
          <SelectField path="request.cache.flash_device" label="Flash device" value={c.flash_device} options={deviceOptions(scenario.devices, 'ssd', c.flash_device)} onChange={(v) => set((x) => void (x.cache.flash_device = v))} />
          <NumField path="request.cache.flash_gb" label="Flash used as cache" unit="GB" value={c.flash_gb} onChange={(v) => set((x) => void (x.cache.flash_gb = v))} />
          <SelectField
            path="request.cache.start"
            label="Cache state"
            value={c.start}
            options={[
              { value: 'cold', label: 'Cold (empty)' },
              { value: 'warm', label: 'Warm (warm-up run first)' },
            ]}
            onChange={(v) => set((x) => void (x.cache.start = v))}
          />
          <SelectField
            path="request.cache.read_priority"
            label="SSD reads before queued writes"
            value={c.read_priority == null ? 'default' : c.read_priority ? 'yes' : 'no'}
            options={[
              { value: 'default', label: 'Policy default (object cache only)' },
              { value: 'yes', label: 'Yes' },
              { value: 'no', label: 'No (FIFO)' },
            ]}
            onChange={(v) => set((x) => void (x.cache.read_priority = v === 'default' ? null : v === 'yes'))}
          />
          {depths ? (
            <OptionalNum
              path="request.cache.ssd_queue_depth"
              label="SSD commands in flight"
              unit="commands"
              integer
              value={c.ssd_queue_depth}
              fallback={depths.max}
              defaultLabel={`${depths.default}, the default (the study's runs)`}
              onChange={(v) => set((x) => void (x.cache.ssd_queue_depth = v))}
              hint={`the host queue (NCQ / NVMe): the drive's dies serve up to this many commands side by side; this drive takes up to ${depths.max}`}
            />
          ) : null}
        </div>
        {c.policy === 'block' ? (
          <div className="field-grid" data-testid="block-options">
            <NumField path="request.cache.block.block_kb" label="Cache block" unit="KB" value={c.block.block_kb} onChange={(v) => set((x) => void (x.cache.block.block_kb = v))} />
            <NumField path="request.cache.block.ways" label="Ways per set" unit="ways" integer value={c.block.ways} onChange={(v) => set((x) => void (x.cache.block.ways = v))} />
            <SelectField
              path="request.cache.block.replacement"
              label="Replacement within a set"
              value={c.block.replacement}
              options={[
                { value: 'fifo', label: 'FIFO (flashcache)' },
                { value: 'lru', label: 'LRU' },
                { value: 'sieve', label: 'SIEVE' },
                { value: 's3_fifo', label: 'S3-FIFO' },
              ]}
              hint="which block of a full set is given up; SIEVE and S3-FIFO (two policies of today) keep their order per set, S3-FIFO needs 10 ways or more"
              onChange={(v) => set((x) => void (x.cache.block.replacement = v))}
            />
          </div>
        ) : null}
        {c.policy === 'ring' ? (
          <div className="field-grid" data-testid="ring-options">
            <NumField path="request.cache.ring.feed_interval_s" label="Feed interval" unit="s" value={c.ring.feed_interval_s} onChange={(v) => set((x) => void (x.cache.ring.feed_interval_s = v))} />
            <NumField path="request.cache.ring.feed_limit_mb" label="Feed limit" unit="MB per feed" value={c.ring.feed_limit_mb} onChange={(v) => set((x) => void (x.cache.ring.feed_limit_mb = v))} />
            <NumField path="request.cache.ring.demand_chunks" label="Demand chunks before prefetch" unit="chunks" integer value={c.ring.demand_chunks} onChange={(v) => set((x) => void (x.cache.ring.demand_chunks = v))} />
            <CheckField path="request.cache.ring.noprefetch" label="l2arc_noprefetch: prefetched chunks skip the ring" checked={c.ring.noprefetch} onChange={(v) => set((x) => void (x.cache.ring.noprefetch = v))} />
            <CheckField path="request.cache.ring.norw" label="l2arc_norw: no ring reads while the SSD is written" checked={c.ring.norw} onChange={(v) => set((x) => void (x.cache.ring.norw = v))} />
          </div>
        ) : null}
        {c.policy === 'object' ? (
          <div className="field-grid" data-testid="object-options">
            <NumField path="request.cache.object.window_h" label="Request-count window" unit="h" value={c.object.window_h} onChange={(v) => set((x) => void (x.cache.object.window_h = v))} />
            <NumField path="request.cache.object.margin" label="Replacement margin" unit="requests" integer value={c.object.margin} onChange={(v) => set((x) => void (x.cache.object.margin = v))} />
          </div>
        ) : null}
        {flashPolicy ? (
          <div className="field-grid" data-testid="index-options">
            <SelectField
              path="request.cache.index.kind"
              label="In-RAM index"
              value={c.index.kind}
              options={[
                { value: 'plain', label: 'Plain hash table' },
                { value: 'flash_store', label: 'FlashStore (≈ 6 B/entry, 1 flash read per hit)' },
                { value: 'skimpy_stash', label: 'SkimpyStash ((1 + 5/k) B/entry, ≈ k/2 flash reads)' },
              ]}
              onChange={(v) => set((x) => void (x.cache.index.kind = v))}
            />
            {c.index.kind === 'plain' ? (
              <OptionalNum
                path="request.cache.index.bytes_per_entry"
                label="Index bytes per entry"
                unit="B"
                value={c.index.bytes_per_entry}
                fallback={24}
                defaultLabel="the policy's default"
                onChange={(v) => set((x) => void (x.cache.index.bytes_per_entry = v))}
              />
            ) : null}
            {c.index.kind === 'skimpy_stash' ? (
              <NumField path="request.cache.index.skimpy_k" label="SkimpyStash chain length k" integer value={c.index.skimpy_k} onChange={(v) => set((x) => void (x.cache.index.skimpy_k = v))} />
            ) : null}
          </div>
        ) : null}
      </fieldset>

      <fieldset className="card">
        <legend>Run and highest-rate search</legend>
        <div className="field-grid">
          <NumField path="request.run.duration_h" label="Measured period" unit="h" value={r.run.duration_h} onChange={(v) => set((x) => void (x.run.duration_h = v))} />
          <NumField path="request.run.warmup_h" label="Warm-up (warm start)" unit="h" value={r.run.warmup_h} onChange={(v) => set((x) => void (x.run.warmup_h = v))} />
          <OptionalNum
            path="request.run.warmup_rate"
            label="Warm-up rate"
            unit="requests/s"
            value={r.run.warmup_rate}
            fallback={w.rate}
            defaultLabel="the measured rate"
            onChange={(v) => set((x) => void (x.run.warmup_rate = v))}
          />
          <NumField path="request.run.replications" label="Replications" unit="runs" integer value={r.run.replications} onChange={(v) => set((x) => void (x.run.replications = v))} />
          <NumField path="request.run.seed" label="Seed" integer value={r.run.seed} onChange={(v) => set((x) => void (x.run.seed = v))} hint="replication k uses seed + k" />
          <NumField path="request.search.miss_target" label="Miss-ratio target" unit="fraction" value={r.search.miss_target} onChange={(v) => set((x) => void (x.search.miss_target = v))} />
          <NumField path="request.search.min_rate" label="Search from" unit="requests/s" value={r.search.min_rate} onChange={(v) => set((x) => void (x.search.min_rate = v))} />
          <NumField path="request.search.max_rate" label="Search to" unit="requests/s" value={r.search.max_rate} onChange={(v) => set((x) => void (x.search.max_rate = v))} />
          <NumField path="request.search.step" label="Search step" unit="requests/s" value={r.search.step} onChange={(v) => set((x) => void (x.search.step = v))} />
        </div>
      </fieldset>
    </div>
  );
}
