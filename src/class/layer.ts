// A layer over the whole app (presenter view, the student's lesson, the
// embed): rendered into <body> beside #root, and while it is open the app
// behind it is `inert` — no focus, no clicks, no keys reach it — so a stray
// Tab or Enter cannot switch lessons under a class. Tab also wraps inside
// the layer instead of leaving for the browser's own toolbar.
import { useEffect, type RefObject } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The elements Tab visits inside `root`, in order. */
export function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.closest('[hidden], [inert]') && el.getClientRects().length > 0);
}

/** The app's own root, made inert while a layer covers it. */
function appRoot(): HTMLElement | null {
  return document.getElementById('root');
}

// Layers can nest (presenter view over the student's lesson): the app stays inert until the last one closes.
let open = 0;

export function useModalLayer(ref: RefObject<HTMLElement | null>, active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const root = appRoot();
    open += 1;
    root?.setAttribute('inert', '');
    const onKey = (e: KeyboardEvent) => {
      const layer = ref.current;
      if (e.key !== 'Tab' || !layer || e.defaultPrevented) return;
      // Only the topmost layer traps (a nested one sits inside or after it in <body>).
      const layers = document.querySelectorAll('[data-layer]');
      if (layers[layers.length - 1] !== layer) return;
      const list = focusables(layer);
      if (list.length === 0) {
        e.preventDefault();
        layer.focus();
        return;
      }
      const first = list[0];
      const last = list[list.length - 1];
      const at = document.activeElement as HTMLElement | null;
      const inside = at !== null && layer.contains(at);
      if (e.shiftKey && (!inside || at === first || at === layer)) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (!inside || at === last)) {
        e.preventDefault();
        first.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      open -= 1;
      if (open === 0) root?.removeAttribute('inert');
    };
  }, [ref, active]);
}
