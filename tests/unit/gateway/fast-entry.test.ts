/**
 * The fast entry (lib/server/http/fast-entry.ts): which requests it takes (only gateway reads it
 * answers exactly as the route would; the rest go on to Next.js untouched), when it is installed, and
 * on a real Node server: the web Request it builds, the answer it writes, the signal it aborts when
 * the client goes away. tests/attack/fast-entry.test.ts compares it with the route handlers.
 */
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { GatewayAnswer } from '@/lib/server/gateway/handle';

const calls: { service: string; request: Request; signal: AbortSignal }[] = [];
let hang = false;
let fail = false;

vi.mock('@/lib/server/gateway/handle', () => ({
  gatewayAnswer: (service: string, request: Request, signal: AbortSignal) => {
    calls.push({ service, request, signal });
    if (hang) return new Promise<GatewayAnswer>(() => undefined);
    if (fail) return Promise.reject(new TypeError('boom'));
    return Promise.resolve<GatewayAnswer>({
      status: 200,
      headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
      body: request.method === 'HEAD' ? null : '{"code":0,"msg":"ok","data":"é"}',
    });
  },
}));

const { fastEntryWanted, fastService, installFastEntry, APP_ROUTE_VARY } =
  await import('@/lib/server/http/fast-entry');
const { API_HEADERS } = await import('@/lib/server/security/headers');

function message(
  url: string,
  headers: Record<string, string> = {},
  method = 'GET',
): IncomingMessage {
  return { method, url, headers: { host: '127.0.0.1:3000', ...headers } } as IncomingMessage;
}

