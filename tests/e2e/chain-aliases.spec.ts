import { expect, test } from '@playwright/test';

// The kline service accepts these chain type aliases (docs/contracts.md, "Chain types"); a pool URL
// written with one is the same pool, under its one canonical spelling.
const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const UNISWAP = '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640';

test('a pool URL with any alias the kline service accepts leads to the canonical pool page', async ({
  request,
}) => {
  for (const alias of ['ltc', 'doge', 'bch', 'btc', 'litecoin']) {
    const r = await request.get(`/pools/${alias}/2/${BTC_ADDRESS}`, { maxRedirects: 0 });
    expect(r.status(), alias).toBeGreaterThanOrEqual(300);
    expect(r.status(), alias).toBeLessThan(400);
    expect(r.headers().location, alias).toMatch(new RegExp(`/pools/utxo/2/${BTC_ADDRESS}$`));
  }
  const eth = await request.get(`/pools/ETH/1/${UNISWAP.toUpperCase().replace('0X', '0x')}`, {
    maxRedirects: 0,
  });
  expect(eth.headers().location).toMatch(new RegExp(`/pools/evm/1/${UNISWAP}$`));
  // Not an alias of any service: a 404 page, not a redirect.
  const bad = await request.get(`/pools/atlantis/1/${UNISWAP}`, { maxRedirects: 0 });
  expect(bad.status()).toBe(404);
});

test('the canonical page of an ETH-alias pool renders the pool', async ({ page }) => {
  await page.goto(`/pools/eth/1/${UNISWAP}`);
  await expect(page).toHaveURL(new RegExp(`/pools/evm/1/${UNISWAP}`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('/');
});
