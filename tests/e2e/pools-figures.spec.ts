import { expect, test, type Browser, type Page } from '@playwright/test';
import { grouped, timesExact } from './support/decimal';
import { contextWithFiat } from './support/prefs';

const UNISWAP = '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640';
const POOL_PAGE = `/pools/evm/1/${UNISWAP}`;
const chart = (page: Page) => page.getByTestId('candle-chart');

/** A browser where the trader picked `fiat` in the header on an earlier visit. */
async function withFiat(browser: Browser, baseURL: string | undefined, fiat: string) {
  const context = await contextWithFiat(
    browser,
    { baseURL, viewport: { width: 1440, height: 900 } },
    fiat,
  );
  return { context, page: await context.newPage() };
}

/** The rate the page says it converted at: "in EUR at 1 USD = 0.91641412 EUR". */
async function shownRate(page: Page, code: string): Promise<string> {
  const note = page.getByTestId('money-note').first();
  // The rate is asked once the page has hydrated and knows the stored choice.
  await expect(note).toHaveText(new RegExp(`^in ${code} at 1 USD = [\\d,]+\\.\\d{8} ${code}$`), {
    timeout: 30_000,
  });
  const text = (await note.textContent()) ?? '';
  return (/= ([\d,]+\.\d{8})/.exec(text)?.[1] ?? '').replace(/,/g, '');
}

test.describe('pool figures in the display currency', () => {
  test('EUR on the Pools list: every figure in €, the snapshot price × the rate it shows', async ({
    browser,
    baseURL,
    request,
  }) => {
    const { context, page } = await withFiat(browser, baseURL, 'EUR');
    await page.goto('/pools');
    const rate = await shownRate(page, 'EUR');
    const rates = (await (await request.get('/api/price/v1/fiats/rates/USD')).json()) as {
      data: { items: { target_fiat_code: string; rate: string }[] };
    };
    expect(rates.data.items.some((r) => r.target_fiat_code === 'EUR')).toBe(true);
    const pool = (await (
      await request.get(`/api/price/v1/pools?chain_type=evm&chain_id=1&pool_address=${UNISWAP}`)
    ).json()) as { data: { base_token_price_usd: string } };
    const row = page.getByTestId('featured-pool').first();
    await expect(row.getByTestId('featured-price')).toHaveText(
      `€${grouped(timesExact(pool.data.base_token_price_usd, rate, 2))}`,
    );
    const cells = await page.getByTestId('featured-pool').locator('td').allTextContents();
    expect(cells.join(' ')).not.toContain('$');
    // Named by its source: the price service's hourly snapshot, not the live price nor a market quote.
    await expect(page.getByRole('columnheader', { name: /Pool price \(snapshot\)/ })).toBeVisible();
    await expect(page.getByTestId('pools-source')).toContainText('hourly pool snapshot');
    await context.close();
  });

  test('EUR on a pool page: price, figures, trades and holders in €', async ({
    browser,
    baseURL,
  }) => {
    const { context, page } = await withFiat(browser, baseURL, 'EUR');
    await page.goto(POOL_PAGE);
    await shownRate(page, 'EUR');
    await expect(page.getByTestId('pool-price')).toContainText(/€[\d,]+\.\d\d/);
    const summary = page.getByRole('region', { name: 'Pool summary' });
    for (const label of ['Liquidity', 'FDV', 'Market cap', 'Volume 24h', 'USDC price']) {
      const figure = summary
        .locator('dl > div')
        .filter({ has: page.getByText(label, { exact: true }) });
      await expect(figure.getByRole('definition'), label).toHaveText(/^€[\d,]+(\.\d+)?[KMBT]?$/);
    }
    await expect(summary).not.toContainText('$');
    const trades = page.getByRole('table', { name: 'Recent trades' });
    await expect(trades.getByRole('row').nth(1)).toContainText('€');
    await expect(trades).not.toContainText('$');
    const holders = page.getByRole('table', { name: 'Top holders of WETH' });
    await expect(holders.getByRole('row').nth(1)).toContainText('€');
    await context.close();
  });

  test('without a rate the figures stay in USD, by code, and say why', async ({
    browser,
    baseURL,
  }) => {
    const { context, page } = await withFiat(browser, baseURL, 'EUR');
    // The price service refuses the rates: nothing to convert with.
    await context.route('**/api/price/v1/fiats/rates/**', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ code: 20001, msg: 'rates unavailable', data: '' }),
      }),
    );
    for (const path of ['/pools', POOL_PAGE]) {
      await page.goto(path);
      await expect(page.getByTestId('money-note').first()).toHaveText(
        'Figures in USD: the EUR rate could not be loaded.',
        { timeout: 30_000 },
      );
      const price =
        path === '/pools'
          ? page.getByTestId('featured-price').first()
          : page.getByTestId('pool-price');
      // The code, never a symbol that would claim another currency.
      await expect(price).toContainText(/[\d,]+\.\d\d USD/);
      await expect(price).not.toContainText(/[$€]/);
    }
    await context.close();
  });
});

