import { expect, test, type Locator, type Page } from '@playwright/test';

/**
 * The pool chart and the Pools page on a phone (390 px, and a small one of 320 px): the toolbar is
 * one row with the first candles on the first screen, every panel's every control is on the
 * screen (and the one a finger lands on), and no page is wider than the screen in any state.
 */

const UNISWAP = '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640';
const FOUR = 'ema:20,ema:50,bb:20:2,rsi:14';
const POOL = `/pools/evm/1/${UNISWAP}?studies=${FOUR}`;
const chart = (page: Page) => page.getByTestId('candle-chart');

/** The document is no wider than the screen (nothing pans sideways). */
async function fitsTheScreen(page: Page, what: string) {
  const { doc, screen } = await page.evaluate(() => ({
    doc: document.documentElement.scrollWidth,
    screen: window.innerWidth,
  }));
  expect(doc, `${what}: the page is ${doc} px wide on a ${screen} px screen`).toBeLessThanOrEqual(
    screen,
  );
}

/**
 * Every control inside `scope` is wholly on the screen and is what a tap at its centre reaches
 * (nothing lies over it).
 */
async function everyControlOnScreen(page: Page, scope: Locator, what: string) {
  const controls = scope.locator('button, input, select, a[href]');
  const count = await controls.count();
  expect(count, `${what}: controls`).toBeGreaterThan(0);
  const width = page.viewportSize()!.width;
  const height = page.viewportSize()!.height;
  for (let i = 0; i < count; i++) {
    const control = controls.nth(i);
    if (!(await control.isVisible())) continue;
    await control.scrollIntoViewIfNeeded();
    const box = (await control.boundingBox())!;
    const name =
      (await control.getAttribute('aria-label')) ?? (await control.textContent())?.trim() ?? '';
    expect(box.x, `${what}: "${name}" starts off the screen`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${what}: "${name}" ends off the screen`).toBeLessThanOrEqual(
      width + 0.5,
    );
    expect(box.y + box.height, `${what}: "${name}" is below the screen`).toBeLessThanOrEqual(
      height + 0.5,
    );
    const reached = await control.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return !!hit && (hit === el || el.contains(hit) || hit.contains(el));
    });
    expect(reached, `${what}: "${name}" is covered`).toBe(true);
  }
}

for (const width of [390, 320]) {
  test.describe(`a ${width} px phone`, () => {
    test.use({
      viewport: { width, height: width === 390 ? 844 : 640 },
      isMobile: true,
      hasTouch: true,
    });

    test('the pool chart: one toolbar row, candles on the first screen, every panel on the screen', async ({
      page,
    }) => {
      // Every control of four panels is checked one by one (a few round trips each): slow on a busy
      // machine, not a measure of the page.
      test.setTimeout(150_000);
      await page.goto(POOL);
      await expect(chart(page)).toHaveAttribute('data-state', 'ready');
      await expect(chart(page)).toHaveAttribute('data-studies', 'ema:20,ema:50,bb:20:2,rsi:14');
      await fitsTheScreen(page, 'the pool page');

      // One row: the intervals and the More button side by side, the freshness mark with them.
      const intervals = page.getByRole('radiogroup', { name: 'Interval' });
      const more = page.getByRole('button', { name: /More chart tools/ });
      const a = (await intervals.boundingBox())!;
      const b = (await more.boundingBox())!;
      expect(Math.abs(a.y + a.height / 2 - (b.y + b.height / 2))).toBeLessThan(4);
      expect(b.x + b.width).toBeLessThanOrEqual(width);
      for (const hidden of ['Chart style', 'Price scale'])
        await expect(page.getByRole('radiogroup', { name: hidden })).toBeHidden();
      // The candles start right under that row, on the first screen, and the price pane is tall.
      const figure = (await chart(page).boundingBox())!;
      expect(figure.y - (a.y + a.height)).toBeLessThan(16);
      // The first candles high on the first screen: the chart starts in the upper half of a 390 x
      // 844 phone (at y = 310 on 2026-11-26; 391 before the header folded its figures) and above
      // 60% of a 320 x 640 one (362; was 443).
      const screenHeight = page.viewportSize()!.height;
      expect(figure.y).toBeLessThan(screenHeight * (width === 390 ? 0.5 : 0.6));
      expect(Number(await chart(page).getAttribute('data-bars'))).toBeGreaterThan(20);
      // The latest bars are in the pane (the first screen shows today's candles).
      const [, last = -1] = ((await chart(page).getAttribute('data-extent')) ?? '')
        .split(':')
        .map(Number);
      expect(last).toBeGreaterThan(0.5);
      expect(last).toBeLessThanOrEqual(1);
      // The legend is one line over the price pane (the rest a tap away), on a backdrop.
      const legend = page.getByTestId('chart-legend');
      expect((await legend.boundingBox())!.height).toBeLessThan(26);
      await expect(page.getByTestId('legend-study').first()).toBeHidden();
      await legend.getByRole('button', { name: 'Show every figure of the legend' }).click();
      await expect(page.getByTestId('legend-study')).toHaveCount(4);
      await expect(page.getByTestId('legend-study').nth(2)).toBeVisible();
      await expect(page.getByTestId('legend-study').nth(2)).toContainText('BB 20 2');
      await legend.getByRole('button', { name: 'Fold the legend to one line' }).click();
      await expect(page.getByTestId('legend-study').first()).toBeHidden();

      // The More menu: every tool of the chart, each on the screen.
      await more.click();
      const tools = page.getByRole('group', { name: 'Chart tools' });
      await expect(tools).toBeVisible();
      for (const name of [/^Indicators/, /^Compare/, 'Price line', /^Lines/, 'Fullscreen'])
        await expect(tools.getByRole('button', { name })).toBeVisible();
      await expect(tools.getByRole('button', { name: 'Download the chart as PNG' })).toBeVisible();
      await expect(tools.getByRole('button', { name: /^Watch/ })).toBeVisible();
      await expect(tools.getByRole('button', { name: 'Embed' })).toBeVisible();
      await expect(tools.getByRole('radiogroup', { name: 'Price scale' })).toBeVisible();
      await expect(tools.getByRole('radiogroup', { name: 'Chart style' })).toBeVisible();
      await everyControlOnScreen(page, tools, 'the More menu');
      await fitsTheScreen(page, 'the More menu open');

      // Indicators: the remove buttons, every "+" and the fields, on the screen.
      await tools.getByRole('button', { name: /^Indicators/ }).click();
      const indicators = page.getByRole('group', { name: 'Indicators' });
      await expect(indicators.getByRole('button', { name: 'Remove RSI 14' })).toBeVisible();
      await everyControlOnScreen(page, indicators, 'the Indicators panel');
      await fitsTheScreen(page, 'the Indicators panel open');
      await page.keyboard.press('Escape');
      await expect(indicators).toHaveCount(0);

      // Compare: the field and its Add.
      await tools.getByRole('button', { name: /^Compare/ }).click();
      const compare = page.getByRole('group', { name: 'Compare pools' });
      await expect(compare.getByRole('button', { name: 'Add' })).toBeVisible();
      await everyControlOnScreen(page, compare, 'the Compare panel');
      await fitsTheScreen(page, 'the Compare panel open');
      await page.keyboard.press('Escape');
      await expect(compare).toHaveCount(0);

      // The price lines' panel.
      await tools.getByRole('button', { name: /^Lines/ }).click();
      const lines = page.getByRole('group', { name: 'Price lines' });
      await expect(lines).toBeVisible();
      await everyControlOnScreen(page, lines, 'the Price lines panel');
      await fitsTheScreen(page, 'the Price lines panel open');
      await page.keyboard.press('Escape');
      await expect(lines).toHaveCount(0);

      // Escape closes the menu too, and gives the focus back to its button.
      await page.keyboard.press('Escape');
      await expect(tools).toBeHidden();
      await expect(more).toBeFocused();
    });

    test("the pool header: the pool's figures folded behind a disclosure, a tap away", async ({
      page,
    }) => {
      // Slow on a busy machine (the chart's first candles), not a measure of the page.
      test.setTimeout(120_000);
      await page.goto(`/pools/evm/1/${UNISWAP}`);
      // Hydrated (the chart is drawn by the page's script), so the button answers a tap.
      await expect(chart(page)).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
      const summary = page.getByRole('region', { name: 'Pool summary' });
      await expect(summary.getByTestId('pool-price')).toContainText('$');
      const figures = summary.getByRole('button', { name: 'Figures' });
      await expect(figures).toHaveAttribute('aria-expanded', 'false');
      // Folded: the figures, the quote token's price and the note on their sources take no room.
      await expect(summary.getByText('Liquidity', { exact: true })).toBeHidden();
      await expect(page.getByTestId('snapshot-note')).toBeHidden();
      // The disclosure sits on the row of the changes, on the screen.
      const changes = (await summary
        .locator('dl[aria-label="Price change, hourly snapshot"]')
        .boundingBox())!;
      const button = (await figures.boundingBox())!;
      expect(button.x + button.width).toBeLessThanOrEqual(width);
      expect(Math.abs(button.y + button.height - (changes.y + changes.height))).toBeLessThan(24);

      await figures.click();
      await expect(figures).toHaveAttribute('aria-expanded', 'true');
      for (const label of ['Liquidity', 'Volume 24h', 'USDC price'])
        await expect(summary.getByText(label, { exact: true })).toBeAttached();
      await expect(summary.getByText('Liquidity', { exact: true })).toBeVisible();
      await expect(page.getByTestId('snapshot-note')).toBeVisible();
      await fitsTheScreen(page, 'the pool figures unfolded');
      await figures.click();
      await expect(page.getByTestId('snapshot-note')).toBeHidden();
    });

    test('Pools with a watchlist is no wider than the screen, and the palette opens centred', async ({
      page,
    }) => {
      await page.goto('/pools');
      const featured = page.getByRole('table', { name: 'Featured pools' });
      // Starred from the featured list itself.
      await featured.getByRole('button', { name: 'Watch WETH/USDC' }).first().click();
      await featured.getByRole('button', { name: 'Watch SOL/USDC' }).first().click();
      const watched = page.getByRole('table', { name: 'Watched pools' });
      await expect(watched.getByTestId('featured-pool')).toHaveCount(2);
      await expect(watched.getByTestId('featured-price').first()).toContainText(/\$/);
      await fitsTheScreen(page, 'Pools with a watchlist');
      await page.reload();
      await expect(watched.getByTestId('featured-pool')).toHaveCount(2);
      await fitsTheScreen(page, 'Pools with a watchlist, reloaded');

      await page.getByRole('button', { name: /command palette/i }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      const box = (await dialog.boundingBox())!;
      const left = box.x;
      const right = width - (box.x + box.width);
      expect(Math.abs(left - right)).toBeLessThanOrEqual(2);
      await fitsTheScreen(page, 'the palette open');
    });
  });
}
