import { expect, test, type Browser } from '@playwright/test';
import { contextWithFiat, pageErrors } from './support/prefs';

/**
 * 30 fresh loads of every page (a new browser context each: no cache, no storage, or a stored
 * display currency), none with a page error: no uncaught exception, no hydration mismatch (React
 * #418 and its kin are reported through the page's error event and the console).
 */

const LOADS = 30;
const PAGES = [
  '/',
  '/pools',
  '/pools/evm/1/0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640',
  '/wallets',
  '/fiats',
  '/chains',
  '/settings',
  '/tokens/1',
  '/embed/pools/evm/1/0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640?trades=1',
];
// A third of the loads without a stored preference, a third with EUR, a third with JPY.
const STORED = [null, 'EUR', 'JPY'] as const;

async function load(browser: Browser, baseURL: string, path: string, fiat: string | null) {
  const context = await contextWithFiat(browser, { baseURL }, fiat);
  const page = await context.newPage();
  const errors = pageErrors(page);
  const response = await page.goto(path, { waitUntil: 'load' });
  // Hydration runs right after the scripts load; its errors are reported by then.
  await page.waitForFunction(() => document.readyState === 'complete');
  await page.waitForTimeout(300);
  await context.close();
  return { status: response?.status() ?? 0, errors };
}

for (const path of PAGES) {
  test(`${LOADS} fresh loads of ${path.split('?')[0]} without a page error`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const failures: string[] = [];
    // Three at a time: each load is still its own fresh context.
    for (let i = 0; i < LOADS; i += 3) {
      const batch = [i, i + 1, i + 2].filter((n) => n < LOADS);
      const results = await Promise.all(
        batch.map((n) => load(browser, baseURL!, path, STORED[n % STORED.length] ?? null)),
      );
      results.forEach(({ status, errors }, k) => {
        const n = batch[k]!;
        expect(status, `load ${n + 1}`).toBe(200);
        const fiat = STORED[n % STORED.length] ?? 'no preference';
        failures.push(...errors.map((e) => `load ${n + 1} (${fiat}): ${e}`));
      });
    }
    expect(failures).toEqual([]);
  });
}
