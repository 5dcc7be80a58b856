import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { FOUR, PANCAKE, RAY, UNI } from './support/pools';

const UNKNOWN = '0x0000000000000000000000000000000000000001';
const INTERVAL_SECONDS: Record<string, number> = { '1m': 60, '15m': 900, '1h': 3600, '4h': 14_400 };

const charts = (page: Page) => page.getByTestId('candle-chart');
const cells = (page: Page) => page.getByTestId('desk-cell');

/** Counts the EventSources the page constructs, with their URLs, from before its first script. */
async function countEventSources(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const Native = window.EventSource;
    const opened: string[] = [];
    (window as unknown as { __eventSources: string[] }).__eventSources = opened;
    window.EventSource = class extends Native {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        opened.push(String(url));
      }
    };
  });
}
const eventSources = (page: Page) =>
  page.evaluate(() => (window as unknown as { __eventSources: string[] }).__eventSources);

async function allReady(page: Page, count: number): Promise<void> {
  await expect(charts(page)).toHaveCount(count);
  for (let i = 0; i < count; i++)
    await expect(charts(page).nth(i)).toHaveAttribute('data-state', 'ready');
}

/** The pointer over a chart's price pane, `fraction` of the way across. */
async function hover(chart: Locator, page: Page, fraction: number): Promise<void> {
  const box = await chart.boundingBox();
  if (!box) throw new Error('chart not on screen');
  await page.mouse.move(box.x + box.width * fraction, box.y + box.height * 0.35, { steps: 4 });
}

