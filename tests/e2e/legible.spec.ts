import { expect, test, type Page } from '@playwright/test';
import { FOUR, UNI } from './support/pools';

/**
 * Text a phone can read: on a 412 px phone, at most 40 % of a page's text (counted in characters, as
 * Lighthouse's `font-size` audit counts it) is set under 12 px. The dense parts stay small on a
 * desktop (`sm:text-11`); below 640 px the toolbars' buttons and choices are 12 px, so the
 * workspace's four charts do not fail the audit with their toolbars (51 % before, 29 % after).
 */

test.use({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true });

/** Characters of visible text, and those under 12 px, with the biggest small runs for a failure. */
async function textSizes(page: Page) {
  return page.evaluate(() => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    let total = 0;
    let small = 0;
    const runs: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const parent = node.parentElement;
      if (!text || !parent || parent.closest('script, style, noscript, template')) continue;
      const style = getComputedStyle(parent);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      total += text.length;
      if (parseFloat(style.fontSize) < 12) {
        small += text.length;
        runs.push(`${style.fontSize} "${text.slice(0, 24)}"`);
      }
    }
    return { total, small, runs: runs.slice(0, 12) };
  });
}

const PAGES: { name: string; path: string; charts: number }[] = [
  { name: 'Markets', path: '/', charts: 0 },
  { name: 'a pool page', path: `/pools/evm/1/${UNI}`, charts: 1 },
  { name: 'the workspace with four charts', path: FOUR, charts: 4 },
  { name: 'Wallets', path: '/wallets', charts: 0 },
  { name: 'Alerts', path: '/alerts', charts: 0 },
];

for (const p of PAGES) {
  test(`${p.name}: at most 40 % of the text under 12 px on a phone`, async ({ page }) => {
    expect((await page.goto(p.path))?.status()).toBe(200);
    // Settled as Lighthouse reads it: the first chart drawn (a phone's lower workspace cells make
    // theirs when scrolled to), every deferred panel shown, the network quiet.
    const charts = page.getByTestId('candle-chart');
    await expect(charts).toHaveCount(p.charts);
    if (p.charts > 0)
      await expect(charts.first()).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
    await expect(page.locator('[data-deferred]')).toHaveCount(0, { timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    const sizes = await textSizes(page);
    expect(sizes.total).toBeGreaterThan(200);
    const share = sizes.small / sizes.total;
    test.info().annotations.push({
      type: 'text under 12 px',
      description: `${(share * 100).toFixed(1)} % of ${sizes.total} characters`,
    });
    expect(share, sizes.runs.join(', ')).toBeLessThanOrEqual(0.4);
  });
}
