import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { MONITORED, search } from './support/tx';

/** The command palette as a trader uses it: Ctrl-K anywhere, type or paste, Enter. */

const UNISWAP = '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640';

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Command palette' });
const field = (page: Page) =>
  dialog(page).getByRole('combobox', { name: /Search tokens, pools, transactions and wallets/ });
const options = (page: Page) => dialog(page).getByRole('option');
const status = (page: Page) => dialog(page).getByRole('status');

async function openPalette(page: Page): Promise<void> {
  // Ctrl-K works once the page has hydrated (the launcher marks its button then).
  await expect(page.locator('button[data-shortcut="on"][aria-haspopup="dialog"]')).toBeAttached();
  await page.keyboard.press('Control+k');
  await expect(dialog(page)).toBeVisible();
  await expect(field(page)).toBeFocused();
}

test('Ctrl-K in a text field opens the palette; "USDC" lists the token; Enter opens its page', async ({
  page,
}) => {
  await page.goto('/pools');
  // Ctrl-K is taken in a field too (the pool page's address field here).
  await page.getByRole('textbox', { name: 'Pool address' }).click();
  await openPalette(page);
  await page.keyboard.type('USDC');
  const first = options(page).first();
  await expect(first).toContainText('USDC', { timeout: 15_000 });
  await expect(first).toContainText('USD Coin');
  await expect(first).toHaveAttribute('aria-selected', 'true');
  // Every token listed is a USDC record; the Markets search for the text closes the list.
  const tokens = dialog(page).getByTestId('palette-token');
  expect(await tokens.count()).toBeGreaterThanOrEqual(2);
  for (const text of await tokens.allTextContents()) expect(text).toContain('USD Coin');
  await expect(dialog(page).getByTestId('palette-search')).toContainText('for “USDC”');

  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/tokens\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('USDC');
  await expect(dialog(page)).toBeHidden();
});

test('the Uniswap WETH/USDC pool address offers the pool first; Enter opens the pool page', async ({
  page,
}) => {
  await page.goto('/');
  await openPalette(page);
  await field(page).fill(UNISWAP);
  const pool = dialog(page).getByTestId('palette-pool');
  await expect(pool).toHaveCount(1, { timeout: 15_000 });
  await expect(pool).toContainText('WETH / USDC 0.05%');
  await expect(pool).toContainText('Ethereum');
  await expect(pool).toHaveAttribute('aria-selected', 'true');
  // The address may also be a wallet: both wallet views are offered below the pool.
  await expect(dialog(page).getByTestId('palette-wallet')).toHaveCount(2);
  await expect(status(page)).toHaveText(/result/);
  await expect(options(page).first()).toHaveAttribute('data-testid', 'palette-pool');

  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/pools/evm/1/${UNISWAP}$`));
  await expect(page.getByRole('heading', { level: 1, name: /WETH\s*\/\s*USDC/ })).toBeVisible();
});

test('"USDC" also lists the featured pools it names; Enter on one opens the pool page', async ({
  page,
}) => {
  const poolReads: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/price/v1/pools?')) poolReads.push(r.url());
  });
  await page.goto('/');
  await openPalette(page);
  await page.keyboard.type('USDC');
  const pools = dialog(page).getByTestId('palette-pool');
  // The Ethereum pool first among the exact USDC pools (featured order), after the USDC tokens.
  await expect(pools.first()).toContainText('WETH / USDC 0.05%', { timeout: 15_000 });
  await expect(pools.first()).toContainText(UNISWAP.slice(0, 6));
  await expect(pools.filter({ hasText: 'SOL / USDC' })).toHaveCount(1);
  await expect(pools.filter({ hasText: 'WBNB' })).toHaveCount(0);
  // The pools' objects are read once, not per keystroke: a pair typed next costs no request.
  const reads = poolReads.length;
  expect(reads).toBeGreaterThan(0);
  expect(reads).toBeLessThanOrEqual(6);
  await field(page).fill('wbnb/usdt');
  await expect(pools.first()).toContainText('WBNB / USDT', { timeout: 15_000 });
  expect(poolReads.length).toBe(reads);

  await field(page).fill('USDC');
  await expect(pools.first()).toContainText('WETH / USDC 0.05%', { timeout: 15_000 });
  for (let i = 0; i < 20; i++) {
    if ((await pools.first().getAttribute('aria-selected')) === 'true') break;
    await page.keyboard.press('ArrowDown');
  }
  await expect(pools.first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/pools/evm/1/${UNISWAP}$`));
  await expect(page.getByRole('heading', { level: 1, name: /WETH\s*\/\s*USDC/ })).toBeVisible();
  // Remembered like a pool found by its address.
  await openPalette(page);
  await expect(dialog(page).getByTestId('palette-recent').first()).toContainText('WETH / USDC');
});

