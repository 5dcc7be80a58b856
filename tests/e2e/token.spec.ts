import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

test.describe('token page', () => {
  test('a token reached from Markets shows its details and a live price', async ({ page }) => {
    await page.goto('/');
    await page.locator('tbody tr[data-token-id="1"]').getByTestId('token-link').click();
    await expect(page).toHaveURL(/\/tokens\/1$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Bitcoin');
    await expect(page).toHaveTitle(/BTC · Bitcoin/);
    await expect(page.getByText('Native', { exact: true }).first()).toBeVisible();
    const price = page.getByTestId('token-price');
    await expect(price).toHaveText(/^\$[\d,]+\.\d{2}$/);
    await expect(page.getByTestId('freshness')).toContainText(/updated \d+ s ago/);
    // One record, native: its explorer link is the explorer's home.
    await expect(page.getByTestId('platform-row')).toHaveCount(1);
    await expect(
      page.getByTestId('platform-row').getByRole('link', { name: 'explorer' }),
    ).toHaveAttribute('href', 'https://mempool.space');
  });

  test('USDC lists its records on five chains with explorer links, contract quotes and its pools', async ({
    page,
  }) => {
    await page.goto('/tokens/6');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('USD Coin');
    const rows = page.getByTestId('platform-row');
    await expect(rows).toHaveCount(5);
    expect(new Set(await page.getByTestId('platform-chain').allTextContents()).size).toBe(5);
    await expect(
      rows.filter({ hasText: 'Ethereum' }).getByRole('link', { name: /0xA0b8/ }),
    ).toHaveAttribute(
      'href',
      'https://etherscan.io/token/0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
    );
    // quotes/batch per contract, with its last_updated.
    await expect(rows.first().getByTestId('platform-updated')).toHaveText(/\d+ (s|min) ago/);
    await expect(rows.first().getByTestId('platform-updated')).toHaveAttribute(
      'title',
      /^\d{4}-\d{2}-\d{2}T/,
    );
    // Featured pools that trade USDC link to the pool page.
    const pool = page.getByTestId('token-pool').filter({ hasText: 'Uniswap V3' }).first();
    await expect(pool).toBeVisible();
    await pool.click();
    await expect(page).toHaveURL(/\/pools\/evm\/1\/0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640/);
  });

  test('the price follows the display fiat', async ({ page }) => {
    await page.goto('/tokens/2');
    const price = page.getByTestId('token-price');
    await expect(price).toHaveText(/^\$/);
    await page.getByTestId('fiat-select').selectOption('EUR');
    await expect(price).toHaveText(/^€[\d,]+\.\d{2}$/);
  });

  test('ETH finds its WETH pools and charts the deepest, named and linked, with a switch to the others', async ({
    page,
  }) => {
    await page.goto('/tokens/2');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Ethereum');
    // Wrapped ether is ether to a trader: the three WETH/USDC pools and PEPE/WETH.
    const pools = page.getByTestId('token-pool');
    await expect(pools).toHaveCount(4);
    await expect(pools.filter({ hasText: 'via WETH' })).toHaveCount(4);
    await expect(page.getByText('No featured pool trades ETH')).toHaveCount(0);

    // The market quote and the pool's price say which is which.
    await expect(page.getByTestId('token-price-source')).toHaveText('Market quote · price service');
    const source = page.getByTestId('token-chart-source');
    await expect(source).toContainText('Pool price of WETH in USDC (WETH is ETH wrapped) on');
    // The deepest by the pool object's liquidity: Uniswap V3 on Ethereum.
    const link = page.getByTestId('token-chart-pool');
    await expect(link).toHaveText('WETH/USDC · Uniswap V3 · Ethereum');
    await expect(link).toHaveAttribute(
      'href',
      '/pools/evm/1/0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640',
    );
    const figure = page.getByTestId('candle-chart');
    await expect(figure).toHaveAttribute('data-state', 'ready');
    expect(Number(await figure.getAttribute('data-bars'))).toBeGreaterThan(100);
    await expect(figure.locator('canvas').first()).toBeVisible();

    // Three pools price ETH (PEPE/WETH prices PEPE): the switch offers them, deepest first.
    const pick = page.getByRole('combobox', { name: 'Pool' });
    await expect(pick.getByRole('option')).toHaveText([
      /Uniswap V3 · Ethereum \(deepest\)/,
      /Uniswap V3 Base · Base/,
      /Uniswap V3 Arbitrum · Arbitrum One/,
    ]);
    const before = await figure.getAttribute('data-last');
    await pick.selectOption({ label: 'WETH/USDC · Uniswap V3 Base · Base' });
    await expect(page).toHaveURL(/pool=evm%3A8453%3A0xd0b53d9277642d899df5c87a3966a349a798f224/);
    await expect(link).toHaveAttribute(
      'href',
      '/pools/evm/8453/0xd0b53d9277642d899df5c87a3966a349a798f224',
    );
    await expect(figure).toHaveAttribute('data-state', 'ready');
    await expect(figure).not.toHaveAttribute('data-last', before ?? '');
    // One chart: switching swaps its data, not the chart.
    await page
      .getByRole('radiogroup', { name: 'Interval' })
      .getByRole('radio', { name: '1h' })
      .click();
    await expect(page).toHaveURL(/interval=1h/);
    await expect(figure).toHaveAttribute('data-interval', '1h');
    await expect(page.getByTestId('candle-chart')).toHaveCount(1);
  });

  test('a token that is only ever the quote, and one with no pool, say why there is no chart', async ({
    page,
  }) => {
    await page.goto('/tokens/6');
    await expect(
      page.getByText(
        'USDC is the quote token of its featured pools: their candles price the other token.',
      ),
    ).toBeVisible();
    await page.goto('/tokens/1');
    await expect(
      page.getByText(
        'No featured pool trades BTC or its wrapped form: there are no candles to chart.',
      ),
    ).toBeVisible();
    await expect(page.getByTestId('candle-chart')).toHaveCount(0);
  });

  test('an unknown id and a malformed one are 404 pages that say so', async ({ page }) => {
    for (const path of ['/tokens/99999999', '/tokens/abc', '/tokens/0', '/tokens/1.5']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(
        page.getByText('The price service has no active token with this id.'),
      ).toBeVisible();
    }
    await page.getByRole('link', { name: 'Back to Markets' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Markets' })).toBeVisible();
  });

  test('has no serious or critical accessibility issue', async ({ page }) => {
    test.slow();
    await page.goto('/tokens/6');
    await expect(page.getByTestId('token-price')).toHaveText(/\$/);
    await expect(
      page.getByTestId('platform-row').first().getByTestId('platform-updated'),
    ).toHaveText(/ago/);
    const result = await new AxeBuilder({ page }).analyze();
    const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
      [],
    );
  });
});
