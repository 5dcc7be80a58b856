import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { MONITORED, search, txUrl } from './support/tx';
import { FOUR, UNI } from './support/pools';

/**
 * Every page's JavaScript on load, in bytes (not time): what Chromium downloads, compressed, from
 * the first request until the page has settled (its own content drawn, every panel it renders
 * without being asked shown, the network quiet), counted as tests/e2e/embed-weight.spec.ts counts
 * the widget's. Bytes on the wire are the same on every run of one build, so the test cannot flake
 * on a busy machine. Why here and not from the build's files: which chunks a page fetches is
 * decided at run time (the route's manifest, the panels it shows, the code each control loads when
 * pressed), and Chromium fetching them is the only count that cannot drift from what a phone gets.
 *
 * The aim is 240 KB for a page of the app and 80 KB for the embed. Two pages are above the aim:
 * the pool page (281.4 KB measured on 2026-11-27 04:20 UTC; 279.9 that morning before the
 * restructure of issue 26 added the shared trade-row module, the chart's controller hook and clsx;
 * 290 KB the day before) and the four-chart workspace (270.2 KB; 278.1 before its cells stopped
 * loading the address-hashing libraries). They carry the chart library (58 KB) on top of React,
 * Next's router and React Query (about 150 KB on every page), plus the chart's own code; their
 * budgets hold them where they are now (docs/benchmarks.md, "Pages on a phone").
 */

const KB = 1000;

interface Loaded {
  url: string;
  bytes: number;
}

/**
 * The page has settled: panels below the first screen render once the browser is idle
 * (components/ui/deferred.tsx), part of the load, so this waits for every one of them, then for a
 * quiet network.
 */
async function settled(page: Page) {
  await expect(page.locator('[data-deferred]')).toHaveCount(0, { timeout: 15_000 });
  await page.waitForLoadState('networkidle');
}

/** The scripts `path` downloads until `ready` holds and the page has settled, with their bytes. */
async function scriptBytes(page: Page, path: string, ready: (page: Page) => Promise<void>) {
  const scripts: Promise<Loaded>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    scripts.push(
      request.sizes().then((sizes) => ({ url: request.url(), bytes: sizes.responseBodySize })),
    );
  });
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  await ready(page);
  await settled(page);
  const loaded = await Promise.all(scripts);
  return { total: loaded.reduce((sum, s) => sum + s.bytes, 0), scripts: loaded };
}

const chartsReady = (count: number) => async (page: Page) => {
  const charts = page.getByTestId('candle-chart');
  await expect(charts).toHaveCount(count);
  for (let i = 0; i < count; i++)
    // A state, not a time: on a busy machine the first candles can take longer than expect's 10 s.
    await expect(charts.nth(i)).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
};
const heading = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
};

interface Budget {
  name: string;
  path: (request: APIRequestContext) => Promise<string> | string;
  ready: (page: Page) => Promise<void>;
  /** bytes, compressed */
  budget: number;
}

const PAGES: Budget[] = [
  {
    name: 'Markets',
    path: () => '/',
    ready: async (page) => {
      await expect(page.getByRole('table').locator('tbody tr').first()).toBeVisible();
    },
    budget: 240 * KB,
  },
  { name: 'Pools', path: () => '/pools', ready: heading('Pools'), budget: 240 * KB },
  {
    name: 'a pool page',
    path: () => `/pools/evm/1/${UNI}`,
    ready: chartsReady(1),
    // 282 until 2026-11-27: the trades list's virtualiser (@tanstack/react-virtual, 10.7 KB, the
    // one Markets uses) took half a second of main thread off the page's load on a phone. 293 until
    // 2026-11-29: the wait for the first frame (lib/client/hooks/use-first-paint.ts, about 0.5 KB)
    // keeps the chart's code, the logos and two fetches out of a first paint that comes late.
    budget: 294 * KB,
  },
  {
    name: 'the workspace with four charts',
    path: () => FOUR,
    ready: chartsReady(4),
    budget: 271 * KB,
  },
  { name: 'Wallets', path: () => '/wallets', ready: heading('Wallets'), budget: 240 * KB },
  { name: 'Settings', path: () => '/settings', ready: heading('Settings'), budget: 240 * KB },
  { name: 'Alerts', path: () => '/alerts', ready: heading(/alerts/i), budget: 240 * KB },
  { name: 'Fiats', path: () => '/fiats', ready: heading(/fiat/i), budget: 240 * KB },
  { name: 'Chains', path: () => '/chains', ready: heading('Chains'), budget: 240 * KB },
  { name: 'a token page', path: () => '/tokens/1', ready: heading(/./), budget: 240 * KB },
  {
    name: 'a transaction page',
    path: async (request) => {
      const [tx] = await search(request, { address: MONITORED.ethereum, limit: 1 });
      return txUrl(tx!);
    },
    ready: heading('Transaction'),
    budget: 240 * KB,
  },
  {
    name: 'the embed',
    path: () => `/embed/pools/evm/1/${UNI}`,
    ready: chartsReady(1),
    budget: 80 * KB,
  },
];

test.describe('JavaScript on load, per page (gzip, as Chromium downloads it)', () => {
  for (const { name, path, ready, budget } of PAGES)
    test(`${name}: at most ${budget / KB} KB`, async ({ page, request }) => {
      const url = await path(request);
      const { total, scripts } = await scriptBytes(page, url, ready);
      test.info().annotations.push({
        type: 'bytes',
        description: `${total} B in ${scripts.length} scripts`,
      });
      expect(scripts.length).toBeGreaterThan(0);
      // The list of what came, largest first, says where the bytes went when it fails.
      const list = [...scripts]
        .sort((a, b) => b.bytes - a.bytes)
        .map((s) => `${s.bytes} ${new URL(s.url).pathname}`)
        .join('\n');
      expect(total, list).toBeLessThanOrEqual(budget);
    });
});

// Inter's faces are split by script (unicode-range): a page fetches only those its text needs. A
// select lays out all its options even while closed, so the header's fiat menu (`KRW ₩`, `INR ₹`)
// fetched the Latin Extended face, 85 KB, on every page; selects now use the Latin face alone
// (app/globals.css).
test.describe('Fonts on load', () => {
  for (const { name, path, ready } of PAGES.filter((p) =>
    ['Markets', 'a pool page'].includes(p.name),
  ))
    test(`${name}: only Inter's Latin face`, async ({ page, request }) => {
      const fonts: string[] = [];
      page.on('request', (r) => {
        if (r.resourceType() === 'font')
          fonts.push(new URL(r.url()).pathname.split('/').pop() ?? '');
      });
      await page.goto(await path(request));
      await ready(page);
      // The fiat list has arrived: the menu holds more than the USD it starts with.
      await expect
        .poll(() => page.getByTestId('fiat-select').locator('option').count())
        .toBeGreaterThan(5);
      await settled(page);
      expect(fonts).toHaveLength(1);
      expect(fonts[0]).toMatch(/^inter-latin-wght-normal\./);
    });
});