describe('what the fast entry takes', () => {
  it('gateway reads of plain paths, GET and HEAD, with or without a query', () => {
    expect(fastService(message('/api/price/v1/chains'))).toBe('price');
    expect(fastService(message('/api/price/v1/quotes/latest?ids=1,2&fiat=USD'))).toBe('price');
    expect(fastService(message('/api/tx/v1/app/config', {}, 'HEAD'))).toBe('tx');
    expect(
      fastService(message('/api/kline/v1/market/pools/eth/0x88e6a0c2ddd26feeb64f039a2c41296f')),
    ).toBe('kline');
    expect(fastService(message('/api/kline/v1/nope.json'))).toBe('kline');
    expect(fastService(message('/api/price/v1/chains', { 'content-length': '0' }))).toBe('price');
    expect(fastService(message('/api/price/v1/chains', { host: '[::1]:3000' }))).toBe('price');
  });

  it('leaves every other request to Next.js', () => {
    const declined: [string, Record<string, string>?, string?][] = [
      ['/api/price/v1/chains', {}, 'POST'],
      ['/api/price/v1/chains', {}, 'OPTIONS'],
      ['/api/price/v1/chains', {}, 'DELETE'],
      ['/api/price/v1/chains', { 'content-length': '2' }],
      ['/api/price/v1/chains', { 'transfer-encoding': 'chunked' }],
      ['/api/price/v1', {}],
      ['/api/price/v1/', {}],
      ['/api/price/v1/chains/', {}],
      ['/api/price//v1/chains', {}],
      ['/api/price/v1//chains', {}],
      ['/api/price/v1/./chains', {}],
      ['/api/price/v1/../v1/chains', {}],
      ['/api/price/v1/chains/..', {}],
      ['/api/price/v1/chains/.?x=1', {}],
      ['/api/price/v1/%63hains', {}],
      ['/api/price/v1/%80', {}],
      ['/api/price/v1/a\\b', {}],
      ['/api/price/v1/chains?_rsc=1', {}],
      ['/api/price/v1/chains?x=1&_rsc=1', {}],
      ['/api/price/v1/chains?nxtPpath=x', {}],
      ['/api/stream?topic=tx', {}],
      ['/api/health', {}],
      ['/api/auth/session', {}],
      ['/api/pricey/v1/chains', {}],
      ['/api/PRICE/v1/chains', {}],
      ['/api/price/v2/chains', {}],
      ['/pools/evm/1/0x1', {}],
      ['http://127.0.0.1:3000/api/price/v1/chains', {}],
      ['/api/price/v1/chains', { rsc: '1' }],
      ['/api/price/v1/chains', { 'next-router-prefetch': '1' }],
      ['/api/price/v1/chains', { 'next-action': 'x' }],
      ['/api/price/v1/chains', { 'x-middleware-subrequest': 'proxy' }],
      ['/api/price/v1/chains', { 'x-nextjs-data': '1' }],
      ['/api/price/v1/chains', { 'x-invoke-path': '/x' }],
      ['/api/price/v1/chains', { 'x-matched-path': '/x' }],
      ['/api/price/v1/chains', { host: '' }],
      ['/api/price/v1/chains', { host: 'a b' }],
      ['/api/price/v1/chains', { host: 'evil.test/x' }],
    ];
    for (const [url, headers, method] of declined)
      expect(fastService(message(url, headers, method)), `${method ?? 'GET'} ${url}`).toBeNull();
    const noHost = { method: 'GET', url: '/api/price/v1/chains', headers: {} } as IncomingMessage;
    expect(fastService(noHost)).toBeNull();
  });

  it('is installed under `next start` only, unless FAST_API=0', () => {
    expect(fastEntryWanted({ NODE_ENV: 'production' })).toBe(true);
    expect(fastEntryWanted({ NODE_ENV: 'production', FAST_API: '' })).toBe(true);
    expect(fastEntryWanted({ NODE_ENV: 'production', FAST_API: '0' })).toBe(false);
    expect(fastEntryWanted({ NODE_ENV: 'development' })).toBe(false);
    expect(fastEntryWanted({ NODE_ENV: 'production', VERCEL: '1' })).toBe(false);
    expect(
      fastEntryWanted({ NODE_ENV: 'production', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318' }),
    ).toBe(false);
  });
});

describe('on a Node server', () => {
  let server: Server;
  let port = 0;
  const routed: string[] = [];

  beforeAll(async () => {
    await installFastEntry();
    server = createServer((req, res) => {
      routed.push(`${req.method} ${req.url}`);
      res.end('next');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const ask = (path: string, method = 'GET', headers: Record<string, string> = {}) =>
    new Promise<{ status: number; headers: IncomingMessage['headers']; body: string }>(
      (resolve, reject) => {
        const req = httpRequest({ host: '127.0.0.1', port, path, method, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks).toString('utf8'),
            }),
          );
        });
        req.on('error', reject);
        req.end();
      },
    );

  it('answers a gateway read itself: the web Request as Next.js builds it, the route headers, one length', async () => {
    calls.length = 0;
    const r = await ask('/api/price/v1/quotes/latest?ids=1,2&fiat=USD', 'GET', {
      'x-request-id': 'abc',
      cookie: 'a=1',
    });
    expect(routed).toEqual([]);
    expect(calls).toHaveLength(1);
    const { service, request } = calls[0]!;
    expect(service).toBe('price');
    expect(request.method).toBe('GET');
    expect(request.url).toBe(
      `http://127.0.0.1:${port}/api/price/v1/quotes/latest?ids=1,2&fiat=USD`,
    );
    expect(request.headers.get('cookie')).toBe('a=1');
    // Next.js fills these in when a proxy has not.
    expect(request.headers.get('x-forwarded-for')).toBe('127.0.0.1');
    expect(request.headers.get('x-forwarded-proto')).toBe('http');
    expect(request.headers.get('x-forwarded-host')).toBe(`127.0.0.1:${port}`);
    expect(request.headers.get('x-forwarded-port')).toBe(String(port));

    expect(r.status).toBe(200);
    expect(r.body).toBe('{"code":0,"msg":"ok","data":"é"}');
    expect(r.headers['content-length']).toBe(String(Buffer.byteLength(r.body)));
    expect(r.headers['transfer-encoding']).toBeUndefined();
    for (const [name, value] of Object.entries(API_HEADERS))
      expect(r.headers[name.toLowerCase()], name).toBe(value);
    expect(r.headers.vary).toBe(`${APP_ROUTE_VARY}, Accept-Encoding`);
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("keeps a proxy's own x-forwarded-* and answers HEAD without a body", async () => {
    calls.length = 0;
    const r = await ask('/api/tx/v1/app/config', 'HEAD', {
      'x-forwarded-for': '203.0.113.7',
      'x-forwarded-proto': 'https',
    });
    expect(calls[0]!.request.headers.get('x-forwarded-for')).toBe('203.0.113.7');
    expect(calls[0]!.request.headers.get('x-forwarded-proto')).toBe('https');
    expect(r.status).toBe(200);
    expect(r.body).toBe('');
    expect(r.headers['content-length']).toBeUndefined();
  });

  it('passes everything else on to the server, untouched', async () => {
    routed.length = 0;
    calls.length = 0;
    expect((await ask('/api/price/v1/chains', 'POST')).body).toBe('next');
    expect((await ask('/api/price/v1/chains/')).body).toBe('next');
    expect((await ask('/api/health')).body).toBe('next');
    expect((await ask('/')).body).toBe('next');
    expect(routed).toEqual([
      'POST /api/price/v1/chains',
      'GET /api/price/v1/chains/',
      'GET /api/health',
      'GET /',
    ]);
    expect(calls).toHaveLength(0);
  });

  it("a handler that throws: the wrapper's 500, as the route's, with the request id", async () => {
    fail = true;
    try {
      const r = await ask('/api/kline/v1/market/coins/eth/0x1');
      expect(r.status).toBe(500);
      const id = r.headers['x-request-id'];
      expect(JSON.parse(r.body)).toEqual({ code: 500, message: 'Internal error', request_id: id });
      expect(r.headers['content-type']).toBe('application/json');
      expect(r.headers['cache-control']).toBe('no-store');
      expect(r.headers['content-security-policy']).toBe(API_HEADERS['Content-Security-Policy']);
    } finally {
      fail = false;
    }
  });

  it('aborts the upstream call once the client has gone', async () => {
    calls.length = 0;
    hang = true;
    try {
      const req = httpRequest({ host: '127.0.0.1', port, path: '/api/price/v1/chains' });
      req.on('error', () => undefined);
      req.end();
      await vi.waitFor(() => expect(calls).toHaveLength(1));
      const { signal } = calls[0]!;
      expect(signal.aborted).toBe(false);
      req.destroy();
      await vi.waitFor(() => expect(signal.aborted).toBe(true));
    } finally {
      hang = false;
    }
  });
});
