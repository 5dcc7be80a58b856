import { expect, test, type Page } from '@playwright/test';

/**
 * The Indicators panel as a trader types into it: a period that is not one is refused by the
 * field, with a reason, and the chart keeps the last good one; Escape closes the panel from any of
 * its controls; Bollinger Bands take a width; and the last indicators and scale set are kept for
 * the next pool opened in this browser, unless its link names its own.
 */

const UNISWAP = '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640';
const POOL = `/pools/evm/1/${UNISWAP}`;
const chart = (page: Page) => page.getByTestId('candle-chart');
const panel = (page: Page) => page.getByRole('group', { name: 'Indicators' });
const indicatorsButton = (page: Page) => page.getByRole('button', { name: /^Indicators/ });

/** The numbers of a legend row (`BB 20 2 3,701.12 3,650.00 3,598.88` -> [3701.12, 3650, 3598.88]). */
async function legendNumbers(page: Page, label: string): Promise<number[]> {
  const row = page.getByTestId('legend-study').filter({ hasText: label });
  const text = ((await row.textContent()) ?? '').replace(label, '');
  return [...text.matchAll(/-?[\d,]+\.\d+/g)].map((m) => Number(m[0].replace(/,/g, '')));
}

test.describe('the Indicators panel', () => {
  test('a bad period is named by its field and not applied; the chart keeps the last good one', async ({
    page,
  }) => {
    await page.goto(`${POOL}?studies=ema:20,ema:50,rsi:14`);
    await expect(chart(page)).toHaveAttribute('data-state', 'ready');
    await indicatorsButton(page).click();
    const field = panel(page).getByLabel('EMA period').first();
    for (const [typed, reason] of [
      ['1', /Out of range/],
      ['600', /Out of range/],
      ['-3', /Out of range/],
      ['12.5', /No fractions/],
      ['', /Enter a period/],
      ['50', /EMA 50 is already on the chart/],
    ] as const) {
      await field.fill(typed);
      await field.press('Enter');
      const message = panel(page).getByRole('alert');
      await expect(message, `"${typed}"`).toContainText(reason);
      await expect(message).toContainText('The chart keeps EMA 20.');
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(field).toHaveAccessibleDescription(/The chart keeps EMA 20/);
      await expect(field).toHaveValue(typed);
      await expect(chart(page)).toHaveAttribute('data-studies', 'ema:20,ema:50,rsi:14');
      await expect(page).toHaveURL(/studies=ema%3A20%2Cema%3A50%2Crsi%3A14/);
    }
    // A good one applies at once, the message goes, and the field keeps the focus.
    await field.fill('30');
    await field.press('Enter');
    await expect(chart(page)).toHaveAttribute('data-studies', 'ema:30,ema:50,rsi:14');
    await expect(panel(page).getByRole('alert')).toHaveCount(0);
    await expect(panel(page).getByLabel('EMA period').first()).toBeFocused();
    await expect(page.getByTestId('legend-study').first()).toContainText('EMA 30');
  });

  test('Escape closes the panel from a field, from a remove button, and after a removal', async ({
    page,
  }) => {
    await page.goto(`${POOL}?studies=ema:20,ema:50,rsi:14`);
    await expect(chart(page)).toHaveAttribute('data-state', 'ready');

    await indicatorsButton(page).click();
    await panel(page).getByLabel('EMA period').first().focus();
    await page.keyboard.press('Escape');
    await expect(panel(page)).toHaveCount(0);
    await expect(indicatorsButton(page)).toBeFocused();

    await indicatorsButton(page).click();
    await panel(page).getByRole('button', { name: 'Remove EMA 50' }).focus();
    await page.keyboard.press('Escape');
    await expect(panel(page)).toHaveCount(0);
    await expect(indicatorsButton(page)).toBeFocused();

    // Removed with the keyboard: the button is gone, the focus stays in the panel.
    await indicatorsButton(page).click();
    await panel(page).getByRole('button', { name: 'Remove EMA 50' }).focus();
    await page.keyboard.press('Enter');
    await expect(chart(page)).toHaveAttribute('data-studies', 'ema:20,rsi:14');
    await expect(panel(page).getByRole('button', { name: 'Remove RSI 14' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(panel(page)).toHaveCount(0);

    // And the last one removed (with a click): Escape still closes it.
    await indicatorsButton(page).click();
    await panel(page).getByRole('button', { name: 'Remove EMA 20' }).click();
    await panel(page).getByRole('button', { name: 'Remove RSI 14' }).click();
    await expect(chart(page)).toHaveAttribute('data-studies', '');
    await page.keyboard.press('Escape');
    await expect(panel(page)).toHaveCount(0);
  });

  test('Bollinger Bands take a width in standard deviations; the old bb:20 still reads', async ({
    page,
  }) => {
    await page.goto(`${POOL}?studies=bb:20&interval=1h`);
    await expect(chart(page)).toHaveAttribute('data-state', 'ready');
    await expect(chart(page)).toHaveAttribute('data-studies', 'bb:20:2');
    await expect(page).toHaveURL(/studies=bb%3A20%3A2(&|$)/);
    await expect(page.getByTestId('legend-study')).toContainText('BB 20 2');
    // The legend shows the last bar's bands; their half-width grows with the width asked.
    const [upper2 = 0, middle2 = 0] = await legendNumbers(page, 'BB 20 2');

    await indicatorsButton(page).click();
    const width = panel(page).getByLabel('BB width in standard deviations');
    await expect(width).toHaveValue('2');
    await width.fill('0');
    await width.press('Enter');
    await expect(panel(page).getByRole('alert')).toContainText('The chart keeps BB 20 2.');
    await expect(chart(page)).toHaveAttribute('data-studies', 'bb:20:2');
    await width.fill('3');
    await width.press('Enter');
    await expect(chart(page)).toHaveAttribute('data-studies', 'bb:20:3');
    await expect(page).toHaveURL(/studies=bb%3A20%3A3(&|$)/);
    await expect(page.getByTestId('legend-study')).toContainText('BB 20 3');
    const [upper3 = 0, middle3 = 0] = await legendNumbers(page, 'BB 20 3');
    // 1h candles barely move in a second: the half-widths are in the ratio 3 : 2.
    expect((upper3 - middle3) / (upper2 - middle2)).toBeCloseTo(1.5, 1);

    await page.reload();
    await expect(chart(page)).toHaveAttribute('data-studies', 'bb:20:3');
  });

  test('the last indicators and scale set come back on the next pool opened; a link naming its own wins', async ({
    page,
  }) => {
    await page.goto(POOL);
    await expect(chart(page)).toHaveAttribute('data-state', 'ready');
    await expect(chart(page)).toHaveAttribute('data-studies', '');
    await indicatorsButton(page).click();
    await panel(page).getByRole('button', { name: '+ EMA' }).click();
    await panel(page).getByRole('button', { name: '+ RSI' }).click();
    await page.keyboard.press('Escape');
    await page
      .getByRole('radiogroup', { name: 'Price scale' })
      .getByRole('radio', { name: 'Log' })
      .click();
    await expect(chart(page)).toHaveAttribute('data-scale', 'log');

    // Opened again from Pools: the same tools, and the URL says so.
    await page.goto('/pools');
    await page
      .getByRole('table', { name: 'Featured pools' })
      .getByRole('link', { name: /PEPE/ })
      .click();
    await expect(chart(page)).toHaveAttribute('data-state', 'ready');
    await expect(chart(page)).toHaveAttribute('data-studies', 'ema:20,rsi:14');
    await expect(chart(page)).toHaveAttribute('data-scale', 'log');
    await expect(page).toHaveURL(/studies=ema%3A20%2Crsi%3A14/);
    await expect(page).toHaveURL(/scale=log/);

    // A link that names its indicators shows those (the scale it does not name is remembered).
    await page.goto(`${POOL}?studies=sma:50`);
    await expect(chart(page)).toHaveAttribute('data-state', 'ready');
    await expect(chart(page)).toHaveAttribute('data-studies', 'sma:50');
    await expect(chart(page)).toHaveAttribute('data-scale', 'log');
    // Opening it did not change what is remembered: only what the trader sets does.
    await page.goto(POOL);
    await expect(chart(page)).toHaveAttribute('data-state', 'ready');
    await expect(chart(page)).toHaveAttribute('data-studies', 'ema:20,rsi:14');
  });
});
