// Every field of a device's flash description (model §4): cell type, P/E
// cycles, page geometry and timings for the cost model (§9), the spare
// factor that sets write amplification (§8) and how much a write slows
// concurrent reads (§7). Used in the device catalog's flash column.
import type { CellType, FlashSpec } from '../engine/types';
import { NumField, SelectField } from '../shared/form';
import type { Edit } from '../shared/edit';
import './flash.css';

const CELLS: { value: CellType; label: string }[] = [
  { value: 'slc', label: 'SLC' },
  { value: 'mlc', label: 'MLC' },
  { value: 'tlc', label: 'TLC' },
  { value: 'qlc', label: 'QLC' },
];

type NumKey = Exclude<keyof FlashSpec, 'cell' | 'controller'>;

const NUMBERS: { key: NumKey; label: string; unit: string; integer?: boolean }[] = [
  { key: 'page_kb', label: 'Page size', unit: 'KB' },
  { key: 'pages_per_block', label: 'Pages per block', unit: 'pages', integer: true },
  { key: 'read_us', label: 'Page read', unit: 'µs' },
  { key: 'program_us', label: 'Page program', unit: 'µs' },
  { key: 'erase_ms', label: 'Block erase', unit: 'ms' },
  { key: 'spare_factor', label: 'Spare factor ρ', unit: '(physical − logical) / logical' },
  { key: 'write_read_interference', label: 'Interference', unit: '0–0.9: reads slowed while writing' },
];

export function FlashSpecFields({ index, flash, edit }: { index: number; flash: FlashSpec; edit: Edit }) {
  const p = `devices[${index}].flash`;
  const set = (f: (x: FlashSpec) => void) =>
    edit((s) => {
      const x = s.devices[index].flash;
      if (x) f(x);
    });
  return (
    <div className="flash-spec" data-testid={`flash-spec-${index}`}>
      <NumField compact integer path={`${p}.pe_cycles`} label="P/E cycles" unit="cycles" value={flash.pe_cycles}
        onChange={(v) => set((x) => void (x.pe_cycles = v))} />
      <details title="cell type, page geometry, timings, spare factor, write/read interference (reads run at (1 − x) of the bandwidth while the device writes)">
        <summary data-testid={`flash-details-${index}`}>
          {flash.cell.toUpperCase()}, ρ {flash.spare_factor}
        </summary>
        <SelectField<CellType> path={`${p}.cell`} label="Cell type" value={flash.cell} options={CELLS}
          onChange={(v) => set((x) => void (x.cell = v))} />
        {NUMBERS.map((n) => (
          <NumField key={n.key} path={`${p}.${n.key}`} label={n.label} unit={n.unit} integer={n.integer} value={flash[n.key]}
            onChange={(v) => set((x) => void (x[n.key] = v))} />
        ))}
      </details>
    </div>
  );
}
