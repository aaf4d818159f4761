// The Scenario tab's preset picker: the studies' configurations and "New
// plan" (present-day devices), each loaded through the persistence layer.
import { useState } from 'react';
import type { PresetInfo } from '../engine/types';

/** The preset behind "New plan": present-day devices, steady state (warm-up one video length). */
const NEW_PLAN_PRESET = 'today-plan';

export function PresetPicker({ presets, onLoad }: { presets: PresetInfo[]; onLoad: (id: string, title?: string) => void }) {
  const [id, setId] = useState('');
  const chosen = presets.find((p) => p.id === id);
  return (
    <div className="preset-picker">
      <div className="field">
        <label htmlFor="preset-select">Start from a preset</label>
        <select id="preset-select" data-testid="preset-select" value={id} onChange={(e) => setId(e.target.value)}>
          <option value="">— choose a published configuration —</option>
          {presets.map((p) => (
            <option key={p.id} value={p.id}>
              {p.title}
            </option>
          ))}
        </select>
        {chosen ? (
          <span className="hint" data-testid="preset-description">
            {chosen.description} <em>({chosen.source})</em>
          </span>
        ) : null}
      </div>
      <button type="button" data-testid="preset-load" disabled={!id} onClick={() => onLoad(id, chosen?.title)}>
        Load preset
      </button>
      <button
        type="button"
        data-testid="new-plan"
        title="10 000 titles on today's 24 TB disks, NVMe SSDs and DDR5, with a warm-up of one video length: state your target, then open the Optimiser"
        onClick={() => onLoad(NEW_PLAN_PRESET, presets.find((p) => p.id === NEW_PLAN_PRESET)?.title)}
      >
        New plan with today’s devices
      </button>
    </div>
  );
}
