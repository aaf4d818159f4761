// The scenario checked by the core after every edit (debounced, on a
// worker): its field errors and the scenario they belong to. The Scenario
// tab shows them beside the fields; every tab's Run waits for them.
import { useEffect, useState } from 'react';
import type { FieldError, Scenario } from '../engine/types';
import type { Engine } from '../worker/contract';

const VALIDATE_DELAY_MS = 120;

/** `validated` is the scenario `errors` belong to; `failed` a message when the core could not be asked. */
export function useValidation(engine: Pick<Engine, 'validate'>, scenario: Scenario | null) {
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [validated, setValidated] = useState<Scenario | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    if (!scenario) return;
    let live = true;
    const t = setTimeout(() => {
      engine.validate(scenario).then(
        (errs) => {
          if (!live) return;
          setErrors(errs);
          setValidated(scenario);
        },
        (e: unknown) => live && setFailed(e instanceof Error ? e.message : String(e)),
      );
    }, VALIDATE_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [scenario, engine]);
  return { errors, validated, failed };
}
