// The e2e suite's entry point: Playwright's `test`, extended so that a test
// names the page objects it needs among its arguments and gets them built on
// its page (a fixture is set up only when a test asks for it). Specs import
// `test` and `expect` from here, never build a page object with `new`
// (eslint.config.js refuses that in e2e/*.spec.ts), and read as the user's
// steps: locators and actions live in e2e/pages/.
import { test as base, type Page } from '@playwright/test';
import { AppPage } from './pages/AppPage';
import { BlockPage } from './pages/BlockPage';
import { CharacterisePage } from './pages/CharacterisePage';
import { ClassPage } from './pages/ClassPage';
import { FlashPage } from './pages/FlashPage';
import { HttpPage } from './pages/HttpPage';
import { LinksPage } from './pages/LinksPage';
import { LogsPage } from './pages/LogsPage';
import { OptimiserPage } from './pages/OptimiserPage';
import { PwaPage } from './pages/PwaPage';
import { ReproducePage } from './pages/ReproducePage';
import { SweepsPage } from './pages/SweepsPage';
import { TourPage } from './pages/TourPage';
import { lookAt } from './pages/look';

export { expect, type Page } from '@playwright/test';

/** Every page object of one browser page. */
export interface Pages {
  /** The planner (Scenario tab) and what every view shares: tabs, notices, links. */
  app: AppPage;
  block: BlockPage;
  characterise: CharacterisePage;
  /** The Class tab, lessons and the presenter view (`class` is a reserved word). */
  classroom: ClassPage;
  flash: FlashPage;
  http: HttpPage;
  links: LinksPage;
  logs: LogsPage;
  optimiser: OptimiserPage;
  pwa: PwaPage;
  reproduce: ReproducePage;
  sweeps: SweepsPage;
  tour: TourPage;
}

const build: { [K in keyof Pages]: (page: Page) => Pages[K] } = {
  app: (p) => new AppPage(p),
  block: (p) => new BlockPage(p),
  characterise: (p) => new CharacterisePage(p),
  classroom: (p) => new ClassPage(p),
  flash: (p) => new FlashPage(p),
  http: (p) => new HttpPage(p),
  links: (p) => new LinksPage(p),
  logs: (p) => new LogsPage(p),
  optimiser: (p) => new OptimiserPage(p),
  pwa: (p) => new PwaPage(p),
  reproduce: (p) => new ReproducePage(p),
  sweeps: (p) => new SweepsPage(p),
  tour: (p) => new TourPage(p),
};

/**
 * The page objects of another page (a second tab, a student's browser
 * context), each built the first time it is read, with the page itself.
 */
export function pagesOf(page: Page): Pages & { page: Page } {
  const made: Partial<Pages> = {};
  const pages = { page } as Pages & { page: Page };
  for (const key of Object.keys(build) as (keyof Pages)[]) {
    Object.defineProperty(pages, key, { enumerable: true, get: () => (made[key] ??= build[key](page) as never) });
  }
  return pages;
}

interface Fixtures extends Pages {
  /** A new tab in the test's browser context, with its page objects. */
  newTab: () => Promise<Pages & { page: Page }>;
}

export const test = base.extend<Fixtures>({
  app: async ({ page }, provide) => provide(build.app(page)),
  block: async ({ page }, provide) => provide(build.block(page)),
  characterise: async ({ page }, provide) => provide(build.characterise(page)),
  classroom: async ({ page }, provide) => provide(build.classroom(page)),
  flash: async ({ page }, provide) => provide(build.flash(page)),
  http: async ({ page }, provide) => provide(build.http(page)),
  links: async ({ page }, provide) => provide(build.links(page)),
  logs: async ({ page }, provide) => provide(build.logs(page)),
  optimiser: async ({ page }, provide) => provide(build.optimiser(page)),
  pwa: async ({ page }, provide) => provide(build.pwa(page)),
  reproduce: async ({ page }, provide) => provide(build.reproduce(page)),
  sweeps: async ({ page }, provide) => provide(build.sweeps(page)),
  tour: async ({ page }, provide) => provide(build.tour(page)),
  newTab: async ({ context }, provide) => provide(async () => pagesOf(await context.newPage())),
});

/** A screenshot to look at, under $SHOTS_DIR/DIR/NAME.png when SHOTS_DIR is set (e2e/pages/look.ts). */
export async function optionalShot(page: Page, dir: string, name: string): Promise<void> {
  await lookAt(page, `${dir}/${name}`);
}
