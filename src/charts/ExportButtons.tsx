// Three buttons under a chart: SVG, PNG and CSV downloads with the header.
import { useState, type RefObject } from 'react';
import { downloadCsv, downloadPng, downloadSvg } from './export';
import type { ExportMeta } from './types';

export interface ExportButtonsProps<R extends Record<string, unknown>> {
  svgRef: RefObject<SVGSVGElement | null>;
  /** File name without extension. */
  name: string;
  rows: R[];
  columns: (keyof R & string)[];
  meta: ExportMeta;
  testId?: string;
}

export function ExportButtons<R extends Record<string, unknown>>({ svgRef, name, rows, columns, meta, testId = 'export' }: ExportButtonsProps<R>) {
  const [error, setError] = useState<string | null>(null);
  const svg = () => svgRef.current;
  return (
    <div className="ck-export" role="group" aria-label="Export">
      <button type="button" data-testid={`${testId}-svg`} onClick={() => svg() && downloadSvg(svg()!, `${name}.svg`, meta)}>
        SVG
      </button>
      <button
        type="button"
        data-testid={`${testId}-png`}
        onClick={() => {
          const el = svg();
          if (el)
            downloadPng(el, `${name}.png`, meta).catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
        }}
      >
        PNG
      </button>
      <button type="button" data-testid={`${testId}-csv`} disabled={rows.length === 0} onClick={() => downloadCsv(rows, columns, `${name}.csv`, meta)}>
        CSV
      </button>
      {error ? (
        <span className="field-error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}
