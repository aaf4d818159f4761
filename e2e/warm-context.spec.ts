import { expect, test, type Page } from './fixtures';

// The tests of a worker share one browser context (e2e/fixtures.ts): what a
// test leaves in the origin's storage must be gone when the next one starts.
// The first test writes into every store the app could use; the second, in
// the same worker, finds them empty and its page in the same context. A
// small document of the origin stands in for the app: the stores are the
// origin's, whichever page wrote them.
test.describe.configure({ mode: 'serial' });

let first: unknown;

async function stores(page: Page): Promise<{ local: number; cookie: string; caches: string[]; databases: string[] }> {
  return page.evaluate(async () => ({
    local: localStorage.length,
    cookie: document.cookie,
    caches: await caches.keys(),
    databases: (await indexedDB.databases()).map((d) => d.name ?? ''),
  }));
}

test('a test leaves something in every store of the origin', async ({ page, context }) => {
  first = context;
  await page.goto('/icons/icon.svg');
  await page.evaluate(async () => {
    localStorage.setItem('left-behind', '1');
    document.cookie = 'left=behind; path=/';
    await (await caches.open('left-behind')).put('/left-behind', new Response('1'));
    await new Promise((resolve, reject) => {
      const open = indexedDB.open('left-behind');
      open.onupgradeneeded = () => open.result.createObjectStore('s');
      open.onsuccess = () => resolve(open.result.close());
      open.onerror = () => reject(new Error(String(open.error)));
    });
  });
  expect(await stores(page)).toEqual({ local: 1, cookie: 'left=behind', caches: ['left-behind'], databases: ['left-behind'] });
});

test('the next test in the same context finds every store empty', async ({ page, context }) => {
  expect(context).toBe(first);
  await page.goto('/icons/icon.svg');
  expect(await stores(page)).toEqual({ local: 0, cookie: '', caches: [], databases: [] });
});
