// Every chart's text alternative: its numbers as a table, folded under the
// chart (a <details>), so a screen-reader user, or anyone who wants the exact
// values, reads the same data the SVG draws.

import { ColumnHeads } from './ColumnHeads';

/** The rows of a chart as formatted text, one column per quantity. */
export interface ChartTable {
  columns: string[];
  rows: string[][];
}

export function ChartDataTable({ title, table, testId }: { title: string; table: ChartTable; testId: string }) {
  return (
    <details className="ck-data" data-testid={`${testId}-data`}>
      <summary>Data table ({table.rows.length} rows)</summary>
      {/* Scrolls sideways on narrow screens: focusable so the keyboard can scroll it. */}
      <div className="ck-data-scroll" tabIndex={0} role="region" aria-label={`Data of: ${title}`}>
        <table className="ck-data-table">
          <caption>{title}</caption>
          <ColumnHeads columns={table.columns} />
          <tbody>
            {table.rows.map((r, i) => (
              <tr key={i}>
                {r.map((v, j) => (
                  <td key={j}>{v}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
