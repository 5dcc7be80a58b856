import { expect, test, type Page } from '@playwright/test';
import { appUrl } from './support/env';

const UNISWAP = '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640';
const POOL_PAGE = `/pools/evm/1/${UNISWAP}`;
const chart = (page: Page) => page.getByTestId('candle-chart');
const studyRows = (page: Page) => page.getByTestId('legend-study');

/** A legend row's numbers (`EMA 20 3,701.12` -> [3701.12]). */
async function numbers(page: Page, label: RegExp): Promise<number[]> {
  const text = (await studyRows(page).filter({ hasText: label }).textContent()) ?? '';
  return [...text.replace(label, '').matchAll(/-?[\d,]+\.\d+/g)].map((m) =>
    Number(m[0].replace(/,/g, '')),
  );
}

test.describe('indicators on the pool chart', () => {
  test('adding EMA 20 and RSI 14 shows them in the legend and an RSI pane, and the URL carries them', async ({
    page,
  }) => {
    await page.goto(POOL_PAGE);
    await expect(chart(page)).toHaveAttribute('data-state', 'ready');
    // One pane: the price, the volume under it.
    await expect(chart(page)).toHaveAttribute('data-panes', '1');
    await expect(chart(page)).toHaveAttribute('data-volume', 'shown');

    await page.getByRole('button', { name: 'Indicators' }).click();
    await page.getByRole('button', { name: '+ EMA' }).click();
    await page.getByRole('button', { name: '+ RSI' }).click();

    await expect(page).toHaveURL(/[?&]studies=ema%3A20%2Crsi%3A14(&|$)/);
    await expect(chart(page)).toHaveAttribute('data-studies', 'ema:20,rsi:14');
    // RSI has a pane of its own; the EMA is drawn on the price.
    await expect(chart(page)).toHaveAttribute('data-panes', '2');
    await expect(studyRows(page)).toHaveCount(2);
    await expect(studyRows(page).nth(0)).toContainText('EMA 20');
    await expect(studyRows(page).nth(1)).toContainText('RSI 14');

    // Values that make sense: the EMA near the price, the RSI between 0 and 100.
    const close = Number(
      ((await chart(page).getAttribute('data-last')) ?? '').split(':')[1] ?? Number.NaN,
    );
    const [ema] = await numbers(page, /EMA 20/);
    expect(Math.abs((ema ?? 0) - close) / close).toBeLessThan(0.05);
    const [rsi] = await numbers(page, /RSI 14/);
    expect(rsi).toBeGreaterThanOrEqual(0);
    expect(rsi).toBeLessThanOrEqual(100);

    // A live candle moves them (the last bar's values are updated in place, not recomputed).
    const before = await chart(page).getAttribute('data-last');
    await expect(chart(page)).not.toHaveAttribute('data-last', before ?? '', { timeout: 10_000 });
    await expect(studyRows(page).nth(1)).toContainText(/RSI 14 \d+\.\d\d/);

    // A period is settable; the link keeps it.
    await page.getByLabel('EMA period').fill('50');
    await page.getByLabel('EMA period').press('Enter');
    await expect(page).toHaveURL(/studies=ema%3A50%2Crsi%3A14/);
    await expect(studyRows(page).nth(0)).toContainText('EMA 50');

    // The link opens the same chart.
    await page.reload();
    await expect(chart(page)).toHaveAttribute('data-state', 'ready');
    await expect(chart(page)).toHaveAttribute('data-studies', 'ema:50,rsi:14');
    await expect(chart(page)).toHaveAttribute('data-panes', '2');

    // Removing RSI removes its pane.
    await page.getByRole('button', { name: 'Indicators' }).click();
    await page.getByRole('button', { name: 'Remove RSI 14' }).click();
    await expect(chart(page)).toHaveAttribute('data-panes', '1');
    await expect(page).toHaveURL(/studies=ema%3A50(&|$)/);
  });

  test('a hand-edited studies= keeps what it can read; hiding the volume keeps the indicator panes', async ({
    page,
  }) => {
    await page.goto(`${POOL_PAGE}?studies=macd,bogus:3,rsi:1,bb:20,rsi`);
    await expect(chart(page)).toHaveAttribute('data-state', 'ready');
    await expect(chart(page)).toHaveAttribute('data-studies', 'macd,bb:20:2,rsi:14');
    await expect(chart(page)).toHaveAttribute('data-panes', '3');
    await page.getByRole('button', { name: 'Volume' }).click();
    await expect(chart(page)).toHaveAttribute('data-volume', 'hidden');
    await expect(chart(page)).toHaveAttribute('data-panes', '3');
    await expect(chart(page)).toHaveAttribute('data-studies', 'macd,bb:20:2,rsi:14');
    await page.getByRole('button', { name: 'Volume' }).click();
    await expect(chart(page)).toHaveAttribute('data-volume', 'shown');
    await expect(chart(page)).toHaveAttribute('data-panes', '3');
    await expect(studyRows(page)).toHaveCount(3);
  });

  test('with six indicators the legend reads over the candles: it sits on a veil of the panel colour', async ({
    page,
  }) => {
    await page.goto(`${POOL_PAGE}?studies=ema:20,ema:50,bb:20:2,vwap,rsi:14,macd:12:26:9`);
    await expect(chart(page)).toHaveAttribute('data-state', 'ready');
    await expect(studyRows(page)).toHaveCount(6);
    const legend = page.getByTestId('chart-legend');
    // The computed background: `rgba(r, g, b, a)` or `color(srgb r g b / a)`; transparent is alpha 0.
    const alpha = await legend.evaluate((el) => {
      const bg = getComputedStyle(el).backgroundColor;
      if (bg === 'transparent') return 0;
      const slash = /\/\s*([\d.]+)\s*\)$/.exec(bg);
      if (slash) return Number(slash[1]);
      const parts = /^rgba?\(([^)]*)\)$/.exec(bg)?.[1]?.split(',') ?? [];
      return parts.length === 4 ? Number(parts[3]) : parts.length === 3 ? 1 : 0;
    });
    expect(alpha).toBeGreaterThanOrEqual(0.7);
    // Every indicator line is inside that veil (none spills out below it over the candles).
    const box = await legend.boundingBox();
    for (const row of await studyRows(page).all()) {
      const r = await row.boundingBox();
      expect(r && box && r.y + r.height <= box.y + box.height + 0.5).toBe(true);
    }
  });

  test('the widget takes studies= too', async ({ page }) => {
    await page.goto(`${appUrl()}/embed/pools/evm/1/${UNISWAP}?studies=ema:20,rsi:14&info=0`);
    await expect(chart(page)).toHaveAttribute('data-state', 'ready');
    await expect(chart(page)).toHaveAttribute('data-studies', 'ema:20,rsi:14');
    // The price (the volume under it) and the RSI's pane.
    await expect(chart(page)).toHaveAttribute('data-panes', '2');
    await expect(chart(page)).toHaveAttribute('data-volume', 'shown');
    await expect(studyRows(page)).toHaveCount(2);
  });
});
