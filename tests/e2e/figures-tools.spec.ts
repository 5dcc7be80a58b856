import { randomBytes } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { kolkataMoment, placeTrade, tradeSize, watchWallet } from './support/sim-trades';
import { MONITORED, search, txUrl } from './support/tx';

/**
 * The figures and states a trader checked against the API (issue 24): the dollar price of a
 * WETH-quoted pool, the live feed's order, pool trades beyond the latest 50, your trades across a
 * reload, marker labels and cards, price lines and alerts, /alerts on a phone, the transaction page.
 */
const UNISWAP = '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640';
const PEPE_WETH = '0x11950d141ecb863f01007add7d1a342041227b58';
const WETH = '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2';
const chart = (page: Page) => page.getByTestId('candle-chart');

// Pool pages with live charts on a shared machine: every traced action is slow there.
test.describe.configure({ timeout: 120_000 });

async function ready(figure: Locator) {
  await expect(figure).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
}

/** WETH's live USD quote as the price service gives it now (through the app's gateway). */
async function wethQuote(page: Page): Promise<number> {
  const chains = (await (await page.request.get('/api/price/v1/chains')).json()) as {
    data: { items: { id: number; chain_type: string; chain_id: number }[] };
  };
  const eth = chains.data.items.find((c) => c.chain_type === 'evm' && c.chain_id === 1);
  const tokens = (await (
    await page.request.get(`/api/price/v1/tokens?chain_id=${eth?.id}&address=${WETH}`)
  ).json()) as { data: { items: { id: number }[] } };
  const id = tokens.data.items[0]?.id;
  const quotes = (await (
    await page.request.get(`/api/price/v1/quotes/latest?ids=${id}&fiat=USD`)
  ).json()) as { data: { items: { price: string }[] } };
  return Number(quotes.data.items[0]?.price);
}

test.describe('the figures of a WETH-quoted pool', () => {
  test('the dollar price, the WETH figure and the trades are at the live WETH quote, not the hourly snapshot', async ({
    page,
  }) => {
    await page.goto(`/pools/evm/1/${PEPE_WETH}`);
    await ready(chart(page));
    const price = page.getByTestId('pool-price');
    await expect(price).toHaveAttribute('data-source', 'live');
    await expect(price).toHaveAttribute('data-quote-source', 'live');
    await expect(page.getByTestId('pool-price-source')).toHaveText('Pool price · live');
    const live = await wethQuote(page);
    // The quote the page converts at is the price service's live one (3 s apart at most).
    await expect
      .poll(async () => Math.abs(Number(await price.getAttribute('data-quote-usd')) / live - 1), {
        timeout: 15_000,
      })
      .toBeLessThan(0.003);
    // The header's WETH figure is the same quote, and says where it comes from.
    const figure = page
      .getByRole('region', { name: 'Pool summary' })
      .locator('dl > div')
      .filter({ has: page.getByText('WETH price', { exact: true }) });
    await expect(figure).toHaveAttribute('data-source', 'live');
    const shownWeth = Number(
      ((await figure.getByRole('definition').textContent()) ?? '').replace(/[$,]/g, ''),
    );
    expect(Math.abs(shownWeth / live - 1)).toBeLessThan(0.003);
    await expect(page.getByTestId('snapshot-note')).toContainText('the WETH price: its live quote');

    // A trade's dollar price: its WETH price × the live WETH quote.
    const row = page.getByRole('table', { name: 'Recent trades' }).getByRole('row').nth(1);
    await expect(row).toContainText('$');
    const pool = (await (
      await page.request.get(
        `/api/price/v1/pools?chain_type=evm&chain_id=1&pool_address=${PEPE_WETH}`,
      )
    ).json()) as { data: { quote_token_price_usd: string } };
    expect(Number(pool.data.quote_token_price_usd)).toBeGreaterThan(0);
  });

  test('a workspace cell and the widget price at the live quote too', async ({ page }) => {
    await page.goto(`/workspace?layout=1&c=evm:1:${PEPE_WETH}:15m`);
    await ready(chart(page).first());
    await expect(page.getByTestId('cell-price').first()).toHaveAttribute(
      'data-quote-source',
      'live',
      {
        timeout: 20_000,
      },
    );
    await page.goto(`/embed/pools/evm/1/${PEPE_WETH}`);
    await expect(page.locator('figure')).toHaveAttribute('data-state', 'ready', {
      timeout: 30_000,
    });
    await expect(page.locator('#w-price')).toHaveAttribute('data-quote-source', 'live');
  });
});

