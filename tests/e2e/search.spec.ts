import { expect, test, type Page } from '@playwright/test';

/** The header's search as you type, from every page; `/` focuses it where a page has none. */

const combobox = (page: Page) =>
  page.getByRole('combobox', { name: 'Search tokens by name, symbol or address' });
const results = (page: Page) => page.getByTestId('search-result');

test('from Wallets: `/` focuses the search, a prefix lists matches, arrows and Enter open one', async ({
  page,
}) => {
  await page.goto('/wallets');
  await expect(page.getByRole('heading', { name: 'Wallets' })).toBeVisible();
  await page.locator('body').click({ position: { x: 5, y: 300 } });
  await page.keyboard.press('/');
  await expect(combobox(page)).toBeFocused();
  await page.keyboard.type('usd');
  await expect(combobox(page)).toHaveAttribute('aria-expanded', 'true');
  await expect.poll(() => results(page).count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
  const symbols = await results(page).locator('span.font-medium').allTextContents();
  // By prefix of the symbol (or of a word of the name): USDT, USDC, … never a token without "usd".
  for (const s of symbols) expect(s.toLowerCase()).toMatch(/usd/);
  expect(symbols).toContain('USDC');

  // The first result is active; ArrowDown makes the second one active, Enter opens it.
  await expect(results(page).first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowDown');
  const second = results(page).nth(1);
  await expect(second).toHaveAttribute('aria-selected', 'true');
  const symbol = (await second.locator('span.font-medium').textContent()) ?? '';
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/tokens\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(symbol);
  await expect(combobox(page)).toHaveValue('');
});

test('a contract address is looked up exactly; no match offers the Markets search', async ({
  page,
}) => {
  await page.goto('/pools');
  await combobox(page).click();
  await combobox(page).fill('0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48');
  await expect(results(page)).toHaveCount(1, { timeout: 15_000 });
  await expect(results(page).first()).toContainText('USDC');
  await expect(results(page).first()).toContainText('Ethereum');

  await combobox(page).fill('qqqzzz');
  await expect(results(page)).toHaveCount(0);
  await expect(page.getByTestId('search-all')).toContainText('No token starts with that');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/\?q=qqqzzz$/);
  await expect(page.getByText('No token matches “qqqzzz”.')).toBeVisible();
});

test('Escape closes the list, then clears; a page with its own search keeps `/` for it', async ({
  page,
}) => {
  await page.goto('/chains');
  await combobox(page).click();
  await page.keyboard.type('eth');
  await expect(combobox(page)).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');
  await expect(combobox(page)).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Escape');
  await expect(combobox(page)).toHaveValue('');

  await page.goto('/');
  await expect(page.locator('tbody tr[data-token-id]').first()).toBeVisible();
  await page.keyboard.press('/');
  await expect(
    page.getByRole('searchbox', { name: /Search tokens by contract address/ }),
  ).toBeFocused();
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the search button opens a full-width field; a name finds its token', async ({ page }) => {
    await page.goto('/fiats');
    await expect(combobox(page)).toBeHidden();
    await page.getByRole('button', { name: 'Search tokens' }).click();
    await expect(combobox(page)).toBeFocused();
    const box = await combobox(page).boundingBox();
    expect(box!.width).toBeGreaterThan(300);
    await page.keyboard.type('wrapped');
    await expect(results(page).first()).toContainText('Wrapped', { timeout: 15_000 });
    const list = await page.getByRole('listbox', { name: 'Matching tokens' }).boundingBox();
    expect(list!.x).toBeGreaterThanOrEqual(0);
    expect(list!.x + list!.width).toBeLessThanOrEqual(390);
    await results(page).first().click();
    await expect(page).toHaveURL(/\/tokens\/\d+$/);
  });
});
