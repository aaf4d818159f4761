// @vitest-environment jsdom
// The Study claims page with the real core behind it (wasm via initSync, no
// worker): labels, the table before and after Run all, Open, and Cancel.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Engine } from '../../src/worker/contract';
import type { RunResult, Scenario } from '../../src/engine/types';
import type { ReproductionRow, RequestOutput } from '../../src/reproduce/types';
import { simApi } from '../helpers/wasm';
import { badge, pendingText, tally, tallyText, VERDICTS } from '../../src/reproduce/format';
import { ReproduceView } from '../../src/reproduce/ReproduceView';
import { testEngine } from '../helpers/engine';


function renderView(engine: Engine, setScenario = vi.fn(), showView = vi.fn()) {
  const scenario = simApi().defaultScenario();
  render(<ReproduceView engine={engine} scenario={scenario} valid setScenario={setScenario} edit={() => undefined} loadPreset={() => undefined} showView={showView} />);
  return { setScenario, showView };
}

const row = (id: string) => screen.getByTestId(`claim-${id}`);

/**
 * The request-level claims' scenarios cut to 36 s per point (the real ones
 * run an hour per point, too long for a component test); the table is then
 * checked against the core's evaluation of the same short runs.
 */
function shortRequests(s: Scenario): Scenario {
  const c = structuredClone(s);
  c.request!.run.duration_h = 0.01;
  c.request!.run.warmup_h = Math.min(c.request!.run.warmup_h, 0.01);
  return c;
}

function withShortRequests(engine: Engine): Engine {
  return {
    ...engine,
    runRequest: (s, req) => engine.runRequest(shortRequests(s), req),
    maxRate: (s, known, req) => engine.maxRate(shortRequests(s), known, req),
  };
}

/** A job that reports a little progress, then waits until it is cancelled. */
function hang<T>(signal?: AbortSignal): Promise<T> {
  return new Promise<T>((_, reject) => signal?.addEventListener('abort', () => reject(new DOMException('the run was cancelled', 'AbortError'))));
}

describe('verdict labels', () => {
  it('tell every verdict apart without colour', () => {
    const icons = new Set(VERDICTS.map((v) => badge(v).icon));
    const texts = new Set(VERDICTS.map((v) => badge(v).text));
    expect(icons.size).toBe(VERDICTS.length);
    expect(texts.size).toBe(VERDICTS.length);
    expect(badge('differs')).toEqual({ icon: '✗', text: 'differs', className: 'verdict-differs' });
  });

  it('tally the table and say what a pending row needs', () => {
    const api = simApi();
    const plan = api.reproductionClaims();
    const rows = api.evaluateClaimsWithRequests({}, {});
    const t = tally(rows);
    expect(t.reproduced + t.close + t.differs + t.not_modelled + t.pending).toBe(plan.claims.length);
    // Before any run: closed forms are judged, every simulated claim waits.
    const simulated = plan.claims.filter((c) => ['simulated', 'request_simulated', 'block_simulated', 'device_characterized'].includes(c.method.kind)).length;
    expect(t.pending).toBe(simulated);
    expect(tallyText(rows)).toMatch(/^\d+ reproduced( · \d+ close)?( · \d+ differs?)?( · \d+ not modelled)? · \d+ not run yet$/);
    const ratio = rows.find((r) => r.id === 'mmsys11-cost-ssd-advantage')!;
    expect(pendingText(ratio, plan)).toBe(
      'Run all to simulate its 3 scenarios: Cost table: 5 SSDs + 2 HDDs; Cost table: 13 HDDs; Cost table: 2 DRAM + 12 HDDs.',
    );
    // A block-level row (model §13) waits for Run all too, and says so.
    const hyssc = rows.find((r) => r.id === 'hyssc-response-time')!;
    expect(hyssc.outcome.verdict).toBe('pending');
    expect(pendingText(hyssc, plan)).toBe('Run all to simulate it. Needs the block-level simulations, which run once every other simulation has finished.');
  });
});

