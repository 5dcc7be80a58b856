import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/upstream';

/** The price cells of the rows in view, as text. */
async function prices(page: Page): Promise<string[]> {
  return page.getByTestId('price').allTextContents();
}

/** A displayed figure back to a number for order checks: "$1,234.56" -> 1234.56, "0.0₉12" is tiny. */
function figure(text: string): number {
  const clean = text.replace(/[^\d.₀-₉-]/g, '');
  if (/[₀-₉]/.test(clean)) return 0;
  return Number(clean.replace(/,/g, ''));
}

function rows(page: Page): Locator {
  return page.locator('tbody tr[data-token-id]');
}

/** The running animation of a price cell's flash overlay: `none` when it does not flash. */
async function flashOf(page: Page): Promise<string> {
  const cell = page.locator('tbody .flash-up, tbody .flash-down').first();
  await expect(cell).toBeAttached({ timeout: 15_000 });
  return cell.evaluate((el) => getComputedStyle(el, '::after').animationName);
}

test.describe('the price flash', () => {
  test.describe('for a visitor who has not asked for less motion', () => {
    test.use({ reducedMotion: 'no-preference' });
    test('a changed price flashes', async ({ page }) => {
      await page.goto('/');
      expect(await flashOf(page)).toMatch(/^flash-fade(-again)?$/);
    });
  });
  test('for a visitor who asked for less motion, a changed price does not', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    expect(await flashOf(page)).toBe('none');
  });
});

