import { expect, test, type Page } from '@playwright/test';

// VES is in the price service's fiats list, but quotes/latest refuses it (20001 unsupported fiat).
const rows = (page: Page) => page.locator('tbody tr[data-token-id]');
const firstPrice = (page: Page) => rows(page).first().getByTestId('price');

test.describe('a fiat the quotes refuse', () => {
  test('VES chosen in the picker: prices stay in USD with a word why, and VES is not kept', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(firstPrice(page)).toHaveText(/^\$[\d,]+\.\d{2}$/);
    await page.getByTestId('fiat-select').selectOption('VES');
    await expect(page.getByTestId('fiat-refused')).toHaveText('VES unavailable');
    await expect(page.getByTestId('fiat-fallback')).toContainText(
      'Quotes are not available in VES',
    );
    // Not a skeleton for ever: the figures are there, in USD.
    await expect(firstPrice(page)).toHaveText(/^\$[\d,]+\.\d{2}$/);
    await expect(page.getByTestId('fiat-select')).toHaveValue('USD');
    await expect(page.locator('option[value="VES"]')).toBeDisabled();
    await page.reload();
    await expect(firstPrice(page)).toHaveText(/^\$/);
    await expect(page.getByTestId('fiat-select')).toHaveValue('USD');
  });

  test('VES from a shared link: the page works in USD, and later pages are not stuck in VES', async ({
    page,
  }) => {
    await page.goto('/?fiat=VES');
    await expect(page.getByTestId('fiat-fallback')).toContainText('VES');
    await expect(firstPrice(page)).toHaveText(/^\$[\d,]+\.\d{2}$/);
    // Another page without the link's parameter: USD, live, not "connecting…" for ever.
    await page.goto('/tokens/1');
    await expect(page.getByTestId('token-price')).toHaveText(/\$[\d,]+/);
    await expect(page.getByTestId('fiat-select')).toHaveValue('USD');
    await page.goto('/chains/1');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Ethereum');
    await expect(page.getByText(/connecting/i)).toHaveCount(0, { timeout: 15_000 });
  });

  test('EUR from a shared link works and is kept', async ({ page }) => {
    await page.goto('/?fiat=EUR');
    await expect(firstPrice(page)).toHaveText(/^€/);
    await page.goto('/');
    await expect(firstPrice(page)).toHaveText(/^€/);
    await expect(page.getByTestId('fiat-select')).toHaveValue('EUR');
  });
});