describe('ReproduceView', () => {
  it('shows the closed forms at once, runs the rest, and loads a scenario into the editor', async () => {
    const { setScenario, showView } = renderView(withShortRequests(testEngine()));
    await screen.findByTestId('repro-table');
    // Closed forms and the claims outside the model: judged before any run.
    expect(row('mmsys11-streams-647').dataset.verdict).toBe('reproduced');
    expect(within(row('mmsys11-streams-647')).getByTestId('claim-ours').textContent).toBe('647 streams');
    expect(row('nossdav12-zipf-top56').dataset.verdict).toBe('close');
    expect(within(row('nossdav12-zipf-top56')).getByTestId('claim-note').textContent).toContain('55.535 %');
    expect(row('nossdav12-hdd-rate').dataset.verdict).toBe('pending');
    expect(within(row('nossdav12-hdd-rate')).getByTestId('claim-note').textContent).toContain('Run all to simulate its 2 scenarios: HDD only: highest rate at 0 % miss; HDD only, Poisson arrivals: highest rate at 0 % miss');
    const hit = row('mmsys11-fig11-flash-hit');
    expect(hit.dataset.verdict).toBe('pending');
    expect(within(hit).getByTestId('claim-note').textContent).toContain('Run all to simulate its scenario: Fig. 11: 64 GB');

    fireEvent.click(screen.getByTestId('repro-run'));
    await waitFor(() => expect(screen.getByTestId('repro-status').textContent).toMatch(/^23 simulations done in/), { timeout: 250_000 });
    await waitFor(() => expect(screen.getByTestId('repro-tally').textContent).not.toContain('not run yet'));
    expect(row('mmsys11-fig11-flash-hit').dataset.verdict).toBe('reproduced');
    expect(within(row('mmsys11-fig11-flash-hit')).getByTestId('claim-ours').textContent).toMatch(/^0\.3\d\d ± 0\.0\d\d$/);
    expect(row('mmsys11-fig9-buffered').dataset.verdict).toBe('differs');
    expect(within(row('mmsys11-fig9-buffered')).getByTestId('claim-note').textContent).toMatch(/^Why: The study does not specify/);
    expect(row('mmsys11-cost-dram-cheapest').dataset.verdict).toBe('differs');

    // The page shows exactly the core's table for the same runs.
    const api = simApi();
    const plan = api.reproductionClaims();
    const direct = testEngine({ chunk: 1 << 22 });
    const results: Record<string, RunResult> = {};
    for (const s of plan.scenarios) results[s.id] = await direct.run(s.scenario);
    const short = withShortRequests(direct);
    const requests: Record<string, RequestOutput> = {};
    for (const s of plan.request_scenarios)
      requests[s.id] = s.search ? { kind: 'max_rate', result: await short.maxRate(s.scenario, []) } : { kind: 'run', result: await short.runRequest(s.scenario) };
    const expected = api.evaluateClaimsWithRequests(results, requests);
    // The NOSSDAV'12 rows have values now.
    expect(expected.find((r) => r.id === 'nossdav12-hdd-rate')!.outcome.verdict).not.toBe('pending');
    const shown = JSON.parse(screen.getByTestId('repro-json').textContent ?? 'null') as ReproductionRow[];
    expect(shown).toEqual(expected);
    for (const r of expected) {
      const el = row(r.id);
      expect(el.dataset.verdict).toBe(r.outcome.verdict);
      expect(within(el).getByTestId('claim-ours').textContent).toBe(r.outcome.ours?.text ?? '—');
      expect(within(el).getByTestId('claim-difference').textContent).toBe(r.outcome.difference?.text ?? '—');
    }

    // Open: the scenario goes to the editor, and the editor's tab is shown.
    fireEvent.click(within(row('mmsys11-cost-hdd-meets')).getByTestId('claim-open-cost-hdd-study'));
    expect(setScenario).toHaveBeenCalledTimes(1);
    const opened = setScenario.mock.calls[0][0] as Scenario;
    expect(opened.tiers.disk.count).toBe(13);
    expect(opened.architecture).toBe('hdd_only');
    expect(opened).toEqual(plan.scenarios.find((s) => s.id === 'cost-hdd-study')!.scenario);
    expect(showView).toHaveBeenCalledWith('scenario');
    // A claim over three configurations offers each of them.
    expect(within(row('mmsys11-cost-ssd-advantage')).getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Open: Cost table: 5 SSDs + 2 HDDs',
      'Open: Cost table: 13 HDDs',
      'Open: Cost table: 2 DRAM + 12 HDDs',
    ]);
  });

  it('Cancel keeps the rows whose simulations finished', async () => {
    // The Fig. 11 SSD run finishes; every other waits until it is cancelled.
    const real = testEngine();
    const engine: Engine = {
      ...testEngine({
        run: (s, req = {}) => {
          if (s.name.includes('64 GB / 155 MB/s SSD')) return real.run(s, req);
          req.onProgress?.({ events: 10, replications_done: 0, replications: 5, fraction: 0.1, done: false });
          return hang<RunResult>(req.signal);
        },
      }),
      runRequest: (_s, req = {}) => hang(req.signal),
      maxRate: (_s, _k, req = {}) => hang(req.signal),
    };
    renderView(engine);
    await screen.findByTestId('repro-table');
    fireEvent.click(screen.getByTestId('repro-run'));
    await waitFor(() => expect(screen.getByTestId('repro-status').textContent).toMatch(/^1 of 23 simulations done/));
    await waitFor(() => expect(row('mmsys11-fig11-flash-hit').dataset.verdict).toBe('reproduced'));
    expect(screen.getByTestId('repro-progress')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByTestId('repro-cancel'));
      await Promise.resolve();
    });
    await waitFor(() => expect(screen.getByTestId('repro-status').textContent).toBe('Cancelled after 1 of 23 simulations; the rows they feed are kept.'));
    // The finished run's claims stay; the others are still waiting; closed forms untouched.
    expect(row('mmsys11-fig11-flash-hit').dataset.verdict).toBe('reproduced');
    expect(row('mmsys11-fig11-flash-streams').dataset.verdict).toBe('reproduced');
    expect(row('mmsys11-cost-hdd-spd').dataset.verdict).toBe('pending');
    expect(row('mmsys11-streams-647').dataset.verdict).toBe('reproduced');
    expect(screen.getByTestId('repro-run')).toHaveProperty('disabled', false);
    expect(screen.getByTestId('repro-cancel')).toHaveProperty('disabled', true);
  });
});