test('the live feed is newest first, whatever the order of arrival, and so is its CSV', async ({
  page,
}) => {
  await page.goto('/wallets');
  const rows = page.getByTestId('feed-row');
  await expect(rows.nth(7)).toBeAttached({ timeout: 60_000 });
  const times = await rows.evaluateAll((rs) => rs.map((r) => Number(r.getAttribute('data-time'))));
  expect(times).toEqual([...times].sort((a, b) => b - a));
});

test.describe('pool trades', () => {
  test('older trades load beyond the latest 50, filter by trader, traders lead to their history', async ({
    page,
  }) => {
    await page.goto(`/pools/evm/1/${UNISWAP}`);
    const table = page.getByRole('table', { name: 'Recent trades' });
    const body = table.locator('tbody tr[aria-rowindex]');
    const depth = page.getByTestId('trades-depth');
    // One waiting assertion each (a poll's every call is a traced action, slow on a busy machine).
    await expect(depth).toContainText('the service’s latest 50', { timeout: 60_000 });
    await page.getByRole('button', { name: 'Load older trades' }).click();
    // (the shorter list stays while the whole queue loads: wait for its 100 trades, not the words)
    await expect(depth).toContainText(/^\d{3,} trades: the service’s latest 100/, {
      timeout: 60_000,
    });
    await expect(depth).toContainText("The service keeps a pool's latest 100");
    await expect(page.getByRole('button', { name: 'Load older trades' })).toHaveCount(0);
    // A virtual list: the rows in view (and a few around) are rendered, the table tells how many
    // there are, and scrolling to its end brings the oldest trade.
    const total = Number(/^(\d+) trades/.exec((await depth.textContent()) ?? '')?.[1]);
    expect(total).toBeGreaterThanOrEqual(100);
    expect(Number(await table.getAttribute('aria-rowcount'))).toBeGreaterThanOrEqual(total + 1);
    expect(await body.count()).toBeLessThan(40);
    await table.evaluate((el) => {
      const box = el.parentElement as HTMLElement;
      box.scrollTop = box.scrollHeight;
    });
    // (read in one go: a live trade may add a row meanwhile)
    await expect
      .poll(() =>
        table.evaluate((el) => {
          const rows = el.querySelectorAll('tbody tr[aria-rowindex]');
          const last = rows[rows.length - 1]?.getAttribute('aria-rowindex');
          return last === el.getAttribute('aria-rowcount');
        }),
      )
      .toBe(true);
    await table.evaluate((el) => ((el.parentElement as HTMLElement).scrollTop = 0));

    // A trader's address is a link to its history on the Wallets page.
    const link = body.first().locator('td').nth(6).getByRole('link');
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/wallets\?tab=history&address=0x[0-9a-fA-F]{40}&hchain=ethereum$/);
    const trader = new URLSearchParams(href.split('?')[1]).get('address') ?? '';

    // Filtered by that trader: only their trades stay.
    await page.getByTestId('trader-filter').fill(trader.slice(0, 12));
    await expect(body.first()).toBeAttached();
    const traders = await body.evaluateAll((trs) =>
      trs.map(
        (tr) => tr.querySelectorAll('td')[6]?.querySelector('a')?.getAttribute('title') ?? '',
      ),
    );
    for (const t of traders) expect(t.toLowerCase()).toContain(trader.slice(0, 12).toLowerCase());
    await link.first().click();
    await expect(page).toHaveURL(/\/wallets\?tab=history&address=/);
    await expect(page.getByRole('tab', { name: 'History' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });
});

test.describe('your trades on the chart', () => {
  test("a newcomer who has seen the demo's wallet in the live feed gets its markers; a reload never shows fewer; labels never overlap", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.goto('/wallets');
    await expect(page.getByTestId('feed-row').first()).toBeVisible({ timeout: 30_000 });
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('pulse-seen-wallets') ?? ''), {
        timeout: 30_000,
      })
      .toContain(MONITORED.ethereum);

    await page.goto(`/pools/evm/1/${UNISWAP}?interval=1h`);
    const figure = chart(page);
    await ready(figure);
    const count = async () => Number((await figure.getAttribute('data-markers')) ?? '0');
    await expect(figure).toHaveAttribute('data-markers', /^[1-9]\d*$/, { timeout: 60_000 });
    // The demo wallet's history is paged back as the chart shows: more than one page's worth is
    // not needed to see markers, but they are its trades in this pool.
    const first = await count();
    await page.reload();
    await ready(figure);
    await expect(figure).toHaveAttribute('data-markers', /^[1-9]\d*$/, { timeout: 60_000 });
    expect(await count()).toBeGreaterThanOrEqual(first);

    // No two labels of one side overlap (widths measured in the chart's font).
    const labels = ((await figure.getAttribute('data-marker-labels')) ?? '')
      .split(' ')
      .filter(Boolean)
      .map((l) => {
        const [id = '', rest = ''] = l.split('@');
        const [x = '0', text = ''] = rest.split('=');
        return { side: id.split(':')[1] ?? '', x: Number(x), text: decodeURIComponent(text) };
      });
    expect(labels.length).toBeGreaterThan(0);
    const widths = await page.evaluate(
      (texts) => {
        const ctx = document.createElement('canvas').getContext('2d')!;
        ctx.font = '11px "Inter Variable", ui-sans-serif, system-ui, sans-serif';
        return texts.map((t) => ctx.measureText(t).width);
      },
      labels.map((l) => l.text),
    );
    for (const side of ['buy', 'sell']) {
      const shown = labels
        .map((l, i) => ({ ...l, w: widths[i] ?? 0 }))
        .filter((l) => l.side === side)
        .sort((a, b) => a.x - b.x);
      for (let i = 1; i < shown.length; i++)
        expect(
          shown[i]!.x - shown[i]!.w / 2,
          `${side} labels ${i - 1} and ${i}`,
        ).toBeGreaterThanOrEqual(shown[i - 1]!.x + shown[i - 1]!.w / 2);
    }
  });
});

