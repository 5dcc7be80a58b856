import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { appUrl } from './support/env';

const UNISWAP = '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640';
const POOL_PAGE = `/pools/evm/1/${UNISWAP}`;
/** WETH/USDC on Base: the same pair on another chain, one of the featured pools. */
const BASE_POOL = 'evm:8453:0xd0b53d9277642d899df5c87a3966a349a798f224';
const chart = (page: Page) => page.getByTestId('candle-chart');
const scaleGroup = (page: Page) => page.getByRole('radiogroup', { name: 'Price scale' });

/** The price axis of the chart's first pane (the library's third cell of its first row). */
const priceAxis = (page: Page): Locator =>
  chart(page).locator('table tr').first().locator('td').nth(2);

/** `key=bars@last` per compared pool, from the figure. */
async function compared(page: Page): Promise<{ key: string; bars: number; last: number }[]> {
  const raw = (await chart(page).getAttribute('data-compare')) ?? '';
  return raw
    .split(',')
    .filter(Boolean)
    .map((entry) => {
      const [key = '', rest = ''] = entry.split('=');
      const [bars = '', last = ''] = rest.split('@');
      return { key, bars: Number(bars), last: last === '' ? Number.NaN : Number(last) };
    });
}

async function axe(page: Page): Promise<void> {
  const result = await new AxeBuilder({ page }).analyze();
  expect(
    result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

test.describe('scales and views of the pool chart', () => {
  test('Log puts the price scale in log mode (other axis labels), the URL keeps it and a reload too', async ({
    page,
  }) => {
    // No live candles: the axis then changes only with the scale.
    await page.route(/\/api\/stream/, (route) => route.abort());
    // Daily bars: a range wide enough for log and linear to label it differently.
    await page.goto(`${POOL_PAGE}?interval=1d`);
    await expect(chart(page)).toHaveAttribute('data-state', 'ready');
    await expect(chart(page)).toHaveAttribute('data-scale', 'linear');
    await expect(scaleGroup(page).getByRole('radio', { name: 'Linear' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    const linear = await priceAxis(page).screenshot();

    await scaleGroup(page).getByRole('radio', { name: 'Log' }).click();
    await expect(chart(page)).toHaveAttribute('data-scale', 'log');
    await expect(page).toHaveURL(/[?&]scale=log(&|$)/);
    await expect
      .poll(async () => (await priceAxis(page).screenshot()).equals(linear), { timeout: 5_000 })
      .toBe(false);

    // Back to linear: the same axis as before, so the difference was the scale's.
    await scaleGroup(page).getByRole('radio', { name: 'Linear' }).click();
    await expect(chart(page)).toHaveAttribute('data-scale', 'linear');
    await expect(page).not.toHaveURL(/scale=/);
    await expect
      .poll(async () => (await priceAxis(page).screenshot()).equals(linear), { timeout: 5_000 })
      .toBe(true);

    // Percent, by keyboard from the group.
    await scaleGroup(page).getByRole('radio', { name: 'Linear' }).focus();
    await page.keyboard.press('ArrowLeft');
    await expect(chart(page)).toHaveAttribute('data-scale', 'pct');
    await expect(page).toHaveURL(/[?&]scale=pct(&|$)/);

    await scaleGroup(page).getByRole('radio', { name: 'Log' }).click();
    await page.reload();
    await expect(chart(page)).toHaveAttribute('data-state', 'ready');
    await expect(chart(page)).toHaveAttribute('data-scale', 'log');
    await expect(scaleGroup(page).getByRole('radio', { name: 'Log' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
  });

  test('Compare adds a live line of another pool in percent; removing it restores the chosen scale', async ({
    page,
  }) => {
    // Long: an accessibility scan, a live candle and a reload on a shared machine.
    test.setTimeout(150_000);
    await page.goto(`${POOL_PAGE}?scale=log`);
    await expect(chart(page)).toHaveAttribute('data-state', 'ready');
    await expect(chart(page)).toHaveAttribute('data-scale', 'log');
    const mainBars = Number(await chart(page).getAttribute('data-bars'));

    await page.getByRole('button', { name: 'Compare' }).click();
    const panel = page.getByRole('group', { name: 'Compare pools' });
    // Suggestions: the featured pools the service knows, other than this one.
    await expect(
      panel.getByRole('list', { name: 'Suggested pools' }).getByRole('button'),
    ).toHaveCount(5);
    await axe(page);
    // A malformed address is explained, and nothing is added.
    await panel.getByLabel('Pool to compare').fill('0x1234');
    await panel.getByRole('button', { name: 'Add' }).click();
    await expect(panel.getByRole('alert')).toContainText('40 hexadecimal digits');
    await expect(page).not.toHaveURL(/compare=/);

    await panel.getByLabel('Pool to compare').fill(BASE_POOL);
    await panel.getByLabel('Pool to compare').press('Enter');
    await expect(page).toHaveURL(new RegExp(`[?&]compare=${encodeURIComponent(BASE_POOL)}(&|$)`));
    // The URL keeps the scale chosen; the chart shows percent while comparing.
    await expect(page).toHaveURL(/[?&]scale=log(&|$)/);
    await expect(chart(page)).toHaveAttribute('data-scale', 'pct');
    await expect(scaleGroup(page).getByRole('radio', { name: '%' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await expect(scaleGroup(page).getByRole('radio', { name: 'Log' })).toBeDisabled();

    // A second series: the other pool's closes over the same window.
    await expect.poll(async () => (await compared(page))[0]?.bars ?? 0).toBeGreaterThan(100);
    const [line] = await compared(page);
    expect(line?.key).toBe(BASE_POOL);
    expect(Math.abs((line?.bars ?? 0) - mainBars)).toBeLessThanOrEqual(2);
    expect(line?.last).toBeGreaterThan(0);

    const row = page.getByTestId('legend-compare');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(/WETH\/USDC/);
    await expect(row).toContainText(/[+-]?\d+\.\d\d%/);
    await expect(page.getByTestId('legend-compare-main')).toContainText(/[+-]?\d+\.\d\d%/);

    // Live: a candle of the compared pool moves its line.
    const before = line?.last;
    await expect
      .poll(async () => (await compared(page))[0]?.last, { timeout: 15_000, intervals: [500] })
      .not.toBe(before);

    // The link opens the same comparison.
    await page.reload();
    await expect(chart(page)).toHaveAttribute('data-state', 'ready');
    await expect(chart(page)).toHaveAttribute('data-scale', 'pct');
    await expect.poll(async () => (await compared(page))[0]?.bars ?? 0).toBeGreaterThan(100);

    await page.getByRole('button', { name: /^Remove WETH\/USDC.* from the comparison$/ }).click();
    await expect(chart(page)).toHaveAttribute('data-compare', '');
    await expect(chart(page)).toHaveAttribute('data-scale', 'log');
    await expect(page).not.toHaveURL(/compare=/);
    await expect(page.getByTestId('legend-compare')).toHaveCount(0);
  });

  test('an unknown or malformed pool to compare says so and never breaks the page', async ({
    page,
  }) => {
    const unknown = 'evm:1:0x00000000000000000000000000000000000000aa';
    const response = await page.goto(
      `${POOL_PAGE}?compare=${unknown},nonsense,evm:1:0xzz,svm:501:%3Cscript%3E`,
    );
    expect(response?.status()).toBe(200);
    await expect(chart(page)).toHaveAttribute('data-state', 'ready');
    const row = page.getByTestId('legend-compare');
    await expect(row).toHaveCount(1);
    await expect(row).toHaveAttribute('data-pool', unknown);
    await expect(row).toContainText('no such pool');
    // Its refused stream topic leaves the main chart live.
    const last = await chart(page).getAttribute('data-last');
    await expect(chart(page)).not.toHaveAttribute('data-last', last ?? '', { timeout: 10_000 });
    // The malformed ones are gone from the URL, the unknown one stays until removed.
    await expect(page).toHaveURL(new RegExp(`compare=${encodeURIComponent(unknown)}$`));
    await row.getByRole('button', { name: /from the comparison/ }).click();
    await expect(page).not.toHaveURL(/compare=/);
  });

  test('the snapshot button downloads a PNG of the chart named after pair, interval and time', async ({
    page,
  }) => {
    await page.goto(`${POOL_PAGE}?interval=1h`);
    await expect(chart(page)).toHaveAttribute('data-state', 'ready');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download the chart as PNG' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^pulse-WETH-USDC-1h-\d{8}-\d{4}\.png$/);
    const png = await readFile((await download.path()) ?? '');
    expect([...png.subarray(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
    // IHDR: the chart's width, and its height plus the title strip.
    const width = png.readUInt32BE(16);
    const height = png.readUInt32BE(20);
    const box = await chart(page).boundingBox();
    expect(width).toBeGreaterThanOrEqual(Math.floor(box?.width ?? 0));
    expect(height).toBeGreaterThan(Math.floor(box?.height ?? 0));
    expect(png.length).toBeGreaterThan(10_000);
    expect(png.length).toBeLessThan(8_000_000);
  });

  test('fullscreen: the button and f on the chart put the chart panel in fullscreen, and leave it', async ({
    page,
  }) => {
    await page.goto(POOL_PAGE);
    await expect(chart(page)).toHaveAttribute('data-state', 'ready');
    const widthBefore = (await chart(page).boundingBox())?.width ?? 0;
    const inFullscreen = () =>
      page.evaluate(() => {
        const el = document.fullscreenElement;
        return el ? el.contains(document.querySelector('[data-testid="candle-chart"]')) : null;
      });

    await page.getByRole('button', { name: 'Fullscreen' }).click();
    await expect.poll(inFullscreen).toBe(true);
    // The chart takes the screen's width (autoSize follows its container).
    await expect
      .poll(async () => (await chart(page).locator('canvas').first().boundingBox())?.width ?? 0)
      .toBeGreaterThan(widthBefore + 200);
    await page.getByRole('button', { name: 'Leave fullscreen' }).click();
    await expect.poll(inFullscreen).toBe(null);

    await chart(page).focus();
    await page.keyboard.press('f');
    await expect.poll(inFullscreen).toBe(true);
    await page.keyboard.press('f');
    await expect.poll(inFullscreen).toBe(null);
  });

  test('the widget takes scale= and the Embed dialog offers it', async ({ page }) => {
    await page.goto(`${appUrl()}/embed/pools/evm/1/${UNISWAP}?scale=log&info=0`);
    await expect(chart(page)).toHaveAttribute('data-state', 'ready');
    await expect(chart(page)).toHaveAttribute('data-scale', 'log');

    await page.goto(`${POOL_PAGE}?scale=pct`);
    await expect(chart(page)).toHaveAttribute('data-state', 'ready');
    await page.getByRole('button', { name: 'Embed' }).click();
    const dialog = page.getByRole('dialog', { name: /Embed the WETH\/USDC chart/ });
    await expect(dialog).toBeVisible({ timeout: 20_000 });
    await expect(
      dialog.getByRole('radiogroup', { name: 'Price scale' }).getByRole('radio', { name: '%' }),
    ).toHaveAttribute('aria-checked', 'true');
    await expect(dialog.getByRole('textbox', { name: 'iframe' })).toHaveValue(/scale=pct/);
  });
});