test('a transaction hash the service knows is found on its chain; Enter opens the tx page', async ({
  page,
  request,
}) => {
  const [record] = await search(request, {
    address: MONITORED.ethereum,
    chain_type: 'ethereum',
    limit: 1,
  });
  expect(record?.tx_hash).toMatch(/^0x[0-9a-f]{64}$/i);
  const hash = record!.tx_hash;

  await page.goto('/chains');
  await openPalette(page);
  await field(page).fill(hash);
  const tx = dialog(page).getByTestId('palette-tx');
  await expect(tx).toHaveCount(1, { timeout: 15_000 });
  await expect(tx).toContainText('Ethereum');
  await expect(tx).toContainText(hash.slice(0, 10));
  await expect(status(page)).toHaveText('1 result');

  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/tx/ethereum/1/${hash}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Transaction' })).toBeVisible();
});

test('an unknown hash says it was not found on the chains of its format', async ({ page }) => {
  await page.goto('/fiats');
  await openPalette(page);
  await field(page).fill(`0x${'0123456789abcdef'.repeat(4)}`);
  await expect(status(page)).toHaveText(
    'No transaction with this hash on the 4 chains of its format.',
    { timeout: 15_000 },
  );
  await expect(options(page)).toHaveCount(0);
});

test('a wallet address leads to Wallets, watched live', async ({ page }) => {
  await page.goto('/pools');
  await openPalette(page);
  await field(page).fill(MONITORED.ethereum);
  // No pool and no token has this address: once the look-ups answer, the wallet views lead.
  await expect(status(page)).toHaveText('2 results', { timeout: 15_000 });
  await expect(options(page).first()).toContainText('Watch live');
  await expect(options(page).nth(1)).toContainText('Wallet history');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(
    /\/wallets\?watch=evm%3A0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045$/,
  );
  await expect(page.getByRole('heading', { level: 1, name: 'Wallets' })).toBeVisible();
  await expect(page.getByTestId('watching')).toContainText('0xd8dA');
});

