/**
 * Random paths, encodings, queries, methods, bodies and stream topics thrown at the gateway and the
 * stream of `next start`: only 2xx and 4xx come back, and the upstream (the simulator, recording
 * every request and socket frame) never receives a path outside the allowlist or a parameter an
 * endpoint does not take.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { decodeSegments } from '@/lib/contracts/match';
import type { QueryParam } from '@/lib/contracts/types';
import { CONTRACTS, findEndpoint } from '@/lib/contracts/registry';
import { startRecordingSim, type RecordingUpstream } from '../support/upstream';
import { App, raw } from './support/servers';

let upstream: RecordingUpstream;
let app: App;

beforeAll(async () => {
  upstream = await startRecordingSim('attack-property-key-0123456789');
  app = new App({
    UPSTREAM_BASE_URL: upstream.url,
    UPSTREAM_API_KEY: upstream.key,
    DASHBOARD_PASSWORD: 'attack-suite property run',
    RATE_GATEWAY_PER_MIN: '1000000',
    RATE_GATEWAY_WRITES_PER_MIN: '1000000',
    STREAM_OPENS_PER_MIN: '1000000',
    STREAM_MAX_PER_CLIENT: '1000',
    STREAM_MAX_TOPICS_PER_CLIENT: '100000',
  });
  await app.start();
}, 120_000);

afterAll(async () => {
  await app?.stop();
  await upstream?.close();
});

const WORDS = [
  'chains',
  'quotes',
  'latest',
  'batch',
  'tokens',
  'details',
  'platforms',
  'fiats',
  'rates',
  'pools',
  'transfers',
  'search',
  'multi-chain',
  'transactions',
  'batch-get',
  'dex-pools',
  'trades',
  'addresses',
  'contains',
  'app',
  'config',
  'webhook',
  'retry',
  'status',
  'transaction',
  'ws',
  'replay',
  'kline',
  'ohlcv',
  'market',
  'coins',
  'top-holders',
  'v1',
  'v2',
  'api',
  'admin',
  'ethereum',
  'usdc',
  'USD',
  '1',
  '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640',
];
const TRICKS = [
  '..',
  '.',
  '%2e%2e',
  '%2E%2e%2F',
  '%2f',
  '%5c',
  '%00',
  '%0a',
  '%ff',
  '%',
  '%%2',
  '%252e',
  '..%2f..%2f',
  '%c0%ae',
  ';',
  '@',
  '~',
  '%20',
  '%u002e',
  '*',
];
const NAMES = [
  'ids',
  'fiat',
  'chain_id',
  'chain_type',
  'chainType',
  'chainId',
  'address',
  'page',
  'limit',
  'pool_address',
  'interval',
  'from',
  'to',
  'token',
  'holders',
  'include',
  'no_cache',
  '_',
  'url',
  'callback',
  '__proto__',
  'constructor',
];

const pct = fc.string({ maxLength: 12 }).map((s) => encodeURIComponent(s));
const bytes = fc
  .uint8Array({ maxLength: 6 })
  .map((b) => [...b].map((x) => `%${x.toString(16).padStart(2, '0')}`).join(''));
const segment = fc.oneof(fc.constantFrom(...WORDS), fc.constantFrom(...TRICKS), pct, bytes);
const path = fc.array(segment, { minLength: 0, maxLength: 6 }).map((s) => s.join('/'));
const query = fc
  .array(
    fc.tuple(
      fc.oneof(fc.constantFrom(...NAMES), pct),
      fc.oneof(pct, bytes, fc.constantFrom('1', 'evm', '1,2', '')),
    ),
    { maxLength: 6 },
  )
  .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&'));
const body = fc.oneof(
  fc.constant(undefined),
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc.string({ maxLength: 200 }),
);
const method = fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS');

it('the gateway answers only 2xx/4xx to random requests', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom('price', 'tx', 'kline'),
      path,
      query,
      method,
      body,
      fc.boolean(),
      async (service, p, q, m, b, withOrigin) => {
        const r = await raw(`${app.url}/api/${service}/v1/${p}${q ? `?${q}` : ''}`, {
          method: m,
          headers: {
            'content-type': 'application/json',
            ...(withOrigin ? { origin: app.url } : {}),
          },
          body: m === 'GET' || m === 'HEAD' ? undefined : b,
        });
        expect(
          r.status,
          `${m} /api/${service}/v1/${p}?${q}: ${r.body.slice(0, 200)}`,
        ).toBeGreaterThanOrEqual(200);
        expect(r.status, `${m} /api/${service}/v1/${p}?${q}: ${r.body.slice(0, 200)}`).toBeLessThan(
          500,
        );
      },
    ),
    { numRuns: 400 },
  );
});

const topicPart = fc.oneof(
  fc.constantFrom('ohlcv', 'tx', 'trades', 'evm', 'ethereum', 'bitcoin', '1', '1m', '1Y', ''),
  fc.constantFrom(
    '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640',
    '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045',
  ),
  fc.string({ maxLength: 10 }),
);
const topic = fc.array(topicPart, { minLength: 1, maxLength: 6 }).map((parts) => parts.join(':'));

it('the stream answers only 2xx/4xx to random topics', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(topic, { minLength: 0, maxLength: 20 }), async (topics) => {
      const controller = new AbortController();
      const q = topics.map((t) => `topic=${encodeURIComponent(t)}`).join('&');
      const r = await fetch(`${app.url}/api/stream?${q}`, { signal: controller.signal });
      controller.abort();
      await r.body?.cancel().catch(() => undefined);
      expect(r.status, q).toBeGreaterThanOrEqual(200);
      expect(r.status, q).toBeLessThan(500);
    }),
    { numRuns: 150 },
  );
});

it('the upstream received only allowlisted paths, methods and parameters', () => {
  expect(upstream.requests.length).toBeGreaterThan(0);
  const names = (q: readonly QueryParam[] = []) =>
    q.map((p) => (typeof p === 'string' ? p : p.name));
  for (const request of upstream.requests) {
    const url = new URL(request.path, 'http://upstream');
    const service = (['price', 'tx', 'kline'] as const).find((s) =>
      url.pathname.startsWith(`/${s}/api/v1/`),
    );
    expect(service, request.path).toBeDefined();
    const segments = decodeSegments(url.pathname.slice(`/${service}/api/v1`.length));
    expect(segments, request.path).not.toBeNull();
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const match = findEndpoint(CONTRACTS[service!], method, segments!);
    expect(match, `${request.method} ${request.path}`).not.toBeNull();
    const allowed = names(match!.endpoint.query);
    const given = [...url.searchParams.keys()];
    expect(new Set(given).size, request.path).toBe(given.length);
    for (const name of given) expect(allowed, request.path).toContain(name);
  }
  for (const frame of upstream.frames) {
    expect(['/kline/api/v1/kline/ws', '/tx/api/v1/transaction/ws']).toContain(
      new URL(frame.path, 'http://upstream').pathname,
    );
  }
});
