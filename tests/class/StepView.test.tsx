// @vitest-environment jsdom
// One lesson step rendered with the real core behind it (wasm via initSync):
// Run waits for the prediction, the reveal shows the core's number beside it,
// a held-back run can be cancelled, and a stale stated answer is flagged.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../src/worker/contract';
import { LESSONS } from '../../src/class/lessons';
import type { Step } from '../../src/class/model';
import { EMPTY_PROGRESS, type LessonProgress } from '../../src/class/progress';
import { StepView } from '../../src/class/StepView';
import { testEngine } from '../helpers/engine';

function Harness({ engine, step }: { engine: Engine; step: Step }) {
  const [progress, setProgress] = useState<LessonProgress>(EMPTY_PROGRESS);
  return <StepView engine={engine} step={step} index={0} progress={progress} update={(f) => setProgress(f)} />;
}

const first = LESSONS.find((l) => l.id === 'skew')!.steps[0];

describe('StepView', () => {
  it('enables Run only after a prediction, then shows prediction vs the core', async () => {
    render(<Harness engine={testEngine()} step={first} />);
    const run = screen.getByTestId('class-run');
    expect(run).toHaveProperty('disabled', true);
    expect(screen.getByTestId('input-workload.popularity.value')).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByTestId('prediction-number'), { target: { value: '150' } });
    expect(run).toHaveProperty('disabled', true); // out of range: 0–100 %
    expect(screen.getByText('Enter a number from 0 to 100 %.')).toBeTruthy();
    fireEvent.change(screen.getByTestId('prediction-number'), { target: { value: '25' } });
    expect(run).toHaveProperty('disabled', false);
    fireEvent.click(run);
    await waitFor(() => expect(screen.getByTestId('reveal')).toBeTruthy());
    expect(screen.getByTestId('your-prediction').textContent).toBe('25 %');
    expect(screen.getByTestId('the-answer').textContent).toMatch(/^3\d\.\d % \(hit ratio\)$/);
    expect(screen.getByTestId('grade').textContent).toMatch(/too low/);
    expect(screen.queryByTestId('stale-expected')).toBeNull();
  });

  it('cancels a run and keeps the step answerable', async () => {
    const engine = testEngine({
      run: (_s, req) => new Promise((_resolve, reject) => req?.signal?.addEventListener('abort', () => reject(new DOMException('cancelled', 'AbortError')))),
    });
    render(<Harness engine={engine} step={first} />);
    fireEvent.change(screen.getByTestId('prediction-number'), { target: { value: '30' } });
    fireEvent.click(screen.getByTestId('class-run'));
    await waitFor(() => expect(screen.getByTestId('class-progress')).toBeTruthy());
    fireEvent.click(screen.getByTestId('class-cancel'));
    await waitFor(() => expect(screen.getByText('Cancelled.')).toBeTruthy());
    expect(screen.getByTestId('class-run')).toHaveProperty('disabled', false);
  });

  it('flags a stated answer the core no longer gives', async () => {
    const stale: Step = { ...first, answer: { ...first.answer, expected: 90, tolerance: 1 } };
    render(<Harness engine={testEngine()} step={stale} />);
    fireEvent.change(screen.getByTestId('prediction-number'), { target: { value: '40' } });
    fireEvent.click(screen.getByTestId('class-run'));
    await waitFor(() => expect(screen.getByTestId('stale-expected')).toBeTruthy());
  });
});

describe('StepView, the mystery step and the presenter\'s R', () => {
  const mysteryLesson = LESSONS.find((l) => l.steps.some((s) => s.mystery))!;
  const mystery = mysteryLesson.steps.find((s) => s.mystery)!;

  function RHarness({ engine, runRef }: { engine: Engine; runRef: { current: (() => void) | null } }) {
    const [progress, setProgress] = useState<LessonProgress>(EMPTY_PROGRESS);
    return <StepView engine={engine} step={mystery} index={0} progress={progress} update={(f) => setProgress(f)} runRef={runRef} presenter />;
  }

  it('R runs and observes, then (with an answer) reveals the hidden value, as the header says', async () => {
    const runRef: { current: (() => void) | null } = { current: null };
    render(<RHarness engine={testEngine()} runRef={runRef} />);
    await waitFor(() => expect(runRef.current).not.toBeNull());
    runRef.current!();
    await waitFor(() => expect(screen.getByTestId('observation')).toBeTruthy());
    expect(screen.queryByTestId('reveal')).toBeNull();
    const q = mystery.question!;
    if (q.kind === 'number') fireEvent.change(screen.getByTestId('prediction-number'), { target: { value: String(q.min + (q.max - q.min) / 2) } });
    else if (q.kind === 'choice') fireEvent.click(screen.getByTestId(`choice-${q.choices[0].id}`));
    // The second R is the reveal.
    await waitFor(() => expect(screen.getByTestId('reveal-button')).toHaveProperty('disabled', false));
    runRef.current!();
    await waitFor(() => expect(screen.getByTestId('reveal')).toBeTruthy());
    expect(screen.getByTestId('answer-source').textContent).toBe('The hidden value');
  });
});
