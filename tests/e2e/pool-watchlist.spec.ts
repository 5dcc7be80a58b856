import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

const UNISWAP = '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640';

test('a pool starred on its page is listed on the Pools page with its figures, kept, and removable', async ({
  page,
}) => {
  await page.goto('/pools');
  await expect(page.getByTestId('pool-watchlist-empty')).toBeVisible();

  await page.goto(`/pools/evm/1/${UNISWAP}`);
  const watch = page.getByRole('button', { name: 'Watch', exact: true });
  await expect(watch).toHaveAttribute('aria-pressed', 'false');
  await watch.click();
  await expect(page.getByRole('button', { name: 'Watching' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await page.goto('/pools');
  const table = page.getByRole('table', { name: 'Watched pools' });
  const row = table.getByTestId('featured-pool');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('WETH');
  await expect(row).toContainText('USDC');
  await expect(row.getByTestId('featured-price')).toContainText(/\$[\d,]+\.\d\d/);
  await expect(row.getByRole('link').first()).toHaveAttribute('href', `/pools/evm/1/${UNISWAP}`);
  const issues = await new AxeBuilder({ page })
    .include('table[aria-label="Watched pools"]')
    .analyze();
  expect(issues.violations.map((v) => v.id)).toEqual([]);

  // Kept in this browser: a reload still lists it; the star removes it.
  await page.reload();
  await expect(row).toHaveCount(1);
  await table.getByRole('button', { name: 'Remove WETH/USDC from the watchlist' }).click();
  await expect(page.getByTestId('pool-watchlist-empty')).toBeVisible();
  await page.goto(`/pools/evm/1/${UNISWAP}`);
  await expect(page.getByRole('button', { name: 'Watch', exact: true })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
});