test('recent items come first on reopen, and survive a reload', async ({ page }) => {
  await page.goto('/');
  await openPalette(page);
  await page.keyboard.type('USDC');
  await expect(options(page).first()).toContainText('USD Coin', { timeout: 15_000 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/tokens\/\d+$/);
  const tokenUrl = page.url();

  await openPalette(page);
  await field(page).fill(UNISWAP);
  await expect(dialog(page).getByTestId('palette-pool')).toHaveCount(1, { timeout: 15_000 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/pools\/evm\/1\//);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: /WETH\s*\/\s*USDC/ })).toBeVisible();
  await openPalette(page);
  const recent = dialog(page).getByRole('group', { name: 'Recent' }).getByRole('option');
  await expect(recent).toHaveCount(2);
  await expect(recent.nth(0)).toContainText('WETH / USDC 0.05%');
  await expect(recent.nth(1)).toContainText('USDC');
  // Recent entries lead the whole list, above the pages.
  await expect(options(page).first()).toContainText('WETH / USDC 0.05%');

  // A query keeps the recent entries it matches on top; Arrow keys and Enter open one.
  await page.keyboard.type('usd coin');
  await expect(options(page).first()).toContainText('USDC');
  await expect(dialog(page).getByRole('group', { name: 'Recent' })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(tokenUrl);
});

test('stored recent entries are checked when read back', async ({ page }) => {
  await page.addInitScript(() => {
    const good = {
      kind: 'pool',
      ref: { chainType: 'evm', chainId: 1, address: '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640' },
      name: 'WETH / USDC 0.05%',
      chain: 'Ethereum',
    };
    const bad = [
      { kind: 'token', id: 'javascript:alert(1)', symbol: 'X', name: 'X', chain: 'X' },
      { kind: 'page', href: 'https://evil.example/' },
      { ...good, ref: { ...good.ref, address: '//evil.example' } },
    ];
    localStorage.setItem(
      'pulse-palette',
      JSON.stringify({ state: { recent: [...bad, good] }, version: 1 }),
    );
  });
  await page.goto('/chains');
  await openPalette(page);
  const recent = dialog(page).getByRole('group', { name: 'Recent' }).getByRole('option');
  await expect(recent).toHaveCount(1);
  await expect(recent).toContainText('WETH / USDC 0.05%');
});

test('Escape closes the palette and focus returns; the header button opens it too', async ({
  page,
}) => {
  await page.goto('/chains');
  const search = page.getByRole('combobox', { name: 'Search tokens by name, symbol or address' });
  await search.click();
  await openPalette(page);
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeHidden();
  await expect(search).toBeFocused();

  const button = page.getByRole('button', { name: 'Open the command palette' });
  await button.click();
  await expect(field(page)).toBeFocused();
  // The page behind the modal dialog is inert: Tab reaches nothing of it.
  await page.keyboard.press('Tab');
  expect(
    await page.evaluate(
      () =>
        !document.activeElement ||
        document.activeElement === document.body ||
        !!document.activeElement.closest('dialog'),
    ),
  ).toBe(true);
  // Ctrl-K again closes it.
  await page.keyboard.press('Control+k');
  await expect(dialog(page)).toBeHidden();
  await expect(button).toBeFocused();
});

test('pages and the theme are commands', async ({ page }) => {
  await page.goto('/');
  await openPalette(page);
  await page.keyboard.type('sett');
  await expect(options(page).first()).toContainText('Settings');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/settings$/);

  await openPalette(page);
  await page.keyboard.type('light');
  await expect(options(page).first()).toContainText('Switch to light theme');
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
});

test('axe finds nothing in the open palette, in both themes', async ({ page }) => {
  await page.goto('/pools');
  await openPalette(page);
  await page.keyboard.type('usdc');
  await expect(dialog(page).getByTestId('palette-token').first()).toBeVisible({ timeout: 15_000 });
  const check = async () => {
    const result = await new AxeBuilder({ page }).analyze();
    const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
      [],
    );
  };
  await check();
  await field(page).fill(UNISWAP);
  await expect(dialog(page).getByTestId('palette-pool')).toHaveCount(1, { timeout: 15_000 });
  await check();

  await page.keyboard.press('Escape');
  await openPalette(page);
  await page.keyboard.type('light');
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await openPalette(page);
  await check();
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the header icon opens the palette full width; a tapped pool opens', async ({ page }) => {
    await page.goto('/wallets');
    await page.getByRole('button', { name: 'Open the command palette' }).click();
    await expect(field(page)).toBeFocused();
    const box = await dialog(page).boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(box!.width).toBeGreaterThan(360);
    await field(page).fill(UNISWAP);
    const pool = dialog(page).getByTestId('palette-pool');
    await expect(pool).toContainText('WETH / USDC', { timeout: 15_000 });
    await pool.click();
    await expect(page).toHaveURL(new RegExp(`/pools/evm/1/${UNISWAP}$`));
  });
});
