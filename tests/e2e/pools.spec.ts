import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import type { Frame, Page } from '@playwright/test';
import { expect, test } from './support/upstream';
import { appUrl } from './support/env';

const UNISWAP = '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640';
const POOL_PAGE = `/pools/evm/1/${UNISWAP}`;
/** The widget of the Uniswap pool, on this lane's app. */
const embedUrl = () => `${appUrl()}/embed/pools/evm/1/${UNISWAP}`;
const chart = (page: Page | Frame) => page.getByTestId('candle-chart');

/**
 * Host pages of another site: a tiny server on a port the OS picks, reached as `localhost` while the
 * app is `127.0.0.1` (another origin and another site). Both are loopback, so Chromium's
 * private-network rules do not get in the way, as they would not between two public sites.
 */
const hostPages = new Map<string, string>();
let hostServer: Server;
let HOST = '';

async function serveHost(page: Page, body: string): Promise<string> {
  const path = `/host-${hostPages.size}`;
  hostPages.set(
    path,
    `<!doctype html><html><head><meta charset="utf-8"><title>Host</title></head><body>${body}</body></html>`,
  );
  await page.goto(`${HOST}${path}`);
  return path;
}

/** Collects the widget's messages on the host page. */
const LISTEN = `<script>window.messages=[];addEventListener('message',function(e){if(e.data&&String(e.data.type).indexOf('pulse:')===0)messages.push({origin:e.origin,data:e.data})})</script>`;

async function messages(page: Page): Promise<{ origin: string; data: Record<string, unknown> }[]> {
  return page.evaluate(
    () =>
      (window as unknown as { messages: { origin: string; data: Record<string, unknown> }[] })
        .messages,
  );
}

