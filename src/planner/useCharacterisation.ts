// The catalog's characterisation run: the spec (the core's default until
// edited), the published figures, and one run at a time on the worker pool
// with progress and Cancel. The run is a stepped job, so Cancel (or a newer
// run) stops it between two steps and frees its worker for the next. Nothing is
// asked of the core before the first Characterise: the calls need the
// studies module, which a visit does not load until then.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Engine } from '../worker/contract';
import type { Device } from '../engine/types';
import type { Characterization, CharacterizePlan, CharacterizeProgress, CharacterizeSpec, DeviceFigure } from './characterise';

export type CharacterisationState =
  | { kind: 'idle' }
  | { kind: 'running'; device: Device; started: number; progress: CharacterizeProgress | null }
  | { kind: 'done'; device: Device; spec: CharacterizeSpec; result: Characterization; ms: number }
  | { kind: 'cancelled'; device: Device }
  | { kind: 'failed'; device: Device; message: string };

export interface Characterisation {
  state: CharacterisationState;
  spec: CharacterizeSpec | null;
  setSpec: (s: CharacterizeSpec) => void;
  /** What the core will run for the shown device and the spec (its model, the writes it simulates one by one); null until asked. */
  plan: CharacterizePlan | null;
  figures: DeviceFigure[];
  start: (device: Device) => void;
  cancel: () => void;
  close: () => void;
}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

export function useCharacterisation(engine: Engine): Characterisation {
  const [state, setState] = useState<CharacterisationState>({ kind: 'idle' });
  const [spec, setSpec] = useState<CharacterizeSpec | null>(null);
  const [figures, setFigures] = useState<DeviceFigure[]>([]);
  const [plan, setPlan] = useState<CharacterizePlan | null>(null);
  const ac = useRef<AbortController | null>(null);
  useEffect(() => () => ac.current?.abort(), []);
  // The core's plan for the shown device and spec (which model its one rule picks, what the preconditioning costs):
  // asked once the spec is known, so a visit still loads nothing.
  const shown = state.kind === 'idle' ? null : state.device;
  useEffect(() => {
    if (!shown || !spec) return;
    let live = true;
    engine.characterizePlan(shown, spec).then(
      (p) => {
        if (live) setPlan(p);
      },
      () => {
        if (live) setPlan(null);
      },
    );
    return () => {
      live = false;
    };
  }, [engine, shown, spec]);

  const start = useCallback(
    (device: Device) => {
      ac.current?.abort();
      const ctl = new AbortController();
      ac.current = ctl;
      const d = structuredClone(device);
      const started = performance.now();
      setState({ kind: 'running', device: d, started, progress: null });
      // The first time: the core's default spec and the published figures.
      const ready: Promise<CharacterizeSpec> = spec
        ? Promise.resolve(spec)
        : Promise.all([engine.defaultCharacterizeSpec(), engine.deviceFigures()]).then(([sp, f]) => {
            setSpec(sp);
            setFigures(f);
            return sp;
          });
      ready
        .then(async (sp) => {
          const onProgress = (progress: CharacterizeProgress) => {
            if (ac.current === ctl) setState({ kind: 'running', device: d, started, progress });
          };
          const result = await engine.characterize(d, sp, { signal: ctl.signal, onProgress });
          if (ac.current === ctl) setState({ kind: 'done', device: d, spec: sp, result, ms: performance.now() - started });
        })
        .catch((e: unknown) => {
          if (ac.current !== ctl) return;
          const name = e instanceof Error || e instanceof DOMException ? e.name : '';
          setState(name === 'AbortError' ? { kind: 'cancelled', device: d } : { kind: 'failed', device: d, message: message(e) });
        });
    },
    [engine, spec],
  );
  const cancel = useCallback(() => ac.current?.abort(), []);
  const close = useCallback(() => {
    ac.current?.abort();
    ac.current = null;
    setState({ kind: 'idle' });
  }, []);
  return { state, spec, setSpec, plan, figures, start, cancel, close };
}
