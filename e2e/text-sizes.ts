// Rendered text sizes, for the views read from the back of a hall (the
// presenter view, the class's answers on the projector): SVG text counts at
// its drawn size (its CSS size times the SVG's scale on screen), inputs by
// the size of the text they show, radio buttons and checkboxes by their box.
import type { Page } from '@playwright/test';

/** Every rendered text under `selector` smaller than `minPx` ("<size> px: <text>"), or cut off by the edge of its chart. */
export async function textsUnder(page: Page, selector: string, minPx: number): Promise<string[]> {
  return page.evaluate(({ min, selector }) => {
    const root = document.querySelector(selector);
    if (!root) return [`nothing matches ${selector}`];
    const out: string[] = [];
    const seen = new Set<Element>();
    const check = (el: Element, what: string) => {
      if (seen.has(el)) return;
      seen.add(el);
      if (el.closest('title, desc, defs')) return; // not drawn
      const rects = el.getClientRects();
      if (rects.length === 0) return; // not rendered (display: none, a closed <details>)
      const box = el.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) return; // visually hidden (screen-reader text)
      const cs = getComputedStyle(el);
      if (cs.visibility === 'hidden' || Number(cs.opacity) === 0) return;
      let px = parseFloat(cs.fontSize);
      if (el instanceof SVGGraphicsElement) {
        const m = el.getScreenCTM();
        if (m) px *= Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
      }
      if (px < min - 0.01) out.push(`${px.toFixed(1)} px: ${what.trim().slice(0, 60)}`);
      // Chart text must also be inside its chart (an SVG clips what its viewBox leaves out).
      const svg = el instanceof SVGElement ? el.ownerSVGElement : null;
      if (svg) {
        const o = svg.getBoundingClientRect();
        if (box.left < o.left - 1 || box.right > o.right + 1 || box.top < o.top - 1 || box.bottom > o.bottom + 1) out.push(`cut off by its chart: ${what.trim().slice(0, 60)}`);
      }
    };
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (n.textContent && n.textContent.trim() !== '' && n.parentElement) check(n.parentElement, n.textContent);
    }
    for (const el of root.querySelectorAll('input:not([type="radio"]):not([type="checkbox"]):not([type="range"]), select, textarea')) check(el, `<${el.tagName.toLowerCase()}> ${(el as HTMLInputElement).value}`);
    for (const r of root.querySelectorAll('input[type="radio"], input[type="checkbox"]')) {
      const b = r.getBoundingClientRect();
      if (b.width > 0 && (b.width < min - 0.01 || b.height < min - 0.01)) out.push(`${b.width.toFixed(1)}×${b.height.toFixed(1)} px radio/checkbox`);
    }
    return out;
  }, { min: minPx, selector });
}
