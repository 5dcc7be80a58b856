/**
 * Attacks on the public demo (built-in simulator, no password): every visitor may change things,
 * inside a sandbox of their own; nothing a visitor does reaches another's view, and no webhook
 * makes the server connect to a loopback address.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFUSED_ADDRESS } from '@/lib/sim/tx/outbound';
import { api, eventually, openStream, visitor } from './support/client';
import { App, countingListener, raw } from './support/servers';

const ETH = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
const DEFAULTS = [
  { chain_type: 'ethereum', address: [ETH] },
  { chain_type: 'solana', address: ['9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'] },
  { chain_type: 'tron', address: ['TNXoiAJ3dct8Fjg4M9fkLFh9S2v9TXc32G'] },
  { chain_type: 'bitcoin', address: ['bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh'] },
];
const NEW_ADDRESS = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';

let app: App;

beforeAll(async () => {
  app = new App({
    DEMO_SANDBOX_MAX_ADDRESSES: '8',
    DEMO_SANDBOX_EVENTS_PER_MIN: '6',
    SIM_TX_INTERVAL_MS: '700',
  });
  await app.start();
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

const hash = () => `0x${randomBytes(32).toString('hex')}`;
const replayBody = (txHash: string) =>
  JSON.stringify({
    id: `attack-${txHash.slice(2, 10)}`,
    time: Date.now(),
    type: 'transaction',
    code: 0,
    msg: 'success',
    data: {
      chain_type: 'ethereum',
      chain_id: 1,
      tx_hash: txHash,
      sender: '0x9Bb33E647f1c7c0A33da41120de341C142D8a547',
      receiver: ETH,
      method_call: 'a message only its sender should see',
      listenAddress: [ETH],
    },
  });

function as(cookie: string) {
  const a = api(app.url);
  return (path: string, init: { method?: string; body?: string } = {}) =>
    a.json(path, { ...init, headers: { cookie } });
}

describe('a visitor with a sandbox reads the shared market data', () => {
  it('price and kline reads answer 200 with the demo cookie (a sandbox is a tx application only)', async () => {
    const cookie = await visitor(app.url);
    const a = api(app.url);
    const reads = [
      '/api/price/v1/chains',
      '/api/price/v1/fiats',
      '/api/price/v1/tokens?page=1&limit=5',
      '/api/price/v1/quotes/latest?ids=1,2',
      '/api/price/v1/pools?chain_type=evm&chain_id=1&pool_address=0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640',
      `/api/kline/v1/kline/ohlcv?interval=1h&from=${Math.floor(Date.now() / 1000) - 86_400}&to=${Math.floor(Date.now() / 1000)}&chain_type=evm&chain_id=1&pool_address=0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640`,
      '/api/tx/v1/app/config',
    ];
    for (const path of reads) {
      const r = await a.json(path, { headers: { cookie } });
      expect(r.status, path).toBe(200);
      expect(r.body.code, path).toBe(0);
    }
  });
});

describe('a second visitor is unaffected by the first', () => {
  it('config, monitored list, replays, the live feed and the socket clients stay per visitor', async () => {
    const [cookieA, cookieB] = [await visitor(app.url), await visitor(app.url)];
    expect(cookieA).not.toBe(cookieB);
    const a = as(cookieA);
    const b = as(cookieB);
    // A cookie alone makes no sandbox: A's first change does (B, who changes nothing, reads the
    // shared demo as it started; tests/attack/demo-limits.test.ts follows a stream across that step).
    expect(
      (
        await a('/api/tx/v1/app/config', {
          method: 'PUT',
          body: JSON.stringify({ enable_ws: true }),
        })
      ).status,
    ).toBe(200);
    const streamA = await openStream(app.url, ['tx'], { cookie: cookieA });
    const streamB = await openStream(app.url, ['tx'], { cookie: cookieB });
    expect([streamA.status, streamB.status]).toEqual([200, 200]);

    // A replays a made-up transaction: A's feed shows it
    const secret = hash();
    expect(
      (await a('/api/tx/v1/transaction/ws/replay', { method: 'POST', body: replayBody(secret) }))
        .status,
    ).toBe(200);
    await streamA.sse!.waitFor(
      (e) => e.event === 'transaction' && e.data.includes(secret),
      15_000,
      "A's replay in A's feed",
    );

    // A turns everything off and empties its list
    expect(
      (
        await a('/api/tx/v1/app/config', {
          method: 'PUT',
          body: JSON.stringify({
            enable_ws: false,
            is_active: false,
            ws_ack_resend_interval_seconds: 99,
          }),
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await a('/api/tx/v1/addresses/batch-delete', {
          method: 'POST',
          body: JSON.stringify({ wallets: DEFAULTS }),
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await a('/api/tx/v1/addresses', {
          method: 'POST',
          body: JSON.stringify({ wallets: [{ chain_type: 'ethereum', address: [NEW_ADDRESS] }] }),
        })
      ).status,
    ).toBe(200);

    // A sees its own changes
    const configA = (await a('/api/tx/v1/app/config')).body.data as Record<string, unknown>;
    expect(configA).toMatchObject({
      enable_ws: false,
      is_active: false,
      ws_ack_resend_interval_seconds: 99,
    });
    const containsFor = async (ask: ReturnType<typeof as>, address: string) =>
      (
        (
          await ask('/api/tx/v1/addresses/contains', {
            method: 'POST',
            body: JSON.stringify({ chain_type: 'ethereum', address }),
          })
        ).body.data as { is_exist: boolean }
      ).is_exist;
    expect(await containsFor(a, ETH)).toBe(false);
    expect(await containsFor(a, NEW_ADDRESS)).toBe(true);

    // B sees none of it
    const configB = (await b('/api/tx/v1/app/config')).body.data as Record<string, unknown>;
    expect(configB).toMatchObject({
      enable_ws: true,
      is_active: true,
      ws_ack_resend_interval_seconds: 30,
    });
    expect(configB.app_id).not.toBe(configA.app_id);
    expect(await containsFor(b, ETH)).toBe(true);
    expect(await containsFor(b, NEW_ADDRESS)).toBe(false);
    const lookup = (ask: ReturnType<typeof as>) =>
      ask(`/api/tx/v1/transactions/${secret}?chain_type=ethereum&chain_id=1`);
    expect((await lookup(a)).body.data).toMatchObject({ tx_hash: secret });
    expect((await lookup(b)).body.data).toBeNull();
    const clients = async (ask: ReturnType<typeof as>) =>
      ((await ask('/api/tx/v1/transaction/ws/status')).body.data as { clients: string[] }).clients;
    const [clientsA, clientsB] = [await clients(a), await clients(b)];
    expect(clientsB.length).toBeGreaterThan(0);
    expect(clientsB.some((c) => clientsA.includes(c))).toBe(false);
    expect(
      ((await b('/api/tx/v1/app/webhook/retry/status')).body.data as { pending: number }).pending,
    ).toBe(0);

    // B's feed keeps moving (A's is_active:false stopped only A), and never carried A's replay
    const seen = streamB.sse!.events.length;
    await streamB.sse!.waitFor(
      (e) => e.event === 'transaction' && streamB.sse!.events.indexOf(e) >= seen,
      20_000,
      "a new transaction in B's feed",
    );
    expect(streamB.sse!.events.some((e) => e.data.includes(secret))).toBe(false);

    // a reader without any cookie sees the demo as it started
    const pristine = await api(app.url).json('/api/tx/v1/app/config');
    expect(pristine.body.data).toMatchObject({ enable_ws: true, is_active: true });
    await streamA.close();
    await streamB.close();
  });
});

describe('no request to where it does not belong', () => {
  it('webhook_urls on a loopback listener (by IP, by name, mapped, as a number) get no connection and no address in the reason', async () => {
    const listener = await countingListener();
    try {
      for (const url of [
        `http://127.0.0.1:${listener.port}/hook`,
        `http://localhost:${listener.port}/hook`,
        `http://[::ffff:127.0.0.1]:${listener.port}/hook`,
        `http://2130706433:${listener.port}/hook`,
        `http://127.1:${listener.port}/hook`,
      ]) {
        const ask = as(await visitor(app.url));
        const put = await ask('/api/tx/v1/app/config', {
          method: 'PUT',
          body: JSON.stringify({ enable_webhook: true, webhook_url: url, webhook_secret: 'x' }),
        });
        expect(put.status, url).toBe(200);
        expect(
          (
            await ask('/api/tx/v1/transaction/ws/replay', {
              method: 'POST',
              body: replayBody(hash()),
            })
          ).status,
        ).toBe(200);
        const status = await eventually(async () => {
          const data = (await ask('/api/tx/v1/app/webhook/retry/status')).body.data as Record<
            string,
            unknown
          >;
          return data.webhook_delivery_status === 'retrying' ? data : undefined;
        }, `the delivery to ${url} to be refused`);
        expect(status.webhook_last_failure_reason, url).toBe(REFUSED_ADDRESS);
        expect(JSON.stringify(status)).not.toContain(String(listener.port));
      }
      expect(listener.connections()).toBe(0);
    } finally {
      await listener.close();
    }
  });

  it("the app's own receiver is the one loopback target a demo may deliver to, in process", async () => {
    const cookie = await visitor(app.url);
    const ask = as(cookie);
    expect(
      (
        await ask('/api/tx/v1/app/config', {
          method: 'PUT',
          body: JSON.stringify({
            enable_webhook: true,
            webhook_url: `${app.url}/api/webhooks/tx`,
            webhook_secret: 'own',
          }),
        })
      ).status,
    ).toBe(200);
    expect(
      (await ask('/api/tx/v1/transaction/ws/replay', { method: 'POST', body: replayBody(hash()) }))
        .status,
    ).toBe(200);
    const status = await eventually(async () => {
      const data = (await ask('/api/tx/v1/app/webhook/retry/status')).body.data as Record<
        string,
        unknown
      >;
      return data.pending === 0 ? data : undefined;
    }, 'the delivery to the own receiver');
    expect(status).toMatchObject({
      webhook_delivery_status: 'active',
      webhook_last_failure_reason: null,
    });
  });
});

describe('bounds of a sandbox', () => {
  it('addresses per sandbox: a request past the cap is refused whole', async () => {
    const ask = as(await visitor(app.url));
    const five = Array.from({ length: 5 }, (_, i) => `0x${(i + 1).toString(16).padStart(40, '0')}`);
    const r = await ask('/api/tx/v1/addresses', {
      method: 'POST',
      body: JSON.stringify({ wallets: [{ chain_type: 'ethereum', address: five }] }),
    });
    expect(r.status).toBe(400);
    expect(String(r.body.message)).toMatch(/at most 8 addresses/);
    const ok = await ask('/api/tx/v1/addresses', {
      method: 'POST',
      body: JSON.stringify({ wallets: [{ chain_type: 'ethereum', address: five.slice(0, 4) }] }),
    });
    expect(ok.status).toBe(200);
  });

  it('events per minute per sandbox: 429 with Retry-After, another visitor unaffected', async () => {
    const ask = as(await visitor(app.url));
    for (let i = 0; i < 6; i++)
      expect(
        (
          await ask('/api/tx/v1/transaction/ws/replay', {
            method: 'POST',
            body: replayBody(hash()),
          })
        ).status,
      ).toBe(200);
    const limited = await ask('/api/tx/v1/transaction/ws/replay', {
      method: 'POST',
      body: replayBody(hash()),
    });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.body).toMatchObject({ code: 429, data: null });
    const other = as(await visitor(app.url));
    expect(
      (
        await other('/api/tx/v1/transaction/ws/replay', {
          method: 'POST',
          body: replayBody(hash()),
        })
      ).status,
    ).toBe(200);
  });

  it('a change without Origin (a script, not a browser) or from another site is refused', async () => {
    const cookie = await visitor(app.url);
    const body = JSON.stringify({ is_active: false });
    const bare = await raw(`${app.url}/api/tx/v1/app/config`, {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/json' },
      body,
    });
    expect(bare.status).toBe(403);
    const cross = await raw(`${app.url}/api/tx/v1/app/config`, {
      method: 'PUT',
      headers: { cookie, origin: 'https://evil.example', 'content-type': 'application/json' },
      body,
    });
    expect(cross.status).toBe(403);
  });
});
