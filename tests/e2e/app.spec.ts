import { expect, test } from '@playwright/test';
import { E2E_API_KEY } from './support/env';

test.describe('app shell', () => {
  test('navigation reaches every page and the status light says the upstream is live', async ({
    page,
  }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of [
      'Markets',
      'Pools',
      'Workspace',
      'Wallets',
      'Fiats',
      'Chains',
      'Alerts',
      'Settings',
    ]) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    const light = page.getByTestId('status-light');
    await expect(light).toHaveAttribute('data-state', 'ok');
    await expect(light).toContainText('Upstream');

    for (const [name, heading] of [
      ['Pools', 'Pools'],
      ['Workspace', 'Workspace'],
      ['Wallets', 'Wallets'],
      ['Fiats', 'Fiats'],
      ['Chains', 'Chains'],
      ['Alerts', 'Alerts'],
      ['Settings', 'Settings'],
      ['Markets', 'Markets'],
    ] as const) {
      await nav.getByRole('link', { name, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
    }
  });

  test('on a 390 px phone every page is one tap away: the whole navigation fits on screen', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/pools');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of [
      'Markets',
      'Pools',
      'Workspace',
      'Wallets',
      'Fiats',
      'Chains',
      'Alerts',
      'Settings',
    ]) {
      const box = await nav.getByRole('link', { name, exact: true }).boundingBox();
      expect(box, name).not.toBeNull();
      expect(box!.x, name).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, name).toBeLessThanOrEqual(390);
    }
    await expect(page.getByTestId('status-light')).toBeInViewport();
    await nav.getByRole('link', { name: 'Settings', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
  });

  test('a path no page claims is a 404 inside the app: header, dark theme and a way back', async ({
    page,
  }) => {
    for (const path of [
      '/nothing-here',
      '/tokens/evm/1/0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2',
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      await expect(page).toHaveTitle(/^Page not found · Pulse$/);
    }
    await page
      .getByRole('navigation', { name: 'Pages' })
      .getByRole('link', { name: 'Pools' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Pools' })).toBeVisible();
  });

  test('dark by default, light on demand, and the choice survives a reload', async ({ page }) => {
    await page.goto('/');
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await page.getByRole('button', { name: /switch to light theme/i }).click();
    await expect(html).toHaveAttribute('data-theme', 'light');
    await page.reload();
    await expect(html).toHaveAttribute('data-theme', 'light');
  });

  test('the upstream key never reaches the browser: every page, every answer, the live stream', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const leaks: string[] = [];
    // Every answer is fetched through the test and scanned before the page gets it: no body can be
    // missed or read after the verdict. The event stream never ends, so the browser's own passes
    // through and the test reads the same streams itself below, for a bounded time.
    let bodies = 0;
    const streams = new Set<string>();
    await page.route('**/*', async (route) => {
      const url = new URL(route.request().url());
      // Only this server's answers can carry the key; other hosts (token logos) are not ours.
      if (url.hostname !== '127.0.0.1') return route.continue();
      if (url.pathname === '/api/stream') {
        streams.add(url.pathname + url.search);
        return route.continue();
      }
      // A request the page gave up on (it navigated away) reaches no one: nothing to scan.
      const response = await route.fetch({ maxRedirects: 0 }).catch(() => null);
      if (!response) return route.abort().catch(() => undefined);
      const text = (await response.body()).toString('latin1');
      bodies++;
      if (JSON.stringify(response.headers()).includes(E2E_API_KEY) || text.includes(E2E_API_KEY))
        leaks.push(route.request().url());
      await route.fulfill({ response });
    });
    page.on('request', (request) => {
      if (JSON.stringify(request.headers()).includes(E2E_API_KEY))
        leaks.push(`request ${request.url()}`);
    });
    const UNISWAP = '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640';
    const pages = [
      '/',
      '/pools',
      `/pools/evm/1/${UNISWAP}`,
      `/workspace?layout=2&c=evm:1:${UNISWAP}:15m,evm:1:${UNISWAP}:1h`,
      '/wallets',
      '/alerts',
      '/fiats',
      '/chains',
      '/chains/1',
      '/settings',
      '/tokens/1',
      `/tx/ethereum/1/0x${'ab'.repeat(32)}`,
      '/login',
      `/embed/pools/evm/1/${UNISWAP}?trades=1`,
      '/no-such-page',
    ];
    for (const path of pages) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    // Pages, scripts, styles and API answers of every page: far more than a handful were read.
    expect(bodies).toBeGreaterThan(60);
    await page.unrouteAll({ behavior: 'ignoreErrors' });

    // The live streams the pages opened (candles, trades, transactions), read as the browser reads
    // them, with its cookies, all at once for the same few seconds.
    expect(streams.size).toBeGreaterThan(0);
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const read = async (path: string): Promise<string> => {
      const controller = new AbortController();
      const response = await fetch(new URL(path, baseURL), {
        headers: { cookie, accept: 'text/event-stream' },
        signal: controller.signal,
      });
      expect(response.status, path).toBe(200);
      const reader = response.body!.getReader();
      const stop = setTimeout(() => controller.abort(), 4_000);
      let text = '';
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          text += Buffer.from(value).toString('latin1');
        }
      } catch {
        // aborted at the end of the window
      } finally {
        clearTimeout(stop);
      }
      return text;
    };
    const heard = await Promise.all(
      [...streams].map(async (path) => ({ path, text: await read(path) })),
    );
    for (const { path, text } of heard)
      if (text.includes(E2E_API_KEY)) leaks.push(`stream ${path}`);
    const events = heard.reduce((n, { text }) => n + (text.match(/^event: /gm) ?? []).length, 0);
    // The streams were read while live: events arrived in the window.
    expect(events).toBeGreaterThan(0);

    const health = await page.request.get('/api/health');
    expect(await health.text()).not.toContain(E2E_API_KEY);
    expect(leaks).toEqual([]);
  });
});
