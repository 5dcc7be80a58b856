import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './support/upstream';
import { test as adminTest } from './support/admin';
import { MONITORED, search, txUrl } from './support/tx';

const NEW_ADDRESS = '0x742d35Cc6634C0532925a3b844Bc454e4438f44e';
const SECOND_ADDRESS = '0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B';

async function seriousIssues(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

adminTest.describe('monitored addresses (admin server)', () => {
  adminTest('a valid address is added and listed as monitored', async ({ page, signIn }) => {
    await signIn();
    await page.goto('/wallets');
    const form = page.getByRole('form', { name: 'Add addresses' });
    await form.getByLabel('Chain').selectOption('ethereum');
    await form.getByLabel('Label (optional, one address)').fill('Cold wallet');
    await form.getByLabel('Addresses').fill(NEW_ADDRESS);
    await form.getByRole('button', { name: 'Add to monitored list' }).click();
    await expect(form.getByRole('status')).toHaveText(
      'Added 1 address to the monitored list (ethereum).',
    );

    const entry = page.locator(`[data-testid="wallet-entry"][data-address="${NEW_ADDRESS}"]`);
    await expect(entry).toBeVisible();
    await expect(entry).toContainText('Cold wallet');
    await expect(entry.getByTestId('monitored')).toHaveAttribute('data-state', 'yes');

    // The list is this browser's: it survives a reload, and the service confirms it again.
    await page.reload();
    await expect(entry.getByTestId('monitored')).toHaveAttribute('data-state', 'yes');
    const contains = () =>
      page.request
        .post('/api/tx/v1/addresses/contains', {
          data: { chain_type: 'ethereum', address: NEW_ADDRESS },
        })
        .then(async (r) => ((await r.json()) as { data: { is_exist: boolean } }).data.is_exist);
    expect(await contains()).toBe(true);

    // and removed again (batch-delete), after a confirmation
    await entry.getByRole('button', { name: `Remove ${NEW_ADDRESS}` }).click();
    await entry.getByRole('button', { name: `Confirm removing ${NEW_ADDRESS}` }).click();
    await expect(entry).toHaveCount(0);
    expect(await contains()).toBe(false);
  });

  adminTest(
    'a bad address is refused with a message and nothing is sent; the good ones of a list still go',
    async ({ page, signIn }) => {
      await signIn();
      await page.goto('/wallets');
      const sent: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'POST' && r.url().endsWith('/api/tx/v1/addresses'))
          sent.push(r.postData() ?? '');
      });
      const form = page.getByRole('form', { name: 'Add addresses' });
      await form.getByLabel('Addresses').fill('0x12345');
      await form.getByRole('button', { name: 'Add to monitored list' }).click();
      await expect(form.getByRole('alert')).toContainText(
        '"0x12345" is not a valid ethereum address: an EVM address is 0x followed by 40 hexadecimal digits.',
      );
      expect(sent).toHaveLength(0);

      // a wrong EIP-55 checksum is named too
      const badChecksum = SECOND_ADDRESS.replace('Ab58', 'aB58');
      await form.getByLabel('Addresses').fill(`${badChecksum}\n${SECOND_ADDRESS}`);
      await form.getByRole('button', { name: 'Add to monitored list' }).click();
      await expect(form.getByRole('status')).toHaveText(
        'Added 1 address to the monitored list (ethereum).',
      );
      await expect(form.getByRole('alert')).toContainText('checksum');
      expect(sent).toHaveLength(1);
      expect(JSON.parse(sent[0]!)).toEqual({
        wallets: [{ chain_type: 'ethereum', address: [SECOND_ADDRESS] }],
      });
      // the refused entry stays in the box to be corrected
      await expect(form.getByLabel('Addresses')).toHaveValue(badChecksum);

      // Solana checks Base58 of 32 bytes
      await form.getByLabel('Chain').selectOption('solana');
      await form.getByLabel('Addresses').fill('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdL');
      await form.getByRole('button', { name: 'Add to monitored list' }).click();
      await expect(form.getByRole('alert')).toContainText('not a valid solana address');
      expect(sent).toHaveLength(1);
    },
  );
});

