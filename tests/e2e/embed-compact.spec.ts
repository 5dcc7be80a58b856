import { expect, test, type Locator } from '@playwright/test';

/**
 * The embed in a small frame (a 300 × 250 ad slot): pair, price, chart and trades readable and
 * unclipped, one at a time where both do not fit; on a host's own `bg` the text follows its
 * luminance, whatever the theme.
 */

const UNISWAP = '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640';
const EMBED = `/embed/pools/evm/1/${UNISWAP}`;

/** The element's box inside the 300 × 250 viewport, and its text not cut (no overflow). */
async function inView(locator: Locator, viewport = { width: 300, height: 250 }) {
  const box = await locator.boundingBox();
  expect(box, 'element has a box').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width + 0.5);
  expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height + 0.5);
  const cut = await locator.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
  expect(cut, 'text is not clipped').toBe(false);
  return box!;
}

test.describe('in a 300 × 250 slot', () => {
  test.use({ viewport: { width: 300, height: 250 } });

  test('pair, price, chart and trades are all readable, nothing clipped or covered', async ({
    page,
  }) => {
    await page.goto(`${EMBED}?trades=1`);
    const chart = page.getByTestId('candle-chart');
    await expect(chart).toHaveAttribute('data-state', 'ready');
    await expect(page.getByTestId('widget-pair')).toHaveText('WETH/USDC');
    await inView(page.getByTestId('widget-pair'));
    await expect(page.getByTestId('widget-price')).toContainText(/\$[\d,]+\.\d+/);
    const price = await inView(page.getByTestId('widget-price'));
    const pair = await page.getByTestId('widget-pair').boundingBox();
    expect(pair!.x + pair!.width).toBeLessThanOrEqual(price.x);

    // The candles have room, and no legend lies over them.
    const figure = await inView(chart);
    expect(figure.height).toBeGreaterThanOrEqual(100);
    await expect(page.getByTestId('legend-change')).toBeHidden();
    // One row of controls: the interval select and the Chart / Trades switch.
    await inView(page.getByRole('combobox', { name: 'Interval' }));
    const show = page.getByRole('radiogroup', { name: 'Show' });
    await inView(show);

    // Nothing of the widget is outside the frame.
    const page_ = await page.evaluate(() => ({
      w: document.documentElement.scrollWidth,
      h: document.documentElement.scrollHeight,
    }));
    expect(page_).toEqual({ w: 300, h: 250 });

    await show.getByRole('radio', { name: 'Trades' }).click();
    const table = page.getByRole('table', { name: 'Recent trades' });
    await expect(table.locator('tbody tr').first()).toContainText(/Buy|Sell/);
    await expect(chart).toBeHidden();
    // The headers found and read in one pass in the page: the widget writes its table whole on every
    // trade, so a live one may land between two reads of locators, or between finding the table and
    // reading it (the table found is then a detached one, with no boxes).
    const headers = await page.evaluate(() =>
      [...document.querySelectorAll('table[aria-label="Recent trades"] th')]
        .filter((th) => th.getClientRects().length > 0)
        .map((th) => {
          const r = th.getBoundingClientRect();
          return {
            text: th.textContent ?? '',
            left: r.left,
            top: r.top,
            right: r.right,
            bottom: r.bottom,
            cut: th.scrollWidth > th.clientWidth + 1,
          };
        }),
    );
    expect(headers.map((h) => h.text)).toEqual(['Time', 'Type', 'Price', 'WETH']);
    for (const h of headers) {
      expect(h.left, h.text).toBeGreaterThanOrEqual(0);
      expect(h.top, h.text).toBeGreaterThanOrEqual(0);
      expect(h.right, h.text).toBeLessThanOrEqual(300.5);
      expect(h.bottom, h.text).toBeLessThanOrEqual(250.5);
      expect(h.cut, `${h.text} is not clipped`).toBe(false);
    }
    await inView(table.locator('tbody tr').first());
    await inView(page.getByTestId('widget-pair'));

    await show.getByRole('radio', { name: 'Chart' }).click();
    await expect(chart).toBeVisible();
    await expect
      .poll(async () => (await chart.boundingBox())?.height ?? 0)
      .toBeGreaterThanOrEqual(100);

    await page.getByRole('combobox', { name: 'Interval' }).selectOption('1d');
    await expect(chart).toHaveAttribute('data-interval', '1d');
  });

  test('light theme on a dark bg writes light text on it', async ({ page }) => {
    await page.goto(`${EMBED}?theme=light&bg=101418`);
    await expect(page.getByTestId('candle-chart')).toHaveAttribute('data-state', 'ready');
    const ratio = await page.getByTestId('widget-pair').evaluate((el) => {
      const rgb = (s: string) => (s.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
      const lum = ([r, g, b]: number[]) => {
        const c = (v: number) => {
          const s = v / 255;
          return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        };
        return 0.2126 * c(r!) + 0.7152 * c(g!) + 0.0722 * c(b!);
      };
      let node: HTMLElement | null = el as HTMLElement;
      let bg = 'rgba(0, 0, 0, 0)';
      while (node && /rgba\(0, 0, 0, 0\)|transparent/.test(bg)) {
        bg = getComputedStyle(node).backgroundColor;
        node = node.parentElement;
      }
      const a = lum(rgb(getComputedStyle(el).color));
      const b = lum(rgb(bg));
      return { bg, contrast: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05) };
    });
    expect(ratio.bg).toBe('rgb(16, 20, 24)');
    expect(ratio.contrast).toBeGreaterThanOrEqual(4.5);
  });
});