test.describe('pool page', () => {
  test('shows candles for the Uniswap WETH/USDC pool and the last candle changes within 5 seconds', async ({
    page,
  }) => {
    await page.goto(POOL_PAGE);
    await expect(page.getByRole('heading', { level: 1, name: /WETH\s*\/\s*USDC/ })).toBeVisible();
    const figure = chart(page);
    await expect(figure).toHaveAttribute('data-state', 'ready');
    expect(Number(await figure.getAttribute('data-bars'))).toBeGreaterThan(100);
    await expect(figure.locator('canvas').first()).toBeVisible();
    await expect(page.getByTestId('chart-legend')).toContainText(
      /O\s*[\d,]+\.\d+.*C\s*[\d,]+\.\d+/,
    );

    const before = await figure.getAttribute('data-last');
    expect(before).toMatch(/^\d+:/);
    await expect
      .poll(() => figure.getAttribute('data-last'), { timeout: 5_000, intervals: [250] })
      .not.toBe(before);
  });

  test('switching interval reloads the history, and many switches leave one chart', async ({
    page,
  }) => {
    await page.goto(POOL_PAGE);
    const figure = chart(page);
    await expect(figure).toHaveAttribute('data-state', 'ready');
    const canvases = await figure.locator('canvas').count();
    const intervals = page.getByRole('radiogroup', { name: 'Interval' });

    const history = page.waitForRequest(
      (r) => r.url().includes('/api/kline/v1/kline/ohlcv') && r.url().includes('interval=1h'),
    );
    await intervals.getByRole('radio', { name: '1h' }).click();
    await history;
    await expect(figure).toHaveAttribute('data-interval', '1h');
    await expect(figure).toHaveAttribute('data-state', 'ready');
    await expect(page).toHaveURL(/interval=1h/);
    const [time] = ((await figure.getAttribute('data-last')) ?? '').split(':');
    expect(Number(time) % 3600).toBe(0);

    for (const name of ['1m', '4h', '1D', '15m', '1s', '1W', '1h', '1m', '4h', '15m']) {
      await intervals.getByRole('radio', { name, exact: true }).click();
    }
    await expect(figure).toHaveAttribute('data-interval', '15m');
    await expect(figure).toHaveAttribute('data-state', 'ready');
    expect(await figure.locator('canvas').count()).toBe(canvases);
    expect(await page.locator('[data-testid=candle-chart] canvas').count()).toBe(canvases);

    // The view is a URL: a reload shows the same interval.
    await page.reload();
    await expect(chart(page)).toHaveAttribute('data-interval', '15m');
  });

  test('line style, UTC labels and the volume are part of the URL', async ({ page }) => {
    await page.goto(`${POOL_PAGE}?chart=line&tz=utc&volume=0&window=h1&token=quote`);
    await expect(chart(page)).toHaveAttribute('data-state', 'ready');
    await expect(
      page.getByRole('radiogroup', { name: 'Chart style' }).getByRole('radio', { name: 'Line' }),
    ).toHaveAttribute('aria-checked', 'true');
    await expect(
      page.getByRole('radiogroup', { name: 'Time zone' }).getByRole('radio', { name: 'UTC' }),
    ).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByRole('button', { name: 'Volume' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await expect(chart(page)).toHaveAttribute('data-volume', 'hidden');
    await expect(
      page.getByRole('radiogroup', { name: 'Token' }).getByRole('radio', { name: 'USDC' }),
    ).toHaveAttribute('aria-checked', 'true');
    await page
      .getByRole('radiogroup', { name: 'Chart style' })
      .getByRole('radio', { name: 'Area' })
      .click();
    await expect(page).toHaveURL(/chart=area/);
  });

  test('header figures, live trades with buy or sell, and the token holders, over one stream', async ({
    page,
  }) => {
    const streams: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/stream') streams.push(r.url());
    });
    await page.goto(POOL_PAGE);
    const summary = page.getByRole('region', { name: 'Pool summary' });
    await expect(summary.getByText('Uniswap V3')).toBeVisible();
    await expect(summary.getByText('Ethereum')).toBeVisible();
    await expect(summary.getByText('Liquidity')).toBeVisible();
    await expect(page.getByTestId('pool-price')).toContainText(/\$[\d,]+\.\d\d/);
    await expect(page.getByTestId('pool-price')).toContainText('USDC');

    const trades = page.getByRole('table', { name: 'Recent trades' });
    const rows = trades.getByRole('row');
    await expect(rows.nth(1)).toContainText(/Buy|Sell/);
    const first = await rows.nth(1).textContent();
    // The simulator trades every 1 to 5 seconds; the server relays new ones over the tab's stream.
    await expect
      .poll(() => rows.nth(1).textContent(), { timeout: 15_000, intervals: [500] })
      .not.toBe(first);

    await expect(
      page.getByRole('table', { name: 'Top holders of WETH' }).getByRole('row'),
    ).toHaveCount(21);
    await expect(
      page.getByText('Wrapped Ether (WETH) on Ethereum', { exact: false }),
    ).toBeVisible();

    // The chart's candles and the trades came over the tab's one stream, opened once with both
    // topics (not again when the chart, whose code loads after the page, subscribed).
    await expect(chart(page)).toHaveAttribute('data-state', 'ready');
    expect(streams).toHaveLength(1);
    const topics = new URL(streams[0]!).searchParams.getAll('topic');
    expect(topics).toEqual([`ohlcv:evm:1:${UNISWAP}:15m`, `trades:evm:1:${UNISWAP}`]);
  });

  test('when the upstream stops mid-session the chart says stale, keeps its candles, and resumes', async ({
    page,
    upstream,
  }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${POOL_PAGE}?interval=1m`);
    const figure = chart(page);
    await expect(figure).toHaveAttribute('data-state', 'ready');
    const bars = await figure.getAttribute('data-bars');
    const freshness = page.getByTestId('freshness').first();
    await upstream.stop();
    await expect(freshness).toHaveAttribute('data-stale', 'true', { timeout: 20_000 });
    await expect(freshness.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(figure).toHaveAttribute('data-bars', bars ?? '');
    await upstream.start();
    const stalled = await figure.getAttribute('data-last');
    // Back up: the stream reconnects (with backoff), the gap is refilled and live pushes resume.
    await expect
      .poll(() => figure.getAttribute('data-last'), { timeout: 40_000, intervals: [500] })
      .not.toBe(stalled);
    // Live again once the upstream socket is back too (its reconnect backs off up to 30 s): a
    // history refill alone does not make the chart "live".
    await expect(freshness).toHaveAttribute('data-stale', 'false', { timeout: 40_000 });
    expect(errors).toEqual([]);
  });

  test('has no serious or critical accessibility issue', async ({ page }) => {
    // axe walks ~1,800 live nodes; on a shared 2-core machine that alone can take most of a minute.
    test.slow();
    await page.goto(POOL_PAGE);
    await expect(chart(page)).toHaveAttribute('data-state', 'ready');
    const result = await new AxeBuilder({ page }).analyze();
    const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
      [],
    );
  });

  test('an unknown pool is a 404 that says so; a malformed address says why', async ({ page }) => {
    const unknown = await page.goto('/pools/evm/1/0x0000000000000000000000000000000000000001');
    expect(unknown?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Pool not found' })).toBeVisible();
    await expect(
      page.getByText(/No pool 0x0000000000000000000000000000000000000001 exists/),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Open a pool' }).click();
    await expect(page).toHaveURL(/\/pools$/);

    const malformed = await page.goto('/pools/evm/1/0x12');
    expect(malformed?.status()).toBe(404);
    await expect(page.getByText('Invalid pool address')).toBeVisible();
    await expect(page.getByText(/0x followed by 40 hexadecimal digits/)).toBeVisible();
  });

  test('the Embed dialog shows options, a live preview and the snippet; Escape closes it', async ({
    page,
  }) => {
    await page.goto(POOL_PAGE);
    await page.getByRole('button', { name: 'Embed' }).click();
    const dialog = page.getByRole('dialog', { name: /Embed the WETH\/USDC chart/ });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('combobox', { name: 'Interval' }).selectOption('1h');
    await dialog.getByRole('checkbox', { name: 'Latest trades' }).check();
    const snippet = dialog.getByRole('textbox', { name: 'iframe' });
    await expect(snippet).toHaveValue(
      new RegExp(
        `<iframe src="${appUrl()}/embed/pools/evm/1/${UNISWAP}\\?interval=1h&amp;theme=dark.*trades=1`,
      ),
    );
    await expect(dialog.getByRole('textbox', { name: /script tag/ })).toHaveValue(
      /data-pool="evm:1:0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640" data-interval="1h"/,
    );
    const preview = page.frameLocator('iframe[title^="Preview of the embedded"]');
    await expect(preview.getByTestId('candle-chart')).toHaveAttribute('data-interval', '1h');
    await expect(preview.getByTestId('candle-chart')).toHaveAttribute('data-state', 'ready');
    await expect(preview.getByRole('table', { name: 'Recent trades' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
});

test.describe('pools index', () => {
  test('switching pools through the app leaves one chart on the page', async ({ page }) => {
    await page.goto('/pools');
    const featured = page.getByRole('table', { name: 'Featured pools' });
    for (const name of [/WETH/, /PEPE/, /SOL/, /WBNB/]) {
      await featured.getByRole('link', { name }).first().click();
      await expect(chart(page)).toHaveAttribute('data-state', 'ready');
      // One chart, and every canvas on the page is its own (read in one go: an indicator pane's
      // canvases may arrive a frame after "ready").
      const where = await page.evaluate(() => {
        const charts = document.querySelectorAll('[data-testid="candle-chart"]');
        const all = [...document.querySelectorAll('canvas')];
        return {
          charts: charts.length,
          all: all.length,
          outside: all.filter((c) => !charts[0]?.contains(c)).length,
        };
      });
      expect(where.charts).toBe(1);
      expect(where.all).toBeGreaterThan(0);
      expect(where.outside).toBe(0);
      await page.goBack();
      await expect(featured).toBeVisible();
      await expect(page.locator('canvas')).toHaveCount(0);
    }
  });

  test('lists the featured pools and opens any pool by chain and address', async ({ page }) => {
    await page.goto('/pools');
    await expect(page.getByRole('heading', { level: 1, name: 'Pools' })).toBeVisible();
    const featured = page.getByRole('table', { name: 'Featured pools' });
    await expect(featured.getByRole('row')).toHaveCount(7);
    await expect(featured.getByRole('link', { name: /PEPE/ })).toHaveAttribute(
      'href',
      '/pools/evm/1/0x11950d141ecb863f01007add7d1a342041227b58',
    );

    // Keyboard: arrows walk the rows, `/` jumps to the address field.
    await featured.getByRole('link', { name: /WETH/ }).first().focus();
    await page.keyboard.press('ArrowDown');
    await expect(featured.getByRole('link', { name: /SOL/ })).toBeFocused();
    await page.keyboard.press('/');
    const form = page.getByRole('form', { name: 'Open a pool' });
    await expect(form.getByLabel('Pool address')).toBeFocused();

    await form.getByLabel('Chain').selectOption({ label: 'Ethereum' });
    await form.getByLabel('Pool address').fill('0x88e6');
    await form.getByRole('button', { name: 'Open pool' }).click();
    await expect(form.getByRole('alert')).toHaveText(/0x followed by 40 hexadecimal digits/);
    await form.getByLabel('Pool address').fill('0x88E6A0C2DDD26FEEB64F039A2C41296FCB3F5640');
    await form.getByRole('button', { name: 'Open pool' }).click();
    await expect(page).toHaveURL(new RegExp(`${POOL_PAGE}$`));
    await expect(chart(page)).toHaveAttribute('data-state', 'ready');
  });
});

test.describe('embeddable widget', () => {
  test.beforeAll(async () => {
    hostServer = createServer((req, res) => {
      const body = hostPages.get(req.url ?? '');
      res.writeHead(body ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
      res.end(body ?? 'not found');
    });
    await new Promise<void>((resolve) => hostServer.listen(0, '127.0.0.1', resolve));
    HOST = `http://localhost:${(hostServer.address() as AddressInfo).port}`;
  });
  test.afterAll(async () => {
    await new Promise((resolve) => hostServer.close(resolve));
  });

  test('renders in an iframe on a page of another origin and answers postMessage', async ({
    page,
  }) => {
    await serveHost(
      page,
      `${LISTEN}<iframe id="w" src="${embedUrl()}?interval=15m&theme=dark&trades=1" style="width:720px;height:420px;border:0"></iframe>`,
    );
    const frame = page.frameLocator('#w');
    await expect(frame.getByTestId('candle-chart')).toHaveAttribute('data-state', 'ready');
    await expect(frame.getByRole('table', { name: 'Recent trades' })).toBeVisible();

    await expect
      .poll(async () => (await messages(page)).map((m) => m.data.type))
      .toEqual(expect.arrayContaining(['pulse:ready', 'pulse:height']));
    const all = await messages(page);
    expect(all.every((m) => m.origin === appUrl())).toBe(true);
    const height = all.find((m) => m.data.type === 'pulse:height')?.data.height;
    expect(height).toBeGreaterThanOrEqual(420);
    expect(all.find((m) => m.data.type === 'pulse:ready')?.data).toMatchObject({
      pool: `evm:1:${UNISWAP}`,
      interval: '15m',
    });

    const post = (message: unknown) =>
      page.evaluate(
        (m) =>
          (document.getElementById('w') as HTMLIFrameElement).contentWindow?.postMessage(m, '*'),
        message,
      );
    await post({ type: 'pulse:setInterval', interval: '1h' });
    await expect(frame.getByTestId('candle-chart')).toHaveAttribute('data-interval', '1h');
    await expect(frame.getByTestId('candle-chart')).toHaveAttribute('data-state', 'ready');
    await post({ type: 'pulse:setTheme', theme: 'light' });
    await expect(frame.locator('[data-theme="light"]').first()).toBeVisible();
    await post({ type: 'pulse:setInterval', interval: '2h' });
    await expect
      .poll(async () =>
        (await messages(page)).some(
          (m) =>
            m.data.type === 'pulse:error' && /Unknown interval "2h"/.test(String(m.data.message)),
        ),
      )
      .toBe(true);
  });

  test('embed.js inserts the frame from one script tag and sizes it by pulse:height', async ({
    page,
  }) => {
    await serveHost(
      page,
      `<div id="slot"></div><script src="${appUrl()}/embed.js" data-pool="evm:1:${UNISWAP}" data-interval="1h" data-theme="light" data-trades="1" data-height="300" data-target="#slot"></script>`,
    );
    const iframe = page.locator('#slot iframe');
    await expect(iframe).toHaveAttribute('src', `${embedUrl()}?interval=1h&theme=light&trades=1`);
    const frame = page.frameLocator('#slot iframe');
    await expect(frame.getByTestId('candle-chart')).toHaveAttribute('data-state', 'ready');
    // The widget needs more than 300 px with its header, chart and trades: the loader grows the frame.
    await expect.poll(async () => (await iframe.boundingBox())?.height ?? 0).toBeGreaterThan(300);
    await page.evaluate(() =>
      (
        document.querySelector('#slot iframe') as HTMLIFrameElement & {
          pulse: { setInterval(i: string): void };
        }
      ).pulse.setInterval('4h'),
    );
    await expect(frame.getByTestId('candle-chart')).toHaveAttribute('data-interval', '4h');
  });

  test('embed.js dispatches every widget message on the iframe as a DOM event of the same name', async ({
    page,
  }) => {
    // Listeners are attached the moment the loader inserts the frame, so no event can pass unseen.
    await serveHost(
      page,
      `<div id="slot"></div>
      <script>
        window.__events = [];
        new MutationObserver(() => {
          const f = document.querySelector('#slot iframe');
          if (!f || f.__listening) return;
          f.__listening = true;
          for (const name of ['pulse:ready', 'pulse:height', 'pulse:error'])
            f.addEventListener(name, (e) => window.__events.push({ name, detail: e.detail }));
        }).observe(document.getElementById('slot'), { childList: true });
      </script>
      <script src="${appUrl()}/embed.js" data-pool="evm:1:${UNISWAP}" data-interval="1h" data-target="#slot"></script>`,
    );
    type Seen = {
      name: string;
      detail: { type: string; pool?: string; height?: number; message?: string };
    };
    const events = () => page.evaluate(() => (window as unknown as { __events: Seen[] }).__events);
    await expect
      .poll(async () => (await events()).map((e) => e.name))
      .toEqual(expect.arrayContaining(['pulse:ready', 'pulse:height']));
    const seen = await events();
    expect(seen.find((e) => e.name === 'pulse:ready')?.detail).toMatchObject({
      type: 'pulse:ready',
      pool: `evm:1:${UNISWAP}`,
    });
    expect(seen.find((e) => e.name === 'pulse:height')?.detail.height).toBeGreaterThan(0);
    await page.evaluate(() =>
      (
        document.querySelector('#slot iframe') as HTMLIFrameElement & {
          pulse: { setInterval(i: string): void };
        }
      ).pulse.setInterval('2h'),
    );
    await expect
      .poll(
        async () => (await events()).find((e) => e.name === 'pulse:error')?.detail.message ?? '',
      )
      .toMatch(/Unknown interval "2h"/);
  });

  test('works with storage and cookies blocked, and says so when the pool is unknown', async ({
    page,
  }) => {
    // What third-party cookie blocking does to a frame: every storage access throws.
    await page.addInitScript(() => {
      if (location.hostname === 'localhost') return;
      const deny = () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      };
      Object.defineProperty(window, 'localStorage', { get: deny });
      Object.defineProperty(window, 'sessionStorage', { get: deny });
      Object.defineProperty(document, 'cookie', { get: deny, set: deny });
    });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await serveHost(
      page,
      `${LISTEN}<iframe id="ok" src="${embedUrl()}" style="width:600px;height:400px"></iframe><iframe id="missing" src="${appUrl()}/embed/pools/evm/1/0x0000000000000000000000000000000000000001" style="width:600px;height:200px"></iframe>`,
    );
    await expect(page.frameLocator('#ok').getByTestId('candle-chart')).toHaveAttribute(
      'data-state',
      'ready',
    );
    await expect(page.frameLocator('#missing').getByText('Pool not found')).toBeVisible();
    await expect
      .poll(
        async () => (await messages(page)).find((m) => m.data.type === 'pulse:error')?.data.message,
      )
      .toMatch(/No pool 0x0000000000000000000000000000000000000001 on evm chain 1/);
    expect(errors).toEqual([]);
  });

  test("an unknown pool tells its height, so embed.js shrinks the frame to the message; the buttons' labels work as commands", async ({
    page,
  }) => {
    await serveHost(
      page,
      `${LISTEN}<div id="slot"></div><script src="${appUrl()}/embed.js" data-pool="evm:1:0x0000000000000000000000000000000000000001" data-target="#slot"></script>`,
    );
    await expect
      .poll(async () => (await messages(page)).map((m) => m.data.type))
      .toEqual(expect.arrayContaining(['pulse:error', 'pulse:height']));
    const height = Number(
      (await messages(page)).find((m) => m.data.type === 'pulse:height')?.data.height,
    );
    expect(height).toBeGreaterThan(40);
    expect(height).toBeLessThan(200);
    // embed.js follows it: no 480 px of empty frame.
    await expect
      .poll(async () => (await page.locator('#slot iframe').boundingBox())?.height ?? 0)
      .toBeLessThan(200);

    // A working widget takes the labels its own buttons show ('1D', '1W') as well as the API's names.
    await serveHost(
      page,
      `${LISTEN}<iframe id="w" src="${embedUrl()}" style="width:600px;height:420px"></iframe>`,
    );
    const frame = page.frameLocator('#w');
    await expect(frame.getByTestId('candle-chart')).toHaveAttribute('data-state', 'ready');
    const cases: [string, string][] = [
      ['1D', '1d'],
      ['1W', '1w'],
      ['1h', '1h'],
    ];
    for (const [label, interval] of cases) {
      await page.evaluate(
        (m) =>
          (document.getElementById('w') as HTMLIFrameElement).contentWindow?.postMessage(m, '*'),
        { type: 'pulse:setInterval', interval: label },
      );
      await expect(frame.getByTestId('candle-chart')).toHaveAttribute('data-interval', interval);
    }
    expect((await messages(page)).filter((m) => m.data.type === 'pulse:error')).toEqual([]);
  });

  test('embed pages may be framed; every other page refuses framing', async ({ page, request }) => {
    const embed = await request.get(embedUrl());
    expect(embed.headers()['content-security-policy']).toMatch(/frame-ancestors \*/);
    expect(embed.headers()['x-frame-options']).toBeUndefined();
    for (const path of ['/', '/pools', POOL_PAGE]) {
      const response = await request.get(path);
      expect(response.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(response.headers()['x-frame-options']).toBe('DENY');
    }

    // The same host page frames the widget and the pool page: the first renders, the second is refused.
    await serveHost(
      page,
      `<iframe name="embed" src="${embedUrl()}" style="width:600px;height:300px"></iframe><iframe name="app" src="${appUrl()}${POOL_PAGE}" style="width:600px;height:300px"></iframe>`,
    );
    await expect(page.frameLocator('iframe[name=embed]').getByTestId('candle-chart')).toBeVisible();
    const refused = page.frame({ name: 'app' });
    expect(refused).not.toBeNull();
    await expect.poll(() => refused?.url()).toMatch(/^chrome-error:/);
    await expect(
      page.frameLocator('iframe[name=app]').getByRole('navigation', { name: 'Main' }),
    ).toHaveCount(0);
  });
});
