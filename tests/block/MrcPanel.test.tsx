// @vitest-environment jsdom
// The "How much cache?" card with a curve the engine returns: the dollars of
// the chosen device on the chart's second axis and beside the marked size;
// "no price" takes the axis away.
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { MrcPanel } from '../../src/block/MrcPanel';
import { GB_BLOCKS } from '../../src/block/mrc-curve';
import type { Engine } from '../../src/worker/contract';
import type { Device } from '../../src/engine/types';
import type { MrcResult } from '../../src/block/types';

import { point } from './mrc-points';

// 1/16 GB to 64 GB; half the accesses hit from 2 GB on.
const result = {
  policy: 'lru',
  ios: 1000,
  blocks: 1000,
  read_blocks: 1000,
  write_blocks: 0,
  distinct_blocks: 64 * GB_BLOCKS,
  sample_rate: 1,
  peak_followed: 0,
  note: 'exact',
  points: Array.from({ length: 11 }, (_, k) => point(GB_BLOCKS * 2 ** (k - 4), Math.min(0.9, 0.1 * k))),
} as unknown as MrcResult;

const engine = { runMrc: () => Promise.resolve(result) } as unknown as Engine;
const devices = [
  { id: 'hdd', name: 'Disk', kind: 'hdd', price: 100, capacity_gb: 1000 },
  { id: 'qlc', name: 'QLC SSD', kind: 'ssd', price: 400, capacity_gb: 8000 },
  { id: 'ddr5', name: 'DDR5', kind: 'dram', price: 160, capacity_gb: 32 },
] as Device[];

describe('MrcPanel', () => {
  it('puts the chosen device’s dollars on a second axis and beside the size for the target', async () => {
    render(<MrcPanel engine={engine} file={new File(['x'], 't.csv')} format="plain" cacheGb={1} devices={devices} onUseSize={() => {}} />);
    // Flash and DRAM only, the first SSD chosen.
    const select = screen.getByTestId<HTMLSelectElement>('mrc-device');
    expect([...select.options].map((o) => o.value)).toEqual(['', 'qlc', 'ddr5']);
    expect(select.value).toBe('qlc');
    fireEvent.click(screen.getByTestId('mrc-run'));
    await screen.findByTestId('mrc-result');
    // Target 0.5: 2 GB of QLC at $0.05/GB.
    expect(screen.getByTestId('mrc-at-target').textContent).toContain('about $0.10 of QLC SSD');
    expect(screen.getByTestId('mrc-chart-x2').textContent).toContain('Cost ($, at $0.05/GB)');
    fireEvent.change(select, { target: { value: 'ddr5' } });
    // DRAM at $5/GB: 2 GB is $10.
    expect(screen.getByTestId('mrc-at-target').textContent).toContain('about $10 of DDR5');
    expect(screen.getByTestId('mrc-chart-x2').textContent).toMatch(/\$\d/);
    fireEvent.change(select, { target: { value: '' } });
    expect(screen.queryByTestId('mrc-chart-x2')).toBeNull();
    expect(screen.getByTestId('mrc-at-target').textContent).not.toContain('$');
  });
});
