/**
 * The gateway's fast entry (lib/server/http/fast-entry.ts) is the same API as the route handlers:
 * two servers of this build with the same settings, one with the fast entry (the default) and one
 * without (FAST_API=0, every request through Next.js's router to the route handler), are sent the
 * same gateway reads in the same order (a cached miss then hit, a pass-through, each service's 404,
 * duplicate parameters, a malformed path, private mode's 401s and the admin's reads, a 429 with
 * Retry-After, HTTPS as the trusted proxy says, HEAD, a demo visitor's sandbox) and must give the
 * same status, body, every header, access log line and metric. Only the framing differs, and it is
 * how the test knows who answered: the fast entry sends a Content-Length, Next.js's route pipes
 * a chunked body. And the fast entry compresses for a client that asks (lib/server/http/compress.ts:
 * Next.js drops a route handler's Content-Encoding), so it adds Accept-Encoding to Vary.
 */
import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_POLICY, HSTS } from '@/lib/server/security/headers';
import { eventually, signIn, visitor } from './support/client';
import { App, raw, type RawReply } from './support/servers';

const METRICS_TOKEN = 'attack-suite-fast-entry-token';
const PASSWORD = 'attack-suite fast entry private';
const POOL = 'chain_type=evm&chain_id=1&pool_address=0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640';
const POOL_ADDRESS = '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640';
const RATE = 20;

/** [fast entry, route handlers] */
let open: [App, App];
let closed: [App, App];

beforeAll(async () => {
  const openEnv = {
    CLIENT_IP_HEADER: 'x-real-ip',
    METRICS_TOKEN,
    RATE_GATEWAY_PER_MIN: String(RATE),
  };
  // No CLIENT_IP_HEADER here: the client is the TCP peer or, through the one trusted proxy, the
  // last X-Forwarded-For entry (which Next.js fills in with the peer when absent).
  const closedEnv = {
    DASHBOARD_ACCESS: 'private',
    DASHBOARD_PASSWORD: PASSWORD,
    TRUSTED_PROXY_HOPS: '1',
  };
  open = [new App(openEnv), new App({ ...openEnv, FAST_API: '0' })];
  closed = [new App(closedEnv), new App({ ...closedEnv, FAST_API: '0' })];
  for (const app of [...open, ...closed]) await app.start();
}, 300_000);

afterAll(async () => {
  for (const app of [...(open ?? []), ...(closed ?? [])]) await app?.stop();
});

interface Ask {
  method?: 'GET' | 'HEAD';
  path: string;
  headers?: Record<string, string>;
  /** the expected status (the same from both) */
  status: number;
  /** market data moves between two servers: compare its shape, not its figures */
  shape?: boolean;
}

/** Headers that differ between any two answers (the date, a generated id) or are framing. */
const VARYING = new Set(['date', 'x-request-id', 'content-length', 'transfer-encoding']);

/** What the fast entry adds to Next.js's Vary on its own answers. */
const ENCODING_VARY = ', Accept-Encoding';

function comparable(r: RawReply): Record<string, unknown> {
  const headers: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(r.headers))
    if (!VARYING.has(name))
      headers[name] =
        name === 'vary' && typeof value === 'string' ? value.replace(ENCODING_VARY, '') : value;
  return headers;
}

/** The JSON's structure with its leaves replaced by their types. */
function shapeOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shapeOf);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shapeOf(v)]));
  return typeof value;
}

/** The same ask of both servers; checks they agree and who answered; returns both replies. */
async function same(pair: [App, App], ask: Ask, label = ask.path): Promise<[RawReply, RawReply]> {
  const method = ask.method ?? 'GET';
  const send = (app: App) => raw(`${app.url}${ask.path}`, { method, headers: ask.headers });
  const fast = await send(pair[0]);
  const route = await send(pair[1]);
  expect(fast.status, `${label}: fast`).toBe(ask.status);
  expect(route.status, `${label}: route`).toBe(ask.status);
  expect(comparable(fast), label).toEqual(comparable(route));
  if (ask.shape)
    expect(shapeOf(JSON.parse(fast.body)), label).toEqual(shapeOf(JSON.parse(route.body)));
  else expect(fast.body, label).toBe(route.body);
  for (const r of [fast, route])
    expect(r.headers['x-request-id'], label).toMatch(/^[\w.:@-]{1,128}$/);
  if (method === 'GET') {
    // Who answered: the fast entry writes the length, the route pipes chunks.
    expect(fast.headers['content-length'], `${label}: fast framing`).toBe(
      String(Buffer.byteLength(fast.body)),
    );
    expect(fast.headers['transfer-encoding'], label).toBeUndefined();
    expect(route.headers['transfer-encoding'], `${label}: route framing`).toBe('chunked');
    expect(fast.headers.vary, label).toBe(`${route.headers.vary}${ENCODING_VARY}`);
  } else {
    for (const r of [fast, route]) {
      expect(r.headers['content-length'], label).toBeUndefined();
      expect(r.headers['transfer-encoding'], label).toBeUndefined();
    }
  }
  return [fast, route];
}

