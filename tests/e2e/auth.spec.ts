import { ADMIN_PASSWORD as PASSWORD, WEBHOOK_SECRET, expect, test } from './support/admin';
import { MONITORED } from './support/tx';

/**
 * A deployment with DASHBOARD_PASSWORD (and WEBHOOK_SECRET): reading is open, every change needs the
 * admin session, on the pages and on the gateway routes alike.
 */
const ADDRESS = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';
const addBody = { wallets: [{ chain_type: 'ethereum', address: [ADDRESS] }] };

test.describe.configure({ mode: 'serial' });

test('without a session, changes are refused (401) on the gateway and the pages show read-only', async ({
  page,
  request,
  admin,
}) => {
  const origin = { origin: admin.url };
  for (const [method, path, data] of [
    ['POST', '/api/tx/v1/addresses', addBody],
    ['POST', '/api/tx/v1/addresses/batch-delete', addBody],
    ['PATCH', '/api/tx/v1/addresses', { chain_type: 'ethereum', adds: [ADDRESS] }],
    ['PUT', '/api/tx/v1/app/config', { ws_ack_resend_interval_seconds: 31 }],
    ['POST', '/api/tx/v1/app/webhook/retry', undefined],
    [
      'POST',
      '/api/tx/v1/transaction/ws/replay',
      { type: 'transaction', data: { chain_type: 'ethereum', chain_id: 1, tx_hash: '0x1' } },
    ],
  ] as const) {
    const r = await request.fetch(path, { method, data, headers: origin });
    expect(r.status(), `${method} ${path}`).toBe(401);
    expect(((await r.json()) as { message: string }).message).toBe(
      'Sign in as admin to make changes.',
    );
  }
  // reading stays open
  expect((await request.get('/api/tx/v1/app/config')).status()).toBe(200);
  const contains = await request.post('/api/tx/v1/addresses/contains', {
    data: { chain_type: 'ethereum', address: ADDRESS },
    headers: origin,
  });
  expect(((await contains.json()) as { data: { is_exist: boolean } }).data.is_exist).toBe(false);

  await page.goto('/wallets');
  await expect(page.getByTestId('access')).toHaveAttribute('data-access', 'read-only');
  await expect(page.getByRole('link', { name: 'Sign in to change' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to monitored list' })).toBeDisabled();
  await page.goto('/settings');
  await expect(page.getByRole('button', { name: 'Retry now' })).toBeDisabled();
  // Read-only settings: every control is disabled, with the reason shown (not only Save).
  const form = page.getByRole('form', { name: 'App configuration' });
  await expect(form.getByTestId('read-only-reason')).toContainText('Read-only');
  await expect(form.getByTestId('read-only-reason')).toContainText(/sign in/i);
  for (const field of ['Webhook URL', 'ACK resend interval (seconds)'])
    await expect(form.getByLabel(field)).toBeDisabled();
  for (const name of ['WebSocket push', 'Webhook push', 'Application active'])
    await expect(form.getByRole('switch', { name })).toBeDisabled();
  await expect(form.getByRole('button', { name: 'Save changes' })).toBeDisabled();
});

test('a wrong password is refused; after sign-in changes work, and stop again after sign-out', async ({
  page,
  admin,
}) => {
  const origin = { origin: admin.url };
  await page.goto('/wallets');
  await page.getByRole('link', { name: 'Sign in to change' }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fwallets/);
  await page.getByLabel('Password').fill('wrong');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.locator('#password-error')).toHaveText('Wrong password.');

  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/wallets$/);
  await expect(page.getByTestId('access')).toHaveAttribute('data-access', 'admin');

  const cookie = (await page.context().cookies()).find((c) => c.name === 'pulse_admin');
  expect(cookie?.httpOnly).toBe(true);
  expect(cookie?.sameSite).toBe('Lax');

  const form = page.getByRole('form', { name: 'Add addresses' });
  await form.getByLabel('Addresses').fill(ADDRESS);
  await form.getByRole('button', { name: 'Add to monitored list' }).click();
  await expect(form.getByRole('status')).toHaveText(
    'Added 1 address to the monitored list (ethereum).',
  );
  await expect(
    page
      .locator(`[data-testid="wallet-entry"][data-address="${ADDRESS}"]`)
      .getByTestId('monitored'),
  ).toHaveAttribute('data-state', 'yes');

  // the session cookie does not make a cross-origin change acceptable
  const cross = await page.request.post('/api/tx/v1/addresses', {
    data: addBody,
    headers: { origin: 'https://evil.example' },
  });
  expect(cross.status()).toBe(403);

  const removed = await page.request.post('/api/tx/v1/addresses/batch-delete', {
    data: addBody,
    headers: origin,
  });
  expect(removed.status()).toBe(200);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByTestId('access')).toHaveAttribute('data-access', 'read-only');
  expect(
    (await page.request.post('/api/tx/v1/addresses', { data: addBody, headers: origin })).status(),
  ).toBe(401);
});

test('the webhook receiver checks Sign, deduplicates, and feeds the live feed of this server', async ({
  page,
  request,
}) => {
  await page.goto('/wallets');
  await expect(page.getByTestId('stream-state')).toHaveAttribute('data-live', 'true', {
    timeout: 15_000,
  });
  const hash = `0x${Date.now().toString(16).padStart(64, 'e')}`;
  const tx = {
    chain_type: 'ethereum',
    chain_id: 1,
    height: 1,
    tx_time: Math.floor(Date.now() / 1000),
    tx_hash: hash,
    tx_version: null,
    sender: '0x9Bb33E647f1c7c0A33da41120de341C142D8a547',
    fee_payer: null,
    receiver: MONITORED.ethereum,
    transfer_type: 'native',
    amount: '1234500000000000000',
    symbol: 'ETH',
    decimals: 18,
    tx_status: 'success',
    tx_fee: '21000000000000',
    gas_limit: '21000',
    gas_used: '21000',
    gas_price: '1000000000',
    max_fee_per_gas: '',
    max_priority_fee_per_gas: '',
    nonce: '1',
    method_id: '',
    method_call: '',
    l1_origin_hash: null,
    token_transfers: [],
    from_details: [],
    to_details: [],
    internal_transactions: [],
  };

  const unsigned = await request.post('/api/webhooks/tx', { data: [tx] });
  expect(unsigned.status()).toBe(401);
  const wrong = await request.post('/api/webhooks/tx', { data: [tx], headers: { sign: 'nope' } });
  expect(wrong.status()).toBe(401);
  expect(((await wrong.json()) as { message: string }).message).toMatch(
    /does not match WEBHOOK_SECRET/,
  );

  const ok = await request.post('/api/webhooks/tx', {
    data: [tx, tx],
    headers: { sign: WEBHOOK_SECRET },
  });
  expect(ok.status()).toBe(200);
  expect(await ok.json()).toMatchObject({ received: 2, accepted: 1, duplicates: 1 });
  const again = await request.post('/api/webhooks/tx', {
    data: [tx],
    headers: { sign: WEBHOOK_SECRET },
  });
  expect(await again.json()).toMatchObject({ accepted: 0, duplicates: 1 });

  const row = page.locator(`[data-testid="feed-row"][data-hash="${hash}"]`);
  await expect(row).toHaveCount(1, { timeout: 10_000 });
  await expect(row).toContainText('1.2345');
});
