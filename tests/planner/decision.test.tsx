// @vitest-environment jsdom
// Confident decisions in the planner (model §3): a run with a target adds
// replications until the 95 % interval of the rejection probability lies
// below or above it, and the results say which (or that the cap came
// first). The real core runs; the display is checked against its numbers.
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import type { Progress, RunResult, Scenario } from '../../src/engine/types';
import { FormContext } from '../../src/shared/form';
import { Results } from '../../src/planner/Results';
import { RunSection } from '../../src/planner/ScenarioEditor';
import { decisionText } from '../../src/shared/decision';
import { simApi } from '../helpers/wasm';

/** The MMSys'11 SSD study, 2 h, 1.4 × its load so that some viewers are turned away. */
function busy(target: number | null, cap: number): Scenario {
  const s = simApi().preset('mmsys11-cost-ssd');
  return {
    ...s,
    workload: { ...s.workload, arrival_rate: s.workload.arrival_rate * 1.4 },
    run: { ...s.run, duration_h: 2, replications: cap, target_rejection: target },
  };
}

async function runWith(target: number | null, cap: number): Promise<{ result: RunResult; progress: Progress[] }> {
  const progress: Progress[] = [];
  const result = await simApi().run(1, busy(target, cap), (p) => progress.push(p), 2_000);
  return { result, progress };
}

describe('a decided target in the results', () => {
  it('says meets, misses or cannot decide with the replications it took, as the core decided', async () => {
    const plain = (await runWith(null, 6)).result.summary.rejection_probability;
    expect(plain.ci95).toBeGreaterThan(0);

    const high = await runWith((plain.mean + plain.ci95) * 2, 40);
    expect(high.result.decision).toMatchObject({ verdict: 'meets', replications: 3, cap: 40 });
    // Progress counts the cap until the decision, then the replications run.
    expect(high.progress[0].replications).toBe(40);
    expect(high.progress.at(-1)).toMatchObject({ done: true, replications_done: 3, replications: 3 });
    const { unmount } = render(<Results result={high.result} />);
    const shown = screen.getByTestId('result-decision');
    expect(shown.textContent).toBe(decisionText(high.result.decision!, high.result.summary.rejection_probability));
    expect(shown.textContent).toMatch(/^meets < \d+(\.\d+)?% \(decided after 3 replications\)$/);
    expect(shown.className).toContain('decision-meets');
    unmount();

    const low = await runWith((plain.mean - plain.ci95) / 2, 40);
    expect(low.result.decision).toMatchObject({ verdict: 'misses', replications: 3 });
    expect(decisionText(low.result.decision!, low.result.summary.rejection_probability)).toMatch(/^misses < .*: rejects more \(decided after 3 replications\)$/);

    const undecided = await runWith(plain.mean, 6);
    expect(undecided.result.decision).toMatchObject({ verdict: 'cannot_decide', replications: 6, cap: 6 });
    render(<Results result={undecided.result} />);
    const e = undecided.result.summary.rejection_probability;
    expect(screen.getByTestId('result-decision').textContent).toMatch(/^cannot decide after 6 replications: .+ ± .+ holds .+%$/);
    expect(e.mean - e.ci95).toBeLessThanOrEqual(plain.mean);
    expect(e.mean + e.ci95).toBeGreaterThanOrEqual(plain.mean);
  });

  it('shows nothing when the scenario sets no target', async () => {
    const { result } = await runWith(null, 3);
    expect(result.decision ?? null).toBeNull();
    render(<Results result={result} />);
    expect(screen.queryByTestId('result-decision')).toBeNull();
  });
});

function Editor({ initial, seen }: { initial: Scenario; seen: (s: Scenario) => void }) {
  const [scenario, setScenario] = useState(initial);
  const errors = simApi().validate(scenario);
  seen(scenario);
  return (
    <FormContext.Provider value={{ errors, setLocalInvalid: () => undefined }}>
      <RunSection
        scenario={scenario}
        edit={(f) =>
          setScenario((s) => {
            const next = structuredClone(s);
            f(next);
            return next;
          })
        }
      />
    </FormContext.Provider>
  );
}

describe('the target in the Run section', () => {
  it('turns on at 1 % with a cap of 40, is typed as a percentage and checked by name', () => {
    let latest: Scenario | null = null;
    const initial = busy(null, 5);
    render(<Editor initial={initial} seen={(s) => (latest = s)} />);
    expect(screen.queryByTestId('field-run.target_rejection')).toBeNull();
    fireEvent.click(screen.getByTestId('field-run.decide'));
    expect(latest!.run.target_rejection).toBe(0.01);
    expect(latest!.run.replications).toBe(40);
    const field = screen.getByTestId<HTMLInputElement>('field-run.target_rejection');
    expect(field.value).toBe('1');
    fireEvent.change(field, { target: { value: '0.5' } });
    expect(latest!.run.target_rejection).toBe(0.005);
    fireEvent.change(field, { target: { value: '0' } });
    expect(screen.getByTestId('error-run.target_rejection').textContent).toMatch(/out of range.*above 0 and below 1/);
    fireEvent.click(screen.getByTestId('field-run.decide'));
    expect(latest!.run.target_rejection ?? null).toBeNull();
    expect(screen.queryByTestId('field-run.target_rejection')).toBeNull();
  });
});