test.describe('an open card of your trades', () => {
  // The browser in New York, Settings on Kolkata: the card's times are the preference's, not the
  // browser's or UTC's.
  test.use({ timezoneId: 'America/New_York' });

  test('takes a new trade of its candle: both trades, their sides, sizes and times in the Settings zone', async ({
    page,
    context,
  }) => {
    test.setTimeout(240_000);
    const trader = `0x${randomBytes(20).toString('hex')}`;
    await watchWallet(context, trader, { tz: 'Asia/Kolkata' });
    await page.goto(`/pools/evm/1/${UNISWAP}?interval=1h`);
    const figure = chart(page);
    await ready(figure);

    // Both trades go on one hourly candle: with under 150 s left in this hour, the first is
    // placed at the next hour's start (the simulator's test hook), and waited for.
    const nowSec = Date.now() / 1000;
    const left = 3600 - (nowSec % 3600);
    const at = left < 150 ? Math.ceil(nowSec / 3600) * 3600 : 'now';
    const order = {
      chainType: 'ethereum',
      chainId: 1,
      pool: UNISWAP,
      trader,
      side: 'buy',
    } as const;
    const first = await placeTrade(page.request, { ...order, at });
    expect(first.side).toBe('buy');
    await expect(figure).toHaveAttribute('data-markers', '1', {
      timeout: 30_000 + Math.max(0, first.tx_time * 1000 - Date.now()),
    });
    const card = page.getByTestId('trade-tooltip');
    await expect(async () => {
      const point = /@(-?\d+),(-?\d+)/.exec(
        (await figure.getAttribute('data-marker-points')) ?? '',
      );
      const box = await figure.boundingBox();
      if (!point || !box) throw new Error('no marker in view');
      await page.mouse.move(box.x + Number(point[1]) - 40, box.y + Number(point[2]) - 60);
      await page.mouse.move(box.x + Number(point[1]), box.y + Number(point[2]), { steps: 4 });
      await expect(card).toBeVisible({ timeout: 3_000 });
      // Each try is slow on a busy machine (a live chart, a traced pointer): room for several.
    }).toPass({ timeout: 60_000 });
    await expect(card).toContainText('Your trade');
    // The marker's candle (`{open time}:{side}`, the chart's own bucket) holds the first trade.
    const hovered = /^((\d+):buy):1@/.exec((await figure.getAttribute('data-marker-points')) ?? '');
    expect(hovered, 'one buy marker').not.toBeNull();
    const [, bucket = '', open = '0'] = hovered!;
    expect(first.tx_time - Number(open)).toBeGreaterThanOrEqual(0);
    expect(first.tx_time - Number(open)).toBeLessThan(3600);

    // The wallet's second buy while the card is open: on the same candle, the card takes it.
    const second = await placeTrade(page.request, { ...order, at: 'now' });
    expect(second.side).toBe('buy');
    expect(second.tx_time - Number(open), 'the second trade on the same candle').toBeLessThan(3600);
    await expect(figure).toHaveAttribute('data-marker-points', new RegExp(`^${bucket}:2@`), {
      timeout: 30_000,
    });
    await expect(card).toContainText('Your 2 trades');
    // Newest first: each row its side, its size in WETH and its time on Kolkata's clock.
    const rows = card.getByRole('listitem');
    await expect(rows).toHaveCount(2);
    for (const [i, t] of [second, first].entries()) {
      const row = rows.nth(i);
      await expect(row).toContainText('Buy');
      await expect(row).toContainText(`${tradeSize(t.amount, t.decimals)} WETH for`);
      await expect(row.locator('time')).toHaveText(kolkataMoment(t.tx_time));
    }
  });
});

