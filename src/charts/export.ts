// Exports: a chart as an SVG file or a PNG (through a canvas), its data as
// CSV (d3-dsv). Every file starts with a header naming the scenario link,
// the seed and the app version, so a figure can be traced back to its run.
import { csvFormat } from 'd3-dsv';
import { version } from '../../package.json';
import type { ExportMeta } from './types';

export const APP_VERSION: string = version;

/** The header lines (without comment markers). */
export function headerLines(meta: ExportMeta): string[] {
  const link = meta.link ?? (typeof location !== 'undefined' ? location.href : '');
  return [
    ...(meta.title ? [meta.title] : []),
    `scenario: ${link}`,
    `seed: ${meta.seed ?? 'n/a'}`,
    `tierplan ${APP_VERSION}`,
  ];
}

/** CSV text: `# `-prefixed header lines, then the rows (columns in the given order). */
export function toCsv<R extends Record<string, unknown>>(rows: R[], columns: (keyof R & string)[], meta: ExportMeta): string {
  const head = headerLines(meta)
    .map((l) => `# ${l.replace(/[\r\n]+/g, ' ')}`)
    .join('\n');
  return `${head}\n${csvFormat(rows as unknown as Record<string, string>[], columns)}\n`;
}

/** Parse the CSV this module writes (header lines skipped); for tests and re-imports. */
export function csvBody(text: string): string {
  return text
    .split('\n')
    .filter((l) => !l.startsWith('#'))
    .join('\n');
}

const STYLE_PROPS = [
  'fill',
  'stroke',
  'stroke-width',
  'stroke-dasharray',
  'opacity',
  'fill-opacity',
  'stroke-opacity',
  'font-size',
  'font-family',
  'font-weight',
  'text-anchor',
] as const;

/**
 * Serialise a rendered chart as a standalone SVG document: computed styles
 * (the theme's CSS variables) are inlined so the file looks as on screen.
 */
export function svgText(svg: SVGSVGElement, meta: ExportMeta): string {
  const clone = svg.cloneNode(true) as SVGSVGElement;
  const src = [svg, ...Array.from(svg.querySelectorAll('*'))];
  const dst = [clone, ...Array.from(clone.querySelectorAll('*'))];
  if (typeof getComputedStyle === 'function') {
    src.forEach((el, i) => {
      const cs = getComputedStyle(el);
      // Through the CSSOM, not setAttribute('style'): the app's CSP refuses
      // inline style attributes but not style properties set from script.
      const style = (dst[i] as SVGElement).style;
      for (const p of STYLE_PROPS) {
        const v = cs.getPropertyValue(p);
        if (v !== '') style.setProperty(p, v);
      }
    });
  }
  dst.forEach((el) => {
    el.removeAttribute('tabindex');
    el.removeAttribute('class');
  });
  // The serialiser writes the SVG namespace itself; a copied xmlns attribute would be a duplicate.
  clone.removeAttribute('xmlns');
  const vb = svg.viewBox.baseVal;
  if (vb && vb.width > 0) {
    clone.setAttribute('width', String(vb.width));
    clone.setAttribute('height', String(vb.height));
  }
  const comment = headerLines(meta)
    .map((l) => l.replace(/--/g, '- -'))
    .join('\n  ');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<!--\n  ${comment}\n-->\n${new XMLSerializer().serializeToString(clone)}\n`;
}

export function downloadBlob(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function downloadSvg(svg: SVGSVGElement, name: string, meta: ExportMeta): void {
  downloadBlob(name, new Blob([svgText(svg, meta)], { type: 'image/svg+xml' }));
}

export function downloadCsv<R extends Record<string, unknown>>(rows: R[], columns: (keyof R & string)[], name: string, meta: ExportMeta): void {
  downloadBlob(name, new Blob([toCsv(rows, columns, meta)], { type: 'text/csv' }));
}

/**
 * The chart as a PNG at `scale`× its viewBox: the SVG is drawn onto a
 * canvas below a band carrying the header lines (a PNG has no comments a
 * viewer shows).
 */
export async function pngBlob(svg: SVGSVGElement, meta: ExportMeta, scale = 2): Promise<Blob> {
  const text = svgText(svg, meta);
  const vb = svg.viewBox.baseVal;
  const w = vb.width || svg.clientWidth;
  const h = vb.height || svg.clientHeight;
  const lines = headerLines(meta);
  const lineH = 14;
  const band = lines.length * lineH + 8;
  const img = new Image();
  const url = URL.createObjectURL(new Blob([text], { type: 'image/svg+xml' }));
  try {
    await new Promise<void>((resolve, reject) => {
      img.onload = () => resolve();
      img.onerror = () => reject(new Error('the chart could not be drawn as an image'));
      img.src = url;
    });
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(w * scale);
    canvas.height = Math.round((h + band) * scale);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('this browser has no 2D canvas');
    ctx.scale(scale, scale);
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, w, h + band);
    ctx.fillStyle = '#333333';
    ctx.font = '11px system-ui, sans-serif';
    lines.forEach((l, i) => ctx.fillText(l.length > 140 ? `${l.slice(0, 137)}…` : l, 6, 14 + i * lineH));
    ctx.drawImage(img, 0, band, w, h);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('the PNG could not be encoded'))), 'image/png'),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}

export async function downloadPng(svg: SVGSVGElement, name: string, meta: ExportMeta): Promise<void> {
  downloadBlob(name, await pngBlob(svg, meta));
}
