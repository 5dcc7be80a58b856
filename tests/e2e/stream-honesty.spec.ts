import { expect, test } from '@playwright/test';

const UNISWAP = '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640';

test('with /api/stream blocked, every live mark of the pool page turns stale and the status light says so', async ({
  page,
}) => {
  await page.route('**/api/stream**', (route) => route.abort());
  await page.goto(`/pools/evm/1/${UNISWAP}`);
  // The chart loaded its history over HTTP, but its live pushes cannot arrive.
  await expect(page.getByTestId('candle-chart')).toHaveAttribute('data-state', 'ready');
  const chartMark = page.getByTestId('chart-live').getByTestId('freshness');
  await expect(chartMark).toHaveAttribute('data-stale', 'true');
  // Recent trades: loaded over HTTP, not live.
  const trades = page.locator('section', { hasText: 'Recent trades' }).getByTestId('freshness');
  await expect(trades).toHaveAttribute('data-stale', 'true');
  await expect(trades).not.toContainText('live');
  // The big price says it is not moving.
  await expect(page.getByTestId('pool-price-source')).toHaveText('Pool price · stale');
  // The header does not say "live".
  const light = page.getByTestId('status-light');
  await expect(light).toHaveAttribute('data-state', 'degraded');
  await expect(light).toContainText('live stream interrupted');

  // The stream comes back: every mark is live again.
  await page.unroute('**/api/stream**');
  await expect(light).toHaveAttribute('data-state', 'ok', { timeout: 20_000 });
  await expect(page.getByTestId('pool-price-source')).toHaveText('Pool price · live');
  await expect(chartMark).toHaveAttribute('data-stale', 'false', { timeout: 20_000 });
});

test('the widget follows the same rule: with /api/stream blocked its mark turns stale, then live again', async ({
  page,
}) => {
  await page.route('**/api/stream**', (route) => route.abort());
  await page.goto(`/embed/pools/evm/1/${UNISWAP}`);
  const mark = page.getByTestId('freshness');
  // History from the HTML, no live pushes: stale, with the age and a retry.
  await expect(mark).toHaveAttribute('data-stale', 'true', { timeout: 20_000 });
  await expect(mark).toContainText('stale');
  await expect(mark.getByRole('button', { name: 'Retry' })).toBeVisible();
  // Stale because the stream is down, not because ten seconds went by (lib/core/freshness.ts).
  const age = await mark.locator('[data-freshness-age]').innerText();
  expect(Number(/(\d+) s/.exec(age)?.[1] ?? 0), age).toBeLessThan(10);

  await page.unroute('**/api/stream**');
  await expect(mark).toHaveAttribute('data-stale', 'false', { timeout: 20_000 });
  await expect(mark).toContainText('live');
});
