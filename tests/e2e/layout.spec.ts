import { expect, test, type Page } from '@playwright/test';

// Element bounds, not screenshots: the page does not scroll sideways, the header's items are on
// screen, and the figures a trader came for are visible.
const UNISWAP = '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640';
const PAGES = [
  '/',
  `/pools/evm/1/${UNISWAP}`,
  '/pools',
  '/wallets',
  '/fiats',
  '/chains',
  '/alerts',
  '/workspace',
  '/settings',
];
const WIDTHS = [320, 390, 1440];

async function noSidewaysScroll(page: Page) {
  const { scroll, inner } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  expect(scroll, 'document wider than the screen').toBeLessThanOrEqual(inner);
}

async function headerOnScreen(page: Page, width: number) {
  const items = page.getByRole('navigation', { name: 'Main' }).getByRole('link');
  await expect(items).toHaveCount(8);
  for (const box of await items.evaluateAll((els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      return { left: r.left, right: r.right, text: e.textContent };
    }),
  )) {
    expect(box.left, box.text ?? '').toBeGreaterThanOrEqual(0);
    expect(box.right, box.text ?? '').toBeLessThanOrEqual(width);
  }
  for (const id of ['fiat-select', 'status-light']) {
    const r = await page.getByTestId(id).boundingBox();
    expect(r, id).not.toBeNull();
    expect(r!.x + r!.width, id).toBeLessThanOrEqual(width);
  }
}

for (const width of WIDTHS) {
  test(`at ${width} px every main page fits the screen and the header is whole`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    for (const path of PAGES) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await noSidewaysScroll(page);
      await headerOnScreen(page, width);
    }
  });
}

for (const width of [320, 390]) {
  test(`Markets at ${width} px: the price of each row is in view, not under the pinned token column`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    const row = page.locator('tbody tr[data-token-id]').first();
    await expect(row.getByTestId('price')).toHaveText(/\$\d/);
    const scroller = await page.getByTestId('token-scroller').boundingBox();
    const pinned = await row.locator('td').first().boundingBox();
    const price = await row.getByTestId('price').boundingBox();
    expect(scroller && pinned && price).toBeTruthy();
    expect(price!.x).toBeGreaterThanOrEqual(pinned!.x + pinned!.width - 1);
    expect(price!.x + price!.width).toBeLessThanOrEqual(scroller!.x + scroller!.width + 1);
    // The symbol names the row even where the full name does not fit, and is never cut itself.
    await expect(row.getByTestId('token-link')).toHaveAttribute('title', /\(BTC\)$/);
    const links = page.locator('tbody tr[data-token-id]').getByTestId('token-link');
    const cut = await links.evaluateAll((els) =>
      els.slice(0, 20).flatMap((el) => {
        const symbol = el.lastElementChild as HTMLElement;
        return el.scrollWidth > el.clientWidth + 1 || symbol.offsetWidth === 0
          ? [el.textContent]
          : [];
      }),
    );
    expect(await links.count()).toBeGreaterThanOrEqual(20);
    expect(cut).toEqual([]);
  });
}

test('Markets at 1440 px: chain names are whole', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  const rows = page.locator('tbody tr[data-token-id]');
  await expect(rows.first().getByTestId('price')).toHaveText(/\$\d/);
  expect(await rows.count()).toBeGreaterThanOrEqual(20);
  const cut = await page
    .locator('tbody tr[data-token-id]')
    .evaluateAll((trs) =>
      trs
        .slice(0, 40)
        .flatMap((tr) =>
          [...tr.querySelectorAll<HTMLElement>('[data-testid="chain-name"]')]
            .filter((el) => el.scrollWidth > el.clientWidth + 1)
            .map((el) => el.textContent),
        ),
    );
  expect(cut).toEqual([]);
  await expect(
    page.getByTestId('chain-name').filter({ hasText: 'BNB Smart Chain' }).first(),
  ).toBeVisible();
});

test('Wallets at 1440 px: the live feed shows every column without scrolling sideways', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/wallets');
  await expect(page.getByTestId('feed-row').first()).toBeVisible({ timeout: 30_000 });
  const scroller = page.getByRole('region', { name: /^Live transactions/ });
  const { scroll, client, table } = await scroller.evaluate((el) => ({
    scroll: el.scrollWidth,
    client: el.clientWidth,
    // its columns' widths (it stretches to the panel where that is wider)
    table: parseFloat(el.querySelector('table')!.style.width),
  }));
  expect(scroll).toBeLessThanOrEqual(client + 1);
  // Headless Chromium hides scroll bars; a desktop browser's vertical one (about 15 px) shows once
  // the feed has filled, and must not push the table into scrolling sideways either.
  expect(table).toBeLessThanOrEqual(client - 15);
});

for (const width of [1440, 390]) {
  test(`Wallets at ${width} px: a long label or address that does not fit ends in an ellipsis, never cut`, async ({
    page,
  }) => {
    const address = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
    await page.addInitScript((a) => {
      localStorage.setItem(
        'pulse-wallets',
        JSON.stringify({
          state: {
            entries: [{ chainType: 'evm', address: a, addedAt: Date.now() }],
            alerts: 'off',
          },
          version: 1,
        }),
      );
      localStorage.setItem(
        'pulse-labels',
        JSON.stringify({
          state: { labels: { [a.toLowerCase()]: 'Treasury multisig — operations wallet 2026' } },
          version: 1,
        }),
      );
    }, address);
    await page.setViewportSize({ width, height: 1200 });
    await page.goto('/wallets');
    const entry = page.locator(`[data-testid="wallet-entry"][data-address="${address}"]`);
    await expect(entry).toContainText('Treasury multisig');
    await expect(entry.getByTestId('monitored')).toHaveAttribute('data-state', 'yes');
    await expect(page.getByTestId('feed-row').first()).toBeVisible({ timeout: 30_000 });
    // A label or address (each carries its whole value in a title) is never cut by a box around
    // it: it fits, or it is itself the box that ends in an ellipsis.
    const clipped = await page
      .locator('[data-testid="wallet-entry"], [data-testid="feed-row"]')
      .evaluateAll((roots) =>
        roots.flatMap((root) =>
          [...root.querySelectorAll<HTMLElement>('[title]')].flatMap((el) => {
            const own = getComputedStyle(el);
            if (own.textOverflow === 'ellipsis' && own.overflowX === 'hidden') return [];
            const right = el.getBoundingClientRect().right;
            for (let a = el.parentElement; a && a !== root.parentElement; a = a.parentElement) {
              const style = getComputedStyle(a);
              if (style.overflowX !== 'visible' && right > a.getBoundingClientRect().right + 1)
                return [`“${el.textContent?.slice(0, 40)}” cut by ${a.tagName}`];
            }
            return [];
          }),
        ),
      );
    expect(clipped).toEqual([]);
    // The label gives way, and the tooltip has it whole with the address.
    await expect(
      entry.getByTitle(`Treasury multisig — operations wallet 2026 · ${address}`),
    ).toBeVisible();
  });
}