test.describe('read-only deployment', () => {
  test('on a real upstream without DASHBOARD_PASSWORD, changes are refused with how to enable them', async ({
    page,
    request,
    baseURL,
  }) => {
    await page.goto('/wallets');
    await expect(page.getByTestId('access')).toHaveAttribute('data-access', 'disabled');
    await expect(page.getByTestId('access')).toContainText('set DASHBOARD_PASSWORD');
    await expect(page.getByRole('button', { name: 'Add to monitored list' })).toBeDisabled();
    const r = await request.post('/api/tx/v1/addresses', {
      data: { wallets: [{ chain_type: 'ethereum', address: [NEW_ADDRESS] }] },
      headers: { origin: baseURL! },
    });
    expect(r.status()).toBe(403);
    expect(((await r.json()) as { message: string }).message).toMatch(/set DASHBOARD_PASSWORD/);
    // checking stays open
    const form = page.getByRole('form', { name: 'Add addresses' });
    await form.getByLabel('Addresses').fill(MONITORED.ethereum);
    await form.getByRole('button', { name: 'Check' }).click();
    await expect(form.getByRole('status')).toContainText('monitored');
  });
});

test.describe('live feed', () => {
  test('a transaction of a monitored address appears within 15 seconds, without a reload', async ({
    page,
  }) => {
    await page.goto('/wallets');
    const rows = page.getByTestId('feed-row');
    await expect(rows.first()).toBeVisible({ timeout: 15_000 });
    const first = rows.first();
    const shortForms = [...Object.values(MONITORED), NEW_ADDRESS, SECOND_ADDRESS].map(
      (a) => `${a.slice(0, 6)}…${a.slice(-4)}`,
    );
    expect(shortForms).toContain((await first.getByRole('cell').nth(2).textContent())?.trim());
    // Each identity shows once: the rows' keys (hash + reorg mark) are unique.
    await expect.poll(async () => rows.count(), { timeout: 15_000 }).toBeGreaterThan(2);
    const keys = await rows.evaluateAll((els) =>
      els.map(
        (e) =>
          `${e.getAttribute('data-hash')}|${e.textContent?.includes('reorg') ? 'r' : ''}|${e.textContent}`,
      ),
    );
    expect(new Set(keys).size).toBe(keys.length);
    // the monitored wallets it matched join the list
    await expect(page.getByTestId('wallet-entry').first()).toBeVisible();
  });

  test('a wallet the feed matched is named by the chain the feed shows (Base, not "Any EVM chain")', async ({
    page,
  }) => {
    await page.goto('/wallets');
    const feedEntries = page.locator('[data-testid="wallet-entry"][data-source="feed"]');
    await expect.poll(() => feedEntries.count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
    const entries = await feedEntries.evaluateAll((els) =>
      els.map((el) => ({ address: el.getAttribute('data-address'), text: el.textContent ?? '' })),
    );
    for (const e of entries) {
      expect(e.text, e.address ?? '').not.toContain('Any EVM chain');
      expect(e.text).toMatch(/Ethereum|BNB Chain|Base|Arbitrum|Solana|Tron|Bitcoin/);
    }
  });

  test('a reload keeps the rows the live feed showed, in this tab only', async ({ page }) => {
    const hashes = (p: Page) =>
      p.getByTestId('feed-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-hash')));
    await page.goto('/wallets');
    const rows = page.getByTestId('feed-row');
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
    const before = await hashes(page);
    expect(before.length).toBeGreaterThanOrEqual(3);

    await page.reload();
    // Every row shown before the reload is there again (new ones may have joined meanwhile).
    await expect
      .poll(async () => {
        const after = await hashes(page);
        return before.filter((h) => !after.includes(h));
      })
      .toEqual([]);

    // Another tab starts its own feed: the kept feed belongs to the tab it was read in.
    const other = await page.context().newPage();
    await other.goto('/wallets');
    await expect(other.getByRole('tab', { name: 'Live feed' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const otherHashes = await hashes(other);
    expect(before.every((h) => otherHashes.includes(h))).toBe(false);
    await other.close();
  });

  test('pause buffers new transactions and resume shows them; filters live in the URL', async ({
    page,
  }) => {
    await page.goto('/wallets');
    await expect(page.getByTestId('feed-row').first()).toBeVisible({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Pause' }).click();
    const resume = page.getByRole('button', { name: /Resume/ });
    await expect(resume).toContainText(/\d+ new/, { timeout: 15_000 });
    const before = await page.getByTestId('feed-row').count();
    await resume.click();
    await expect.poll(async () => page.getByTestId('feed-row').count()).toBeGreaterThan(before);

    await page
      .getByRole('radiogroup', { name: 'Direction' })
      .getByRole('radio', { name: 'In' })
      .click();
    await expect(page).toHaveURL(/dir=in/);
    await page.locator('#feed-chain').selectOption('bitcoin');
    await expect(page).toHaveURL(/chain=bitcoin/);
    await page.reload();
    await expect(
      page.getByRole('radiogroup', { name: 'Direction' }).getByRole('radio', { name: 'In' }),
    ).toHaveAttribute('aria-checked', 'true');
  });

  test('upstream stopped mid-session: the feed says so and resumes by itself', async ({
    page,
    upstream,
  }) => {
    await page.goto('/wallets');
    await expect(page.getByTestId('stream-state')).toHaveAttribute('data-live', 'true', {
      timeout: 15_000,
    });
    await upstream.stop();
    await expect(page.getByTestId('stream-state')).toHaveAttribute('data-live', 'false', {
      timeout: 20_000,
    });
    await expect(page.getByRole('heading', { level: 1, name: 'Wallets' })).toBeVisible();
    await upstream.start();
    await expect(page.getByTestId('stream-state')).toHaveAttribute('data-live', 'true', {
      timeout: 30_000,
    });
  });
});

test.describe('history', () => {
  test('loads more pages with the cursor, no duplicate, newest first, and exports CSV', async ({
    page,
  }) => {
    await page.goto(`/wallets?tab=history&address=${MONITORED.ethereum}&limit=10`);
    const rows = page.getByTestId('history-row');
    await expect(rows).toHaveCount(10);
    await page.getByRole('button', { name: 'Load more (10 per page)' }).click();
    await expect(rows).toHaveCount(20);
    await page.getByRole('button', { name: 'Load more (10 per page)' }).click();
    await expect(rows).toHaveCount(30);
    const ids = await rows.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-id'))));
    expect(new Set(ids).size).toBe(30);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    await expect(page.getByTestId('history-count')).toHaveText('30 transfers loaded in 3 pages');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV (30)' }).click();
    const file = await download;
    const text = await (
      await file.createReadStream()
    )
      .toArray()
      .then((chunks) => Buffer.concat(chunks as Buffer[]).toString('utf8'));
    expect(text.trim().split('\r\n')).toHaveLength(31);
  });

  test('a shared link with limit=5000 reads 100 a page; a symbol as token contract says it takes an address', async ({
    page,
  }) => {
    await page.goto(`/wallets?tab=history&address=${MONITORED.ethereum}&limit=5000`);
    const form = page.getByRole('form', { name: 'History query' });
    await expect(form.getByLabel('Per page')).toHaveValue('100');
    await expect(page.getByTestId('history-row').first()).toBeVisible();
    expect(await page.getByTestId('history-row').count()).toBeLessThanOrEqual(100);
    await expect(page.getByText(/Limit must be/)).toHaveCount(0);

    await form.getByLabel('Token contract').fill('USDC');
    await form.getByRole('button', { name: 'Load history' }).click();
    await expect(
      form.getByText(/looks like a symbol: this filter takes the token's contract address/),
    ).toBeVisible();
  });

  test('limits are enforced in the form before any call', async ({ page }) => {
    await page.goto('/wallets?tab=history');
    const calls: string[] = [];
    page.on('request', (r) => r.url().includes('/transfers/') && calls.push(r.url()));
    const form = page.getByRole('form', { name: 'History query' });
    await form.getByLabel('Address').fill(MONITORED.ethereum);
    await form.getByLabel('Per page').fill('101');
    await form.getByRole('button', { name: 'Load history' }).click();
    await expect(form.getByText('Limit must be a whole number from 1 to 100.')).toBeVisible();

    await form.getByRole('radio', { name: 'Several chains' }).click();
    await form.getByLabel('Per page').fill('20');
    await form
      .getByLabel(/^Addresses/)
      .fill(Array.from({ length: 21 }, () => MONITORED.ethereum).join('\n'));
    await form.getByRole('button', { name: 'Load history' }).click();
    await expect(form.getByText('At most 20 addresses per group (21 given).')).toBeVisible();
    for (let i = 0; i < 9; i++) await form.getByRole('button', { name: 'Add group' }).click();
    await expect(form.getByRole('button', { name: 'Add group' })).toBeDisabled();
    expect(calls).toHaveLength(0);

    // a valid multi-chain query across two chains
    await page.goto('/wallets?tab=history');
    await form.getByRole('radio', { name: 'Several chains' }).click();
    await form.getByLabel(/^Addresses/).fill(MONITORED.ethereum);
    await form.getByRole('button', { name: 'Add group' }).click();
    await form.getByLabel('Chain', { exact: true }).nth(1).selectOption('solana');
    await form
      .getByLabel(/^Addresses/)
      .nth(1)
      .fill(MONITORED.solana);
    await form.getByRole('button', { name: 'Load history' }).click();
    await expect(page).toHaveURL(/mode=multi/);
    await expect(page.getByTestId('history-row')).toHaveCount(20);
    await expect(
      page.getByTestId('history-row').filter({ hasText: 'Solana' }).first(),
    ).toBeVisible();
  });
});

test.describe('transaction pages', () => {
  test('an EVM transaction: gas, EIP-1559 fees, nonce, L1 origin', async ({ page, request }) => {
    const [tx] = await search(request, {
      address: MONITORED.ethereum,
      chain_type: 'base',
      limit: 1,
    });
    await page.goto(txUrl(tx!));
    await expect(page.getByRole('heading', { level: 1, name: 'Transaction' })).toBeVisible();
    const gas = page
      .locator('section')
      .filter({ has: page.getByRole('heading', { name: 'Gas and call' }) });
    await expect(gas).toContainText('Gas limit');
    await expect(gas).toContainText('Nonce');
    await expect(gas).toContainText('L1 origin');
    await expect(page.getByRole('link', { name: /basescan\.org/ })).toHaveAttribute(
      'href',
      `https://basescan.org/tx/${tx!.tx_hash}`,
    );
    expect(await seriousIssues(page)).toEqual([]);
  });

  test('a Solana transaction: token transfers and instructions with depth', async ({
    page,
    request,
  }) => {
    // A successful one: a failed transaction moves no tokens and runs no inner instructions.
    const txs = await search(request, {
      address: MONITORED.solana,
      chain_type: 'solana',
      tx_type: 'token',
      limit: 20,
    });
    const tx = txs.find((t) => t.tx_status === 'success');
    expect(tx, 'a successful Solana token transfer among the 20 latest').toBeDefined();
    await page.goto(txUrl(tx!));
    const transfers = page.getByRole('table', { name: 'Token transfers' });
    await expect(transfers).toBeVisible();
    // A Solana transfer's own columns, each a column header a screen reader names its cells by.
    await expect(transfers.getByRole('columnheader')).toHaveText([
      'From',
      'To',
      'Amount',
      'Token',
      'Token accounts',
      'Program',
    ]);
    const instructions = page.getByRole('table', { name: 'Instructions' });
    await expect(instructions).toContainText('setComputeUnitLimit');
    await expect(instructions.getByRole('columnheader').nth(1)).toHaveText('Instruction');
    await expect(instructions.locator('tr[data-depth="1"]').first()).toBeVisible();
    await expect(page.getByText('Slot', { exact: true })).toBeVisible();
  });

  test('a Bitcoin transaction: inputs and outputs; refresh bypasses the cache', async ({
    page,
    request,
  }) => {
    const [tx] = await search(request, { address: MONITORED.bitcoin, limit: 1 });
    await page.goto(txUrl(tx!));
    await expect(page.getByRole('table', { name: 'Inputs' })).toBeVisible();
    await expect(
      page.getByRole('table', { name: 'Outputs' }).getByRole('columnheader', { name: 'Amount' }),
    ).toHaveAttribute('scope', 'col');
    await expect(page.getByRole('table', { name: 'Outputs' })).toContainText(
      MONITORED.bitcoin.slice(0, 6),
    );
    const refresh = page.waitForRequest(
      (r) => r.url().includes(`/transactions/${tx!.tx_hash}`) && r.url().includes('no_cache=true'),
    );
    await page.getByRole('button', { name: 'Refresh from origin' }).click();
    await refresh;
    await expect(page.getByText(/Refreshed from the origin/)).toBeVisible();
  });

  test('an unknown hash is a clear 404', async ({ page }) => {
    const response = await page.goto(`/tx/ethereum/1/0x${'ab'.repeat(32)}`);
    expect(response?.status()).toBe(404);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Transaction not found' }),
    ).toBeVisible();
    const bad = await page.goto('/tx/dogechain/1/xyz');
    expect(bad?.status()).toBe(404);
  });

  test('the wallets page has no serious accessibility issue', async ({ page }) => {
    await page.goto('/wallets');
    await expect(page.getByTestId('feed-row').first()).toBeVisible({ timeout: 15_000 });
    expect(await seriousIssues(page)).toEqual([]);
  });
});
