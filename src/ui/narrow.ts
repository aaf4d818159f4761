// Narrow screens (phones, small tablets): below the width where the editor
// and the results sit side by side (app.css), the device catalog folds and
// the sticky run bar appears. Keep in step with the media queries in app.css.
import { useSyncExternalStore } from 'react';

export const NARROW_QUERY = '(max-width: 999px)';

function query(): MediaQueryList | null {
  return typeof matchMedia === 'function' ? matchMedia(NARROW_QUERY) : null;
}

function subscribe(onChange: () => void): () => void {
  const q = query();
  q?.addEventListener('change', onChange);
  return () => q?.removeEventListener('change', onChange);
}

/** Whether the screen is narrow; follows rotation and window resizing. */
export function useNarrow(): boolean {
  return useSyncExternalStore(subscribe, () => query()?.matches ?? false, () => false);
}
