import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

async function noSeriousViolations(page: Page) {
  const res = await new AxeBuilder({ page }).analyze();
  const bad = res.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );
}

test.describe('chains', () => {
  test('the list shows the 9 chains with external explorer links and chain pages', async ({
    page,
  }) => {
    await page.goto('/chains');
    await expect(page).toHaveTitle(/Chains/);
    const rows = page.getByTestId('chain-row');
    await expect(rows).toHaveCount(9);
    const explorers = page.getByRole('table', { name: 'Chains' }).locator('a[target=_blank]');
    await expect(explorers).toHaveCount(9);
    for (const rel of await explorers.evaluateAll((els) =>
      els.map((e) => e.getAttribute('rel') ?? ''),
    ))
      expect(rel).toContain('noopener');
    const eth = rows.filter({ hasText: 'Ethereum' });
    await expect(eth).toContainText('EVM');
    await expect(eth.getByRole('link', { name: /block explorer etherscan\.io/ })).toHaveAttribute(
      'href',
      'https://etherscan.io/',
    );
    await eth.getByRole('link', { name: 'Ethereum', exact: true }).click();
    await expect(page).toHaveURL(/\/chains\/1$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Ethereum');
  });

  test('a chain page shows its native token with a live quote', async ({ page }) => {
    await page.goto('/chains/1');
    await expect(page).toHaveTitle(/Ethereum/);
    const link = page.getByTestId('native-token-link');
    await expect(link).toContainText('ETH');
    await expect(link).toHaveAttribute('href', /^\/tokens\/\d+$/);
    await expect(page.getByTestId('native-token-price')).toHaveText(/^\$[\d,]+\.\d{2}$/);
    await expect(page.getByTestId('chain-details')).toContainText('etherscan.io');
    await page.waitForResponse((r) => r.url().includes('/api/price/v1/quotes/latest'), {
      timeout: 7_000,
    });

    await page.goto('/chains/5');
    await expect(page.getByTestId('native-token-link')).toContainText('SOL');
  });

  test('a chain without a native token says so in a sentence', async ({ page }) => {
    // The seed leaves this answer unshown; an empty exact-match list is what a client must expect.
    await page.route('**/api/price/v1/tokens?chain_id=*', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          code: 0,
          msg: 'success',
          data: { total: 0, page: 1, limit: 0, items: [] },
        }),
      }),
    );
    await page.goto('/chains/9');
    await expect(
      page.getByText('The price service has no native token for Cosmos Hub.'),
    ).toBeVisible();
  });

  test('an unknown chain and a non-numeric id are 404 pages', async ({ page }) => {
    const missing = await page.goto('/chains/999999');
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Chain not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'All chains' })).toBeVisible();
    const bad = await page.goto('/chains/abc');
    expect(bad?.status()).toBe(404);
  });

  test('on a 390 px phone the table scrolls inside its panel, not the page', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/chains');
    await expect(page.getByTestId('chain-row')).toHaveCount(9);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await page.goto('/fiats');
    await expect(page.getByTestId('fiat-row').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
  });

  test('no serious or critical accessibility violations on /chains and a chain page', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.goto('/chains');
    await expect(page.getByTestId('chain-row')).toHaveCount(9);
    await noSeriousViolations(page);
    await page.goto('/chains/1');
    await expect(page.getByTestId('native-token-price')).toBeVisible();
    await noSeriousViolations(page);
  });
});
