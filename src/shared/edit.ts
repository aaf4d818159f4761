// How a form changes the scenario: a mutation applied to a draft copy. A leaf
// module so that the editor's sections can share it without importing the
// editor that composes them (no import cycles).
import type { Scenario } from '../engine/types';

export type Edit = (f: (s: Scenario) => void) => void;