test.describe('markets', () => {
  test('prices move within 7 seconds without a reload, and only the rows change', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(rows(page).first().getByTestId('price')).toHaveText(/\$\d/);
    await page.evaluate(
      () => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true),
    );
    const before = (await prices(page)).join('|');
    await expect
      .poll(async () => (await prices(page)).join('|'), { timeout: 7_000, intervals: [250] })
      .not.toBe(before);
    expect(
      await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
    ).toBe(true);
    await expect(page.getByTestId('freshness')).toContainText(/updated \d+ s ago/);
  });

  test('switching the fiat to EUR changes the symbol and the figures, and the choice is kept', async ({
    page,
  }) => {
    await page.goto('/');
    const btc = rows(page).first().getByTestId('price');
    await expect(btc).toHaveText(/^\$[\d,]+\.\d{2}$/);
    const usd = figure((await btc.textContent()) ?? '');
    await page.getByTestId('fiat-select').selectOption('EUR');
    await expect(btc).toHaveText(/^€[\d,]+\.\d{2}$/);
    const eur = figure((await btc.textContent()) ?? '');
    expect(eur).not.toBe(usd);
    expect(eur / usd).toBeGreaterThan(0.5);
    expect(eur / usd).toBeLessThan(1.5);
    await expect(page).toHaveURL(/fiat=EUR/);
    await page.goto('/');
    await expect(rows(page).first().getByTestId('price')).toHaveText(/^€/);
    // A shared link with another fiat is adopted.
    await page.goto('/?fiat=USD');
    await expect(rows(page).first().getByTestId('price')).toHaveText(/^\$/);
  });

  test('the logos are asked for after the first paint, the status light and the fiat list once the loaded page is idle, and then shown', async ({
    page,
  }) => {
    const response = await page.goto('/');
    // The server's page carries the rows with their initials, and no logo yet.
    expect(await response!.text()).not.toContain('/api/logo');
    // Asked for, then shown or dropped for the initials: a logo the proxy has no image for leaves
    // the page as soon as its answer comes (a cached "no logo" comes at once), so the test counts
    // the requests, not the images on the page.
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            performance
              .getEntriesByType('resource')
              .filter((r) => new URL(r.name).pathname === '/api/logo').length,
        ),
      )
      .toBeGreaterThan(0);
    await expect(page.getByTestId('status-light')).toHaveAttribute('data-state', 'ok');
    // The fiat menu holds the upstream's list, not USD alone.
    await expect
      .poll(() => page.getByTestId('fiat-select').locator('option').count())
      .toBeGreaterThan(1);
    const { paint, early, beforeIdle } = await page.evaluate(() => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity;
      const asked = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((r) => /\/api\/(logo|health)|\/api\/price\/v1\/fiats/.test(r.name))
        .map((r) => ({ url: r.name, at: r.startTime }));
      // The light and the fiat menu's list (the display fiat is USD) wait for the loaded page's
      // idle moment, apart from the work right after the paint.
      const load = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming)
        .loadEventEnd;
      const beforeIdle = asked.filter((r) => !/\/logo/.test(r.url) && r.at < load);
      // Before the paint only if it was never reported (after 3 s they come anyway).
      return { paint: fcp, early: asked.filter((r) => r.at < Math.min(fcp, 3_000)), beforeIdle };
    });
    expect(paint).toBeLessThan(Infinity);
    expect(early).toEqual([]);
    expect(beforeIdle).toEqual([]);
  });

  test('search for USDC finds its record on at least five chains', async ({ page }) => {
    await page.goto('/');
    await expect(rows(page).first()).toBeVisible();
    await page.keyboard.press('/');
    await expect(page.getByRole('searchbox')).toBeFocused();
    await page.keyboard.type('usdc');
    // The search runs on Enter (it asks the price service); until then the hint says so.
    await expect(page.getByTestId('search-hint')).toHaveText('↵');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/q=usdc/);
    await expect(page.getByTestId('search-hint')).toHaveText('/');
    await expect(page.getByText(/records? for “usdc”/)).toBeVisible();
    await expect.poll(async () => rows(page).count()).toBeGreaterThanOrEqual(5);
    const symbols = await rows(page).locator('[data-testid="token-link"]').allTextContents();
    expect(symbols.every((s) => s.endsWith('USDC'))).toBe(true);
    const chains = new Set(await rows(page).getByTestId('chain-name').allTextContents());
    expect(chains.size).toBeGreaterThanOrEqual(5);
    await expect(rows(page).first().getByTestId('price')).toHaveText(/\$0\.99|\$1\.00/);

    // An exact contract address finds its one record.
    await page.getByRole('searchbox').fill('0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48');
    await page.keyboard.press('Enter');
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('Ethereum');

    await page.getByRole('searchbox').fill('no-such-token-anywhere');
    await page.keyboard.press('Enter');
    await expect(page.getByText('No token matches “no-such-token-anywhere”.')).toBeVisible();
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(rows(page).first()).toContainText('Bitcoin');
  });

  test('sorting by a column and filtering by chain', async ({ page }) => {
    await page.goto('/');
    await expect(rows(page).first().getByTestId('price')).toHaveText(/\$\d/);
    await page.getByRole('button', { name: /^Price/ }).click();
    await expect(page).toHaveURL(/sort=price/);
    await expect(page.getByRole('columnheader', { name: /Price/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    const desc = (await prices(page)).slice(0, 10).map(figure);
    expect(desc.length).toBe(10);
    for (let i = 1; i < desc.length; i++)
      expect(desc[i - 1]).toBeGreaterThanOrEqual(desc[i] as number);

    await page.getByRole('button', { name: /^Price/ }).click();
    await expect(page.getByRole('columnheader', { name: /Price/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    const asc = (await prices(page)).slice(0, 10).map(figure);
    for (let i = 1; i < asc.length; i++) expect(asc[i - 1]).toBeLessThanOrEqual(asc[i] as number);

    await page.getByTestId('chain-filter').selectOption({ label: 'Solana' });
    await expect(page).toHaveURL(/chain=5/);
    await expect
      .poll(async () => new Set(await rows(page).getByTestId('chain-name').allTextContents()))
      .toEqual(new Set(['Solana']));

    // The filter covers every token, not one page: no "Page 1 of 17" above a handful of rows.
    await expect(page.getByTestId('page-of')).toHaveCount(0);
    await expect(page.getByTestId('chain-count')).toHaveText(/^\d+ tokens on Solana$/);
    await expect
      .poll(async () =>
        Number((await page.getByTestId('chain-count').textContent())?.split(' ')[0]),
      )
      .toBeGreaterThan(0);

    // The view is a URL: reloading shows the same sort and filter.
    await page.reload();
    await expect(page.getByRole('columnheader', { name: /Price/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await expect(page.getByTestId('chain-filter')).toHaveValue('5');
  });

  test('1,000 rows scroll as a virtual list, and the all-pages walk loads every token', async ({
    page,
  }) => {
    // The scripts are held until the trader has scrolled the server-rendered rows: a scroll made
    // before hydration is kept, not thrown back to the top when the virtualiser attaches.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/_next/static/chunks/**/*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/?limit=1000', { waitUntil: 'commit' });
    await expect(rows(page).first()).toBeVisible();
    expect(await rows(page).count()).toBeLessThan(80);
    await page.getByTestId('token-scroller').evaluate((el) => (el.scrollTop = el.scrollHeight));
    expect(await page.locator('html').getAttribute('data-hydrated')).toBeNull();
    release();
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await expect(page.getByTestId('page-of')).toHaveText(/Page 1 of \d+/);
    await expect(rows(page).last()).toContainText('1000');
    // Quotes follow the rows into view.
    await expect(rows(page).last().getByTestId('price')).toHaveText(/\$\d/);

    await page.getByRole('button', { name: 'All pages' }).click();
    await expect(page).toHaveURL(/all=1/);
    const status = page.getByTestId('all-pages');
    await expect(status).toHaveText(/([\d,]+) of \1 loaded/, { timeout: 20_000 });
    const total = Number(
      ((await status.textContent()) ?? '').replace(/ of.*/s, '').replace(/,/g, ''),
    );
    expect(total).toBeGreaterThan(1000);
    await page.getByTestId('token-scroller').evaluate((el) => (el.scrollTop = el.scrollHeight));
    await expect(rows(page).last()).toContainText(String(total));
  });

  test('a starred token is kept in the watchlist and can be shown first', async ({ page }) => {
    await page.goto('/');
    const eth = rows(page).filter({ hasText: 'Ethereum ETH' }).first();
    await eth.getByRole('button', { name: /Add ETH to the watchlist/ }).click();
    await expect(
      eth.getByRole('button', { name: /Remove ETH from the watchlist/ }),
    ).toHaveAttribute('aria-pressed', 'true');
    await page.getByLabel('Starred first').check();
    await expect(rows(page).first()).toContainText('Ethereum ETH');
    await page.getByTestId('watchlist-tab').click();
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first().getByTestId('price')).toHaveText(/\$\d/);
    await page.reload();
    await expect(rows(page)).toHaveCount(1);
    await rows(page)
      .first()
      .getByRole('button', { name: /Remove ETH/ })
      .click();
    await expect(page.getByText('Your watchlist is empty.')).toBeVisible();
  });

  test('stopping the upstream keeps the last prices with a stale mark, and they recover', async ({
    page,
    upstream,
  }) => {
    await page.goto('/');
    const freshness = page.getByTestId('freshness');
    await expect(freshness).toHaveAttribute('data-stale', 'false');
    await upstream.stop();
    await expect(freshness).toHaveAttribute('data-stale', 'true', { timeout: 20_000 });
    await expect(freshness.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(rows(page).first().getByTestId('price')).toHaveText(/\$\d/);
    expect(await rows(page).count()).toBeGreaterThan(10);
    await upstream.start();
    await expect(freshness).toHaveAttribute('data-stale', 'false', { timeout: 20_000 });
    const before = (await prices(page)).join('|');
    await expect
      .poll(async () => (await prices(page)).join('|'), { timeout: 10_000 })
      .not.toBe(before);
  });

  test('an unknown currency in a link says so and falls back to USD', async ({ page }) => {
    await page.goto('/?fiat=XYZ');
    await expect(
      page.getByText('The price service has no currency “XYZ”, so prices are in USD.'),
    ).toBeVisible();
    await expect(rows(page).first().getByTestId('price')).toHaveText(/^\$/);
    await page.getByRole('button', { name: 'Use USD' }).click();
    await expect(page.getByText(/has no currency/)).toHaveCount(0);
  });

  test('has no serious or critical accessibility issue', async ({ page }) => {
    test.slow();
    await page.goto('/');
    await expect(rows(page).first().getByTestId('price')).toHaveText(/\$\d/);
    const result = await new AxeBuilder({ page }).analyze();
    const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
      [],
    );
  });
});
