import { randomBytes } from 'node:crypto';
import { expect, test, type BrowserContext, type Locator } from '@playwright/test';
import { simUrl } from './support/env';
import { MONITORED, search, txUrl } from './support/tx';

/**
 * The time-zone preference reaches every page and tool that shows a time. The browser runs in New
 * York, Settings say Asia/Kolkata (UTC+5:30, a zone with a half-hour offset and no daylight saving),
 * and every expectation is computed here from UTC: the three are all different.
 */
test.use({ timezoneId: 'America/New_York' });

const UNISWAP = '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640';
const POOL_PAGE = `/pools/evm/1/${UNISWAP}`;
const IST = 5.5 * 3600;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');

/** An instant on Kolkata's clock, computed from UTC with the fixed offset. */
function ist(sec: number) {
  const d = new Date((sec + IST) * 1000);
  const clock = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  return {
    clock,
    date: `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`,
    hm: `${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}`,
    /** as the trader's tools write a moment (lib/chart/rules/time-format.ts formatMoment) */
    moment: `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${clock} GMT+5:30`,
  };
}

async function inKolkata(context: BrowserContext) {
  await context.addInitScript(() =>
    localStorage.setItem(
      'pulse-prefs',
      JSON.stringify({ state: { theme: 'dark', fiat: 'USD', tz: 'Asia/Kolkata' }, version: 1 }),
    ),
  );
}

test.beforeEach(async ({ context }) => {
  await inKolkata(context);
});

/** The tick labels an axis drew (`data-ticks`: `{time}:{type}`), once it has drawn some. */
async function ticksOf(figure: Locator) {
  await expect(figure).toHaveAttribute('data-ticks', /\d+:3/, { timeout: 20_000 });
  return ((await figure.getAttribute('data-ticks')) ?? '')
    .split(' ')
    .filter(Boolean)
    .map((t) => {
      const [time = 0, type = 0] = t.split(':').map(Number);
      return { time, type };
    });
}

/**
 * The labels away from the newest bars. Where the bar in progress lies far enough past the last
 * round hour, the axis has room to label it too ("14:45" at the right edge, as lightweight-charts
 * does in any zone): that label is the bar's own time, not a sign of the zone's clock. On a
 * 15-minute chart the bar in progress and the one before it are left out.
 */
function settled(ticks: { time: number; type: number }[]) {
  const newest = Math.floor(Date.now() / 1000 / 900) * 900 - 900;
  return ticks.filter((t) => t.time < newest);
}

/** Day marks at Kolkata's midnight, hour labels on its round hours: not UTC's, not New York's. */
function expectKolkataAxis(all: { time: number; type: number }[]) {
  const ticks = settled(all);
  const days = ticks.filter((t) => t.type === 2);
  const times = ticks.filter((t) => t.type === 3);
  expect(times.length).toBeGreaterThan(2);
  for (const t of days) expect((t.time + IST) % 86_400, `day mark ${t.time}`).toBe(0);
  // On a 15-minute chart each label is a whole hour of Kolkata (:30 UTC), never :00 UTC.
  for (const t of times) expect((t.time + IST) % 3_600, `time label ${t.time}`).toBe(0);
  return days.length;
}

async function ready(figure: Locator) {
  await expect(figure).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
}

test('the pool chart: day marks at Kolkata midnight, hour labels on its hours, also after a zone toggle and back', async ({
  page,
}) => {
  await page.goto(`${POOL_PAGE}?interval=15m`);
  const figure = page.getByTestId('candle-chart');
  await ready(figure);
  const days = expectKolkataAxis(await ticksOf(figure));
  // 1,440 px of 15-minute candles span more than a day: its start is marked.
  expect(days).toBeGreaterThanOrEqual(1);

  // UTC from the chart's own toggle: the axis is weighed again, on UTC's hours.
  const zones = page.getByRole('radiogroup', { name: /zone/i });
  await zones.getByRole('radio', { name: 'UTC' }).click();
  await expect
    .poll(async () =>
      settled(await ticksOf(figure))
        .filter((t) => t.type === 3)
        .every((t) => t.time % 3600 === 0),
    )
    .toBe(true);
  await zones.getByRole('radio', { name: 'Calcutta' }).click();
  await expect
    .poll(async () =>
      settled(await ticksOf(figure))
        .filter((t) => t.type === 3)
        .every((t) => (t.time + IST) % 3600 === 0),
    )
    .toBe(true);
});

