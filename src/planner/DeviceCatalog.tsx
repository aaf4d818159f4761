// The device catalog: one row per device type, every value editable, the
// assumptions behind each preset shown beside it.
import { useContext, useId, useState } from 'react';
import type { Device, DeviceKind, FlashSpec } from '../engine/types';
import { FieldMessages, FormContext, NumField, SelectField, TextField } from '../shared/form';
import { SINGLE_COLUMN_QUERY, useMediaQuery } from '../shared/media';
import type { Edit } from '../shared/edit';
import { KINDS } from '../shared/labels';
import { FlashSpecFields } from '../flash/FlashSpecFields';
import { soldCapacity } from '../shared/units';
import type { Engine } from '../worker/contract';
import { canCharacterise } from './characterise';
import { CharacterisationPanel } from './CharacterisationPanel';
import { useCharacterisation } from './useCharacterisation';

interface Props {
  devices: Device[];
  presets: Device[];
  /** Ids of the devices the tiers use (those cannot be removed). */
  inUse: string[];
  edit: Edit;
  /** Runs each device's characterisation on the worker pool. */
  engine: Engine;
}

const COLUMNS = ['Name', 'Kind', 'Capacity (GiB)', 'Read (MB/s)', 'Write (MB/s)', 'Price ($)', 'Power (W)', 'Flash', 'Assumptions', 'Remove'];

/** Starting value when a DRAM bandwidth is made finite: about one DDR3-1333 channel (10.6 GB/s). */
const DRAM_FINITE_MBPS = 10_600;

function defaultFlash(presets: Device[]): FlashSpec {
  const f = presets.find((d) => d.kind === 'ssd' && d.flash)?.flash;
  if (!f) throw new Error('no SSD preset with flash characteristics');
  return { ...f };
}

function uniqueId(base: string, devices: Device[]): string {
  let id = base;
  for (let i = 2; devices.some((d) => d.id === id); i++) id = `${base}_${i}`;
  return id;
}

function Bandwidth({ index, device, field, edit }: { index: number; device: Device; field: 'read_mbps' | 'write_mbps'; edit: Edit }) {
  const path = `devices[${index}].${field}`;
  const label = field === 'read_mbps' ? 'Read bandwidth' : 'Write bandwidth';
  const v = device[field];
  if (device.kind === 'dram') {
    return (
      <div className="cell-field">
        <label className="check">
          <input
            type="checkbox"
            data-testid={`unlimited-${path}`}
            checked={v === null || v === undefined}
            onChange={(e) => {
              const unlimited = e.target.checked;
              edit((s) => {
                s.devices[index][field] = unlimited ? null : DRAM_FINITE_MBPS;
              });
            }}
          />
          unlimited
        </label>
        {v === null || v === undefined ? (
          <FieldMessages path={path} />
        ) : (
          <NumField compact path={path} label={label} unit="MB/s" value={v} onChange={(n) => edit((s) => void (s.devices[index][field] = n))} />
        )}
      </div>
    );
  }
  return <NumField compact path={path} label={label} unit="MB/s" value={v ?? NaN} onChange={(n) => edit((s) => void (s.devices[index][field] = n))} />;
}

/** The present-day catalog dates each price as an assumption ("price $… — assumption, … as of YYYY-MM"); the studies' devices do not. */
function isPresentDay(d: Device): boolean {
  return d.assumptions.some((a) => a.startsWith('price $') && a.includes(' as of '));
}

