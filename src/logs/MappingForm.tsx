// Which column holds what: the detector's guess, editable, over a preview
// of the file's first rows.
import { SelectField } from '../shared/form';
import type { ColumnMap, Detection, LogFormat, TimeFormat } from './types';

const FORMATS: { value: LogFormat; label: string }[] = [
  { value: 'csv', label: 'CSV (comma-separated)' },
  { value: 'tsv', label: 'TSV (tab-separated)' },
  { value: 'json_lines', label: 'JSON lines' },
  { value: 'counts', label: 'Aggregated counts (kind,key,count)' },
];

const TIMES: { value: TimeFormat; label: string }[] = [
  { value: 'iso8601', label: 'ISO 8601 (2024-03-01T18:05:09Z)' },
  { value: 'epoch_s', label: 'Epoch seconds' },
  { value: 'epoch_ms', label: 'Epoch milliseconds' },
];

type Optional = 'bytes' | 'seconds' | 'bitrate_kbps' | 'length_s';
const OPTIONAL: { key: Optional; label: string }[] = [
  { key: 'seconds', label: 'Seconds watched (optional)' },
  { key: 'bytes', label: 'Bytes (optional)' },
  { key: 'bitrate_kbps', label: 'Bitrate, KB/s (optional)' },
  { key: 'length_s', label: 'Video length, s (optional)' },
];

const NONE = '';

export function MappingForm({ detection, map, onChange }: { detection: Detection; map: ColumnMap; onChange: (m: ColumnMap) => void }) {
  const cols = detection.columns.map((c) => ({ value: c, label: map.header || map.format === 'json_lines' ? c : `column ${c}` }));
  const counts = map.format === 'counts';
  return (
    <div data-testid="log-mapping">
      <div className="grid">
        <SelectField path="map.format" label="Format" value={map.format} options={FORMATS} onChange={(format) => onChange({ ...map, format })} />
        {!counts ? (
          <>
            <SelectField path="map.timestamp" label="Timestamp column" value={map.timestamp} options={cols} onChange={(timestamp) => onChange({ ...map, timestamp })} />
            <SelectField path="map.time_format" label="Timestamp format" value={map.time_format} options={TIMES} onChange={(time_format) => onChange({ ...map, time_format })} />
            <SelectField path="map.title" label="Title id column" value={map.title} options={cols} onChange={(title) => onChange({ ...map, title })} />
            {OPTIONAL.map((o) => (
              <SelectField
                key={o.key}
                path={`map.${o.key}`}
                label={o.label}
                value={map[o.key] ?? NONE}
                options={[{ value: NONE, label: '(none)' }, ...cols]}
                onChange={(v) => onChange({ ...map, [o.key]: v === NONE ? null : v })}
              />
            ))}
          </>
        ) : null}
      </div>
      {map.format === 'csv' || map.format === 'tsv' ? (
        <label className="check">
          <input type="checkbox" data-testid="map-header" checked={map.header} onChange={(e) => onChange({ ...map, header: e.target.checked })} /> The first line is a header
        </label>
      ) : null}
      {detection.notes.length > 0 ? <p className="hint">Detected: {detection.notes.join('; ')}.</p> : null}
      <div className="table-scroll">
        <table className="log-preview" data-testid="log-preview">
          <caption className="hint">The first rows of the file</caption>
          <thead>
            <tr>
              {detection.columns.map((c) => (
                <th key={c} scope="col">
                  {c}
                  {c === map.timestamp && !counts ? ' (time)' : c === map.title && !counts ? ' (title)' : ''}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {detection.rows.map((r, i) => (
              <tr key={i}>
                {detection.columns.map((c, j) => (
                  <td key={c}>{r[j] ?? ''}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
