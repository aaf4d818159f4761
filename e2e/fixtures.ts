// The e2e suite's entry point: Playwright's `test`, extended so that a test
// names the page objects it needs among its arguments and gets them built on
// its page (a fixture is set up only when a test asks for it). Specs import
// `test` and `expect` from here, never build a page object with `new`
// (eslint.config.js refuses that in e2e/*.spec.ts), and read as the user's
// steps: locators and actions live in e2e/pages/.
import { test as base, type BrowserContext, type BrowserContextOptions, type CDPSession, type Page } from '@playwright/test';
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
  /**
   * Why a test needs a browser context of its own (a first visit with a
   * service worker, permissions or offline mode set on the context, a
   * viewport of its own); unset, the test opens a new page in its worker's
   * warm context. Set it with `test.use({ freshContext: 'reason' })`.
   */
  freshContext: string | undefined;
}

/** The browser context a worker's tests share, and what keeps its renderer alive. */
interface WarmContext {
  context: BrowserContext;
  /** The options it was made with (JSON), which every test that shares it must have. */
  key: string;
  origin: string;
  /** A page at the app's origin that stays open: see `warm` below. */
  keeper: Page;
  cdp: CDPSession;
}

interface WorkerFixtures {
  warm: { get: (options: BrowserContextOptions) => Promise<WarmContext> };
}

// Loading the app costs 2.2–2.6 s of CPU in a new browser context (parsing
// and compiling the scripts and the WebAssembly modules) against about
// 0.6 s in a renderer process that has loaded it before (docs/testing.md,
// "the page-load lead"). So each worker keeps one context, with one page at
// the app's origin that stays open (the keeper), and each test gets a new
// page in it: the browser runs with --process-per-site
// (playwright.config.ts), so that page joins the keeper's renderer process
// and reuses what it compiled. A new page per test keeps everything a page
// holds fresh (history, sessionStorage, listeners, init scripts, emulated
// media, viewport); what the context holds is cleared before each test: the
// origin's storage (localStorage, IndexedDB, Cache Storage, service worker
// registrations, cookies…), permissions, offline mode and routes. The HTTP
// cache stays, as it would for a returning user; a test about a first visit
// sets `freshContext`.
export const test = base.extend<Fixtures, WorkerFixtures>({
  warm: [
    async ({ browser }, provide) => {
      let warm: WarmContext | undefined;
      await provide({
        get: async (options) => {
          const key = JSON.stringify(options);
          if (warm && warm.key !== key) {
            throw new Error(
              `this test's browser context options differ from those its worker's tests share (${key} against ${warm.key}); say why it needs its own context with test.use({ freshContext: '…' })`,
            );
          }
          if (!warm) {
            if (!options.baseURL) throw new Error('a warm context needs baseURL (playwright.config.ts)');
            const context = await browser.newContext(options);
            const keeper = await context.newPage();
            await keeper.goto('/icons/icon.svg');
            warm = { context, key, origin: new URL(options.baseURL).origin, keeper, cdp: await context.newCDPSession(keeper) };
          }
          return warm;
        },
      });
      await warm?.context.close();
    },
    { scope: 'worker' },
  ],
  freshContext: [undefined, { option: true }],
  page: async (
    { browser, warm, freshContext, baseURL, viewport, isMobile, hasTouch, colorScheme, locale, acceptDownloads, serviceWorkers, permissions, offline },
    provide,
  ) => {
    const options: BrowserContextOptions = { baseURL, viewport, isMobile, hasTouch, colorScheme, locale, acceptDownloads, serviceWorkers, permissions, offline };
    if (freshContext) {
      const context = await browser.newContext(options);
      await provide(await context.newPage());
      await context.close();
      return;
    }
    const w = await warm.get(options);
    const { context, keeper } = w;
    await Promise.all(context.pages().filter((p) => p !== keeper).map((p) => p.close()));
    await w.cdp.send('Storage.clearDataForOrigin', { origin: w.origin, storageTypes: 'all' });
    await Promise.all([context.clearCookies(), context.clearPermissions(), context.setOffline(false), context.unrouteAll()]);
    await provide(await context.newPage());
    await Promise.all(context.pages().filter((p) => p !== keeper).map((p) => p.close()));
  },
  // The test's page's context: its worker's warm one unless the test set freshContext.
  context: async ({ page }, provide) => provide(page.context()),
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
  newTab: async ({ page }, provide) => provide(async () => pagesOf(await page.context().newPage())),
});

/** A screenshot to look at, under $SHOTS_DIR/DIR/NAME.png when SHOTS_DIR is set (e2e/pages/look.ts). */
export async function optionalShot(page: Page, dir: string, name: string): Promise<void> {
  await lookAt(page, `${dir}/${name}`);
}
