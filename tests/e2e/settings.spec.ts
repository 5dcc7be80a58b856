import AxeBuilder from '@axe-core/playwright';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ADMIN_PASSWORD, expect, test } from './support/admin';
import { MONITORED } from './support/tx';

/** A webhook target for the simulator: records deliveries, answers 200 or 500 on demand. */
class Receiver {
  deliveries: { sign: string | undefined; body: { tx_hash: string }[] }[] = [];
  failing = false;
  private server: Server | null = null;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req: IncomingMessage, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const sign = req.headers.sign;
        this.deliveries.push({
          sign: Array.isArray(sign) ? sign[0] : sign,
          body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '[]') as { tx_hash: string }[],
        });
        res.statusCode = this.failing ? 500 : 200;
        res.end('{}');
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
  }

  async stop(): Promise<void> {
    await new Promise((resolve) => this.server?.close(resolve));
  }
}

const SECRET = `e2e-webhook-secret-${Date.now()}`;

test.describe.configure({ mode: 'serial' });

test.describe('settings', () => {
  const receiver = new Receiver();
  test.beforeAll(() => receiver.start());
  test.afterAll(async ({ playwright, admin }) => {
    // Leave the shared simulator as the other specs expect it.
    const api = await playwright.request.newContext({ baseURL: admin.url });
    await api.post('/api/auth/login', {
      data: { password: ADMIN_PASSWORD },
      headers: { origin: admin.url },
    });
    await api.put('/api/tx/v1/app/config', {
      headers: { origin: admin.url },
      data: {
        enable_webhook: false,
        webhook_url: null,
        webhook_secret: null,
        ws_ack_resend_interval_seconds: 30,
        is_active: true,
        enable_ws: true,
      },
    });
    await api.dispose();
    await receiver.stop();
  });

  test('invalid values are refused inline, before anything is sent', async ({ page, signIn }) => {
    await signIn();
    await page.goto('/settings');
    const puts: string[] = [];
    page.on('request', (r) => r.method() === 'PUT' && puts.push(r.url()));
    const form = page.getByRole('form', { name: 'App configuration' });
    await form.getByLabel('Webhook URL').fill('not a url');
    await form.getByLabel('ACK resend interval (seconds)').fill('0');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(form.getByText('Enter a full http(s) URL', { exact: false })).toBeVisible();
    await expect(
      form.getByText('A whole number of seconds from 1 to 86,400 (a day).'),
    ).toBeVisible();
    await expect(form.getByLabel('Webhook URL')).toHaveAttribute('aria-invalid', 'true');
    expect(puts).toHaveLength(0);
  });

  test('settings save, survive a reload, and the secret never comes back', async ({
    page,
    signIn,
  }) => {
    await signIn();
    const bodies: string[] = [];
    // Every GET answer is fetched through the test and read before the page gets it.
    await page.route('**/*', async (route) => {
      const request = route.request();
      const url = new URL(request.url());
      if (
        request.method() !== 'GET' ||
        url.pathname === '/api/stream' ||
        url.hostname !== '127.0.0.1'
      )
        return route.continue();
      // A request the page gave up on (it navigated away) reaches no one: nothing to scan.
      const response = await route.fetch({ maxRedirects: 0 }).catch(() => null);
      if (!response) return route.abort().catch(() => undefined);
      bodies.push((await response.body()).toString('latin1'));
      await route.fulfill({ response });
    });
    await page.goto('/settings');
    const form = page.getByRole('form', { name: 'App configuration' });
    await form.getByLabel('Webhook URL').fill(receiver.url);
    await form.getByRole('switch', { name: 'Webhook push' }).click();
    await form.getByLabel('ACK resend interval (seconds)').fill('45');
    await form.getByRole('button', { name: 'Set or rotate' }).click();
    await form.getByLabel('Webhook secret').fill(SECRET);
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(form.getByRole('status')).toContainText(
      'The secret was set; it will not be shown again.',
    );

    await page.reload();
    await expect(form.getByLabel('ACK resend interval (seconds)')).toHaveValue('45');
    await expect(form.getByLabel('Webhook URL')).toHaveValue(receiver.url);
    await expect(form.getByRole('switch', { name: 'Webhook push' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await expect(form.getByTestId('secret-state')).toHaveText(
      'Write-only: the service never returns it.',
    );

    const config = (await (await page.request.get('/api/tx/v1/app/config')).json()) as {
      data: Record<string, unknown>;
    };
    expect(config.data).not.toHaveProperty('webhook_secret');
    expect(config.data.ws_ack_resend_interval_seconds).toBe(45);
    expect(bodies.length).toBeGreaterThan(5);
    expect(bodies.join('\n')).not.toContain(SECRET);
    expect(await page.content()).not.toContain(SECRET);
    // Answers still in flight when the test ends reach no one.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });

  test('"Send test event" fires the feed and the webhook (with Sign); a failing receiver makes delivery retry; "Retry now" shows the result', async ({
    page,
    signIn,
  }) => {
    await signIn();
    await page.goto('/settings');
    const panel = page.getByRole('form', { name: 'Send test event' });
    await panel.getByLabel('Monitored address').fill(MONITORED.ethereum);
    await panel.getByRole('button', { name: 'Send test event' }).click();
    const result = page.getByTestId('test-event-result');
    await expect(result).toContainText('Processed');
    await expect(result).toContainText(/arrived in the live feed after \d+\.\d s/, {
      timeout: 15_000,
    });
    const hash = (await result.getByRole('link').getAttribute('title'))!;
    await expect
      .poll(
        () =>
          receiver.deliveries.some(
            (d) => d.sign === SECRET && d.body.some((t) => t.tx_hash === hash),
          ),
        { timeout: 10_000 },
      )
      .toBe(true);

    receiver.failing = true;
    await panel.getByRole('button', { name: 'Send test event' }).click();
    await expect(page.getByTestId('delivery-status')).toContainText('retrying', {
      timeout: 15_000,
    });

    // Switched off while retrying: the panel says deliveries wait, and how to go on.
    const form = page.getByRole('form', { name: 'App configuration' });
    await form.getByRole('switch', { name: 'Webhook push' }).click();
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByTestId('delivery-paused')).toContainText('Webhook push is off', {
      timeout: 15_000,
    });
    await expect(page.getByTestId('delivery-paused')).toContainText('switched back on');
    await form.getByRole('switch', { name: 'Webhook push' }).click();
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByTestId('delivery-paused')).toHaveCount(0, { timeout: 15_000 });

    // Bounds before anything is sent: a day at most between ACK resends, 16 characters of secret.
    await form.getByLabel('ACK resend interval (seconds)').fill('999999999');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(form.getByText(/from 1 to 86,400/)).toBeVisible();
    await form.getByRole('button', { name: 'Discard' }).click();

    receiver.failing = false;
    await page.getByRole('button', { name: 'Retry now' }).click();
    const retry = page.getByRole('status', { name: 'Retry result' });
    await expect(retry).toContainText('code 0');
    await expect(retry).toContainText('Attempted');
    await expect(page.getByTestId('delivery-status')).toContainText('active', { timeout: 15_000 });
    await expect(page.getByTestId('delivery-pending')).toHaveText('0');
  });

  test('"Send test event" needs a monitored address: none known disables it with the reason; an unmonitored one is refused before any replay', async ({
    page,
    signIn,
  }) => {
    await signIn();
    await page.goto('/settings');
    const panel = page.getByRole('form', { name: 'Send test event' });
    const send = panel.getByRole('button', { name: 'Send test event' });
    // A fresh browser knows no monitored address.
    await expect(page.getByTestId('test-blocked')).toHaveText(
      'No monitored address is known to this browser: add one on Wallets, or type one. Open Wallets',
    );
    await expect(send).toBeDisabled();

    const replays: string[] = [];
    page.on('request', (r) => r.url().includes('/transaction/ws/replay') && replays.push(r.url()));
    await panel.getByLabel('Monitored address').fill('0x000000000000000000000000000000000000dEaD');
    await expect(send).toBeEnabled();
    await send.click();
    await expect(panel.getByRole('alert')).toHaveText(
      /^0x000000…00dEaD is not monitored: add it on Wallets first\./,
    );
    expect(replays).toHaveLength(0);

    // A monitored one goes through (not the address replayed above: a transaction is relayed once).
    await panel.getByLabel('Monitored address').fill(MONITORED.solana);
    await send.click();
    await expect(page.getByTestId('test-event-result')).toContainText('Processed');
    expect(replays).toHaveLength(1);
  });

  test('WebSocket clients are listed with uptime and pending ACKs', async ({ page, signIn }) => {
    await signIn();
    await page.goto('/settings');
    const table = page.getByRole('table', { name: 'WebSocket clients' });
    await expect(table).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Pending ACKs' })).toBeVisible();
    await expect(table.getByRole('row')).not.toHaveCount(1);
    const axe = await new AxeBuilder({ page }).analyze();
    expect(
      axe.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => v.id),
    ).toEqual([]);
  });
});
