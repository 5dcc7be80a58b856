import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { placeTrade, watchWallet } from './support/sim-trades';

const UNISWAP = '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640';
const POOL_PAGE = `/pools/evm/1/${UNISWAP}`;
const LABEL = 'Desk A';
const chart = (page: Page) => page.getByTestId('candle-chart');
const card = (page: Page) => page.getByTestId('trade-tooltip');
/** The simulator's next trade in the pool is `trader`'s. */
const TRADE = (trader: string) => ({ chainType: 'ethereum', chainId: 1, pool: UNISWAP, trader });

/** The markers drawn, as the chart lists them: `{time}:{side}:{count}` and where (figure pixels). */
async function markerPoints(figure: Locator) {
  const raw = (await figure.getAttribute('data-marker-points')) ?? '';
  return raw
    .split(' ')
    .filter(Boolean)
    .map((p) => {
      const [id = '', at = ''] = p.split('@');
      const [time = '', side = '', count = ''] = id.split(':');
      const [x = 0, y = 0] = at.split(',').map(Number);
      return { time: Number(time), side, count: Number(count), x, y };
    });
}

/** Hovers the marker of `side` as a trader would, until its card shows (the price axis may rescale meanwhile). */
async function hoverMarker(page: Page, side: 'buy' | 'sell') {
  const figure = chart(page);
  await expect(async () => {
    const marker = (await markerPoints(figure)).find((m) => m.side === side);
    expect(marker, 'a marker is drawn in view').toBeDefined();
    const box = await figure.boundingBox();
    if (!box || !marker) return;
    await page.mouse.move(box.x + marker.x - 40, box.y + marker.y - 60);
    await page.mouse.move(box.x + marker.x, box.y + marker.y, { steps: 4 });
    await expect(card(page)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

test.describe('your trades on the chart', () => {
  test('a monitored address that trades in the pool gets a marker within one live trade; its card names the wallet; it stays through an interval change and a reload', async ({
    browser,
  }) => {
    // A live trade, two hovers, an interval change and a reload on a machine that may be busy.
    test.setTimeout(150_000);
    // A wallet of its own each run: nothing of an earlier run (or retry) can stand in for it.
    const trader = `0x${randomBytes(20).toString('hex')}`;
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await watchWallet(context, trader, { label: LABEL });
    const page = await context.newPage();
    await page.goto(POOL_PAGE);
    const figure = chart(page);
    await expect(figure).toHaveAttribute('data-state', 'ready');
    await expect(page.getByTestId('chart-live')).toBeVisible();
    // No trade of this wallet yet: no marker.
    expect(Number((await figure.getAttribute('data-markers')) ?? '0')).toBe(0);

    // The wallet trades in the pool (the simulator's next trade of it is this wallet's).
    const data = await placeTrade(page.request, TRADE(trader));

    // Live: the trade arrives over the stream and becomes a marker, without a reload.
    await expect(figure).toHaveAttribute('data-markers', '1', { timeout: 20_000 });
    const [marker] = await markerPoints(figure);
    const side = marker?.side as 'buy' | 'sell';
    expect(['buy', 'sell']).toContain(side);
    // On the 15-minute candle that holds the trade, standing for one trade.
    expect(marker?.time).toBe(Math.floor(data.tx_time / 900) * 900);
    expect(marker?.count).toBe(1);

    await hoverMarker(page, side);
    const tip = card(page);
    await expect(tip).toContainText(LABEL);
    await expect(tip).toContainText(side === 'buy' ? 'Buy' : 'Sell');
    await expect(tip).toContainText(/WETH/);
    await expect(tip.getByRole('link', { name: /Transaction/ })).toHaveAttribute(
      'href',
      `/tx/ethereum/1/${data.tx_hash}`,
    );
    const axe = await new AxeBuilder({ page }).include('[data-testid="candle-chart"]').analyze();
    expect(
      axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`),
    ).toEqual([]);

    // Another interval: the marker moves to the hourly candle that holds the trade.
    await page.mouse.move(5, 5);
    await page
      .getByRole('radiogroup', { name: 'Interval' })
      .getByRole('radio', { name: '1h' })
      .click();
    await expect(figure).toHaveAttribute('data-interval', '1h');
    await expect(figure).toHaveAttribute('data-state', 'ready');
    await expect(figure).toHaveAttribute('data-markers', '1');
    await expect
      .poll(async () => {
        const [m] = await markerPoints(figure);
        return m ? `${m.time}:${m.side}` : null;
      })
      .toBe(`${Math.floor(data.tx_time / 3600) * 3600}:${side}`);
    await hoverMarker(page, side);
    await expect(card(page)).toContainText(LABEL);

    // History: after a reload the trade comes from the service, not from the stream.
    await page.reload();
    await expect(figure).toHaveAttribute('data-state', 'ready');
    await expect(figure).toHaveAttribute('data-markers', '1');
    await context.close();
  });

  test('the widget with markers=1 draws the trades of the addresses its URL names', async ({
    page,
  }) => {
    const trader = `0x${randomBytes(20).toString('hex')}`;
    const data = await placeTrade(page.request, TRADE(trader));
    // Wait until the trade is in the pool's trades (history, not the stream, brings it here).
    await expect
      .poll(
        async () => {
          const list = await page.request.get(
            `/api/tx/v1/dex-pools/${UNISWAP}/trades?chainType=ethereum&chainId=1&limit=10`,
          );
          const body = (await list.json()) as { data: { items: { tx_hash: string }[] } };
          return body.data.items.some((t) => t.tx_hash === data.tx_hash);
        },
        { timeout: 15_000 },
      )
      .toBe(true);

    // Without markers=1 the addresses are not used.
    await page.goto(`/embed/pools/evm/1/${UNISWAP}?wallets=${trader}`);
    await expect(chart(page)).toHaveAttribute('data-state', 'ready');
    expect(await chart(page).getAttribute('data-markers')).toBeNull();

    await page.goto(`/embed/pools/evm/1/${UNISWAP}?markers=1&wallets=${trader},not-an-address`);
    await expect(chart(page)).toHaveAttribute('data-state', 'ready');
    await expect(chart(page)).toHaveAttribute('data-markers', '1', { timeout: 15_000 });
    const [marker] = await markerPoints(chart(page));
    await hoverMarker(page, marker?.side as 'buy' | 'sell');
    // No labels in the widget (it has no storage): the address, shortened.
    await expect(card(page)).toContainText(`${trader.slice(0, 6)}…${trader.slice(-4)}`);
    await expect(card(page).getByRole('link', { name: /Transaction/ })).toHaveAttribute(
      'href',
      `/tx/ethereum/1/${data.tx_hash}`,
    );
  });

  test('a wallet that did not trade in the pool draws no marker', async ({ browser }) => {
    const context = await browser.newContext();
    await watchWallet(context, `0x${randomBytes(20).toString('hex')}`);
    const page = await context.newPage();
    // The wallet's history is asked for once, filtered to the pool's chain and base token (WETH).
    const searched = page.waitForRequest((r) => r.url().endsWith('/api/tx/v1/transfers/search'));
    await page.goto(POOL_PAGE);
    const request = await searched;
    expect(request.postDataJSON()).toMatchObject({
      chain_type: 'ethereum',
      chain_id: 1,
      token: expect.stringMatching(/^0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2$/i),
      limit: 100,
    });
    await (await request.response())?.finished();
    await expect(chart(page)).toHaveAttribute('data-state', 'ready');
    expect(Number((await chart(page).getAttribute('data-markers')) ?? '0')).toBe(0);
    await context.close();
  });
});
