// CSS media queries as React state, following rotation and window resizing.
import { useCallback, useSyncExternalStore } from 'react';

/**
 * Below this width the editor and the results stack in one column (app.css):
 * the device catalog folds and the sticky run bar appears. Keep in step with
 * the media queries in app.css.
 */
export const SINGLE_COLUMN_QUERY = '(max-width: 999px)';

/** Whether `query` matches now; false where there is no matchMedia (tests, SSR). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const mq = typeof matchMedia === 'function' ? matchMedia(query) : null;
      mq?.addEventListener('change', onChange);
      return () => mq?.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => (typeof matchMedia === 'function' ? matchMedia(query).matches : false),
    () => false,
  );
}