test.describe('pool prices named by their source', () => {
  test('the pool page paints the live pool price from the first byte, not the hourly snapshot', async ({
    browser,
    baseURL,
    request,
  }) => {
    // No JavaScript: what the server sent is the first paint.
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(POOL_PAGE);
    const price = page.getByTestId('pool-price');
    await expect(price).toHaveAttribute('data-source', 'live');
    await expect(page.getByTestId('pool-price-source')).toHaveText('Pool price · live');
    const shown = Number(
      ((await price.locator('.num').first().textContent()) ?? '').replace(/[$,]/g, ''),
    );

    const now = Math.floor(Date.now() / 1000);
    const candles = (await (
      await request.get(
        `/api/kline/v1/kline/ohlcv?interval=1m&from=${now - 600}&to=${now}&limit=11&chain_type=evm&chain_id=1&pool_address=${UNISWAP}`,
      )
    ).json()) as { data: { close: number }[] };
    const pool = (await (
      await request.get(`/api/price/v1/pools?chain_type=evm&chain_id=1&pool_address=${UNISWAP}`)
    ).json()) as { data: { quote_token_price_usd: string } };
    const close = candles.data.at(-1)?.close ?? NaN;
    const live = close * Number(pool.data.quote_token_price_usd);
    // The last trade's price (a minute of drift at most), whatever the snapshot says.
    expect(Math.abs(shown / live - 1)).toBeLessThan(0.003);
    // The figures are the snapshot's; the USDC price, which converts the close, is its live quote.
    await expect(page.getByTestId('snapshot-note')).toHaveText(
      'Changes and figures: the price service’s hourly pool snapshot; the USDC price: its live quote.',
    );
    await context.close();
  });

  test('a change that rounds to zero reads 0.00%, never -0.00%, in the chart legend', async ({
    page,
  }) => {
    test.slow();
    // One-second WETH/USDC bars: many move by less than 0.005 %.
    await page.goto(`${POOL_PAGE}?interval=1s`);
    const figure = chart(page);
    await expect(figure).toHaveAttribute('data-state', 'ready');
    const box = (await figure.boundingBox())!;
    const change = page.getByTestId('legend-change');
    const seen: string[] = [];
    // 40 bars, one every 14 px (7 px a bar): about a third of one-second bars round to zero.
    for (let x = box.x + box.width * 0.2, i = 0; i < 40; x += 14, i++) {
      await page.mouse.move(x, box.y + box.height / 2);
      seen.push((await change.textContent()) ?? '');
    }
    expect(seen.filter((t) => t.includes('-0.00%'))).toEqual([]);
    // The case was met: some bars moved by less than 0.005 % and read unsigned, and not in red.
    expect(seen).toContain('0.00%');
    expect(seen.length).toBeGreaterThan(0);
    for (const t of seen) expect(t).toMatch(/^([+-]\d+\.\d\d|0\.00)%$/);
  });
});

test.describe('pool chart layout', () => {
  test('on a 390 × 844 phone the chart starts on the first screen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(POOL_PAGE);
    const figure = chart(page);
    await expect(figure).toHaveAttribute('data-state', 'ready');
    const box = (await figure.boundingBox())!;
    // The chart's top on the first screen, with most of its height visible there.
    expect(box.y).toBeGreaterThan(0);
    expect(box.y + 250).toBeLessThanOrEqual(844);
    await expect(page.getByTestId('pool-price')).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
  });

  test('on a 390 px phone the Pools list shows each pool price without scrolling sideways', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/pools');
    const prices = page.getByTestId('featured-price');
    await expect(prices).toHaveCount(6);
    for (const price of await prices.all()) {
      const box = (await price.boundingBox())!;
      expect(box.x).toBeGreaterThan(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    // DEX and network fold under the pair.
    await expect(page.getByTestId('featured-pool').first()).toContainText('Uniswap V3 · Ethereum');
  });

  test('three yearly candles fill the middle of the pane; a long history opens at the latest bar', async ({
    page,
  }) => {
    await page.goto(`${POOL_PAGE}?interval=1Y`);
    const figure = chart(page);
    // The simulator builds a pool's yearly history on its first ask: slow on a busy machine.
    await expect(figure).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
    expect(Number(await figure.getAttribute('data-bars'))).toBeLessThanOrEqual(10);
    await expect(figure).toHaveAttribute('data-extent', /^\d\.\d{3}:\d\.\d{3}$/);
    const [left, right] = ((await figure.getAttribute('data-extent')) ?? '').split(':').map(Number);
    expect(left).toBeGreaterThan(0.15);
    expect(right).toBeLessThan(0.85);
    expect(Math.abs((left! + right!) / 2 - 0.5)).toBeLessThan(0.1);

    await page
      .getByRole('radiogroup', { name: 'Interval' })
      .getByRole('radio', { name: '15m' })
      .click();
    await expect(figure).toHaveAttribute('data-interval', '15m');
    await expect(figure).toHaveAttribute('data-state', 'ready');
    await expect
      .poll(async () => Number(((await figure.getAttribute('data-extent')) ?? ':').split(':')[1]))
      .toBeGreaterThan(0.85);
  });
});
