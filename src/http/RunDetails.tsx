// What one request-level result says beyond its miss ratio, per policy: the
// hit ratios by tier, flash writes, WA, lifetime, the index's RAM and its
// cost (the device utilisation over time is in WhyPanel.tsx).
import type { RequestResult } from './types';
import { dollars, estimate, num } from '../shared/format';

export interface PolicyResult {
  label: string;
  result: RequestResult;
}

function flashCell(r: RequestResult, f: (x: NonNullable<RequestResult['flash']>) => string): string {
  return r.flash ? f(r.flash) : '—';
}

/** One row per policy: a table on wide screens, a card of labelled values on phones. */
export function PolicyTable({ rows, caption, testId }: { rows: PolicyResult[]; caption: string; testId: string }) {
  const cols: [string, (r: RequestResult) => string][] = [
    ['Segment miss ratio', (r) => estimate(r.miss_ratio, 'percent')],
    ['Response p95 (s)', (r) => estimate(r.response_p95_s)],
    ['RAM hit (bytes)', (r) => estimate(r.ram_hit_ratio, 'percent')],
    ['Flash hit (bytes)', (r) => estimate(r.flash_hit_ratio, 'percent')],
    ['Disk share', (r) => estimate(r.disk_share, 'percent')],
    ['Block hit ratio', (r) => (r.block_hit_ratio ? estimate(r.block_hit_ratio, 'percent') : '—')],
    ['Flash host writes (GB)', (r) => flashCell(r, (f) => estimate(f.host_gb))],
    ['Flash NAND writes (GB)', (r) => flashCell(r, (f) => estimate(f.nand_gb))],
    ['WA', (r) => flashCell(r, (f) => estimate(f.write_amplification))],
    ['SSD lifetime (days)', (r) => flashCell(r, (f) => (f.lifetime_days ? estimate(f.lifetime_days) : 'no writes'))],
    ['Index RAM (GB)', (r) => (r.index.entries > 0 ? `${num(r.index.ram_gb)} (${num(r.index.entries)} × ${num(r.index.bytes_per_entry)} B)` : '—')],
    ['Index cost', (r) => (r.index.entries > 0 ? dollars(r.index.cost) : '—')],
    ['RAM left for caching (GB)', (r) => num(r.ram_cache_gb)],
    ['Capital cost', (r) => dollars(r.capital_cost)],
  ];
  return (
    // Scrolls sideways when its columns do not fit: focusable so the keyboard can scroll it.
    <div className="table-scroll" tabIndex={0} role="region" aria-label={caption}>
      <table className="http-table cards" data-testid={testId}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Policy</th>
            {cols.map(([h]) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((p) => (
            <tr key={p.label} data-testid={`${testId}-row`}>
              <th scope="row">{p.label}</th>
              {cols.map(([h, f]) => (
                <td key={h} data-label={h}>
                  {f(p.result)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
