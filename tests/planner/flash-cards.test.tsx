// @vitest-environment jsdom
// The planner's SSD wear cards: beside a TCO (a configuration the optimiser
// sized) they read the TCO's own count of replacements over its service
// life, the figure its total includes — not a separate amortised $/year that
// disagreed with it ("replacements $0.00" beside "$23.48/year", issue 50).
// The real core runs the SSD study; the TCO is the optimiser's shape.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Scenario, TcoBreakdown } from '../../src/engine/types';
import { Results } from '../../src/planner/Results';
import { dollars, replacementText } from '../../src/shared/format';
import { simApi } from '../helpers/wasm';

function ssdStudy(): Scenario {
  const s = simApi().preset('mmsys11-cost-ssd');
  return { ...s, run: { ...s.run, duration_h: 1, replications: 1, target_rejection: null } };
}

function tco(replacements: number, cost: number): TcoBreakdown {
  return {
    years: 5,
    hours_per_day: 24,
    operating_hours: 43830,
    capital: 10_000,
    energy_kwh: 0,
    energy_cost: 0,
    replacements: [{ role: 'file_cache', device: 'ssd_a', lifetime_h: 15_000, replacements, cost }],
    replacement_cost: cost,
    total: 10_000 + cost,
    streams_per_dollar: 0,
  };
}

describe('the planner\'s SSD wear card', () => {
  it('reads the TCO\'s replacements when the configuration came with one, its amortised cost otherwise', async () => {
    const result = await simApi().run(1, ssdStudy(), () => undefined, 2_000);
    expect(result.flash.map((f) => f.role)).toContain('file_cache');
    const perYear = result.flash.find((f) => f.role === 'file_cache')!.replacement_cost_per_year;

    const two = tco(2, 2_400);
    const { unmount } = render(<Results result={result} tco={two} />);
    const card = screen.getByTestId('flash-file_cache-replacement');
    expect(card.textContent).toBe(replacementText(two, 'file_cache'));
    expect(card.textContent).toBe(`2 replacements within 5 years: ${dollars(2_400)}`);
    // The card's dollars are the TCO's, and no per-year figure sits beside them.
    expect(card.textContent).toContain(dollars(two.replacement_cost));
    expect(screen.getByTestId('flash-file_cache').textContent).not.toMatch(/per year/);
    unmount();

    const none = tco(0, 0);
    const second = render(<Results result={result} tco={none} />);
    expect(screen.getByTestId('flash-file_cache-replacement').textContent).toBe('no replacement within 5 years');
    second.unmount();

    // A plain run (no TCO): the wear rate's amortised cost, said to be that.
    render(<Results result={result} />);
    expect(screen.getByTestId('flash-file_cache-replacement').textContent).toMatch(/^\$[\d,.]+( ± \$[\d,.]+)? per year at this wear rate$/);
    expect(perYear.mean).toBeGreaterThanOrEqual(0);
  });
});