export function DeviceCatalog({ devices, presets, inUse, edit, engine }: Props) {
  const ch = useCharacterisation(engine);
  const characterising = ch.state.kind === 'running' ? ch.state.device.id : null;
  const [toAdd, setToAdd] = useState('');
  // On a narrow screen the catalog folds, so Run and the results are not below
  // a page of device rows; it opens by itself when one of its fields is wrong.
  const narrow = useMediaQuery(SINGLE_COLUMN_QUERY);
  const [unfolded, setUnfolded] = useState(false);
  const { errors } = useContext(FormContext);
  const hasErrors = errors.some((e) => e.path.startsWith('devices'));
  // An open characterisation keeps the catalog open: it is drawn inside it.
  const folded = narrow && !unfolded && !hasErrors && ch.state.kind === 'idle';
  const bodyId = useId();

  return (
    <fieldset className="card catalog" data-testid="device-catalog" data-folded={folded ? 'true' : 'false'}>
      <legend>
        <h2 className="legend-heading">Device catalog</h2>
      </legend>
      {narrow && !hasErrors ? (
        <button type="button" className="secondary" data-testid="catalog-toggle" aria-expanded={!folded} aria-controls={bodyId} onClick={() => {
            // Hiding the devices closes a characterisation drawn among them.
            if (!folded) ch.close();
            setUnfolded(folded);
          }}>
          {folded ? `Show the ${devices.length} devices` : 'Hide the devices'}
        </button>
      ) : null}
      <div id={bodyId} hidden={folded}>
      <p className="hint">Per device: capacity in GiB (1024³ bytes, what the model computes with; the decimal figure drives are sold by, 10¹² bytes a TB, beside it), random-read bandwidth at large requests and sequential-write bandwidth in MB/s, unit price, power. Values the source studies do not give are listed as assumptions.</p>
      <table className="devices">
        <thead>
          <tr>
            {COLUMNS.map((c, i) => (
              <th key={i} scope="col">
                {/* The remove buttons' column: named for screen readers, no visible header. */}
                {c === 'Remove' ? <span className="visually-hidden">{c}</span> : c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {devices.map((d, i) => (
            <tr key={i} data-testid={`device-row-${i}`}>
              <td data-label="Name">
                <TextField compact path={`devices[${i}].name`} label={`Name of device ${d.id}`} value={d.name}
                  onChange={(v) => edit((s) => void (s.devices[i].name = v))} />
                <span className="device-id" title="identifier the tiers refer to">
                  id: {d.id}
                </span>
                <FieldMessages path={`devices[${i}].id`} />
                {canCharacterise(d) ? (
                  <button
                    type="button"
                    className="secondary characterise"
                    data-testid={`characterise-device-${i}`}
                    aria-label={`Characterise device ${d.id}: microbenchmarks of its model`}
                    disabled={characterising === d.id}
                    onClick={() => ch.start(d)}
                  >
                    Characterise
                  </button>
                ) : null}
              </td>
              <td data-label="Kind">
                <SelectField<DeviceKind>
                  compact
                  path={`devices[${i}].kind`}
                  label={`Kind of device ${d.id}`}
                  value={d.kind}
                  options={KINDS}
                  onChange={(k) =>
                    edit((s) => {
                      const dev = s.devices[i];
                      dev.kind = k;
                      if (k === 'ssd') dev.flash ??= defaultFlash(presets);
                      else dev.flash = null;
                      if (k !== 'dram') {
                        dev.read_mbps ??= 100;
                        dev.write_mbps ??= 100;
                      }
                    })
                  }
                />
                <FieldMessages path={`devices[${i}].flash`} />
              </td>
              <td data-label="Capacity (GiB)">
                <NumField compact path={`devices[${i}].capacity_gb`} label="Capacity" unit="GiB" value={d.capacity_gb}
                  onChange={(v) => edit((s) => void (s.devices[i].capacity_gb = v))} />
                {Number.isFinite(d.capacity_gb) && d.capacity_gb > 0 ? (
                  <span className="hint capacity-sold" data-testid={`capacity-sold-${i}`}>
                    {soldCapacity(d.capacity_gb, d.kind)} as sold
                  </span>
                ) : null}
              </td>
              <td data-label="Read (MB/s)">
                <Bandwidth index={i} device={d} field="read_mbps" edit={edit} />
              </td>
              <td data-label="Write (MB/s)">
                <Bandwidth index={i} device={d} field="write_mbps" edit={edit} />
              </td>
              <td data-label="Price ($)">
                <NumField compact path={`devices[${i}].price`} label="Price" unit="$" value={d.price}
                  onChange={(v) => edit((s) => void (s.devices[i].price = v))} />
              </td>
              <td data-label="Power (W)">
                <NumField compact path={`devices[${i}].power_w`} label="Power" unit="W" value={d.power_w}
                  onChange={(v) => edit((s) => void (s.devices[i].power_w = v))} />
              </td>
              <td data-label="Flash">
                {d.flash ? <FlashSpecFields index={i} flash={d.flash} edit={edit} /> : <span className="muted">n/a</span>}
              </td>
              <td data-label="Assumptions" className="assumptions">
                {d.assumptions.length ? (
                  <ul>
                    {d.assumptions.map((a, k) => (
                      <li key={k}>{a}</li>
                    ))}
                  </ul>
                ) : (
                  <span className="muted">none</span>
                )}
              </td>
              <td data-label="">
                <button
                  type="button"
                  className="secondary"
                  data-testid={`remove-device-${i}`}
                  aria-label={`Remove device ${d.id}`}
                  title={inUse.includes(d.id) ? 'used by a tier' : undefined}
                  onClick={() => edit((s) => void s.devices.splice(i, 1))}
                  disabled={inUse.includes(d.id)}
                >
                  Remove
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="add-device">
        <label htmlFor="add-device-select">Add a device from the presets</label>
        <select id="add-device-select" data-testid="add-device-select" value={toAdd} onChange={(e) => setToAdd(e.target.value)}>
          <option value="">— choose —</option>
          {[
            { label: 'Present-day devices (datasheet figures; prices are dated assumptions)', devices: presets.filter(isPresentDay) },
            { label: 'The studies’ devices (2011–2012, as published)', devices: presets.filter((d) => !isPresentDay(d)) },
          ]
            .filter((g) => g.devices.length > 0)
            .map((g) => (
              <optgroup key={g.label} label={g.label}>
                {g.devices.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </optgroup>
            ))}
        </select>
        <button
          type="button"
          data-testid="add-device"
          disabled={!toAdd}
          onClick={() => {
            const p = presets.find((x) => x.id === toAdd);
            if (!p) return;
            edit((s) => {
              s.devices.push({ ...structuredClone(p), id: uniqueId(p.id, s.devices) });
            });
            setToAdd('');
          }}
        >
          Add
        </button>
      </div>
      <CharacterisationPanel ch={ch} />
      </div>
    </fieldset>
  );
}
