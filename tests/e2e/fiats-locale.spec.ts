import { expect, test, type Page } from '@playwright/test';
import { contextWithFiat, pageErrors } from './support/prefs';
import { german, grouped, product, timesExact } from './support/decimal';

/** The converter's result after typing `text`: what it read, the rate it used, what it shows. */
async function convert(page: Page, text: string) {
  await page.getByLabel('Amount', { exact: true }).fill(text);
  const out = page.getByTestId('convert-result');
  await expect(out).toBeVisible();
  return out.evaluate((el) => ({
    shown: el.textContent ?? '',
    value: el.getAttribute('data-value') ?? '',
    rate: el.getAttribute('data-rate') ?? '',
  }));
}

// Typed as a German trader types them, and what they mean (written by hand).
const GERMAN_INPUTS: [string, string][] = [
  ['0,5', '0.5'],
  ['1,5', '1.5'],
  ['1,00', '1'],
  ['12,3456', '12.3456'],
  ['1.000,50', '1000.5'],
];

test.describe('converter in a German browser (de-DE)', () => {
  test.use({ locale: 'de-DE' });

  test('a decimal comma is a decimal: 0,5 · 1,5 · 1,00 · 12,3456 · 1.000,50', async ({ page }) => {
    await page.goto('/fiats?from=USD&to=EUR');
    await expect(page.getByTestId('convert-result')).toBeVisible({ timeout: 30_000 });
    for (const [typed, amount] of GERMAN_INPUTS) {
      const r = await convert(page, typed);
      expect(r.rate, typed).toMatch(/^\d+\.\d{8}$/);
      expect(r.value, typed).toBe(product(amount, r.rate));
      // Shown as the browser writes numbers: 0,46 (and 916,87 for 1.000,50).
      expect(r.shown, typed).toBe(german(grouped(timesExact(amount, r.rate, 2))));
      await expect(page.getByLabel('Amount', { exact: true })).not.toHaveAttribute(
        'aria-invalid',
        'true',
      );
    }
    // The link carries the amount in one notation for every locale: 1000.5, not 1.000,50.
    await expect(page).toHaveURL(/amount=1000\.5(&|$)/);
    await page.reload();
    await expect(page.getByLabel('Amount', { exact: true })).toHaveValue('1000,5');
    const out = page.getByTestId('convert-result');
    await expect(out).toBeVisible();
    const again = await out.evaluate((el) => [el.dataset.value, el.dataset.rate]);
    expect(again[0]).toBe(product('1000.5', again[1] ?? ''));
  });

  test('the other notation is read where it has one reading; garbage gets a sentence', async ({
    page,
  }) => {
    await page.goto('/fiats?from=USD&to=EUR');
    const r = await convert(page, '2,500.5');
    expect(r.value).toBe(product('2500.5', r.rate));
    await page.getByLabel('Amount', { exact: true }).fill('1,2,3');
    await expect(page.getByRole('alert').filter({ hasText: 'is not a number' })).toContainText(
      '1.250,50',
    );
    await expect(page.getByTestId('convert-result')).toHaveCount(0);
  });

  test('rates group their digits as the browser writes numbers, keeping 8 decimals', async ({
    page,
  }) => {
    await page.goto('/fiats?base=USD');
    const krw = page.locator('[data-testid=rate-row][data-code=KRW]').getByTestId('rate');
    await expect(krw).toHaveText(/^\d{1,3}(\.\d{3})+,\d{8}$/, { timeout: 30_000 });
    const raw = (await krw.getAttribute('data-value')) ?? '';
    expect(raw).toMatch(/^\d{4,}\.\d{8}$/);
  });
});

test.describe('converter in an American browser (en-US)', () => {
  test.use({ locale: 'en-US' });

  test('its own notation, and a lone comma that cannot group digits as a decimal', async ({
    page,
  }) => {
    await page.goto('/fiats?from=USD&to=EUR');
    await expect(page.getByTestId('convert-result')).toBeVisible({ timeout: 30_000 });
    for (const [typed, amount] of [
      ['0,5', '0.5'],
      ['1,5', '1.5'],
      ['1,00', '1'],
      ['12,3456', '12.3456'],
      ['1.000,50', '1000.5'],
      ['1,000', '1000'],
      ['1,000.50', '1000.5'],
    ] as const) {
      const r = await convert(page, typed);
      expect(r.value, typed).toBe(product(amount, r.rate));
      expect(r.shown, typed).toBe(grouped(timesExact(amount, r.rate, 2)));
    }
    const krw = page.locator('[data-testid=rate-row][data-code=KRW]').getByTestId('rate');
    await expect(krw).toHaveText(/^\d{1,3}(,\d{3})+\.\d{8}$/);
  });

  test('a large amount stays inside the result box', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/fiats?from=USD&to=VND');
    await page.getByLabel('Amount', { exact: true }).fill('123456789012345678901234567890');
    const out = page.getByTestId('convert-result');
    await expect(out).toHaveAttribute('data-value', /^\d{34,}/);
    const box = await page.getByTestId('convert-box').boundingBox();
    const result = await out.boundingBox();
    const rate = await page.getByTestId('convert-rate').boundingBox();
    expect(box && result && rate).toBeTruthy();
    for (const inner of [result!, rate!]) {
      expect(inner.x).toBeGreaterThanOrEqual(box!.x);
      expect(inner.x + inner.width).toBeLessThanOrEqual(box!.x + box!.width);
      expect(inner.y + inner.height).toBeLessThanOrEqual(box!.y + box!.height);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
  });
});

test.describe('converter in a French browser (fr-FR)', () => {
  test.use({ locale: 'fr-FR' });

  test('a lone point before three digits could be either: refused with a message, never guessed', async ({
    page,
  }) => {
    await page.goto('/fiats?from=USD&to=EUR');
    await expect(page.getByTestId('convert-result')).toBeVisible({ timeout: 30_000 });
    await page.getByLabel('Amount', { exact: true }).fill('1.000');
    await expect(page.getByRole('alert').filter({ hasText: 'ambiguous' })).toHaveText(
      /“1\.000” is ambiguous: type 1000 or 1,000 \(decimal\)/,
    );
    await expect(page.getByTestId('convert-result')).toHaveCount(0);
    await expect(page.getByLabel('Amount', { exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    // Its own notation reads: 1 000,5 is a thousand and a half.
    const r = await convert(page, '1 000,5');
    expect(r.value).toBe(product('1000.5', r.rate));
  });
});

test.describe('fresh loads of /fiats', () => {
  test('a fresh load in a new browser context per currency and locale: no hydration error', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(300_000);
    const fiats = ['USD', 'EUR', 'JPY', 'KRW', 'GBP'];
    // Ten loads take each of the five currencies in each of the two locales once (5 and 2 are coprime).
    for (let i = 0; i < fiats.length * 2; i++) {
      const fiat = fiats[i % fiats.length] as string;
      const context = await contextWithFiat(
        browser,
        { baseURL, locale: i % 2 ? 'de-DE' : 'en-US' },
        fiat,
      );
      const page = await context.newPage();
      const errors = pageErrors(page);
      await page.goto('/fiats');
      // Hydrated and live: the rates arrived and the converter shows a result.
      await expect(page.getByTestId('rate').first()).toBeVisible({ timeout: 30_000 });
      await expect(page.getByTestId('convert-result')).toBeVisible();
      await expect(page.getByRole('button', { name: /^[A-Z]{3}: show rates from/ })).toHaveCount(
        18,
      );
      expect(errors, `load ${i + 1} (${fiat})`).toEqual([]);
      await context.close();
    }
  });
});
