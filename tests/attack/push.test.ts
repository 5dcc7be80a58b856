/**
 * Server-side alerts over Web Push on one process (docs/push.md): `next start` of this build on the
 * simulator, a push service on a local port holding a browser's keys (tests/support/push-service.ts
 * checks each push's VAPID signature and decrypts it), no browser and no tab. A pool price crossing
 * and a monitored wallet's transaction each arrive as a push within a minute; the subscription, the
 * keys and what already fired survive a restart; the API refuses hostile input in its envelope and
 * never gives an endpoint or key back; private mode needs the admin session.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comingPoolCrossing, type ForecastPool, UNISWAP } from '../support/forecast';
import { TestPushService } from '../support/push-service';
import { startRecordingSim, type RecordingUpstream } from '../support/upstream';
import { signIn } from './support/client';
import { App } from './support/servers';

const WALLET = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
const dataDir = mkdtempSync(join(tmpdir(), 'pulse-push-attack-'));

let upstream: RecordingUpstream;
let app: App;
let push: TestPushService;
let gone: TestPushService;

const env = () => ({
  UPSTREAM_BASE_URL: upstream.url,
  UPSTREAM_API_KEY: upstream.key,
  DATA_DIR: dataDir,
  PUSH_ALLOW_PRIVATE: '1',
  VAPID_SUBJECT: 'mailto:ops@pulse.test',
  LOG_LEVEL: 'info',
});

beforeAll(async () => {
  upstream = await startRecordingSim('push-attack-upstream-key', { txIntervalMs: 700 });
  push = new TestPushService();
  await push.start();
  gone = new TestPushService({ status: () => 410 });
  await gone.start();
  app = new App(env());
  await app.start();
}, 150_000);

afterAll(async () => {
  await app?.stop();
  await push?.stop();
  await gone?.stop();
  await upstream?.close();
});

function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  return fetch(`${app.url}${path}`, {
    method,
    headers: {
      origin: app.url,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function json(res: Response): Promise<Record<string, unknown>> {
  return (await res.json()) as Record<string, unknown>;
}

const UNISWAP_POOL: ForecastPool = {
  chain_type: 'evm',
  chain_id: 1,
  pool_address: UNISWAP,
  label: 'WETH/USDC',
};

const poolAlert = (
  price: number,
  direction: 'above' | 'below' | 'cross' = 'cross',
  { label: _, ...pool }: ForecastPool = UNISWAP_POOL,
) => ({ kind: 'pool-price', ...pool, direction, price });

let poolId = '';
let walletId = '';

describe('the push API', () => {
  it('gives the VAPID public key in the app envelope', async () => {
    const res = await call('GET', '/api/push/key');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await json(res);
    expect(body).toMatchObject({ code: 0, message: 'ok' });
    expect(Buffer.from(String(body.publicKey), 'base64url')).toHaveLength(65);
  });

  it('answers every bad input clearly, in its envelope, never with a 5xx', async () => {
    const sub = push.subscription();
    const cases: [string, Response, number, RegExp][] = [
      [
        'not JSON',
        await call('POST', '/api/push/subscriptions', '{"alerts":'),
        400,
        /not valid JSON/,
      ],
      [
        'not declared JSON',
        await call('POST', '/api/push/subscriptions', 'x', { 'content-type': 'text/plain' }),
        415,
        /application\/json/,
      ],
      [
        'too large',
        await call('POST', '/api/push/subscriptions', {
          subscription: sub,
          alerts: [],
          pad: 'x'.repeat(40_000),
        }),
        413,
        /too large/,
      ],
      [
        'unknown pool',
        await call('POST', '/api/push/subscriptions', {
          subscription: sub,
          alerts: [{ ...poolAlert(1), pool_address: `0x${'ab'.repeat(20)}` }],
        }),
        400,
        /alerts\[0\]: unknown pool evm:1:0xabab/,
      ],
      [
        'too many alerts',
        await call('POST', '/api/push/subscriptions', {
          subscription: sub,
          alerts: Array.from({ length: 51 }, (_, i) => poolAlert(i + 1)),
        }),
        400,
        /at most 50/,
      ],
      [
        'bad direction',
        await call('POST', '/api/push/subscriptions', {
          subscription: sub,
          alerts: [{ ...poolAlert(1), direction: 'sideways' }],
        }),
        400,
        /alerts\[0\]\.direction: must be above, below or cross/,
      ],
      [
        'bad keys',
        await call('POST', '/api/push/subscriptions', {
          subscription: { ...sub, keys: { ...sub.keys, p256dh: 'AAAA' } },
          alerts: [],
        }),
        400,
        /p256dh/,
      ],
      [
        'not an endpoint',
        await call('POST', '/api/push/subscriptions', {
          subscription: { ...sub, endpoint: 'file:///etc/passwd' },
          alerts: [],
        }),
        400,
        /subscription\.endpoint: the endpoint must be an https URL/,
      ],
      [
        'another site',
        await call(
          'POST',
          '/api/push/subscriptions',
          { subscription: sub, alerts: [] },
          { origin: 'https://evil.example' },
        ),
        403,
        /Cross-origin/,
      ],
      [
        'not an object',
        await call('POST', '/api/push/subscriptions', [sub]),
        400,
        /body: must be \{ "subscription"/,
      ],
      [
        'an unknown field',
        await call('POST', '/api/push/subscriptions', { subscription: sub, alerts: [], admin: 1 }),
        400,
        /body: unknown field admin/,
      ],
      [
        'no subscription',
        await call('POST', '/api/push/subscriptions', { alerts: [] }),
        400,
        /^subscription/,
      ],
      [
        'an update without alerts',
        await call('PUT', '/api/push/subscriptions/AAAAAAAAAAAAAAAAAAAAAA', { subscription: sub }),
        400,
        /alerts: is required/,
      ],
      [
        'an update renewing to a bad endpoint',
        await call('PUT', '/api/push/subscriptions/AAAAAAAAAAAAAAAAAAAAAA', {
          subscription: { ...sub, endpoint: 'file:///etc/passwd' },
          alerts: [],
        }),
        400,
        /subscription\.endpoint/,
      ],
      [
        'no such id',
        await call('GET', '/api/push/subscriptions/AAAAAAAAAAAAAAAAAAAAAA'),
        404,
        /No such/,
      ],
      ['not an id', await call('DELETE', '/api/push/subscriptions/..%2F..%2Fetc'), 404, /No such/],
    ];
    for (const [label, res, status, message] of cases) {
      const body = await json(res);
      expect(res.status, label).toBe(status);
      expect(body.code, label).toBe(status);
      expect(String(body.message), label).toMatch(message);
    }
  });

  it('creates a subscription whose id is a 128-bit capability, and never returns its endpoint or keys', async () => {
    const sub = push.subscription('/push/pool');
    const res = await call('POST', '/api/push/subscriptions', {
      subscription: sub,
      alerts: [poolAlert(1e9, 'above')],
    });
    expect(res.status).toBe(201);
    const text = await res.text();
    const body = JSON.parse(text) as { code: number; id: string; alerts: unknown[] };
    expect(body.code).toBe(0);
    expect(body.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(Buffer.from(body.id, 'base64url')).toHaveLength(16);
    // The pool's pair is looked up for the notification.
    expect(body.alerts[0]).toMatchObject({ label: 'WETH/USDC', state: { armed: true } });
    poolId = body.id;
    const read = await (await call('GET', `/api/push/subscriptions/${poolId}`)).text();
    for (const secret of [sub.endpoint, sub.keys.p256dh, sub.keys.auth, '/push/pool']) {
      expect(text).not.toContain(secret);
      expect(read).not.toContain(secret);
    }
    expect(app.log).not.toContain('/push/pool');
    expect(app.log).not.toContain(poolId);
  });
});

describe('pushes with no tab open', () => {
  it('a pool price crossing on a 1-minute close arrives as a signed, encrypted push within a minute', async () => {
    const crossing = await comingPoolCrossing(upstream);
    const res = await call('PUT', `/api/push/subscriptions/${poolId}`, {
      alerts: [poolAlert(crossing.level, crossing.direction, crossing.pool)],
    });
    expect(res.status).toBe(200);
    const waitMs = Math.max(0, crossing.closesAt * 1000 - Date.now()) + 60_000;
    const received = await push.waitFor(
      (p) => p.path === '/push/pool',
      waitMs,
      'the pool crossing',
    );
    expect(received.at - crossing.closesAt * 1000).toBeLessThan(60_000);
    const payload = received.payload as Record<string, unknown>;
    // The level as every price is shown (lib/core/format/price.ts): a memecoin's in subscript
    // notation (0.0₈2296), whichever pool the crossing was found on.
    expect(payload.title).toMatch(
      new RegExp(
        `^${crossing.pool.label} crossed [\\d,.₀-₉]+ ${crossing.direction === 'above' ? '↑' : '↓'}$`,
      ),
    );
    expect(String(payload.body)).toContain('1-minute candle closed at');
    const { chain_type, chain_id, pool_address } = crossing.pool;
    expect(payload.url).toBe(`/pools/${chain_type}/${chain_id}/${pool_address}?interval=1m`);
    expect(received.headers.urgency).toBe('high');
    expect(received.headers.ttl).toBe('3600');
    expect(received.headers.topic).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(received.jwt.sub).toBe('mailto:ops@pulse.test');
    // One-shot: disarmed once fired.
    const held = await json(await call('GET', `/api/push/subscriptions/${poolId}`));
    expect((held.alerts as { state: unknown }[])[0]!.state).toMatchObject({ armed: false });
  }, 240_000);

  it("a monitored wallet's transaction arrives as a push naming the wallet and the amount", async () => {
    const res = await call('POST', '/api/push/subscriptions', {
      subscription: push.subscription('/push/wallet'),
      alerts: [{ kind: 'wallet', address: WALLET, label: 'Vitalik' }],
    });
    expect(res.status).toBe(201);
    walletId = String((await json(res)).id);
    const received = await push.waitFor((p) => p.path === '/push/wallet', 60_000, 'a transaction');
    const payload = received.payload as Record<string, string>;
    expect(payload.title).toMatch(/^Vitalik (sent|received|moved) [\d,.<]+ \S+/);
    expect(payload.url).toMatch(/^\/tx\/[a-z]+\/\d+\/0x[0-9a-f]+$/);
    expect(received.headers.urgency).toBe('normal');
  }, 90_000);

  it('a push service that says the subscription is gone (410) gets it removed', async () => {
    const res = await call('POST', '/api/push/subscriptions', {
      subscription: gone.subscription('/push/gone'),
      alerts: [{ kind: 'wallet', address: WALLET }],
    });
    const id = String((await json(res)).id);
    const deadline = Date.now() + 60_000;
    let status = 200;
    while (status !== 404 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 300));
      status = (await call('GET', `/api/push/subscriptions/${id}`)).status;
    }
    expect(status).toBe(404);
  }, 90_000);

  it('alerts, keys and what fired survive a restart; nothing is sent twice', async () => {
    const key = String((await json(await call('GET', '/api/push/key'))).publicKey);
    await app.stop();
    const before = push.received.length;
    app = new App(env());
    await app.start();
    expect(String((await json(await call('GET', '/api/push/key'))).publicKey)).toBe(key);
    const pool = await json(await call('GET', `/api/push/subscriptions/${poolId}`));
    expect(
      (pool.alerts as { state: { armed: boolean; fired_at: number } }[])[0]!.state,
    ).toMatchObject({
      armed: false,
    });
    // The wallet alert keeps firing after the restart, for new transactions only.
    await push.waitFor(
      (p) => p.path === '/push/wallet' && push.received.indexOf(p) >= before,
      60_000,
      'a transaction after the restart',
    );
    const pools = push.received.filter((p) => p.path === '/push/pool');
    expect(pools, 'the pool crossing, once').toHaveLength(1);
    const hashes = push.received
      .filter((p) => p.path === '/push/wallet')
      .map((p) => (p.payload as { url: string }).url);
    expect(new Set(hashes).size, 'every transaction once').toBe(hashes.length);
    expect(push.rejected).toEqual([]);
  }, 180_000);

  it('DELETE with the id forgets the subscription; without it nothing changes', async () => {
    // Another id of the same shape: its first character changed (the last carries only two bits,
    // so a fixed last character would be the id itself one time in four).
    const other = `${walletId.startsWith('A') ? 'B' : 'A'}${walletId.slice(1)}`;
    expect((await call('DELETE', `/api/push/subscriptions/${other}`)).status).toBe(404);
    expect((await call('DELETE', `/api/push/subscriptions/${walletId}`)).status).toBe(200);
    expect((await call('GET', `/api/push/subscriptions/${walletId}`)).status).toBe(404);
  });
});

describe('private mode', () => {
  let priv: App;
  const PASSWORD = 'push attack suite private password';
  beforeAll(async () => {
    priv = new App({
      ...env(),
      PUSH_ALLOW_PRIVATE: '0',
      DASHBOARD_PASSWORD: PASSWORD,
      DASHBOARD_ACCESS: 'private',
    });
    await priv.start();
  }, 150_000);
  afterAll(() => priv?.stop());

  it('the app shell loads for anyone; the push API only with the admin session; endpoints must be public', async () => {
    for (const path of [
      '/sw.js',
      '/manifest.webmanifest',
      '/icons/maskable-512.png',
      '/offline.html',
    ]) {
      const res = await fetch(`${priv.url}${path}`, { redirect: 'manual' });
      expect(res.status, path).toBe(200);
    }
    const key = await fetch(`${priv.url}/api/push/key`);
    expect(key.status).toBe(401);
    expect(await key.json()).toMatchObject({ code: 401 });
    const cookie = await signIn(priv.url, PASSWORD);
    const signed = await fetch(`${priv.url}/api/push/key`, { headers: { cookie } });
    expect(signed.status).toBe(200);
    const local = await fetch(`${priv.url}/api/push/subscriptions`, {
      method: 'POST',
      headers: { cookie, origin: priv.url, 'content-type': 'application/json' },
      body: JSON.stringify({ subscription: push.subscription(), alerts: [] }),
    });
    expect(local.status).toBe(400);
    expect(await local.json()).toMatchObject({
      message: 'subscription.endpoint: the endpoint must be an https URL',
    });
    const loopback = await fetch(`${priv.url}/api/push/subscriptions`, {
      method: 'POST',
      headers: { cookie, origin: priv.url, 'content-type': 'application/json' },
      body: JSON.stringify({
        subscription: { ...push.subscription(), endpoint: 'https://127.0.0.1/push' },
        alerts: [],
      }),
    });
    expect(await loopback.json()).toMatchObject({
      code: 400,
      message: 'subscription.endpoint: the endpoint must be on a public address',
    });
  });
});
