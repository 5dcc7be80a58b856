import { expect, test, type Browser } from '@playwright/test';
import { pageErrors } from './support/prefs';

/**
 * Fresh loads of every page (a new browser context each: no cache, no storage, or stored
 * preferences), none with a page error: no uncaught exception, no hydration mismatch (React #418 and
 * its kin are reported through the page's error event and the console). A mismatch comes from what
 * the server cannot know (the stored fiat, time zone and theme), so each page is loaded once per
 * kind of stored preference rather than many times alike, and each load waits for the page to say
 * React has taken over (`html[data-hydrated]`; the widget, which has no React, for its chart).
 */

const UNISWAP = '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640';
const PAGES = [
  '/',
  '/pools',
  `/pools/evm/1/${UNISWAP}`,
  `/workspace?layout=2&c=evm:1:${UNISWAP}:15m,evm:1:${UNISWAP}:1h`,
  '/wallets',
  '/alerts',
  '/fiats',
  '/chains',
  '/settings',
  '/tokens/1',
  `/embed/pools/evm/1/${UNISWAP}?trades=1`,
];

interface Stored {
  label: string;
  prefs: { theme: 'dark' | 'light'; fiat: string; tz: string } | null;
}
const STORED: Stored[] = [
  { label: 'no stored preference', prefs: null },
  { label: 'EUR, UTC', prefs: { theme: 'dark', fiat: 'EUR', tz: 'utc' } },
  {
    label: 'JPY, Asia/Kolkata, light',
    prefs: { theme: 'light', fiat: 'JPY', tz: 'Asia/Kolkata' },
  },
];

async function load(browser: Browser, baseURL: string, path: string, stored: Stored) {
  // The browser in a zone that is neither the stored one nor the server's.
  const context = await browser.newContext({ baseURL, timezoneId: 'America/New_York' });
  if (stored.prefs)
    await context.addInitScript(
      (prefs) => localStorage.setItem('pulse-prefs', JSON.stringify({ state: prefs, version: 1 })),
      stored.prefs,
    );
  const page = await context.newPage();
  const errors = pageErrors(page);
  const response = await page.goto(path, { waitUntil: 'load' });
  const ready = path.startsWith('/embed/')
    ? page.locator('[data-testid="candle-chart"][data-state="ready"]')
    : page.locator('html[data-hydrated="true"]');
  // A wait, not a timing check: a loaded machine may take a while to hydrate three pages at once.
  await expect(ready).toHaveCount(1, { timeout: 30_000 });
  // Effects that hydration scheduled have run by the second frame after it.
  await page.evaluate(
    () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
  );
  await context.close();
  return { status: response?.status() ?? 0, errors };
}

for (const path of PAGES) {
  test(`fresh loads of ${path.split('?')[0]}, once per kind of stored preference, without a page error`, async ({
    browser,
    baseURL,
  }) => {
    const results = await Promise.all(STORED.map((s) => load(browser, baseURL!, path, s)));
    const failures: string[] = [];
    results.forEach(({ status, errors }, i) => {
      expect(status, STORED[i]!.label).toBe(200);
      failures.push(...errors.map((e) => `${STORED[i]!.label}: ${e}`));
    });
    expect(failures).toEqual([]);
  });
}