test.describe('price lines and alerts', () => {
  test('a line keeps the chart price, names its unit, and an alert already past its level asks: fire now', async ({
    page,
  }) => {
    await page.goto(`/pools/evm/1/${UNISWAP}`);
    await ready(chart(page));
    const tool = page.getByRole('button', { name: 'Price line' });
    await expect(tool).toBeEnabled();
    await tool.click();
    // The tool's code loads at this first press; a click on the chart counts once it is armed (the
    // button pressed), as a trader sees it. Clicking sooner lost the click on a busy CI run.
    await expect(tool).toHaveAttribute('aria-pressed', 'true');
    const box = (await chart(page).boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.4, box.y + box.height * 0.61);
    const lines = page.getByRole('button', { name: /^Lines/ });
    await expect(lines).toHaveText(/Lines · 1/);
    await lines.click();
    const panel = page.getByRole('group', { name: 'Price lines' });
    const input = panel.getByLabel('Line price in USDC');
    // The chart's own rounding (WETH/USDC: two decimals), never the pixel's 3,550.72982191.
    await expect(input).toHaveValue(/^\d{1,3}(,\d{3})*\.\d{2}$/);

    // A level under the price armed to cross up: said at once, and asked.
    const last = Number((await chart(page).getAttribute('data-last'))?.split(':')[1]);
    await input.fill((last * 0.9).toFixed(2));
    await input.press('Enter');
    await panel.getByLabel(/^Alert for the line/).selectOption('up');
    const ask = panel.getByTestId('already-past');
    await expect(ask).toContainText('The price is already above');
    await expect(ask).toContainText('USDC');
    await ask.getByRole('button', { name: 'Fire now' }).click();
    await expect(panel.getByTestId('line-state')).toContainText(
      /Fired \d\d:\d\d:\d\d at [\d,.]+ USDC/,
    );
    await expect(page.getByRole('status', { name: 'Alerts' }).getByTestId('toast')).toContainText(
      'WETH/USDC is above',
    );
  });

  test('/alerts on a phone: no wider than the screen, State in view, chains by name, units, the palette centred', async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto('/alerts');
    await page.evaluate((address) => {
      const now = Date.now();
      const pool = (id: string, fired: boolean) => ({
        id,
        target: {
          kind: 'pool',
          chainType: 'evm',
          chainId: 1,
          address,
          label: 'WETH/USDC',
          quote: 'USDC',
        },
        price: 3550.73,
        createdAt: now - 60_000,
        alert: {
          condition: 'up',
          armedAt: now - 60_000,
          firedAt: fired ? now - 5_000 : null,
          firedPrice: fired ? 3551.2 : null,
        },
      });
      localStorage.setItem(
        'pulse-alerts',
        JSON.stringify({
          state: {
            entries: [
              pool('a1', false),
              pool('a2', true),
              {
                id: 't1',
                target: { kind: 'token', id: 1, symbol: 'BTC', fiat: 'USD' },
                price: 90_000,
                createdAt: now,
                alert: { condition: 'down', armedAt: now, firedAt: null, firedPrice: null },
              },
            ],
          },
          version: 1,
        }),
      );
    }, UNISWAP);
    await page.reload();
    await expect(page.getByTestId('alert-row')).toHaveCount(3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    const state = page.getByRole('columnheader', { name: 'State' });
    const stateBox = (await state.boundingBox())!;
    expect(stateBox.x + stateBox.width).toBeLessThanOrEqual(390);
    for (const badge of await page
      .getByTestId('alert-row')
      .getByText(/^(Armed|Triggered)$/)
      .all()) {
      const b = (await badge.boundingBox())!;
      expect(b.x + b.width).toBeLessThanOrEqual(390);
    }
    const poolRow = page.getByTestId('alert-row').filter({ hasText: 'WETH/USDC' }).first();
    await expect(poolRow).toContainText('Pool · Ethereum');
    await expect(poolRow).not.toContainText('EVM 1');
    await expect(poolRow.getByTestId('alert-level')).toHaveText('3,550.73 USDC');

    // The palette opens in the middle of the screen.
    await page.keyboard.press('Control+KeyK');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    const d = (await dialog.boundingBox())!;
    expect(Math.abs(d.x + d.width / 2 - 195)).toBeLessThanOrEqual(2);
    await context.close();
  });
});

test('the transaction page names its raw record with a proper heading', async ({
  page,
  request,
}) => {
  const [record] = await search(request, {
    address: MONITORED.ethereum,
    chain_type: 'ethereum',
    limit: 1,
  });
  await page.goto(txUrl(record!));
  await expect(page.getByRole('heading', { name: 'Raw transaction', level: 2 })).toBeVisible();
  await expect(page.getByText('TransactionDetail')).toHaveCount(0);
});
