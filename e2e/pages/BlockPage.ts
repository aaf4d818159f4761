import { expect, type Locator, type Page } from '@playwright/test';

export interface BlockRow {
  cache: string;
  meanMs: string;
  hitRatio: string;
}

/** Page object of the "Block caches" tab (model §13). */
export class BlockPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/');
    await expect(this.page.getByTestId('app')).toBeVisible();
    await this.page.getByTestId('tab-block').click();
    await expect(this.page.getByTestId('block-view')).toBeVisible();
    await expect(this.page.getByTestId('block-run')).toBeVisible();
  }

  /** Open a copied link, then the block tab. */
  async openLink(url: string): Promise<void> {
    await this.page.goto(url);
    await expect(this.page.getByTestId('app')).toBeVisible();
    await this.page.getByTestId('tab-block').click();
    await expect(this.page.getByTestId('block-view')).toBeVisible();
  }

  /** The scenario tab's current link (Copy link), then back to the block tab. */
  async copyLink(): Promise<string> {
    await this.page.getByTestId('tab-scenario').click();
    await this.page.getByTestId('share-link').click();
    const url = await this.page.getByTestId('share-url').inputValue();
    await this.page.getByTestId('tab-block').click();
    return url;
  }

  /** A synthetic workload or run field by its scenario path, e.g. `block.workload.iops`. */
  field(path: string): Locator {
    return this.page.getByTestId(`field-${path}`);
  }

  /** The core's message shown beside that field. */
  fieldError(path: string): Locator {
    return this.page.getByTestId(`error-${path}`);
  }

  get errors(): Locator {
    return this.page.getByTestId('block-errors');
  }

  async setField(path: string, value: string): Promise<void> {
    await this.field(path).fill(value);
  }

  get dropZone(): Locator {
    return this.page.getByTestId('block-drop');
  }

  get traceNote(): Locator {
    return this.page.getByTestId('block-trace-note');
  }

  /**
   * Drag files onto the drop zone as a person would: dragenter (the zone
   * lights up, checked before the drop), dragover, then drop, with a
   * DataTransfer built in the page from the files' text.
   */
  async dropFiles(files: { name: string; text: string }[]): Promise<void> {
    const dt = await this.page.evaluateHandle((fs) => {
      const d = new DataTransfer();
      for (const f of fs) d.items.add(new File([f.text], f.name, { type: 'text/csv' }));
      return d;
    }, files);
    await this.dropZone.dispatchEvent('dragenter', { dataTransfer: dt });
    await this.dropZone.dispatchEvent('dragover', { dataTransfer: dt });
    await expect(this.dropZone).toHaveClass(/dragging/);
    await this.dropZone.dispatchEvent('drop', { dataTransfer: dt });
    await expect(this.dropZone).not.toHaveClass(/dragging/);
  }

  /** Drop text (not a file) onto the zone. */
  async dropText(text: string): Promise<void> {
    const dt = await this.page.evaluateHandle((t) => {
      const d = new DataTransfer();
      d.setData('text/plain', t);
      return d;
    }, text);
    await this.dropZone.dispatchEvent('drop', { dataTransfer: dt });
  }

  get traceInput(): Locator {
    return this.page.getByTestId('block-trace');
  }

  /**
   * Choose a trace file (as the file chooser would), then wait until the view
   * names it: the trace is sniffed asynchronously and its arrival re-renders
   * the form, so a click made before then can be lost.
   */
  async chooseTrace(path: string): Promise<void> {
    await this.traceInput.setInputFiles(path);
    await expect(this.format).toContainText(path.split('/').pop()!);
  }

  /** A cache of the comparison (`slc`, `mlc`, `tlc`, `hyssc`, `fp_fcl`, `rw_fcl`, `op_fcl`). */
  cache(id: string): Locator {
    return this.page.getByTestId(`block-cache-${id}`);
  }

  /** Sweep the cost against u (FAST'12's partition). */
  get costSweep(): Locator {
    return this.page.getByTestId('block-cost-sweep');
  }

  /** The cost chart's first simulated point. */
  get costPoint(): Locator {
    return this.page.getByTestId('block-cost-chart-point-simulated-0');
  }

  /** Both optima: the simulation's and the analytic model's. */
  get costOptima(): Locator {
    return this.page.getByTestId('block-cost-optima');
  }

  /** The note that no re-partition happened in the run. */
  get noPartition(): Locator {
    return this.page.getByTestId('block-partition-none');
  }

  /** The synthetic workload's preset picker. */
  get preset(): Locator {
    return this.page.getByTestId('block-preset');
  }

  get workloadEditor(): Locator {
    return this.page.getByTestId('block-workload-editor');
  }

  get progress(): Locator {
    return this.page.getByTestId('block-progress');
  }

  get cancelled(): Locator {
    return this.page.getByTestId('block-cancelled');
  }

  /** The comparison's heading, which names the number of I/Os. */
  heading(name: string | RegExp): Locator {
    return this.page.getByRole('heading', { name });
  }

  /** The points of the response-time chart. */
  get responsePoints(): Locator {
    return this.page.getByTestId('block-response').locator('[data-testid^="block-response-chart-point-"]');
  }

  /** The miss-ratio curve panel (how much cache). */
  mrc(part?: string): Locator {
    return this.page.getByTestId(part ? `mrc-${part}` : 'mrc-panel');
  }

  /** The curve's points over all I/Os. */
  get mrcPoints(): Locator {
    return this.mrc('chart').locator('[data-testid^="mrc-chart-point-all-"]');
  }

  get format(): Locator {
    return this.page.getByTestId('block-trace-format');
  }

  get run(): Locator {
    return this.page.getByTestId('block-run');
  }

  get cancel(): Locator {
    return this.page.getByTestId('block-cancel');
  }

  get result(): Locator {
    return this.page.getByTestId('block-result');
  }

  /** The comparison table's rows: cache, mean response and hit ratio as shown. */
  async rows(): Promise<BlockRow[]> {
    await expect(this.result).toBeVisible();
    return this.result.locator('tbody tr').evaluateAll((trs) =>
      trs.map((tr) => {
        const cells = Array.from(tr.children).map((c) => c.textContent ?? '');
        return { cache: cells[0], meanMs: cells[1], hitRatio: cells[3] };
      }),
    );
  }
}
