import { expect, test } from '@playwright/test';

// A deliberate change of view is a new history entry: Back undoes it and stays on the page.
const UNISWAP = '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640';

test('Back after a search, a sort and a chain filter on Markets undoes each, and stays on Markets', async ({
  page,
}) => {
  await page.goto('/');
  const rows = page.locator('tbody tr[data-token-id]');
  await expect(rows.first().getByTestId('price')).toHaveText(/\$\d/);

  await page.getByRole('button', { name: /^Price/ }).click();
  await expect(page).toHaveURL(/sort=price/);
  await page.getByTestId('chain-filter').selectOption({ label: 'Solana' });
  await expect(page).toHaveURL(/chain=5/);
  const search = page.getByRole('searchbox', { name: /search tokens/i });
  await search.fill('USDC');
  await search.press('Enter');
  await expect(page).toHaveURL(/q=USDC/);

  await page.goBack();
  await expect(page).not.toHaveURL(/q=USDC/);
  await expect(page).toHaveURL(/chain=5/);
  await page.goBack();
  await expect(page).not.toHaveURL(/chain=/);
  await expect(page).toHaveURL(/sort=price/);
  await page.goBack();
  await expect(page).not.toHaveURL(/sort=/);
  expect(new URL(page.url()).pathname).toBe('/');
  await expect(rows.first().getByTestId('price')).toHaveText(/\$\d/);
});

test('Back after interval changes on a pool page brings the previous interval back', async ({
  page,
}) => {
  await page.goto(`/pools/evm/1/${UNISWAP}`);
  const chart = page.getByTestId('candle-chart');
  await expect(chart).toHaveAttribute('data-state', 'ready');
  const first = await chart.getAttribute('data-interval');
  const intervals = page.getByRole('radiogroup', { name: 'Interval' });
  await intervals.getByRole('radio', { name: '1h' }).click();
  await expect(chart).toHaveAttribute('data-interval', '1h');
  await intervals.getByRole('radio', { name: '1D' }).click();
  await expect(chart).toHaveAttribute('data-interval', '1d');

  await page.goBack();
  await expect(chart).toHaveAttribute('data-interval', '1h');
  await expect(page).toHaveURL(/interval=1h/);
  await page.goBack();
  await expect(chart).toHaveAttribute('data-interval', first ?? '15m');
  await expect(page).toHaveURL(new RegExp(`/pools/evm/1/${UNISWAP}`));
  await page.goForward();
  await expect(chart).toHaveAttribute('data-interval', '1h');
});

test('Back after switching the Wallets tab returns to the previous tab', async ({ page }) => {
  await page.goto('/wallets');
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByRole('tab', { name: 'History' })).toHaveAttribute('aria-selected', 'true');
  await page.goBack();
  await expect(page.getByRole('tab', { name: 'Live feed' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  expect(new URL(page.url()).pathname).toBe('/wallets');
});
