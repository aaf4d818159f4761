// A student's progress through a lesson, kept in localStorage per lesson:
// predictions, the core's outcomes and which steps are revealed, so a
// reload (or a phone's tab being dropped) loses nothing. Restart clears it.
import { storage } from '../state/load';
import type { Outcome, Prediction } from './model';

export interface LessonProgress {
  predictions: Record<number, Prediction>;
  outcomes: Record<number, Outcome>;
  revealed: Record<number, boolean>;
  name: string;
}

export const EMPTY_PROGRESS: LessonProgress = { predictions: {}, outcomes: {}, revealed: {}, name: '' };

const key = (lesson: string) => `tierplan.class.${lesson}`;

export function readProgress(lesson: string): LessonProgress {
  try {
    const text = storage()?.getItem(key(lesson));
    if (!text) return EMPTY_PROGRESS;
    const v = JSON.parse(text) as Partial<LessonProgress>;
    return {
      predictions: v.predictions ?? {},
      outcomes: v.outcomes ?? {},
      revealed: v.revealed ?? {},
      name: typeof v.name === 'string' ? v.name : '',
    };
  } catch {
    return EMPTY_PROGRESS; // A corrupted entry is ignored: the lesson starts afresh.
  }
}

export function writeProgress(lesson: string, p: LessonProgress): void {
  try {
    storage()?.setItem(key(lesson), JSON.stringify(p));
  } catch {
    // Quota or privacy mode: the lesson still works, it just is not remembered.
  }
}

export function clearProgress(lesson: string): void {
  try {
    storage()?.removeItem(key(lesson));
  } catch {
    // Nothing to clear.
  }
}
