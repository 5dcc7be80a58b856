import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { placeTrade, watchWallet } from './support/sim-trades';

/**
 * The pool page's chart is streamed after the page's shell and revealed a frame (or up to 300 ms)
 * later; the page may hydrate and re-render first (components/ui/hydrate-apart.tsx). Here the
 * reveal is held 3 s, as a busy machine can hold it, while the trader's stored wallet brings its
 * trades in that time: the page must never hold the chart twice, must keep the chart the server
 * drew (not draw it again), and the trades must still come onto it.
 */
const UNISWAP = '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640';

test('a chart revealed late is the server-drawn one, never shown twice, and takes the trades that came meanwhile', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const trader = `0x${randomBytes(20).toString('hex')}`;
  await watchWallet(context, trader);
  await placeTrade(page.request, {
    chainType: 'ethereum',
    chainId: 1,
    pool: UNISWAP,
    trader,
    side: 'buy',
  });
  await page.addInitScript(() => {
    // React's streaming runtime reveals a streamed boundary at `$RT + 300 ms` once the page has
    // painted (`$RT`, the first paint's time): pinned 2.7 s ahead, the reveal waits 3 s.
    Object.defineProperty(window, '$RT', {
      configurable: true,
      get: () => performance.now() + 2_700,
      set: () => {},
    });
    const w = window as unknown as { chartsAtOnce: number; chartsSeen: number; revealedAt: number };
    w.chartsAtOnce = 0;
    w.chartsSeen = 0;
    w.revealedAt = 0;
    // Every chart element the page ever held, and how many at once; the server's is parsed inside
    // the hidden streamed segment (`<div hidden id="S:…">`).
    new MutationObserver(() => {
      const figures = document.querySelectorAll<HTMLElement & { drawnBy?: string }>(
        'figure[data-testid=candle-chart]',
      );
      w.chartsAtOnce = Math.max(w.chartsAtOnce, figures.length);
      if (!w.revealedAt && figures.length > 0 && !document.querySelector('[hidden][id^="S:"]'))
        w.revealedAt = performance.now();
      for (const f of figures) {
        if (f.drawnBy) continue;
        f.drawnBy = f.closest('[hidden][id^="S:"]') ? 'server' : 'browser';
        w.chartsSeen++;
      }
    }).observe(document, { childList: true, subtree: true });
  });

  await page.goto(`/pools/evm/1/${UNISWAP}?interval=1h`);
  const figure = page.getByTestId('candle-chart');
  await expect(figure).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
  await expect(figure).toHaveAttribute('data-markers', '1', { timeout: 30_000 });
  const seen = await page.evaluate(() => {
    const w = window as unknown as { chartsAtOnce: number; chartsSeen: number; revealedAt: number };
    const shown = document.querySelector<HTMLElement & { drawnBy?: string }>(
      'figure[data-testid=candle-chart]',
    );
    return {
      atOnce: w.chartsAtOnce,
      seen: w.chartsSeen,
      shownBy: shown?.drawnBy ?? null,
      revealedAt: w.revealedAt,
    };
  });
  const { revealedAt, ...charts } = seen;
  // The hold took: the chart came out of its hidden segment 3 s into the page, not at once.
  expect(revealedAt).toBeGreaterThan(2_500);
  expect(charts).toEqual({ atOnce: 1, seen: 1, shownBy: 'server' });
});
