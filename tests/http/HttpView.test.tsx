// @vitest-environment jsdom
// The HTTP streaming tab with the real core behind it (wasm via initSync, no
// worker): adding a request section, the core's messages beside the fields,
// a single run with its details, and the figure's points as runs finish.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import type { FieldError, Scenario } from '../../src/engine/types';
import type { Engine } from '../../src/worker/contract';
import { FormContext } from '../../src/shared/form';
import { HttpView } from '../../src/http/HttpView';
import { loadStudies, simApi } from '../helpers/wasm';
import { createStudiesApi } from '../../src/worker/studies-api';
import { testEngine } from '../helpers/engine';

/** The figure's study in-process (the app keeps it in the studies' worker). */
const studies = createStudiesApi(loadStudies());
const figureStudies = () => studies;

/** The view inside a minimal host: scenario state, core validation into the form context. */
function Host({
  engine,
  initial,
  onChange,
  loadPreset = () => undefined,
}: {
  engine: Engine;
  initial: Scenario;
  onChange?: (s: Scenario) => void;
  loadPreset?: (id: string, title?: string) => void;
}) {
  const [scenario, setScenario] = useState(initial);
  const errors: FieldError[] = simApi().validate(scenario);
  const set = (s: Scenario) => {
    onChange?.(s);
    setScenario(s);
  };
  return (
    <FormContext.Provider value={{ errors, setLocalInvalid: () => undefined }}>
      <HttpView
        engine={engine}
        figureStudies={figureStudies}
        scenario={scenario}
        valid={errors.length === 0}
        setScenario={set}
        edit={(f) => {
          const next = structuredClone(scenario);
          f(next);
          set(next);
        }}
        loadPreset={loadPreset}
      />
    </FormContext.Provider>
  );
}