test.describe('workspace', () => {
  test('four charts open from the URL on one EventSource, move live, and axe finds nothing', async ({
    page,
  }) => {
    await countEventSources(page);
    const response = await page.goto(FOUR);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Workspace' })).toBeVisible();
    await allReady(page, 4);
    await expect(charts(page).nth(0)).toHaveAttribute('data-interval', '15m');
    await expect(charts(page).nth(1)).toHaveAttribute('data-interval', '1h');
    await expect(charts(page).nth(3)).toHaveAttribute('data-interval', '1m');
    // Each cell names its pair and shows its live price.
    await expect(cells(page).nth(0)).toHaveAccessibleName('Chart 1: WETH/USDC');
    await expect(cells(page).nth(0).getByTestId('cell-price')).toHaveText(/\d/);
    await expect(cells(page).nth(3).getByTestId('cell-price')).toHaveText(/\d/);

    // A live candle moves a chart (the 1-minute one's last bar changes within seconds).
    const last = charts(page).nth(3);
    const before = await last.getAttribute('data-last');
    await expect.poll(() => last.getAttribute('data-last'), { timeout: 15_000 }).not.toBe(before);

    // One stream for the tab, carrying the four charts' topics (the same pool twice is two topics).
    const opened = await eventSources(page);
    expect(opened).toHaveLength(1);
    const topics = new URL(opened[0] ?? '', page.url()).searchParams.getAll('topic');
    expect(topics.sort()).toEqual(
      [
        `ohlcv:evm:1:${UNI}:15m`,
        `ohlcv:evm:1:${UNI}:1h`,
        `ohlcv:svm:501:${RAY}:15m`,
        `ohlcv:evm:56:${PANCAKE}:1m`,
      ].sort(),
    );

    const result = await new AxeBuilder({ page }).analyze();
    expect(
      result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  });

  test("a cell's interval is in the URL and a reload keeps the desk", async ({ page }) => {
    await countEventSources(page);
    await page.goto(FOUR);
    await allReady(page, 4);
    await cells(page)
      .nth(1)
      .getByRole('radiogroup', { name: 'Interval' })
      .getByRole('radio', { name: '4h', exact: true })
      .click();
    await expect(charts(page).nth(1)).toHaveAttribute('data-interval', '4h');
    await expect(charts(page).nth(1)).toHaveAttribute('data-state', 'ready');
    await expect(page).toHaveURL(new RegExp(`c=evm:1:${UNI}:15m,evm:1:${UNI}:4h,`));
    const [time] = ((await charts(page).nth(1).getAttribute('data-last')) ?? '').split(':');
    expect(Number(time) % INTERVAL_SECONDS['4h']!).toBe(0);
    // A new topic set reopens the one stream: never a second one alongside it.
    await expect.poll(async () => (await eventSources(page)).length).toBe(2);

    await page.reload();
    await allReady(page, 4);
    await expect(charts(page).nth(1)).toHaveAttribute('data-interval', '4h');
    await expect(charts(page).nth(0)).toHaveAttribute('data-interval', '15m');
    expect(await eventSources(page)).toHaveLength(1);

    // Two charts side by side: the first two stay, Back brings the four again.
    await page
      .getByRole('radiogroup', { name: 'Layout' })
      .getByRole('radio', { name: '2 charts' })
      .click();
    await expect(page).toHaveURL(/layout=2&/);
    await allReady(page, 2);
    await page.goBack();
    await expect(page).toHaveURL(/layout=4&/);
    await allReady(page, 4);
    await expect(charts(page).nth(1)).toHaveAttribute('data-interval', '4h');
  });

  test('the crosshair on one chart is drawn on the others at the same time, as a switch', async ({
    page,
  }) => {
    await page.goto(FOUR);
    await allReady(page, 4);
    const [a, b, d] = [charts(page).nth(0), charts(page).nth(1), charts(page).nth(3)];
    await expect(page.getByRole('button', { name: 'Crosshair' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await hover(a, page, 0.6);
    await expect(a).toHaveAttribute('data-crosshair', /^\d+$/);
    await expect(b).toHaveAttribute('data-crosshair', /^\d+$/);
    const at = Number(await a.getAttribute('data-crosshair'));
    const synced = Number(await b.getAttribute('data-crosshair'));
    // The 1 h bar of chart 2 holds the 15 m bar under the pointer on chart 1.
    expect(synced % INTERVAL_SECONDS['1h']!).toBe(0);
    expect(synced).toBeLessThanOrEqual(at);
    expect(at).toBeLessThan(synced + INTERVAL_SECONDS['1h']!);
    // The 1 m chart holds only recent hours: a minute inside that 15 m bar, or nothing if older.
    const minute = await d.getAttribute('data-crosshair');
    if (minute) {
      expect(Number(minute)).toBeGreaterThanOrEqual(at);
      expect(Number(minute)).toBeLessThan(at + INTERVAL_SECONDS['15m']!);
    }
    // Elsewhere on chart 1: chart 2 follows.
    await hover(a, page, 0.25);
    await expect.poll(async () => Number(await a.getAttribute('data-crosshair'))).toBeLessThan(at);
    await expect
      .poll(async () => Number(await b.getAttribute('data-crosshair')))
      .toBeLessThanOrEqual(synced);
    // Leaving the chart clears the others.
    await page.mouse.move(5, 5);
    await expect(b).toHaveAttribute('data-crosshair', '');

    // Switched off: the others stay clear, and the URL says so.
    await page.getByRole('button', { name: 'Crosshair' }).click();
    await expect(page).toHaveURL(/sync=none/);
    await hover(a, page, 0.5);
    await expect(a).toHaveAttribute('data-crosshair', /^\d+$/);
    await expect(b).toHaveAttribute('data-crosshair', '');
  });

  test('bad cells ask for a pool, an unknown pool says so in its cell; picking one fills it', async ({
    page,
  }) => {
    const response = await page.goto(
      `/workspace?layout=3&c=evm:1:0xbad:1h,evm:1:${UNKNOWN}:1h,evm:1:${UNI}:bogus`,
    );
    expect(response?.status()).toBe(200);
    await expect(page.getByTestId('desk')).toHaveAttribute('data-layout', '4');
    await expect(cells(page)).toHaveCount(4);
    await expect(cells(page).nth(0)).toHaveAttribute('data-status', 'empty');
    await expect(cells(page).nth(0).getByText('Pick a pool for this chart.')).toBeVisible();
    await expect(cells(page).nth(1)).toHaveAttribute('data-status', 'missing');
    await expect(
      cells(page)
        .nth(1)
        .getByText(/No pool 0x0000…0001 exists on EVM chain 1/),
    ).toBeVisible();
    await expect(cells(page).nth(3)).toHaveAttribute('data-status', 'empty');
    // The one good cell, at the default interval.
    await allReady(page, 1);
    await expect(charts(page).first()).toHaveAttribute('data-interval', '15m');
    // The URL now says what the desk shows.
    await expect(page).toHaveURL(new RegExp(`layout=4&c=,evm:1:${UNKNOWN}:1h,evm:1:${UNI}:15m$`));

    await cells(page).nth(0).getByRole('button', { name: 'Pick a pool' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pool of chart 1' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: /WBNB\/USDT|USDT\/WBNB/ }).click();
    await expect(dialog).toBeHidden();
    await allReady(page, 2);
    await expect(page).toHaveURL(new RegExp(`c=evm:56:${PANCAKE}:15m,evm:1:${UNKNOWN}:1h,`));

    // Any pool by its address, from the unknown one's cell; a malformed one is explained first.
    await cells(page).nth(1).getByRole('button', { name: 'Pick another pool' }).click();
    const picker = page.getByRole('dialog', { name: 'Pool of chart 2' });
    await picker.getByLabel('Pool address').fill('0x1234');
    await picker.getByRole('button', { name: 'Show this pool' }).click();
    await expect(picker.getByText(/40 hexadecimal digits/)).toBeVisible();
    await picker.getByLabel('Pool address').fill(UNI);
    await picker.getByRole('button', { name: 'Show this pool' }).click();
    await allReady(page, 3);
    await expect(cells(page).nth(1)).toHaveAccessibleName('Chart 2: WETH/USDC');

    // An empty cell offers the featured pools in one click.
    await cells(page).nth(3).getByRole('button', { name: 'SOL/USDC' }).click();
    await allReady(page, 4);
    await expect(cells(page).nth(3)).toHaveAccessibleName('Chart 4: SOL/USDC');
    await expect(page).toHaveURL(new RegExp(`,svm:501:${RAY}:15m$`));
  });

  test('with time in step, scrolling one chart scrolls the other; switched off, it stays', async ({
    page,
  }) => {
    await page.goto(
      `/workspace?layout=2&c=evm:1:${UNI}:15m,svm:501:${RAY}:15m&sync=crosshair,time`,
    );
    await allReady(page, 2);
    await expect(page.getByRole('button', { name: 'Time' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const [a, b] = [charts(page).nth(0), charts(page).nth(1)];
    const firstBar = async (chart: Locator) =>
      Number(((await chart.getAttribute('data-extent')) ?? '').split(':')[0]);
    const drag = async (dx: number) => {
      const box = await a.boundingBox();
      if (!box) throw new Error('chart not on screen');
      const y = box.y + box.height * 0.4;
      await page.mouse.move(box.x + box.width * 0.3, y);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width * 0.3 + dx, y, { steps: 8 });
      await page.mouse.up();
    };

    const before = await firstBar(b);
    await drag(250);
    // Both pools have a bar every 15 minutes and the charts are as wide: the same view.
    await expect.poll(() => firstBar(b)).toBeGreaterThan(before + 0.05);
    await expect
      .poll(async () => Math.abs((await firstBar(a)) - (await firstBar(b))))
      .toBeLessThan(0.01);

    await page.getByRole('button', { name: 'Time' }).click();
    await expect(page).not.toHaveURL(/sync=/);
    const held = await firstBar(b);
    const leader = await firstBar(a);
    await drag(-200);
    await expect.poll(() => firstBar(a)).toBeLessThan(leader - 0.05);
    expect(await firstBar(b)).toBe(held);
  });

  test('two charts side by side keep each toolbar on one line: Price line and Lines by their icons', async ({
    page,
  }) => {
    await page.goto(FOUR);
    await allReady(page, 4);
    for (let i = 0; i < 4; i++) {
      const cell = cells(page).nth(i);
      // The cell's controls above its chart (the chart's own overlay buttons left out).
      const tops = await cell.locator('button, a').evaluateAll((els) =>
        els
          .filter((e) => !e.closest('figure'))
          .map((e) => e.getBoundingClientRect())
          .filter((r) => r.width > 0)
          .map((r) => Math.round(r.top + r.height / 2)),
      );
      expect(tops.length, `cell ${i + 1}`).toBeGreaterThan(10);
      expect(Math.max(...tops) - Math.min(...tops), `cell ${i + 1}: one line`).toBeLessThanOrEqual(
        2,
      );
      // The words are read out, not shown.
      await expect(cell.getByRole('button', { name: 'Price line' })).toBeVisible();
      await expect(cell.getByRole('button', { name: /^Lines/ })).toBeVisible();
      await expect(cell.getByText('Price line', { exact: true })).toHaveCSS('position', 'absolute');
    }
    // One chart across the page has the room: the words are shown.
    await page.getByRole('radio', { name: '1 chart' }).click();
    await expect(cells(page)).toHaveCount(1);
    await expect(cells(page).getByText('Price line', { exact: true })).not.toHaveCSS(
      'position',
      'absolute',
    );
  });

  test('on a 320 px phone the four charts stack, nothing wider than the screen', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 320, height: 700 });
    await page.goto(FOUR);
    // A chart starts within a quarter of a screen: the lower ones wait for the scroll.
    await expect(charts(page).nth(0)).toHaveAttribute('data-state', 'ready');
    for (const lower of [2, 3]) {
      await expect(charts(page).nth(lower)).toHaveAttribute('data-state', 'loading');
      await expect(charts(page).nth(lower).locator('canvas')).toHaveCount(0);
    }
    // Each starts as the trader scrolls down to it.
    for (const lower of [1, 2, 3]) {
      await cells(page).nth(lower).scrollIntoViewIfNeeded();
      await expect(charts(page).nth(lower)).toHaveAttribute('data-state', 'ready');
    }
    await allReady(page, 4);
    await page.evaluate(() => window.scrollTo(0, 0));
    const boxes = await cells(page).evaluateAll((els) =>
      els.map((e) => {
        const r = e.getBoundingClientRect();
        return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
      }),
    );
    for (let i = 0; i < boxes.length; i++) {
      const box = boxes[i]!;
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(320);
      if (i > 0) expect(box.top).toBeGreaterThanOrEqual(boxes[i - 1]!.bottom);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      320,
    );
  });

  test('an empty URL opens the featured pools, not a blank desk', async ({ page }) => {
    await page.goto('/workspace');
    await allReady(page, 4);
    await expect(page).toHaveURL(/\/workspace\?layout=4&c=evm:1:0x88e6/);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Pools', exact: true })
      .click();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Workspace', exact: true })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Workspace' })).toBeVisible();
  });
  test('a cell keeps its indicators in the link, and shows the price lines of its pool', async ({
    page,
  }) => {
    await page.goto(`/workspace?layout=2&c=evm:1:${UNI}:15m,svm:501:${RAY}:1h`);
    await allReady(page, 2);
    const first = cells(page).nth(0);
    const second = cells(page).nth(1);
    await first.getByRole('button', { name: /^Indicators/ }).click();
    const panel = first.getByRole('group', { name: 'Indicators' });
    await panel.getByRole('button', { name: '+ RSI' }).click();
    await panel.getByRole('button', { name: '+ EMA' }).click();
    await expect(page).toHaveURL(/[?&]s1=rsi:14,ema:20(&|$)/);
    await expect(charts(page).nth(0)).toHaveAttribute('data-studies', 'rsi:14,ema:20');
    // The price (the volume under it) and the RSI's own pane; the other cell keeps none.
    await expect(charts(page).nth(0)).toHaveAttribute('data-panes', '2');
    await expect(first.getByTestId('legend-study')).toHaveCount(2);
    await expect(second.getByTestId('legend-study')).toHaveCount(0);
    // The panel stays within the page.
    const box = (await panel.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);

    await page.reload();
    await allReady(page, 2);
    await expect(charts(page).nth(0)).toHaveAttribute('data-studies', 'rsi:14,ema:20');
    await expect(charts(page).nth(0)).toHaveAttribute('data-panes', '2');
    await expect(first.getByTestId('legend-study').nth(0)).toContainText('RSI 14');
    await expect(first.getByRole('button', { name: 'Indicators: 2 on' })).toBeVisible();

    // A price line drawn in the second cell is that pool's: it is on its pool page too.
    const tool = second.getByRole('button', { name: 'Price line' });
    await expect(tool).toBeEnabled();
    await tool.click();
    await expect(tool).toHaveAttribute('aria-pressed', 'true');
    const chartBox = (await charts(page).nth(1).boundingBox())!;
    await page.mouse.click(chartBox.x + chartBox.width * 0.45, chartBox.y + chartBox.height * 0.35);
    await expect(second.getByRole('button', { name: /^Lines/ })).toHaveText(/Lines · 1/);
    await expect(first.getByRole('button', { name: /^Lines/ })).toHaveText(/^Lines$/);
    await page.goto(`/pools/svm/501/${RAY}`);
    await expect(page.getByRole('button', { name: /^Lines/ })).toHaveText(/Lines · 1/);
  });
});
