// The editable inputs of the block study: the synthetic workload's fields
// (when the workload is synthetic) and the run settings every workload shares
// (cache size, the single-technology caches' replacement, replications,
// seed). Each field shows the core's validation
// message for its path (`block.…`) beside it, through the app's FormContext;
// no range is repeated here.
import type { BlockSpec, ReplacementOrder, SyntheticBlockWorkload } from './types';
import { NumField, SelectField } from '../shared/form';
import { REPLACEMENT_LABELS } from './series';

interface SynthField {
  key: keyof SyntheticBlockWorkload;
  label: string;
  unit: string;
  step: number;
}

const SYNTH_FIELDS: SynthField[] = [
  { key: 'read_share', label: 'Read share', unit: 'fraction of I/Os', step: 0.05 },
  { key: 'zipf_s', label: 'Zipf skew s', unit: '0 = uniform', step: 0.1 },
  { key: 'footprint_gb', label: 'Footprint', unit: 'GB', step: 1 },
  { key: 'seq_share', label: 'Sequential-run share', unit: 'fraction of I/Os', step: 0.05 },
  { key: 'seq_run_kb', label: 'Sequential run length', unit: 'KB', step: 64 },
  { key: 'io_kb', label: 'Random I/O size', unit: 'KB, multiple of 4', step: 4 },
  { key: 'iops', label: 'Arrival rate', unit: 'I/Os per s', step: 100 },
  { key: 'duration_s', label: 'Duration', unit: 's', step: 60 },
];

export function SyntheticWorkloadFields({ workload, onChange }: { workload: SyntheticBlockWorkload; onChange: (w: SyntheticBlockWorkload) => void }) {
  return (
    <fieldset className="block-fields" data-testid="block-workload-editor">
      <legend>Synthetic workload</legend>
      <div className="grid">
        {SYNTH_FIELDS.map((f) => (
          <NumField
            key={f.key}
            path={`block.workload.${f.key}`}
            label={f.label}
            unit={f.unit}
            step={f.step}
            value={workload[f.key]}
            onChange={(v) => onChange({ ...workload, [f.key]: v })}
          />
        ))}
      </div>
    </fieldset>
  );
}

export function BlockRunFields({ block, setBlock }: { block: BlockSpec; setBlock: (b: BlockSpec) => void }) {
  return (
    <fieldset className="block-fields" data-testid="block-run-settings">
      <legend>Cache and run</legend>
      <div className="grid">
        <NumField path="block.cache_gb" label="Flash cache size" unit="GB" step={8} value={block.cache_gb} onChange={(v) => setBlock({ ...block, cache_gb: v })} />
        <SelectField<ReplacementOrder>
          path="block.replacement"
          label="Replacement of the SLC, MLC and TLC caches"
          value={block.replacement}
          options={(['lru', 's3_fifo', 'sieve'] as const).map((r) => ({ value: r, label: REPLACEMENT_LABELS[r] }))}
          hint="which block a full cache gives up; HySSC and the FAST'12 layers keep their own lists"
          onChange={(v) => setBlock({ ...block, replacement: v })}
        />
        <NumField path="block.replications" label="Replications" unit="runs" integer step={1} hint="of a synthetic workload; a trace runs once" value={block.replications} onChange={(v) => setBlock({ ...block, replications: v })} />
        <NumField
          path="block.seed"
          label="Seed"
          unit="replication k uses seed + k"
          integer
          step={1}
          value={block.seed}
          onChange={(v) => setBlock({ ...block, seed: v })}
        />
      </div>
    </fieldset>
  );
}
