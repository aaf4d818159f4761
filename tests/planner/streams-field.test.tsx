// @vitest-environment jsdom
// The "Concurrent streams" field converts through the core (issue 49): λ is
// the core's `rateForStreams`, the streams shown are its `workloadFigures`,
// both answered later by a worker. Here the answers are held back and let
// go by hand, so the test sees what a slow worker would show: keystrokes
// are never overwritten by late answers, only the last keystroke's λ is
// stored, and a new video length keeps the streams the user stated.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { Scenario, WorkloadFigures } from '../../src/engine/types';
import type { Edit } from '../../src/shared/edit';
import { FormContext } from '../../src/shared/form';
import { stored } from '../../src/shared/units';
import { WorkloadSection } from '../../src/planner/ScenarioEditor';
import { simApi } from '../helpers/wasm';

const api = simApi();

/** An engine over the real core whose answers wait until `release()`. */
function heldEngine() {
  const held: (() => void)[] = [];
  const later = <T,>(f: () => T) =>
    new Promise<T>((resolve) => {
      held.push(() => resolve(f()));
    });
  return {
    engine: {
      workloadFigures: (s: Scenario) => later<WorkloadFigures | undefined>(() => api.workloadFigures(s)),
      rateForStreams: (s: Scenario, n: number) => later<number | undefined>(() => api.rateForStreams(s, n)),
    },
    /** Answer the calls asked so far, in order (not those they lead to). */
    async step() {
      await act(async () => {
        held.splice(0).forEach((f) => f());
        await Promise.resolve();
      });
    },
    /** Answer every call asked so far, in order, until none is left. */
    async release() {
      while (held.length > 0) {
        await act(async () => {
          held.splice(0).forEach((f) => f());
          await Promise.resolve();
        });
      }
    },
  };
}

function Form({ start, engine, seen }: { start: Scenario; engine: ReturnType<typeof heldEngine>['engine']; seen: { s: Scenario } }) {
  const [s, setS] = useState(start);
  seen.s = s;
  const edit: Edit = (f) =>
    setS((prev) => {
      const next = structuredClone(prev);
      f(next);
      return next;
    });
  return (
    <FormContext.Provider value={{ errors: [], setLocalInvalid: () => undefined }}>
      <WorkloadSection engine={engine} scenario={s} edit={edit} />
    </FormContext.Provider>
  );
}

/** The default scenario with one class of one-hour videos at λ = 1/s: 3 600 streams. */
function oneHour(): Scenario {
  const s = api.defaultScenario();
  s.workload.arrival_rate = 1;
  s.workload.classes = [{ share: 1, length_min: 60, bitrate_kbps: 245 }];
  return s;
}

describe('the concurrent streams field, answered by the core later', () => {
  it("shows the core's streams, keeps every keystroke while answers are late, and stores the last one's λ", async () => {
    const h = heldEngine();
    const seen = { s: oneHour() };
    render(<Form start={seen.s} engine={h.engine} seen={seen} />);
    const streams = screen.getByTestId<HTMLInputElement>('field-workload.concurrent_streams');
    await h.release();
    expect(streams.value).toBe('3600');
    for (const typed of ['2', '20', '200', '2000']) fireEvent.change(streams, { target: { value: typed } });
    expect(streams.value).toBe('2000');
    await h.release();
    expect(streams.value).toBe('2000');
    // 2 000 one-hour streams: λ = 2000 / 3600 s, stored to 15 digits.
    expect(seen.s.workload.arrival_rate).toBe(0.555555555555556);
  });

  it("an answer for an earlier keystroke, arriving after the next one, does not replace the text typed", async () => {
    const h = heldEngine();
    const seen = { s: oneHour() };
    render(<Form start={seen.s} engine={h.engine} seen={seen} />);
    const streams = screen.getByTestId<HTMLInputElement>('field-workload.concurrent_streams');
    await h.release();
    fireEvent.change(streams, { target: { value: '2' } });
    // λ for "2" comes back and is stored; the streams it implies are asked.
    await h.step();
    fireEvent.change(streams, { target: { value: '20' } });
    // Now the streams for "2" come back, after "20" was typed.
    await h.step();
    expect(streams.value).toBe('20');
    await h.release();
    expect(streams.value).toBe('20');
    expect(seen.s.workload.arrival_rate).toBe(stored(api.rateForStreams(oneHour(), 20)!));
  });

  it('a new video length keeps the streams stated, λ following, however late the answers come', async () => {
    const h = heldEngine();
    const seen = { s: oneHour() };
    render(<Form start={seen.s} engine={h.engine} seen={seen} />);
    const length = screen.getByTestId<HTMLInputElement>('field-workload.classes[0].length_min');
    await h.release();
    // Typed as keystrokes "3", "30": the anchor is the 3 600 streams before the first.
    fireEvent.change(length, { target: { value: '3' } });
    fireEvent.change(length, { target: { value: '30' } });
    expect(length.value).toBe('30');
    await h.release();
    expect(seen.s.workload.classes[0].length_min).toBe(30);
    // 3 600 streams of 30 min: λ = 3600 / 1800 s = 2/s.
    expect(seen.s.workload.arrival_rate).toBe(2);
    expect(screen.getByTestId<HTMLInputElement>('field-workload.concurrent_streams').value).toBe('3600');
  });

  it('typing λ drops a conversion still asked: the typed λ stays', async () => {
    const h = heldEngine();
    const seen = { s: oneHour() };
    render(<Form start={seen.s} engine={h.engine} seen={seen} />);
    await h.release();
    fireEvent.change(screen.getByTestId('field-workload.concurrent_streams'), { target: { value: '7200' } });
    fireEvent.change(screen.getByTestId('field-workload.arrival_rate'), { target: { value: '0.25' } });
    await h.release();
    expect(seen.s.workload.arrival_rate).toBe(0.25);
    expect(screen.getByTestId<HTMLInputElement>('field-workload.concurrent_streams').value).toBe('900');
  });
});
