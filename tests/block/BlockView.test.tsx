// @vitest-environment jsdom
// The Block caches tab with the real core behind it (wasm via initSync, no
// worker): the presets, a run comparing the caches, a chosen trace file with
// its detected format, and Cancel keeping the last finished result.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../src/engine/types';
import type { Engine } from '../../src/worker/contract';
import { BlockView } from '../../src/block/BlockView';
import { FormContext } from '../../src/shared/form';
import { simApi } from '../helpers/wasm';
import { testEngine } from '../helpers/engine';

function Host({ engine, initial }: { engine: Engine; initial: Scenario }) {
  const [scenario, setScenario] = useState(initial);
  return <BlockView engine={engine} scenario={scenario} valid setScenario={setScenario} edit={() => undefined} loadPreset={() => undefined} />;
}

/** The app's wiring in small: the core validates each edit, its messages reach the fields, Run waits for them. */
function ValidatingHost({ engine, initial, seen }: { engine: Engine; initial: Scenario; seen: Scenario[] }) {
  const [scenario, setScenario] = useState(initial);
  const errors = simApi().validate(scenario);
  const set = (s: Scenario) => {
    seen.push(s);
    setScenario(s);
  };
  return (
    <FormContext.Provider value={{ errors, setLocalInvalid: () => undefined }}>
      <BlockView engine={engine} scenario={scenario} valid={errors.length === 0} setScenario={set} edit={() => undefined} loadPreset={() => undefined} />
    </FormContext.Provider>
  );
}

/** A short study: 2 000 synthetic I/Os over a 4 GB footprint, 1 GB caches. */
function small(): Scenario {
  const api = simApi();
  const block = api.defaultBlockSpec();
  if (block.workload.kind !== 'synthetic') throw new Error('default is synthetic');
  return { ...api.defaultScenario(), block: { ...block, cache_gb: 1, workload: { ...block.workload, footprint_gb: 4, iops: 200, duration_s: 10 } } };
}

describe('BlockView', () => {
  it('lists the presets and compares the chosen caches after Run', async () => {
    render(<Host engine={testEngine({ chunk: 500 })} initial={small()} />);
    await waitFor(() => expect(within(screen.getByTestId('block-preset')).getAllByRole('option').length).toBe(6));
    fireEvent.click(screen.getByTestId('block-run'));
    const table = await screen.findByTestId('block-result', {}, { timeout: 60_000 });
    const rows = within(table).getAllByRole('row').slice(1).map((r) => within(r).getByRole('rowheader').textContent);
    expect(rows).toEqual(['SLC', 'MLC', 'TLC', 'HySSC (SLC + TLC)']);
  });

  it('runs the single-technology caches with the replacement chosen, and names it in their rows', async () => {
    render(<Host engine={testEngine({ chunk: 500 })} initial={small()} />);
    const select = screen.getByTestId<HTMLSelectElement>('field-block.replacement');
    expect(select.value).toBe('lru');
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['LRU', 'S3-FIFO', 'SIEVE']);
    fireEvent.change(select, { target: { value: 's3_fifo' } });
    fireEvent.click(screen.getByTestId('block-run'));
    const table = await screen.findByTestId('block-result', {}, { timeout: 60_000 });
    const rows = within(table).getAllByRole('row').slice(1).map((r) => within(r).getByRole('rowheader').textContent);
    expect(rows).toEqual(['SLC S3-FIFO', 'MLC S3-FIFO', 'TLC S3-FIFO', 'HySSC (SLC + TLC)']);
  });

  it('detects a chosen trace file’s format and runs it', async () => {
    render(<Host engine={testEngine({ chunk: 100_000 })} initial={small()} />);
    const bytes = readFileSync(resolve(process.cwd(), 'public/sample-block-trace.csv'));
    const file = new File([bytes], 'sample-block-trace.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByTestId('block-trace'), { target: { files: [file] } });
    await waitFor(() => expect(screen.getByTestId('block-trace-format').textContent).toMatch(/MSR/));
    fireEvent.click(screen.getByTestId('block-run'));
    const table = await screen.findByTestId('block-result', {}, { timeout: 60_000 });
    expect(screen.getByRole('heading', { name: /Comparison over 3,000 I\/Os/ })).toBeTruthy();
    expect(within(table).getAllByRole('row')).toHaveLength(5);
  });

  it('puts an edited synthetic field into the scenario, shows the core’s message beside it and blocks Run until fixed', () => {
    const seen: Scenario[] = [];
    render(<ValidatingHost engine={testEngine({ chunk: 500 })} initial={small()} seen={seen} />);
    const field = screen.getByTestId('field-block.workload.zipf_s');
    fireEvent.change(field, { target: { value: '9' } });
    expect(seen.at(-1)?.block?.workload).toMatchObject({ kind: 'synthetic', zipf_s: 9, iops: 200 });
    expect(screen.getByTestId('error-block.workload.zipf_s').textContent).toMatch(/9 is out of range/);
    expect(screen.getByTestId<HTMLButtonElement>('block-run').disabled).toBe(true);
    fireEvent.change(field, { target: { value: '1.1' } });
    expect(screen.queryByTestId('error-block.workload.zipf_s')).toBeNull();
    expect(screen.getByTestId<HTMLButtonElement>('block-run').disabled).toBe(false);
    fireEvent.change(screen.getByTestId('field-block.seed'), { target: { value: '5' } });
    expect(seen.at(-1)?.block).toMatchObject({ seed: 5, workload: { zipf_s: 1.1 } });
  });
});