/** Like `raw`, with the request target sent as written (a URL would resolve `.` and `..`). */
function rawTarget(
  app: App,
  target: string,
  headers: Record<string, string>,
  body?: string,
): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port: app.port, path: target, method: 'GET', headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const bytes = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: bytes.toString('utf8'),
            bytes,
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const ip = (n: number) => ({ 'x-real-ip': `10.23.0.${n}` });

describe('the fast entry answers as the route handler does', () => {
  it('a cached read: the miss, then the hit inside its window, with their cache headers', async () => {
    const path = '/api/price/v1/quotes/latest?ids=1,2&fiat=USD';
    const [miss] = await same(open, { path, headers: ip(1), status: 200, shape: true });
    expect(miss.headers['x-cache']).toBe('MISS');
    expect(miss.headers['cache-control']).toBe('public, max-age=3, s-maxage=3');
    const [hit, routeHit] = await same(open, { path, headers: ip(2), status: 200, shape: true });
    expect(hit.headers['x-cache']).toBe('HIT');
    // Inside one window, one server gives one body: the cache's.
    expect(hit.body).toBe(miss.body);
    expect(routeHit.headers['x-cache']).toBe('HIT');
  });

  it('a pass-through, HEAD, and the API headers over plain HTTP', async () => {
    const [chains] = await same(open, {
      path: '/api/price/v1/chains',
      headers: ip(3),
      status: 200,
    });
    expect(chains.headers['content-security-policy']).toBe(API_POLICY);
    expect(chains.headers['x-frame-options']).toBe('DENY');
    expect(chains.headers['x-content-type-options']).toBe('nosniff');
    expect(chains.headers['cache-control']).toBe('no-store');
    expect(chains.headers['strict-transport-security']).toBeUndefined();
    const [head] = await same(open, {
      method: 'HEAD',
      path: '/api/price/v1/chains',
      headers: ip(3),
      status: 200,
    });
    expect(head.body).toBe('');
    await same(open, {
      method: 'HEAD',
      path: '/api/price/v1/quotes/latest?ids=1,2&fiat=USD',
      headers: ip(3),
      status: 200,
    });
    await same(open, {
      path: `/api/tx/v1/dex-pools/${POOL_ADDRESS}/trades?chainType=evm&chainId=1&limit=5`,
      headers: ip(3),
      status: 200,
      shape: true,
    });
    await same(open, {
      path: `/api/kline/v1/market/pools/eth/${POOL_ADDRESS}`,
      headers: ip(3),
      status: 200,
      shape: true,
    });
  });

  it("404 in each service's envelope, a duplicate parameter's 400, a validation 400", async () => {
    for (const path of ['/api/price/v1/nope', '/api/tx/v1/nope/deeper', '/api/kline/v1/nope'])
      await same(open, { path, headers: ip(4), status: 404 });
    for (const path of [
      '/api/price/v1/quotes/latest?ids=1&ids=2&fiat=USD',
      `/api/tx/v1/dex-pools/${POOL_ADDRESS}/trades?chainType=evm&chainId=1&chainId=56`,
      `/api/kline/v1/kline/ohlcv?interval=1h&interval=1m&from=1&to=2&${POOL}`,
      '/api/kline/v1/kline/ohlcv?interval=1h',
    ])
      await same(open, { path, headers: ip(5), status: 400 });
  });

  it('over HTTPS as the trusted proxy says: HSTS on both', async () => {
    const https = { ...ip(6), 'x-forwarded-proto': 'https' };
    const [chains] = await same(open, {
      path: '/api/price/v1/chains',
      headers: https,
      status: 200,
    });
    expect(chains.headers['strict-transport-security']).toBe(HSTS);
    const [missing] = await same(open, {
      path: '/api/kline/v1/nope',
      headers: https,
      status: 404,
    });
    expect(missing.headers['strict-transport-security']).toBe(HSTS);
  });

  it('a client over its limit: 429 in the envelope with Retry-After, on both alike', async () => {
    const client = ip(7);
    for (let i = 0; i < RATE; i++)
      await same(open, { path: '/api/price/v1/chains', headers: client, status: 200 }, `#${i}`);
    const send = (app: App) =>
      raw(`${app.url}/api/price/v1/chains`, { headers: client }).then((r) => ({
        ...r,
        // The seconds left may differ by one between two servers.
        body: r.body.replace(/\d+ s\./, 'N s.'),
      }));
    const [fast, route] = await Promise.all(open.map(send));
    for (const r of [fast!, route!]) {
      expect(r.status).toBe(429);
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(r.headers['retry-after'])).toBeLessThanOrEqual(60);
    }
    expect(JSON.parse(fast!.body)).toEqual({
      code: 429,
      msg: 'Too many requests: try again in N s.',
      data: '',
    });
    expect(fast!.body).toBe(route!.body);
    expect(
      Math.abs(Number(fast!.headers['retry-after']) - Number(route!.headers['retry-after'])),
    ).toBeLessThanOrEqual(1);
    const { 'retry-after': a, ...fastRest } = comparable(fast!);
    const { 'retry-after': b, ...routeRest } = comparable(route!);
    expect(a).toBeDefined();
    expect(b).toBeDefined();
    expect(fastRest).toEqual(routeRest);
  });

  it('what the fast entry leaves to Next.js is answered by Next.js on both', async () => {
    const asks: [string, Record<string, string>, string?][] = [
      ['/api/price/v1/%80', {}], // the request guard's 400
      ['/api/price/v1/chains/', {}], // Next.js's trailing-slash redirect
      ['/api/price//v1/chains', {}], // repeated slashes: a redirect
      ['/api/price/v1/./chains', {}],
      ['/api/price/v1/nope/../chains', {}],
      ['/api/price/v1/%63hains', {}],
      // ids no other test reads: each server answers from its own cache, which the earlier tests
      // filled at slightly different times (a HIT on one and a MISS on the other on a busy machine).
      ['/api/price/v1/quotes/latest?ids=7,8&fiat=USD&_rsc=1', {}],
      // Next.js's own request headers
      ['/api/price/v1/chains', { rsc: '1' }],
      ['/api/price/v1/chains', { 'x-middleware-subrequest': 'proxy' }],
      // a GET with a body
      ['/api/price/v1/chains', { 'content-type': 'application/json' }, '{}'],
    ];
    for (const [path, headers, body] of asks) {
      const label = `${path} ${JSON.stringify(headers)}`;
      const send = (app: App) => rawTarget(app, path, { ...ip(8), ...headers }, body);
      const fast = await send(open[0]);
      const route = await send(open[1]);
      expect(fast.status, label).toBe(route.status);
      expect(comparable(fast), label).toEqual(comparable(route));
      if (fast.headers['content-type']?.includes('json') && !path.includes('quotes'))
        expect(fast.body, label).toBe(route.body);
    }
  });

  it('a demo visitor reads its own sandbox through the fast entry', async () => {
    const replies: RawReply[] = [];
    for (const app of open) {
      const cookie = await visitor(app.url);
      const put = await fetch(`${app.url}/api/tx/v1/app/config`, {
        method: 'PUT',
        headers: { ...ip(9), cookie, origin: app.url, 'content-type': 'application/json' },
        body: JSON.stringify({ ws_ack_resend_interval_seconds: 77 }),
      });
      expect(put.status).toBe(200);
      replies.push(await raw(`${app.url}/api/tx/v1/app/config`, { headers: { ...ip(9), cookie } }));
    }
    const [fast, route] = replies as [RawReply, RawReply];
    expect(fast.status).toBe(200);
    expect(fast.headers['content-length']).toBeDefined();
    expect(route.headers['transfer-encoding']).toBe('chunked');
    expect(comparable(fast)).toEqual(comparable(route));
    expect(shapeOf(JSON.parse(fast.body))).toEqual(shapeOf(JSON.parse(route.body)));
    for (const r of replies)
      expect((JSON.parse(r.body) as { data: unknown }).data).toMatchObject({
        ws_ack_resend_interval_seconds: 77,
      });
  });

  it('each answer leaves the same access log line and counts in the same metrics', async () => {
    type Line = Record<string, unknown>;
    const lines = (app: App, from: number) =>
      app.log
        .slice(from)
        .split('\n')
        // The gateway's lines (not the metrics route's, whose line may land on either side).
        .filter((l) => l.includes('"msg":"request"') && /"route":"(price|tx|kline)/.test(l))
        .map((l) => {
          const { method, route, status, cache, upstream_status } = JSON.parse(l) as Line;
          return JSON.stringify({ method, route, status, cache, upstream_status });
        })
        .sort();
    const metrics = async (app: App) => {
      const r = await raw(`${app.url}/api/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      const counts = new Map<string, number>();
      for (const m of r.body.matchAll(/^(pulse_gateway_(?:requests|cache)_total\{.*\}) (\d+)$/gm))
        counts.set(m[1]!, Number(m[2]));
      return counts;
    };
    const before = await Promise.all(open.map(metrics));
    const offsets = open.map((app) => app.log.length);
    const asks: Ask[] = [
      { path: '/api/price/v1/quotes/latest?ids=5,6&fiat=USD', status: 200, shape: true },
      { path: '/api/price/v1/quotes/latest?ids=5,6&fiat=USD', status: 200, shape: true },
      { path: '/api/price/v1/chains', status: 200 },
      { method: 'HEAD', path: '/api/price/v1/chains', status: 200 },
      { path: '/api/kline/v1/nope', status: 404 },
      { path: '/api/price/v1/quotes/latest?ids=1&ids=2&fiat=USD', status: 400 },
    ];
    for (const ask of asks) await same(open, { ...ask, headers: ip(10) });
    const after = await Promise.all(open.map(metrics));
    // The lines come through the servers' stdout, which may lag behind their answers.
    const [fastLines, routeLines] = await Promise.all(
      open.map((app, i) =>
        eventually(async () => {
          const found = lines(app, offsets[i]!);
          return found.length >= asks.length ? found : undefined;
        }, 'the access log lines'),
      ),
    );
    expect(fastLines).toHaveLength(asks.length);
    expect(fastLines).toEqual(routeLines);
    expect(fastLines).toContain(
      JSON.stringify({ method: 'GET', route: 'price.quotes.latest', status: 200, cache: 'hit' }),
    );
    const delta = (i: number) =>
      [...after[i]!]
        .map(([series, n]) => `${series} ${n - (before[i]!.get(series) ?? 0)}`)
        .filter((l) => !l.endsWith(' 0'))
        .sort();
    expect(delta(0)).toEqual(delta(1));
    expect(delta(0)).toContain(
      'pulse_gateway_requests_total{service="price",endpoint="price.chains.list",status="200"} 2',
    );
  });

  it('one upstream call per window: 40 reads at once of a fresh key, one miss', async () => {
    const path = '/api/price/v1/quotes/latest?ids=3,4&fiat=USD';
    for (const app of open) {
      const replies = await Promise.all(
        Array.from({ length: 40 }, (_, i) => raw(`${app.url}${path}`, { headers: ip(100 + i) })),
      );
      expect(replies.every((r) => r.status === 200)).toBe(true);
      expect(replies.filter((r) => r.headers['x-cache'] === 'MISS')).toHaveLength(1);
      expect(new Set(replies.map((r) => r.body)).size).toBe(1);
    }
  });
});

describe('the fast entry compresses what is worth it for a client that takes it', () => {
  const WINDOW = `/api/kline/v1/kline/ohlcv?interval=15m&from=1795500000&to=1795770000&limit=300&${POOL}`;
  type Decode = (bytes: Buffer) => Buffer;
  const decoders: Record<string, Decode> = { br: brotliDecompressSync, gzip: gunzipSync };
  const candlesOf = (text: string) =>
    (JSON.parse(text) as { data: { open_time: number }[] }).data.map((c) => c.open_time);

  it('a chart window: Brotli or gzip as asked, the same JSON once decoded, its length framed', async () => {
    const plain = await raw(`${open[0].url}${WINDOW}`, { headers: ip(20) });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.bytes.length).toBeGreaterThan(20_000);
    const asks: [string, string | undefined][] = [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip;q=0.5', 'gzip'],
      ['BR', 'br'],
      ['deflate, zstd', undefined],
      ['*', undefined],
      ['gzip;q=0', undefined],
    ];
    for (const [accept, expected] of asks) {
      const r = await raw(`${open[0].url}${WINDOW}`, {
        headers: { ...ip(20), 'accept-encoding': accept },
      });
      expect(r.status, accept).toBe(200);
      expect(r.headers['content-encoding'], accept).toBe(expected);
      expect(r.headers.vary, accept).toMatch(/, Accept-Encoding$/);
      expect(r.headers['content-length'], accept).toBe(String(r.bytes.length));
      const text = expected ? decoders[expected]!(r.bytes).toString('utf8') : r.body;
      if (expected) expect(r.bytes.length, accept).toBeLessThan(plain.bytes.length / 3);
      // The simulator's window ends at the same candle; its last one may have moved.
      expect(candlesOf(text), accept).toEqual(candlesOf(plain.body));
    }
  });

  it('a small answer, HEAD and the route handler go as they are', async () => {
    const accept = { ...ip(21), 'accept-encoding': 'gzip, br' };
    const missing = await raw(`${open[0].url}/api/kline/v1/nope`, { headers: accept });
    expect(missing.status).toBe(404);
    expect(missing.headers['content-encoding']).toBeUndefined();
    // Readable as sent: the kline service's own 404 envelope.
    expect(JSON.parse(missing.body)).toHaveProperty('code');
    const head = await raw(`${open[0].url}${WINDOW}`, { method: 'HEAD', headers: accept });
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBeUndefined();
    expect(head.bytes.length).toBe(0);
    const route = await raw(`${open[1].url}${WINDOW}`, { headers: accept });
    expect(route.status).toBe(200);
    expect(route.headers['content-encoding']).toBeUndefined();
    expect(candlesOf(route.body).length).toBeGreaterThan(100);
  });
});

describe('DASHBOARD_ACCESS=private through the fast entry', () => {
  it("401 in each service's envelope, HEAD too", async () => {
    for (const path of [
      '/api/price/v1/quotes/latest?ids=1,2&fiat=USD',
      '/api/price/v1/chains',
      '/api/tx/v1/app/config',
      `/api/kline/v1/kline/ohlcv?interval=1h&from=1&to=2&${POOL}`,
      '/api/kline/v1/market/coins/eth/0x1',
    ])
      await same(closed, { path, status: 401 });
    await same(closed, { method: 'HEAD', path: '/api/price/v1/chains', status: 401 });
    const [https] = await same(closed, {
      path: '/api/tx/v1/app/config',
      headers: { 'x-forwarded-proto': 'https' },
      status: 401,
    });
    expect(https.headers['strict-transport-security']).toBe(HSTS);
  });

  it("the admin reads, with the trusted proxy's request id; a signed-out session is refused", async () => {
    const cookies = await Promise.all(closed.map((app) => signIn(app.url, PASSWORD)));
    for (const path of ['/api/price/v1/chains', '/api/tx/v1/app/config']) {
      const pair = await Promise.all(
        closed.map((app, i) =>
          raw(`${app.url}${path}`, {
            headers: {
              cookie: cookies[i]!,
              'x-request-id': 'proxy-given-id-42',
              'x-forwarded-for': '203.0.113.9',
            },
          }),
        ),
      );
      for (const r of pair) {
        expect(r.status, path).toBe(200);
        expect(r.headers['x-request-id'], path).toBe('proxy-given-id-42');
      }
      expect(pair[0]!.headers['content-length'], path).toBeDefined();
      expect(pair[1]!.headers['transfer-encoding'], path).toBe('chunked');
      expect(comparable(pair[0]!), path).toEqual(comparable(pair[1]!));
      expect(shapeOf(JSON.parse(pair[0]!.body)), path).toEqual(shapeOf(JSON.parse(pair[1]!.body)));
    }
    // Signed out on the route (a change): the same cookie no longer reads on the fast entry.
    for (const [i, app] of closed.entries()) {
      const out = await fetch(`${app.url}/api/auth/logout`, {
        method: 'POST',
        headers: { cookie: cookies[i]!, origin: app.url },
      });
      expect(out.status).toBeLessThan(300);
    }
    const after = await Promise.all(
      closed.map((app, i) =>
        raw(`${app.url}/api/price/v1/chains`, { headers: { cookie: cookies[i]! } }),
      ),
    );
    for (const r of after) expect(r.status).toBe(401);
    expect(after[0]!.headers['content-length']).toBeDefined();
    expect(after[0]!.body).toBe(after[1]!.body);
    expect(comparable(after[0]!)).toEqual(comparable(after[1]!));
  });
});
