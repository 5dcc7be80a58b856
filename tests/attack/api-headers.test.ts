/**
 * The API without the proxy layer (proxy.ts skips `/api/`): every header an API answer had when the
 * proxy set them is still there, over plain HTTP and over HTTPS as the server trusts it (a proxy
 * named by CLIENT_IP_HEADER saying `X-Forwarded-Proto: https`); an undecodable path is a JSON 400,
 * never a bare 500; private mode's refusals are each service's own, word for word as before; pages
 * keep their nonce policy, their sandbox cookie and the sign-in redirect; a method never served there
 * is a 405, never a bare 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_POLICY, HSTS } from '@/lib/server/security/headers';
import { App, raw, type RawReply } from './support/servers';

const METRICS_TOKEN = 'attack-suite-metrics-token';
const WEBHOOK_SECRET = 'attack-suite-headers-secret';
const POOL = 'chain_type=evm&chain_id=1&pool_address=0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640';
const PRIVATE = 'This dashboard is private: sign in as admin.';

let app: App;
let closed: App;

beforeAll(async () => {
  app = new App({ CLIENT_IP_HEADER: 'x-real-ip', METRICS_TOKEN, WEBHOOK_SECRET });
  closed = new App({
    DASHBOARD_ACCESS: 'private',
    DASHBOARD_PASSWORD: 'attack-suite private headers',
    WEBHOOK_SECRET,
  });
  await app.start();
  await closed.start();
}, 240_000);

afterAll(async () => {
  await app?.stop();
  await closed?.stop();
});

interface Ask {
  method?: string;
  path: string;
  body?: string;
  headers?: Record<string, string>;
  status: number;
}

/** One of each kind of API answer (the gateway's cached and passed-through reads, a change, ...). */
const asks = (base: string): Ask[] => {
  const json = { origin: base, 'content-type': 'application/json' };
  return [
    { path: '/api/price/v1/quotes/latest?ids=1,2&fiat=USD', status: 200 },
    { path: '/api/price/v1/chains', status: 200 },
    { method: 'HEAD', path: '/api/price/v1/chains', status: 200 },
    { method: 'POST', path: '/api/tx/v1/addresses', body: '{}', headers: json, status: 400 },
    { path: '/api/nope', status: 404 },
    { method: 'POST', path: '/api/nope', body: 'x', status: 404 },
    { path: '/api/stream', status: 400 },
    { path: '/api/health', status: 200 },
    { path: '/api/health/live', status: 200 },
    { path: '/api/auth/session', status: 200 },
    { method: 'POST', path: '/api/auth/login', body: '{}', headers: json, status: 409 },
    { path: '/api/webhooks/tx', status: 200 },
    { method: 'POST', path: '/api/webhooks/tx', body: '[]', status: 401 },
    { path: '/api/logo', status: 400 },
    { path: '/api/metrics', status: 401 },
    { path: '/api/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` }, status: 200 },
    { path: '/api/price/v1/%80', status: 400 },
  ];
};

const send = (base: string, ask: Ask, extra: Record<string, string> = {}) =>
  raw(`${base}${ask.path}`, {
    method: ask.method,
    headers: { ...ask.headers, ...extra },
    body: ask.body,
  });

function expectApiHeaders(r: RawReply, label: string, https: boolean) {
  expect(r.headers['content-security-policy'], label).toBe(API_POLICY);
  expect(r.headers['x-frame-options'], label).toBe('DENY');
  expect(r.headers['x-content-type-options'], label).toBe('nosniff');
  expect(r.headers['referrer-policy'], label).toBe('strict-origin-when-cross-origin');
  expect(r.headers['permissions-policy'], label).toBe(
    'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=()',
  );
  if (https) expect(r.headers['strict-transport-security'], label).toBe(HSTS);
  else expect(r.headers['strict-transport-security'], label).toBeUndefined();
}

describe("every API answer keeps the headers it had (the proxy's, before)", () => {
  it('over plain HTTP: the API policy, no framing, nosniff, referrer and permissions policies, no HSTS', async () => {
    for (const ask of asks(app.url)) {
      const label = `${ask.method ?? 'GET'} ${ask.path}`;
      const r = await send(app.url, ask, { 'x-real-ip': '10.9.8.7' });
      expect(r.status, label).toBe(ask.status);
      expectApiHeaders(r, label, false);
    }
    // A client's own claim of HTTPS is not the trusted proxy's... unless it is that proxy: here
    // CLIENT_IP_HEADER names one, so the next test is the HTTPS case.
  });

  it('over HTTPS as the trusted proxy says: the same, and HSTS', async () => {
    for (const ask of asks(app.url)) {
      const label = `${ask.method ?? 'GET'} ${ask.path}`;
      const r = await send(app.url, ask, { 'x-real-ip': '10.9.8.6', 'x-forwarded-proto': 'https' });
      expect(r.status, label).toBe(ask.status);
      expectApiHeaders(r, label, true);
    }
  });

  it('the live stream too, as it opens', async () => {
    const controller = new AbortController();
    const r = await fetch(`${app.url}/api/stream?topic=tx`, {
      headers: { 'x-real-ip': '10.9.8.5', 'x-forwarded-proto': 'https' },
      signal: controller.signal,
    });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('text/event-stream');
    expect(r.headers.get('content-security-policy')).toBe(API_POLICY);
    expect(r.headers.get('x-frame-options')).toBe('DENY');
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    expect(r.headers.get('strict-transport-security')).toBe(HSTS);
    controller.abort();
    await r.body?.cancel().catch(() => undefined);
  });
});

describe('a path whose percent-encoding does not decode', () => {
  it("is 400 in JSON with the API's headers, never a bare 500", async () => {
    for (const path of [
      '/api/price/v1/%80',
      '/api/x/%E0%A4%A',
      '/api/kline/v1/%ZZ',
      '/api/tx/v1/addresses/%C0%AF',
      '/api/stream/%80?topic=tx',
    ]) {
      for (const method of ['GET', 'POST']) {
        const r = await raw(`${app.url}${path}`, {
          method,
          headers: { 'x-real-ip': '10.9.8.4', 'content-type': 'application/json' },
          body: method === 'POST' ? '{}' : undefined,
        });
        expect(r.status, `${method} ${path}`).toBe(400);
        expect(r.headers['content-type'], path).toContain('application/json');
        expect(JSON.parse(r.body), path).toEqual({
          code: 400,
          message: 'Malformed percent-encoding in the path.',
        });
        expectApiHeaders(r, path, false);
        // Not reused: what follows on the socket is never parsed as another request.
        expect(r.headers.connection, path).toBe('close');
      }
    }
    const https = await raw(`${app.url}/api/price/v1/%80`, {
      headers: { 'x-real-ip': '10.9.8.4', 'x-forwarded-proto': 'https' },
    });
    expect(https.status).toBe(400);
    expectApiHeaders(https, 'https', true);
    // A page path is the proxy's to answer, as before.
    const page = await raw(`${app.url}/pools/%80`);
    expect(page.status).toBe(400);
  });
});

describe('a method the app never serves', () => {
  it('is 405 naming what is served, never a bare 500: TRACE and WebDAV anywhere, a change on a public file', async () => {
    const cases: { method: string; path: string; allow: string }[] = [];
    for (const method of ['TRACE', 'PROPFIND', 'SEARCH', 'MKCOL', 'PURGE'])
      for (const path of ['/api/health', '/api/price/v1/chains', '/', '/pools', '/embed.js'])
        cases.push({
          method,
          path,
          allow: path.startsWith('/api/')
            ? 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS'
            : 'GET, HEAD',
        });
    for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS'])
      for (const path of ['/embed.js', '/sw.js', '/offline.html'])
        cases.push({ method, path, allow: 'GET, HEAD' });
    for (const { method, path, allow } of cases) {
      const r = await raw(`${app.url}${path}`, { method, headers: { 'x-real-ip': '10.9.8.5' } });
      const what = `${method} ${path}`;
      expect(r.status, what).toBe(405);
      expect(r.headers.allow, what).toBe(allow);
      expect(r.headers['x-content-type-options'], what).toBe('nosniff');
      expect(r.headers.connection, what).toBe('close');
      if (path.startsWith('/api/'))
        expect(JSON.parse(r.body), what).toEqual({
          code: 405,
          message: `Method ${method} is not allowed here.`,
        });
      else expect(r.body, what).toBe(`Method ${method} is not allowed here.\n`);
    }
    // What is served is untouched: the file itself, and the methods some route takes.
    const file = await raw(`${app.url}/embed.js`);
    expect(file.status).toBe(200);
    expect((await raw(`${app.url}/api/health`, { method: 'OPTIONS' })).status).toBe(204);
    expect((await raw(`${app.url}/api/health`, { method: 'DELETE' })).status).toBe(405);
    expect(file.headers.allow).toBeUndefined();
  });
});

describe('a Range on a static file', () => {
  it('that is malformed or past the end is ignored: the whole file, never a bare 500', async () => {
    const html = await raw(`${app.url}/`);
    const chunk = /\/_next\/static\/chunks\/[\w.-]+\.js/.exec(html.body)?.[0];
    expect(chunk, 'a script of the page').toBeTruthy();
    for (const path of ['/embed.js', '/offline.html', chunk!]) {
      const whole = await raw(`${app.url}${path}`);
      expect(whole.status, path).toBe(200);
      for (const range of ['bytes=999999999-', 'bytes=5-1', 'bytes=abc', 'bytes=0-10']) {
        const r = await raw(`${app.url}${path}`, { headers: { range } });
        expect(r.status, `${range} ${path}`).toBe(200);
        expect(r.body, `${range} ${path}`).toBe(whole.body);
      }
    }
  });
});

describe('pages keep what the proxy gives them', () => {
  it('a nonce policy, DENY framing and, for a new visitor of the demo, the sandbox cookie; `/api` is a page', async () => {
    for (const path of ['/', '/api']) {
      const r = await raw(`${app.url}${path}`);
      const csp = String(r.headers['content-security-policy']);
      expect(csp, path).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
      expect(r.headers['x-frame-options'], path).toBe('DENY');
      const cookies = ([] as string[]).concat(r.headers['set-cookie'] ?? []);
      expect(
        cookies.some((c) => c.startsWith('pulse_demo=')),
        path,
      ).toBe(true);
    }
  });
});

describe('DASHBOARD_ACCESS=private: each refusal exactly as it was', () => {
  const gatewayRefusals: [string, string, Record<string, unknown>][] = [
    ['GET', '/api/price/v1/quotes/latest?ids=1,2&fiat=USD', { code: 401, msg: PRIVATE, data: '' }],
    ['GET', '/api/price/v1/chains', { code: 401, msg: PRIVATE, data: '' }],
    ['GET', `/api/price/v1/pools?${POOL}`, { code: 401, msg: PRIVATE, data: '' }],
    ['GET', '/api/tx/v1/app/config', { code: 401, message: PRIVATE, data: null }],
    ['POST', '/api/tx/v1/addresses', { code: 401, message: PRIVATE, data: null }],
    ['POST', '/api/tx/v1/transfers/search', { code: 401, message: PRIVATE, data: null }],
    [
      'GET',
      `/api/kline/v1/kline/ohlcv?interval=1h&from=1&to=2&${POOL}`,
      { code: 20001, message: PRIVATE, error: { type: 'UnauthorizedError' } },
    ],
    [
      'GET',
      '/api/kline/v1/market/coins/eth/0x1',
      { code: 20001, message: PRIVATE, error: { type: 'UnauthorizedError' } },
    ],
  ];

  it("the gateway answers 401 in each service's envelope", async () => {
    for (const [method, path, body] of gatewayRefusals) {
      const r = await raw(`${closed.url}${path}`, {
        method,
        headers: { origin: closed.url, 'content-type': 'application/json' },
        body: method === 'POST' ? '{}' : undefined,
      });
      expect(r.status, path).toBe(401);
      expect(JSON.parse(r.body), path).toEqual(body);
      expectApiHeaders(r, path, false);
    }
    const head = await raw(`${closed.url}/api/price/v1/chains`, { method: 'HEAD' });
    expect(head.status).toBe(401);
  });

  it('the other routes: the stream and the logo refuse, the open ones answer as before', async () => {
    const expected: [string, string, number, unknown][] = [
      ['GET', '/api/stream?topic=tx', 401, { error: 'unauthorized', message: PRIVATE }],
      [
        'GET',
        '/api/stream?topic=ohlcv:evm:1:0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640:1m',
        401,
        { error: 'unauthorized', message: PRIVATE },
      ],
      [
        'GET',
        '/api/stream',
        400,
        { error: 'bad_topic', message: 'At least one topic is required, e.g. ?topic=tx' },
      ],
      ['GET', '/api/logo', 401, { code: 401, message: PRIVATE, data: null }],
      ['GET', '/api/nope', 404, { code: 404, message: 'Not found', data: null }],
      ['GET', '/api/health/live', 200, { status: 'ok' }],
      // Changed on purpose since f481e14 (issue 25): whether a secret is set is the admin's to know.
      ['GET', '/api/webhooks/tx', 401, { code: 401, message: PRIVATE }],
      ['POST', '/api/webhooks/tx', 401, { code: 401, message: 'The Sign header is missing.' }],
      ['POST', '/api/auth/logout', 200, { message: 'Signed out.' }],
      ['GET', '/api/metrics', 404, undefined],
    ];
    for (const [method, path, status, body] of expected) {
      const r = await raw(`${closed.url}${path}`, {
        method,
        headers: { origin: closed.url, 'content-type': 'application/json' },
        body: method === 'POST' ? '[]' : undefined,
      });
      expect(r.status, path).toBe(status);
      if (body !== undefined) expect(JSON.parse(r.body), path).toEqual(body);
      expectApiHeaders(r, path, false);
    }
    const session = await raw(`${closed.url}/api/auth/session`);
    expect(JSON.parse(session.body)).toMatchObject({ private: true, signedIn: false });
    const health = await raw(`${closed.url}/api/health`);
    expect(health.status).toBe(200);
    // Changed on purpose since f481e14 (issue 25): without the session, the verdict alone.
    expect(JSON.parse(health.body)).toEqual({ status: 'ok' });
    const wrong = await raw(`${closed.url}/api/auth/login`, {
      method: 'POST',
      headers: { origin: closed.url, 'content-type': 'application/json' },
      body: JSON.stringify({ password: 'not the password at all' }),
    });
    expect(wrong.status).toBe(401);
    expect(JSON.parse(wrong.body)).toEqual({ message: 'Wrong password.' });
  });

  it('pages still send a visitor to sign in', async () => {
    const r = await raw(`${closed.url}/wallets`);
    expect(r.status).toBe(307);
    expect(r.headers.location).toBe('/login?next=%2Fwallets');
    const api = await raw(`${closed.url}/api`);
    expect(api.status).toBe(307);
    expect(api.headers.location).toBe('/login?next=%2Fapi');
  });
});