describe('HttpView', () => {
  it('adds the default request section with the study’s devices to a scenario without one', async () => {
    const onChange = vi.fn();
    render(<Host engine={testEngine()} initial={simApi().defaultScenario()} onChange={onChange} />);
    expect(screen.getByTestId('http-no-request')).toBeTruthy();
    fireEvent.click(screen.getByTestId('http-add-request'));
    await screen.findByTestId('http-editor');
    const s = onChange.mock.calls[0][0] as Scenario;
    expect(s.request!.chunk_kb).toBe(128);
    expect(s.devices.map((d) => d.id)).toEqual(expect.arrayContaining(['hdd7200', 'x25m']));
    expect(simApi().validate(s)).toEqual([]);
  });

  it('loads a study configuration through the app’s preset loading, with its title', async () => {
    const loadPreset = vi.fn();
    render(<Host engine={testEngine()} initial={simApi().defaultScenario()} loadPreset={loadPreset} />);
    const title = simApi().listRequestPresets().find((p) => p.id === 'nossdav12-l2arc-warm')!.title;
    await screen.findByRole('option', { name: title });
    fireEvent.change(screen.getByTestId('http-preset'), { target: { value: 'nossdav12-l2arc-warm' } });
    fireEvent.click(screen.getByTestId('http-preset-load'));
    expect(loadPreset).toHaveBeenCalledWith('nossdav12-l2arc-warm', title);
  });

  it('shows the core’s message beside a bad field and blocks the runs', async () => {
    const s = simApi().requestPreset('nossdav12-flashcache-cold');
    render(<Host engine={testEngine()} initial={s} />);
    fireEvent.change(screen.getByTestId('field-request.layout.disks'), { target: { value: '0' } });
    const msg = await screen.findByTestId('error-request.layout.disks');
    expect(msg.textContent).toMatch(/out of range/);
    expect(screen.getByTestId('http-single-run')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('http-figure-run')).toHaveProperty('disabled', true);
    expect(within(screen.getByTestId('http-errors')).getAllByText('Disks (RAID-0)').length).toBeGreaterThan(0);
    // The block cache's own options show for that policy only.
    expect(screen.getByTestId('block-options')).toBeTruthy();
    expect(screen.queryByTestId('ring-options')).toBeNull();
  });

  it('offers SIEVE and S3-FIFO for the block cache’s sets, puts the choice into the scenario and shows the core’s message when a set is too small', async () => {
    const seen: Scenario[] = [];
    render(<Host engine={testEngine()} initial={simApi().requestPreset('nossdav12-flashcache-cold')} onChange={(s) => seen.push(s)} />);
    const select = screen.getByTestId<HTMLSelectElement>('field-request.cache.block.replacement');
    expect(select.value).toBe('fifo');
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['FIFO (flashcache)', 'LRU', 'SIEVE', 'S3-FIFO']);
    fireEvent.change(select, { target: { value: 's3_fifo' } });
    expect(seen.at(-1)!.request!.cache.block.replacement).toBe('s3_fifo');
    expect(simApi().validate(seen.at(-1)!)).toEqual([]);
    fireEvent.change(screen.getByTestId('field-request.cache.block.ways'), { target: { value: '8' } });
    const msg = await screen.findByTestId('error-request.cache.block.replacement');
    expect(msg.textContent).toMatch(/at least 10 ways per set/);
    expect(screen.getByTestId('http-single-run')).toHaveProperty('disabled', true);
    fireEvent.change(select, { target: { value: 'sieve' } });
    await waitFor(() => expect(screen.queryByTestId('error-request.cache.block.replacement')).toBeNull());
    expect(seen.at(-1)!.request!.cache.block).toMatchObject({ replacement: 'sieve', ways: 8 });
  });

  it('takes the SSD queue depth’s default and the drive’s most from the core', async () => {
    const seen: Scenario[] = [];
    const initial = simApi().requestPreset('nossdav12-flashcache-cold');
    const depths = simApi().ssdQueueDepths(initial)!;
    render(<Host engine={testEngine()} initial={initial} onChange={(s) => seen.push(s)} />);
    const box = await screen.findByTestId<HTMLInputElement>('field-request.cache.ssd_queue_depth.default');
    expect(box.checked).toBe(true);
    const label = box.closest('label')?.textContent ?? '';
    expect(label).toContain(`SSD commands in flight: ${depths.default}, the default`);
    // Unticked, the field starts at the most the X25-M takes (NCQ's 32), which the core accepts.
    fireEvent.click(box);
    expect(seen.at(-1)!.request!.cache.ssd_queue_depth).toBe(32);
    expect(depths.max).toBe(32);
    expect(simApi().validate(seen.at(-1)!)).toEqual([]);
    expect(screen.getByTestId('field-request.cache.ssd_queue_depth').closest('.field')?.textContent ?? '').toContain('this drive takes up to 32');
  });

  it('runs the scenario once and then the figure, one point per rate and policy', async () => {
    const s = simApi().requestPreset('nossdav12-hdd-only');
    s.request!.run.duration_h = 0.01;
    s.request!.run.replications = 1;
    render(<Host engine={testEngine({ chunk: 20_000 })} initial={s} />);
    fireEvent.click(screen.getByTestId('http-single-run'));
    await screen.findByTestId('http-single-result', {}, { timeout: 60_000 });
    expect(screen.getByTestId('http-single-miss').textContent).toMatch(/%/);
    // One replication has no range to show beside its value.
    expect(screen.queryByTestId('http-single-miss-range')).toBeNull();
    expect(screen.getAllByTestId('http-single-table-row')).toHaveLength(1);

    for (const [k, v] of Object.entries({ fromRate: 5, toRate: 10, points: 2, replications: 1, durationH: 0.01, warmupH: 0.01 }))
      fireEvent.change(screen.getByTestId(`http-figure-${k}`), { target: { value: String(v) } });
    // The core reads the settings on a worker: wait for its answer.
    await waitFor(() => expect(screen.getByTestId('http-figure-plan').textContent).toMatch(/2 rates × 5 policies = 10 points of 1 replication /));
    fireEvent.click(screen.getByTestId('http-figure-run'));
    await waitFor(() => expect(screen.getByTestId('http-figure-status').textContent).toMatch(/^Done: 10 points from 10 runs/), { timeout: 60_000 });
    const circles = screen.getByTestId('http-figure').querySelectorAll('circle[data-series]');
    expect(circles).toHaveLength(10);
    expect(screen.getAllByTestId('http-details-table-row')).toHaveLength(5);
    expect(screen.getByTestId('http-maxrate-figure-object').textContent).not.toBe('run the figure');
  });
});
