/**
 * What an operator sees: a request id on every API answer and in its access line, JSON logs that hold
 * no secret, metrics behind a token that move with traffic, readiness that follows the live sockets,
 * and a configuration that names what is wrong.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { waitUntil } from '../../support/stream';
import { startRecordingSim, type RecordingUpstream } from '../../support/upstream';

const SECRETS = {
  UPSTREAM_API_KEY: 'upstream-key-7d3f9a1c2b',
  DASHBOARD_PASSWORD: 'dashboard-password-4e8b',
  SESSION_SECRET: 'session-secret-0123456789abcdef0123456789',
  WEBHOOK_SECRET: 'webhook-secret-5a6b7c8d9e',
  METRICS_TOKEN: 'metrics-token-1f2e3d4c5b6a',
};
const NAMES = [
  ...Object.keys(SECRETS),
  'UPSTREAM_BASE_URL',
  'LOG_LEVEL',
  'ALLOWED_HOSTS',
  'RATE_GATEWAY_PER_MIN',
  'TRUSTED_PROXY_HOPS',
  'STREAM_OPENS_PER_MIN',
];

let upstream: RecordingUpstream;
let lines: string[] = [];

async function load(env: Record<string, string>) {
  for (const k of NAMES) delete process.env[k];
  Object.assign(process.env, { ALLOWED_HOSTS: 'dash.test', RATE_GATEWAY_PER_MIN: '1000000' }, env);
  vi.resetModules();
  const log = await import('@/lib/observe/log');
  log.resetLogger();
  lines = [];
  log.setLogSink((line) => lines.push(line));
  (await import('@/lib/server/security/limits')).setLimitStore(null);
  const server = await import('@/lib/server/stream/server');
  server.setStreamHub(
    server.createStreamHub({ lingerMs: 0, pingEveryMs: 60_000, backoffBaseMs: 50 }),
  );
  return {
    price: (await import('@/app/api/price/[[...path]]/route')).GET,
    login: (await import('@/app/api/auth/login/route')).POST,
    webhook: (await import('@/app/api/webhooks/tx/route')).POST,
    stream: (await import('@/app/api/stream/route')).GET,
    metrics: (await import('@/app/api/metrics/route')).GET,
    ready: (await import('@/app/api/health/ready/route')).GET,
    live: (await import('@/app/api/health/live/route')).GET,
    server,
  };
}

const get = (path: string, headers: Record<string, string> = {}) =>
  new Request(`http://dash.test${path}`, { headers });
const json = (s: string) => JSON.parse(s) as Record<string, unknown>;

beforeAll(async () => {
  upstream = await startRecordingSim(SECRETS.UPSTREAM_API_KEY);
});
afterEach(async () => {
  const log = await import('@/lib/observe/log');
  log.setLogSink(null);
  (await import('@/lib/server/stream/server')).setStreamHub(undefined);
});
afterAll(async () => {
  await upstream.close();
  for (const k of NAMES) delete process.env[k];
});

describe('request ids and access lines', () => {
  it('every API answer carries a request id that appears in its access line, with the route template', async () => {
    const app = await load({ UPSTREAM_BASE_URL: upstream.url, ...SECRETS });
    const first = await app.price(get('/api/price/v1/quotes/latest?ids=1,2'));
    const again = await app.price(get('/api/price/v1/quotes/latest?ids=1,2'));
    const missing = await app.price(get('/api/price/v1/nothing/here'));
    for (const r of [first, again, missing])
      expect(r.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const ids = new Set([first, again, missing].map((r) => r.headers.get('x-request-id')));
    expect(ids.size).toBe(3);

    const access = lines.map(json).filter((l) => l.msg === 'request');
    expect(access).toHaveLength(3);
    const [a, b, c] = access;
    expect(a).toMatchObject({
      level: 'info',
      method: 'GET',
      route: 'price.quotes.latest',
      status: 200,
      cache: 'miss',
      upstream_status: 200,
      request_id: first.headers.get('x-request-id'),
    });
    expect(typeof a?.duration_ms).toBe('number');
    expect(typeof a?.time).toBe('string');
    expect(b).toMatchObject({ cache: 'hit', request_id: again.headers.get('x-request-id') });
    expect(c).toMatchObject({
      route: 'price',
      status: 404,
      request_id: missing.headers.get('x-request-id'),
    });
    // The raw path (ids, addresses) is not in the access line.
    expect(JSON.stringify(access)).not.toContain('quotes/latest?ids');
  });

  it("a proxy's x-request-id is taken only when a proxy is trusted", async () => {
    let app = await load({ UPSTREAM_BASE_URL: upstream.url, ...SECRETS });
    let r = await app.price(get('/api/price/v1/chains', { 'x-request-id': 'edge-abc-123' }));
    expect(r.headers.get('x-request-id')).not.toBe('edge-abc-123');
    app = await load({ UPSTREAM_BASE_URL: upstream.url, ...SECRETS, TRUSTED_PROXY_HOPS: '1' });
    r = await app.price(get('/api/price/v1/chains', { 'x-request-id': 'edge-abc-123' }));
    expect(r.headers.get('x-request-id')).toBe('edge-abc-123');
    r = await app.price(get('/api/price/v1/chains', { 'x-request-id': 'bad id with spaces' }));
    expect(r.headers.get('x-request-id')).not.toBe('bad id with spaces');
  });
});

describe('logs hold no secret', () => {
  it('every line is JSON and none holds a secret, across calls that touch each of them', async () => {
    // A wrong upstream key too, so the refusal is logged.
    const app = await load({ UPSTREAM_BASE_URL: upstream.url, ...SECRETS, LOG_LEVEL: 'debug' });
    await app.price(get('/api/price/v1/chains'));
    await app.login(
      new Request('http://dash.test/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'http://dash.test' },
        body: JSON.stringify({ password: 'wrong-password-guess' }),
      }),
    );
    await app.webhook(
      new Request('http://dash.test/api/webhooks/tx', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          sign: SECRETS.WEBHOOK_SECRET,
          host: 'dash.test',
        },
        body: JSON.stringify([{ chain_type: 'ethereum' }]),
      }),
    );
    await app.metrics(get('/api/metrics', { authorization: `Bearer ${SECRETS.METRICS_TOKEN}` }));
    // Lines that print the secrets themselves, as a careless future change might.
    const { log } = await import('@/lib/observe/log');
    log().warn({ password: SECRETS.DASHBOARD_PASSWORD, nested: { token: 'x' } }, 'careless');
    log().warn(`careless message with ${SECRETS.UPSTREAM_API_KEY} and ${SECRETS.SESSION_SECRET}`);
    log().warn({ url: `https://u:${SECRETS.WEBHOOK_SECRET}@hook.example/x` }, 'careless url');

    const messages = lines.map((l) => json(l).msg);
    expect(messages.filter((m) => m === 'request')).toHaveLength(4);
    expect(messages).toContain('webhook delivery received');
    expect(messages.filter((m) => typeof m === 'string' && m.startsWith('careless'))).toHaveLength(
      3,
    );
    const all = lines.join('');
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(() => json(line)).not.toThrow();
    for (const secret of Object.values(SECRETS)) expect(all).not.toContain(secret);
    expect(all).toContain('[redacted]');
  });

  it("the cluster's Redis password is never written, whatever prints the URL", async () => {
    const url = 'rediss://default:redis-password-9c8b7a6d@cache.example:6380';
    process.env.REDIS_URL = url;
    try {
      vi.resetModules();
      const log = await import('@/lib/observe/log');
      log.resetLogger();
      const out: string[] = [];
      log.setLogSink((line) => out.push(line));
      log.log().warn({ err: `connect ECONNREFUSED ${url}` }, `careless: ${url}`);
      expect(out).toHaveLength(1);
      expect(out[0]).not.toContain('redis-password-9c8b7a6d');
      expect(out[0]).toContain('[redacted]');
    } finally {
      delete process.env.REDIS_URL;
    }
  });

  it('a wrong upstream key is logged as such', async () => {
    const app = await load({
      UPSTREAM_BASE_URL: upstream.url,
      ...SECRETS,
      UPSTREAM_API_KEY: 'not-the-key-000',
    });
    const r = await app.price(get('/api/price/v1/chains'));
    expect(r.status).toBeGreaterThanOrEqual(400);
    const refused = lines.map(json).find((l) => String(l.msg).includes('refused the API key'));
    expect(refused).toMatchObject({ level: 'error', service: 'price' });
  });
});

describe('metrics', () => {
  const scrape = async (app: Awaited<ReturnType<typeof load>>) => {
    const r = await app.metrics(
      get('/api/metrics', { authorization: `Bearer ${SECRETS.METRICS_TOKEN}` }),
    );
    expect(r.status).toBe(200);
    return r.text();
  };
  const value = (text: string, series: string) => {
    const line = text.split('\n').find((l) => l.startsWith(series));
    return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
  };

  it('are off without METRICS_TOKEN and refused without the token', async () => {
    let app = await load({
      UPSTREAM_BASE_URL: upstream.url,
      UPSTREAM_API_KEY: SECRETS.UPSTREAM_API_KEY,
    });
    expect((await app.metrics(get('/api/metrics'))).status).toBe(404);
    app = await load({ UPSTREAM_BASE_URL: upstream.url, ...SECRETS });
    expect((await app.metrics(get('/api/metrics'))).status).toBe(401);
    expect((await app.metrics(get('/api/metrics', { authorization: 'Bearer wrong' }))).status).toBe(
      401,
    );
  });

  it('expose the series and move with requests and streams', async () => {
    const app = await load({
      UPSTREAM_BASE_URL: upstream.url,
      ...SECRETS,
      STREAM_OPENS_PER_MIN: '1000',
    });
    const before = await scrape(app);
    for (const series of [
      'pulse_gateway_requests_total',
      'pulse_upstream_request_seconds',
      'pulse_gateway_cache_total',
      'pulse_streams_open',
      'pulse_upstream_subscriptions',
      'pulse_stream_events_total',
      'pulse_stream_events_dropped_total',
      'pulse_stream_slow_clients_total',
      'pulse_upstream_socket_reconnects_total',
      'pulse_rate_limited_total',
      'pulse_webhook_deliveries_total',
    ])
      expect(before).toContain(`# TYPE ${series}`);

    await app.price(get('/api/price/v1/quotes/latest?ids=1'));
    await app.price(get('/api/price/v1/quotes/latest?ids=1'));
    const controller = new AbortController();
    const stream = await app.stream(
      new Request(
        'http://dash.test/api/stream?topic=ohlcv:evm:1:0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640:1m',
        {
          signal: controller.signal,
        },
      ),
    );
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    await reader.read();

    const after = await scrape(app);
    const ok =
      'pulse_gateway_requests_total{service="price",endpoint="price.quotes.latest",status="200"}';
    expect(value(after, ok) - value(before, ok)).toBe(2);
    expect(value(after, 'pulse_gateway_cache_total{service="price",result="hit"}')).toBe(
      value(before, 'pulse_gateway_cache_total{service="price",result="hit"}') + 1,
    );
    expect(
      value(after, 'pulse_upstream_request_seconds_count{service="price",outcome="ok"}'),
    ).toBeGreaterThan(
      value(before, 'pulse_upstream_request_seconds_count{service="price",outcome="ok"}'),
    );
    expect(value(after, 'pulse_streams_open')).toBe(value(before, 'pulse_streams_open') + 1);
    expect(value(after, 'pulse_upstream_subscriptions{kind="kline_pools"}')).toBe(1);

    controller.abort();
    await reader.cancel().catch(() => undefined);
    await waitUntil(() => true);
    const closed = await scrape(app);
    expect(value(closed, 'pulse_streams_open')).toBe(value(before, 'pulse_streams_open'));
  });
});

describe('health for orchestrators', () => {
  let server: Server;
  let wss: WebSocketServer;
  const sockets = new Set<WebSocket>();
  let accept = true;

  beforeAll(async () => {
    // An upstream whose sockets the test can cut and refuse; HTTP goes to the recording simulator.
    server = createServer((req, res) => {
      const target = `${upstream.url}${req.url ?? ''}`;
      void fetch(target, { headers: { 'x-api-key': String(req.headers['x-api-key'] ?? '') } }).then(
        async (r) =>
          res.writeHead(r.status, { 'content-type': 'application/json' }).end(await r.text()),
      );
    });
    wss = new WebSocketServer({ noServer: true });
    server.on('upgrade', (req, socket, head) => {
      if (!accept) return socket.destroy();
      wss.handleUpgrade(req, socket, head, (ws) => {
        sockets.add(ws);
        ws.on('close', () => sockets.delete(ws));
        ws.on('message', (raw: Buffer) => {
          const m = JSON.parse(raw.toString('utf8')) as { id?: string; type?: string };
          if (m.type === 'ping')
            ws.send(
              JSON.stringify({ id: m.id, type: 'pong', code: 0, data: {}, msg: 'ok', time: 0 }),
            );
        });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    for (const s of sockets) s.terminate();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('liveness is 200; readiness follows the upstream socket: unready while it is down, ready again after', async () => {
    const { port } = server.address() as AddressInfo;
    const app = await load({ UPSTREAM_BASE_URL: `http://127.0.0.1:${port}`, ...SECRETS });
    expect((await app.live(get('/api/health/live'))).status).toBe(200);

    let r = await app.ready(get('/api/health/ready'));
    let body = (await r.json()) as {
      ready: boolean;
      mode: string;
      sockets: Record<string, string>;
    };
    expect(r.status).toBe(200);
    expect(body).toMatchObject({
      ready: true,
      mode: 'upstream',
      sockets: { kline: 'idle', tx: 'idle' },
    });

    const hub = app.server.getStreamHub();
    const stop = hub.follow(
      [
        {
          kind: 'ohlcv',
          key: 'ohlcv:evm:1:0xabc:1m',
          chainType: 'evm',
          chainId: 1,
          pool: '0xabc',
          interval: '1m',
        },
      ],
      { write: () => undefined },
    );
    await waitUntil(() => hub.linkState('kline') === 'connected', 5000, 'kline connected');
    body = (await (await app.ready(get('/api/health/ready'))).json()) as typeof body;
    expect(body.sockets.kline).toBe('connected');

    accept = false;
    for (const s of sockets) s.terminate();
    await waitUntil(() => hub.linkState('kline') !== 'connected', 5000, 'kline down');
    r = await app.ready(get('/api/health/ready'));
    body = (await r.json()) as typeof body;
    expect(r.status).toBe(503);
    expect(body.ready).toBe(false);
    expect(['reconnecting', 'down', 'connecting']).toContain(body.sockets.kline);

    accept = true;
    await waitUntil(() => hub.linkState('kline') === 'connected', 10_000, 'kline back');
    r = await app.ready(get('/api/health/ready'));
    expect(r.status).toBe(200);
    expect(((await r.json()) as typeof body).sockets.kline).toBe('connected');
    stop();
  });
});