test('the pool trades, your trades, their markers card and the PNG snapshot name', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const trader = `0x${randomBytes(20).toString('hex')}`;
  await context.addInitScript(
    (address) =>
      localStorage.setItem(
        'pulse-wallets',
        JSON.stringify({
          state: { entries: [{ chainType: 'ethereum', address, addedAt: 1 }], alerts: 'off' },
          version: 1,
        }),
      ),
    trader,
  );
  await page.goto(`${POOL_PAGE}?interval=1h`);
  const figure = page.getByTestId('candle-chart');
  await ready(figure);

  // Recent trades: each time on Kolkata's clock (its title holds the instant in UTC).
  const timed = page.getByRole('table', { name: 'Recent trades' }).locator('tbody td[title]');
  await expect(timed.nth(5)).toBeAttached({ timeout: 60_000 });
  const cells = await timed.evaluateAll((tds) =>
    tds.slice(0, 8).map((td) => ({
      text: td.textContent?.trim() ?? '',
      iso: td.getAttribute('title') ?? '',
    })),
  );
  for (const c of cells) expect(c.text).toBe(ist(Date.parse(c.iso) / 1000).clock);

  // A trade of the watched wallet: its marker's card and the "Your trades" list.
  const r = await page.request.post(
    `${simUrl()}/__sim/pool-trade?chain_type=ethereum&chain_id=1&pool=${UNISWAP}&trader=${trader}`,
  );
  const { data } = (await r.json()) as { data: { tx_time: number } };
  await expect(figure).toHaveAttribute('data-markers', '1', { timeout: 30_000 });
  const when = ist(data.tx_time).moment;
  await page.getByTestId('my-trades-toggle').click();
  await expect(page.getByRole('region', { name: 'Your trades in this pool' })).toContainText(when);
  await page.getByTestId('my-trades-toggle').click();
  await expect(async () => {
    const raw = (await figure.getAttribute('data-marker-points')) ?? '';
    const at = /@(-?\d+),(-?\d+)/.exec(raw);
    const box = await figure.boundingBox();
    if (!at || !box) throw new Error('no marker in view');
    await page.mouse.move(box.x + Number(at[1]) - 40, box.y + Number(at[2]) - 60);
    await page.mouse.move(box.x + Number(at[1]), box.y + Number(at[2]), { steps: 4 });
    await expect(page.getByTestId('trade-tooltip')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByTestId('trade-tooltip')).toContainText(when);
  await page.mouse.move(5, 5);

  // The snapshot's file name: the time on Kolkata's clock when it is taken.
  const before = ist(Date.now() / 1000);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download the chart as PNG' }).click(),
  ]);
  const after = ist(Date.now() / 1000);
  const name = download.suggestedFilename();
  expect([before, after].map((t) => `-${t.date.replace(/-/g, '')}-${t.hm}.png`)).toContainEqual(
    name.slice(name.length - `-00000000-0000.png`.length),
  );
});

test('the Wallets feed and history, a transaction page and /alerts read Kolkata time', async ({
  page,
  request,
}) => {
  await page.goto('/wallets');
  const feed = page.getByTestId('feed-row');
  await expect(feed.nth(2)).toBeAttached({ timeout: 60_000 });
  const shown = await feed.evaluateAll((rows) =>
    rows.slice(0, 5).map((r) => ({
      time: Number(r.getAttribute('data-time')),
      text: r.querySelector('td')?.textContent?.trim() ?? '',
    })),
  );
  for (const s of shown) expect(s.text).toBe(ist(s.time).clock);

  // History of the monitored wallet: date and time in Kolkata, named.
  await page.goto(`/wallets?tab=history&address=${MONITORED.ethereum}&hchain=ethereum`);
  const first = (await search(request, { address: MONITORED.ethereum, chain_type: 'ethereum' }))[0];
  expect(first).toBeDefined();
  const firstTime = (first as unknown as { tx_time: number }).tx_time;
  await expect(
    page.getByText(`${ist(firstTime).date} ${ist(firstTime).clock} GMT+5:30`).first(),
  ).toBeVisible({
    timeout: 20_000,
  });

  // A transaction page.
  await page.goto(txUrl(first!));
  await expect(
    page.getByText(`${ist(firstTime).date} ${ist(firstTime).clock} GMT+5:30`),
  ).toBeVisible();

  // /alerts: created and triggered, on Kolkata's clock.
  const created = Date.UTC(2026, 10, 25, 21, 4, 37);
  const fired = Date.UTC(2026, 10, 25, 22, 30, 5);
  await page.evaluate(
    ({ created, fired, address }) =>
      localStorage.setItem(
        'pulse-alerts',
        JSON.stringify({
          state: {
            entries: [
              {
                id: 'zone1',
                target: { kind: 'pool', chainType: 'evm', chainId: 1, address, label: 'WETH/USDC' },
                price: 3500,
                createdAt: created,
                alert: { condition: 'up', armedAt: created, firedAt: fired, firedPrice: 3501 },
              },
            ],
          },
          version: 1,
        }),
      ),
    { created, fired, address: UNISWAP },
  );
  await page.goto('/alerts');
  const row = page.getByTestId('alert-row');
  await expect(row.getByTestId('alert-created')).toHaveText(ist(created / 1000).moment);
  await expect(row.getByTestId('alert-fired')).toContainText(ist(fired / 1000).moment);
});

test('the workspace and the widget (tz=) put their axes on Kolkata time', async ({ page }) => {
  await page.goto(`/workspace?layout=1&c=evm:1:${UNISWAP}:15m`);
  const chart = page.getByTestId('candle-chart').first();
  await ready(chart);
  expectKolkataAxis(await ticksOf(chart));

  await page.goto(`/embed/pools/evm/1/${UNISWAP}?tz=Asia/Kolkata&interval=15m&trades=1`);
  const widget = page.locator('figure');
  await expect(widget).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
  expectKolkataAxis(await ticksOf(widget));
});
