/**
 * Attacks on a deployment pointed at an upstream (the simulator on a real port, recording every
 * request it receives), with an admin password and a webhook secret: headers, the rebuilt query,
 * bodies, origins, cookies, the limits, and the standalone simulator's webhook delivery.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFUSED_ADDRESS } from '@/lib/sim/tx/outbound';
import { startRecordingSim, type RecordingUpstream } from '../support/upstream';
import { api, eventually, openStream, signIn } from './support/client';
import { App, chunkedFlood, countingListener, raw } from './support/servers';

const PASSWORD = 'attack-suite correct horse battery';
const WEBHOOK_SECRET = 'attack-suite-receiver-secret';
const POOL = 'evm:1:0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640';

let upstream: RecordingUpstream;
let app: App;
let admin: string;

beforeAll(async () => {
  upstream = await startRecordingSim('attack-upstream-key-0123456789');
  app = new App({
    UPSTREAM_BASE_URL: upstream.url,
    UPSTREAM_API_KEY: upstream.key,
    UPSTREAM_TIMEOUT_MS: '5000',
    DASHBOARD_PASSWORD: PASSWORD,
    WEBHOOK_SECRET,
    RATE_GATEWAY_PER_MIN: '250',
    STREAM_OPENS_PER_MIN: '40',
    STREAM_MAX_PER_CLIENT: '3',
    STREAM_MAX_TOPICS_PER_CLIENT: '20',
    STREAM_MAX_KLINE_POOLS: '2',
    STREAM_MAX_TRADE_POLLERS: '2',
    // the server-wide caps themselves (a client's share has its own test: stream-capacity.test.ts)
    STREAM_CLIENT_SHARE_PERCENT: '100',
    WEBHOOK_BAD_SIGN_PER_MIN: '3',
  });
  await app.start();
  admin = await signIn(app.url, PASSWORD);
}, 120_000);

afterAll(async () => {
  await app?.stop();
  await upstream?.close();
});

const upstreamPaths = (prefix: string) =>
  upstream.requests.filter((r) => r.path.startsWith(prefix)).map((r) => r.path);

describe('headers on every answer', () => {
  it('pages carry a nonce CSP that every script of the page satisfies, and refuse framing', async () => {
    const r = await raw(`${app.url}/pools`);
    expect(r.status).toBe(200);
    const csp = String(r.headers['content-security-policy']);
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    for (const part of [
      "'strict-dynamic'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ])
      expect(csp).toContain(part);
    expect(r.headers['x-frame-options']).toBe('DENY');
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(r.headers['permissions-policy']).toContain('camera=()');
    // plain HTTP on a bare `next start`: no HSTS, whatever a client claims
    expect(r.headers['strict-transport-security']).toBeUndefined();
    const scripts = [...r.body.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    // a fresh nonce per request
    const again = await raw(`${app.url}/pools`);
    expect(String(again.headers['content-security-policy'])).not.toContain(nonce);
  });

  it('the embed widget may be framed (EMBED_ALLOWED_ORIGINS unset: any origin); API answers get the headers too', async () => {
    const embed = await raw(
      `${app.url}/embed/pools/evm/1/0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640`,
    );
    expect(embed.status).toBe(200);
    expect(String(embed.headers['content-security-policy'])).toContain('frame-ancestors *');
    expect(embed.headers['x-frame-options']).toBeUndefined();
    const json = await raw(`${app.url}/api/price/v1/chains`);
    expect(json.headers['content-security-policy']).toContain("default-src 'none'");
    expect(json.headers['x-content-type-options']).toBe('nosniff');
    expect(json.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(json.headers['permissions-policy']).toBeTruthy();
    const claimed = await raw(`${app.url}/api/price/v1/chains`, {
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(claimed.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('the logo proxy', () => {
  it('fetches only https images on an allowlisted host: never a loopback listener, never another host', async () => {
    const listener = await countingListener();
    try {
      const logo = (url: string, w = '40') =>
        raw(`${app.url}/api/logo?url=${encodeURIComponent(url)}&w=${w}`);
      for (const url of [
        `http://127.0.0.1:${listener.port}/a.png`,
        `https://127.0.0.1:${listener.port}/a.png`,
        `https://localhost:${listener.port}/a.png`,
        `https://assets.coingecko.com.127.0.0.1.nip.io:${listener.port}/a.png`,
        `https://user:pw@assets.coingecko.com/a.png`,
        'file:///etc/passwd',
        'gopher://assets.coingecko.com/',
      ]) {
        const r = await logo(url);
        expect(r.status, url).toBe(400);
        expect(JSON.parse(r.body)).toMatchObject({ code: 400, data: null });
      }
      expect((await logo('https://assets.coingecko.com/a.png', '1e9')).status).toBe(400);
      expect((await raw(`${app.url}/api/logo`)).status).toBe(400);
      expect(listener.connections()).toBe(0);
      // Pages load images from this origin only (the proxy), so no image host sees a viewer.
      const page = await raw(`${app.url}/`);
      expect(String(page.headers['content-security-policy'])).toContain(
        "img-src 'self' data: blob:;",
      );
    } finally {
      await listener.close();
    }
  });
});

describe("the upstream query is rebuilt from the endpoint's parameters", () => {
  it('unknown parameters never reach the upstream, and do not split the cache', async () => {
    upstream.requests.length = 0;
    const a = await api(app.url).json(
      '/api/price/v1/quotes/latest?ids=1,2&no_cache=true&_=123&fiat=USD',
    );
    const b = await api(app.url).json('/api/price/v1/quotes/latest?_=456&fiat=USD&ids=1,2');
    expect(a.status).toBe(200);
    expect(b.headers.get('x-cache')).toBe('HIT');
    const tx = await api(app.url).json(
      `/api/tx/v1/transactions/0x${'ab'.repeat(32)}?chain_type=ethereum&chain_id=1&no_cache=1&debug=1`,
    );
    expect(tx.status).toBe(200);
    const ohlcv = await api(app.url).json(
      `/api/kline/v1/kline/ohlcv?interval=1h&from=1700000000&to=1700003600&chain_type=evm&chain_id=1&pool_address=0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640&token=base&evil=1`,
    );
    expect(ohlcv.status).toBe(200);
    expect(upstreamPaths('/price/api/v1/quotes')).toEqual([
      '/price/api/v1/quotes/latest?ids=1,2&fiat=USD',
    ]);
    expect(upstreamPaths('/tx/api/v1/transactions')).toEqual([
      `/tx/api/v1/transactions/0x${'ab'.repeat(32)}?chain_type=ethereum&chain_id=1`,
    ]);
    expect(upstreamPaths('/kline/api/v1/kline')).toEqual([
      '/kline/api/v1/kline/ohlcv?interval=1h&from=1700000000&to=1700003600&chain_type=evm&chain_id=1&pool_address=0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640',
    ]);
  });

  it("a parameter given twice is 400 in the service's envelope, and nothing is forwarded", async () => {
    upstream.requests.length = 0;
    const price = await api(app.url).json('/api/price/v1/quotes/latest?ids=1&ids=2');
    expect(price.status).toBe(400);
    expect(price.body).toMatchObject({ code: 20001, data: '' });
    const tx = await api(app.url).json(
      `/api/tx/v1/dex-pools/0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640/trades?chainType=evm&chain_type=bsc&chainId=1`,
    );
    expect(tx.status).toBe(400);
    expect(tx.body).toMatchObject({ code: 400, data: null });
    const kline = await api(app.url).json(
      '/api/kline/v1/kline/ohlcv?interval=1h&interval=1d&from=1&to=2&chain_type=evm&chain_id=1&pool_address=0x1',
    );
    expect(kline.status).toBe(400);
    expect(kline.body).toMatchObject({ code: 10001, error: { type: 'ValidationError' } });
    expect(upstream.requests).toHaveLength(0);
  });
});

describe('bodies', () => {
  it("413 on a 300 MB chunked body, the server's memory flat", async () => {
    // warm the route first, so the baseline includes its code
    await api(app.url).json('/api/tx/v1/transfers/search', {
      method: 'POST',
      body: JSON.stringify({ address: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', limit: 1 }),
    });
    const before = app.rss();
    const flood = await chunkedFlood(
      `${app.url}/api/tx/v1/transfers/search`,
      300 * 1024 * 1024,
      { origin: app.url, 'content-type': 'application/json' },
      () => app.rss(),
    );
    const after = app.rss();
    console.log(
      `[attack] 300 MB chunked body: HTTP ${flood.status} after ${(flood.sent / 1048576).toFixed(0)} MB sent; server RSS ${(before / 1048576).toFixed(1)} MB before, peak ${(flood.peakRss / 1048576).toFixed(1)} MB, ${(after / 1048576).toFixed(1)} MB after`,
    );
    expect(flood.status).toBe(413);
    expect(JSON.parse(flood.body)).toMatchObject({ code: 413, data: null });
    // Far below the body's size: nothing of it was buffered. (Node drains the rest of an unread
    // request body after the answer to keep the connection; that costs socket buffers and garbage,
    // ~60 MB measured, whatever the size of the body.)
    expect(flood.peakRss - before).toBeLessThan(128 * 1024 * 1024);
  });

  it('a change without the session is refused before its body is read; login and the webhook receiver cap theirs', async () => {
    const addresses = await chunkedFlood(
      `${app.url}/api/tx/v1/addresses`,
      300 * 1024 * 1024,
      { origin: app.url, 'content-type': 'application/json' },
      () => app.rss(),
    );
    expect(addresses.status).toBe(401);
    const hook = await chunkedFlood(
      `${app.url}/api/webhooks/tx`,
      64 * 1024 * 1024,
      { sign: WEBHOOK_SECRET, 'content-type': 'application/json' },
      () => app.rss(),
    );
    expect(hook.status).toBe(413);
  });
});

describe('origins, hosts and cookies', () => {
  const body = JSON.stringify({
    wallets: [{ chain_type: 'ethereum', address: ['0x71C7656EC7ab88b098defB751B7401B5f6d8976F'] }],
  });
  const post = (headers: Record<string, string>) =>
    raw(`${app.url}/api/tx/v1/addresses/batch-delete`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });

  it('no Origin: refused without the session (401), accepted with it (curl as admin)', async () => {
    expect((await post({})).status).toBe(401);
    expect((await post({ cookie: admin })).status).toBe(200);
  });

  it('another Origin or a Host not on ALLOWED_HOSTS (DNS rebinding) is 403, session or not', async () => {
    expect((await post({ cookie: admin, origin: 'https://evil.example' })).status).toBe(403);
    expect((await post({ cookie: admin, origin: 'null' })).status).toBe(403);
    const rebound = await post({
      cookie: admin,
      host: 'rebind.evil.example',
      origin: 'http://rebind.evil.example',
    });
    expect(rebound.status).toBe(403);
    expect(JSON.parse(rebound.body)).toMatchObject({ code: 403, data: null });
  });

  it('a malformed cookie is read as signed out: 200 pages, 401 changes, never 500', async () => {
    const cookie = 'pulse_admin=%E0%A4%A; pulse_demo=%';
    const session = await raw(`${app.url}/api/auth/session`, { headers: { cookie } });
    expect(session.status).toBe(200);
    expect(JSON.parse(session.body)).toMatchObject({ signedIn: false, canChange: false });
    expect((await raw(`${app.url}/wallets`, { headers: { cookie } })).status).toBe(200);
    expect((await post({ cookie, origin: app.url })).status).toBe(401);
  });

  it('sign-out revokes the session: a saved copy of the cookie opens nothing', async () => {
    const other = await signIn(app.url, PASSWORD);
    const out = await raw(`${app.url}/api/auth/logout`, {
      method: 'POST',
      headers: { cookie: other, origin: app.url },
    });
    expect(out.status).toBe(200);
    expect((await post({ cookie: other, origin: app.url })).status).toBe(401);
  });

  it('`next` after sign-in accepts only paths of this site', async () => {
    const destination = async (next: string) => {
      const r = await raw(`${app.url}/login?next=${encodeURIComponent(next)}`);
      expect(r.status).toBe(200);
      return /data-next="([^"]*)"/.exec(r.body)?.[1];
    };
    for (const evil of [
      '/\t/evil.example',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      'https://evil.example/',
      '/%09/evil.example',
    ])
      expect(await destination(evil), evil).toBe('/settings');
    expect(await destination('/wallets?chain=ethereum')).toBe('/wallets?chain=ethereum');
    // the raw %09 form of the issue, sent unencoded in the query
    const r = await raw(`${app.url}/login?next=/%09/evil.example`);
    expect(/data-next="([^"]*)"/.exec(r.body)?.[1]).toBe('/settings');
  });
});

describe('webhook delivery of the standalone simulator', () => {
  it('a webhook_url on a loopback listener gets no connection; readers see no host, port or socket error', async () => {
    const listener = await countingListener();
    try {
      const a = api(app.url);
      const put = await a.json('/api/tx/v1/app/config', {
        method: 'PUT',
        headers: { cookie: admin },
        body: JSON.stringify({
          enable_webhook: true,
          webhook_url: `http://127.0.0.1:${listener.port}/hook`,
          webhook_secret: 'attack-secret',
        }),
      });
      expect(put.status).toBe(200);
      const replay = await a.json('/api/tx/v1/transaction/ws/replay', {
        method: 'POST',
        headers: { cookie: admin },
        body: JSON.stringify({
          id: 'attack-1',
          time: Date.now(),
          type: 'transaction',
          code: 0,
          msg: 'success',
          data: { chain_type: 'ethereum', chain_id: 1, tx_hash: `0x${'5a'.repeat(32)}` },
        }),
      });
      expect(replay.status).toBe(200);
      const status = await eventually(async () => {
        const s = await a.json('/api/tx/v1/app/webhook/retry/status');
        const data = s.body.data as Record<string, unknown>;
        return data.webhook_delivery_status === 'retrying' ? data : undefined;
      }, 'the delivery to fail');
      expect(status.webhook_last_failure_reason).toBe(REFUSED_ADDRESS);
      expect(JSON.stringify(status)).not.toContain(String(listener.port));
      expect(JSON.stringify(status)).not.toMatch(/ECONN|127\.0\.0\.1/);
      expect(listener.connections()).toBe(0);
      // a reader who is not the admin sees the receiver's origin, never its path
      const config = await a.json('/api/tx/v1/app/config');
      expect((config.body.data as { webhook_url: string }).webhook_url).toBe(
        `http://127.0.0.1:${listener.port}/•••`,
      );
      const own = await a.json('/api/tx/v1/app/config', { headers: { cookie: admin } });
      expect((own.body.data as { webhook_url: string }).webhook_url).toBe(
        `http://127.0.0.1:${listener.port}/hook`,
      );
    } finally {
      await api(app.url).json('/api/tx/v1/app/config', {
        method: 'PUT',
        headers: { cookie: admin },
        body: JSON.stringify({ enable_webhook: false, webhook_url: null }),
      });
      await listener.close();
    }
  });
});

describe('limits: 429 with Retry-After', () => {
  it('streams: concurrent per client, distinct topics per client, global pools and trade pollers', async () => {
    const held = [];
    for (let i = 0; i < 3; i++) {
      const s = await openStream(app.url, [`ohlcv:${POOL}:1m`]);
      expect(s.status).toBe(200);
      held.push(s);
    }
    const fourth = await openStream(app.url, [`ohlcv:${POOL}:1m`]);
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(0);
    for (const s of held) await s.close();

    // pools the upstream knows: an unknown one takes no capacity (stream-capacity.test.ts)
    const pools = [
      'evm:1:0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640',
      'evm:1:0x11950d141ecb863f01007add7d1a342041227b58',
      'evm:56:0x36696169c63e42cd08ce11f5deebbcebae652050',
    ];
    const tooManyPools = await openStream(
      app.url,
      pools.map((p) => `ohlcv:${p}:1h`),
    );
    expect(tooManyPools.status).toBe(429);
    expect(tooManyPools.body).toMatch(/pools/);
    const tooManyPolls = await openStream(
      app.url,
      pools.map((p) => `trades:${p}`),
    );
    expect(tooManyPolls.status).toBe(429);

    // distinct topics across one client's streams: 16 + 16 new ones is over 20
    const watch = (i: number) => `tx:ethereum:0x${i.toString(16).padStart(40, '7')}`;
    const first = await openStream(
      app.url,
      Array.from({ length: 16 }, (_, i) => watch(i)),
    );
    expect(first.status).toBe(200);
    const second = await openStream(
      app.url,
      Array.from({ length: 16 }, (_, i) => watch(100 + i)),
    );
    expect(second.status).toBe(429);
    expect(second.body).toMatch(/distinct topics/);
    // the same topics again cost nothing new
    const same = await openStream(
      app.url,
      Array.from({ length: 16 }, (_, i) => watch(i)),
    );
    expect(same.status).toBe(200);
    await same.close();
    await first.close();
  });

  it('stream opens per minute', async () => {
    let refused: Awaited<ReturnType<typeof openStream>> | null = null;
    for (let i = 0; i < 45 && !refused; i++) {
      const s = await openStream(app.url, [`ohlcv:${POOL}:1m`]);
      if (s.status === 429) refused = s;
      else await s.close();
    }
    expect(refused?.status).toBe(429);
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('wrong webhook signatures: after 3, even the right one waits', async () => {
    const send = (sign: string) =>
      raw(`${app.url}/api/webhooks/tx`, {
        method: 'POST',
        headers: { sign, 'content-type': 'application/json' },
        body: '[]',
      });
    for (let i = 0; i < 3; i++) expect((await send(`wrong-${i}`)).status).toBe(401);
    const limited = await send(WEBHOOK_SECRET);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('gateway reads per client', async () => {
    let limited: Awaited<ReturnType<typeof raw>> | null = null;
    for (let i = 0; i < 300 && !limited; i++) {
      const r = await raw(`${app.url}/api/price/v1/fiats`);
      if (r.status === 429) limited = r;
      else expect(r.status).toBe(200);
    }
    expect(limited?.status).toBe(429);
    expect(Number(limited?.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(limited!.body)).toMatchObject({ code: 429, data: '' });
  });

  it('login: 5 attempts, then 429; a spoofed X-Forwarded-For does not reset it; parallel slow bodies get no extra guesses', async () => {
    const attempt = (password: string, headers: Record<string, string> = {}) =>
      raw(`${app.url}/api/auth/login`, {
        method: 'POST',
        headers: { origin: app.url, 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ password }),
      });
    // the earlier sign-ins of this file were successes: they gave their points back
    const results = await Promise.all(Array.from({ length: 8 }, () => attempt('guess')));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);
    for (const xff of ['203.0.113.1', '198.51.100.2, 203.0.113.3', '::1']) {
      const spoofed = await attempt(PASSWORD, { 'x-forwarded-for': xff, 'x-real-ip': xff });
      expect(spoofed.status).toBe(429);
      expect(Number(spoofed.headers['retry-after'])).toBeGreaterThan(0);
    }
  });
});
