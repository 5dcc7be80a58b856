import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/**
 * The widget costs the sites that embed it almost nothing: no Next.js or React runtime, and at most
 * 80 KB of JavaScript as Chromium downloads it (compressed, every request counted), with the trade
 * list or without. The first candles are in the HTML itself, so the chart needs no second request
 * before it draws; and it stays accessible in both themes.
 */

const UNISWAP = '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640';
const EMBED = `/embed/pools/evm/1/${UNISWAP}`;
const BUDGET = 80_000;

interface Loaded {
  url: string;
  bytes: number;
  encoding: string | undefined;
}

/** Every script the page downloads while it loads and settles, with its bytes on the wire. */
async function scriptsOf(page: Page, path: string, settle: () => Promise<void>) {
  const scripts: Promise<Loaded>[] = [];
  const streams: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/stream') streams.push(request.url());
  });
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    scripts.push(
      Promise.all([request.sizes(), request.response()]).then(([sizes, response]) => ({
        url: request.url(),
        bytes: sizes.responseBodySize,
        encoding: response?.headers()['content-encoding'],
      })),
    );
  });
  await page.goto(path);
  await settle();
  await page.waitForLoadState('networkidle');
  return { scripts: await Promise.all(scripts), streams };
}

for (const theme of ['dark', 'light'] as const) {
  test(`${theme}: no framework runtime, at most 80 KB of gzip JavaScript, first candles from the HTML`, async ({
    page,
  }) => {
    const chart = page.getByTestId('candle-chart');
    // The first window comes inlined in the HTML: with the gateway's candles refused, the chart
    // still draws (a later refill after the stream connects may fail; it keeps what it has).
    await page.route('**/api/kline/v1/kline/ohlcv**', (route) => route.abort());
    const plain = await scriptsOf(page, `${EMBED}?theme=${theme}`, async () => {
      await expect(chart).toHaveAttribute('data-state', 'ready');
    });
    expect(plain.scripts.length).toBeGreaterThan(0);
    expect(plain.scripts.filter((s) => s.url.includes('/_next/'))).toEqual([]);
    for (const s of plain.scripts) expect(s.encoding, s.url).toBe('gzip');
    const total = plain.scripts.reduce((sum, s) => sum + s.bytes, 0);
    expect(total).toBeGreaterThan(10_000);
    expect(total).toBeLessThanOrEqual(BUDGET);
    expect(Number(await chart.getAttribute('data-bars'))).toBeGreaterThan(100);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('meta[name=robots]')).toHaveAttribute('content', /noindex/);

    await page.unroute('**/api/kline/v1/kline/ohlcv**');

    // With the trade list, its chunk and the list's request come on top, still within the budget.
    const withTrades = await scriptsOf(page, `${EMBED}?theme=${theme}&trades=1`, async () => {
      await expect(chart).toHaveAttribute('data-state', 'ready');
      await expect(
        page.getByRole('table', { name: 'Recent trades' }).locator('tbody tr').first(),
      ).toContainText(/Buy|Sell/);
    });
    expect(withTrades.scripts.filter((s) => s.url.includes('/_next/'))).toEqual([]);
    expect(withTrades.scripts.length).toBeGreaterThan(plain.scripts.length);
    expect(withTrades.scripts.reduce((sum, s) => sum + s.bytes, 0)).toBeLessThanOrEqual(BUDGET);
    // One stream for the chart's and the list's topics: the list's chunk arriving later does not
    // reopen it (each open counts against the per-client limit, STREAM_OPENS_PER_MIN).
    expect(withTrades.streams).toHaveLength(1);
    expect(withTrades.streams[0]).toMatch(/topic=ohlcv.*topic=trades/);

    const result = await new AxeBuilder({ page }).analyze();
    expect(
      result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  });
}

test('the bundle is served immutable under a content hash; every script carries the nonce', async ({
  page,
  request,
}) => {
  const response = await request.get(EMBED);
  const policy = response.headers()['content-security-policy'] ?? '';
  const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
  expect(nonce).toBeTruthy();
  expect(policy).not.toContain("'unsafe-inline' 'strict-dynamic'");
  expect(policy).toMatch(/script-src [^;]*'strict-dynamic'/);
  expect(response.headers()['cache-control']).toContain('no-store');
  const html = await response.text();
  const tags = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1] ?? '');
  const executable = tags.filter((t) => !/type="application\/json"/.test(t));
  expect(executable).toHaveLength(1);
  expect(executable[0]).toContain(`nonce="${nonce}"`);
  const src = /src="([^"]+)"/.exec(executable[0] ?? '')?.[1] ?? '';
  expect(src).toMatch(/^\/widget\/widget-[A-Z0-9]{8}\.js$/);
  const bundle = await request.get(src);
  expect(bundle.status()).toBe(200);
  expect(bundle.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(bundle.headers()['content-type']).toContain('javascript');

  // The page runs under that policy with no violation (a refused script would leave it loading).
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await page.goto(`${EMBED}?trades=1`);
  await expect(page.getByTestId('candle-chart')).toHaveAttribute('data-state', 'ready');
  await expect(page.getByRole('table', { name: 'Recent trades' })).toBeVisible();
  expect(violations).toEqual([]);
});
