import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadGateway, readAll } from '../../support/gateway';
import { SESSION_COOKIE } from '@/lib/server/auth/session';
import {
  closedPortUrl,
  startBrokenUpstream,
  startRecordingSim,
  type RecordingUpstream,
} from '../../support/upstream';

let upstream: RecordingUpstream;

beforeAll(async () => {
  upstream = await startRecordingSim();
});
afterAll(async () => {
  await upstream.close();
});

const configured = () => ({ UPSTREAM_BASE_URL: upstream.url, UPSTREAM_API_KEY: upstream.key });

describe('gateway: the key', () => {
  it('is added upstream and appears in no response, header or error', async () => {
    const gw = await loadGateway(configured());
    upstream.requests.length = 0;
    const responses = await Promise.all([
      gw.call('price', '/chains'),
      gw.call('price', '/quotes/latest?ids=1,2'),
      gw.call('price', '/quotes/latest'),
      gw.call('tx', '/app/config'),
      gw.call('kline', '/kline/ohlcv?interval=1h'),
      gw.call('price', '/no/such/path'),
    ]);
    expect(responses.map((r) => r.status)).toEqual([200, 200, 400, 200, 400, 404]);
    for (const r of responses) {
      const { text, headers } = await readAll(r);
      expect(text).not.toContain(upstream.key);
      expect(headers).not.toContain(upstream.key);
      expect(headers.toLowerCase()).not.toContain('x-api-key');
    }
    expect(upstream.requests.length).toBeGreaterThanOrEqual(3);
    for (const req of upstream.requests) expect(req.headers.get('x-api-key')).toBe(upstream.key);
  });

  it('keeps the upstream answer for a wrong key: the envelope, not the key', async () => {
    const gw = await loadGateway({ ...configured(), UPSTREAM_API_KEY: 'wrong-key-value' });
    const r = await gw.call('price', '/chains');
    expect(r.status).toBe(401);
    const body = (await r.json()) as { code: number; msg: string; data: string };
    expect(body.code).not.toBe(0);
    expect(body.data).toBe('');
    expect(JSON.stringify(body)).not.toContain('wrong-key-value');
  });
});

describe('gateway: forwarding', () => {
  it('answers with the upstream envelope and status, path and query unchanged', async () => {
    const gw = await loadGateway(configured());
    upstream.requests.length = 0;
    const r = await gw.call('price', '/chains/ethereum');
    expect(r.status).toBe(200);
    const body = (await r.json()) as { code: number; msg: string; data: { total: number } };
    expect(body).toMatchObject({ code: 0, msg: 'success', data: { total: 1 } });
    expect(upstream.requests.map((q) => q.path)).toEqual(['/price/api/v1/chains/ethereum']);

    const miss = await gw.call('price', '/chains/atlantis');
    expect(miss.status).toBe(200);
    expect(await miss.json()).toEqual({ code: 20002, msg: 'chain not found', data: '' });
  });

  it('forwards a JSON body as sent', async () => {
    const gw = await loadGateway(configured());
    upstream.requests.length = 0;
    const body = JSON.stringify({ ids: [2, 1, 2] });
    const r = await gw.call('price', '/tokens/details', {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
    });
    expect(r.status).toBe(200);
    const json = (await r.json()) as { data: { items: { id: number }[] } };
    expect(json.data.items.map((i) => i.id)).toEqual([2, 1]);
    expect(upstream.requests[0]?.body).toBe(body);
  });
});

describe('gateway: allowlist', () => {
  const refused: [string, 'price' | 'tx' | 'kline', string, string?][] = [
    ['unknown path', 'price', '/admin/secrets'],
    ['unknown nested path', 'kline', '/kline/ohlcv/extra'],
    ['wrong method', 'price', '/chains', 'DELETE'],
    ['wrong method on tx', 'tx', '/transfers/search', 'GET'],
    ['encoded slash in a segment', 'price', '/chains/..%2F..%2Ftx%2Fapi%2Fv1%2Fapp%2Fconfig'],
    ['encoded backslash', 'price', '/chains/..%5Cx'],
    ['encoded dot-dot-slash', 'price', '/tokens/platforms/%2e%2e%2fchains'],
    ['encoded NUL', 'price', '/tokens/platforms/usdc%00'],
    ['a path outside v1', 'price', '/../v2/chains'],
  ];
  it.each(refused)(
    'refuses %s with 404 in the envelope and forwards nothing',
    async (_name, service, path, method = 'GET') => {
      const gw = await loadGateway(configured());
      upstream.requests.length = 0;
      const r = await gw.call(service, path, { method });
      expect(r.status).toBe(404);
      const body = (await r.json()) as Record<string, unknown>;
      expect(typeof body.code).toBe('number');
      expect(body.code).not.toBe(0);
      if (service === 'price') expect(body.data).toBe('');
      if (service === 'tx') expect(body.data).toBeNull();
      if (service === 'kline') expect(body.error).toBeTypeOf('object');
      expect(upstream.requests).toHaveLength(0);
    },
  );
});

describe('gateway: validation before forwarding', () => {
  const cases: [string, 'price' | 'tx' | 'kline', string, RequestInit, number, number][] = [
    ['quotes/latest without ids', 'price', '/quotes/latest', {}, 400, 20001],
    ['pools without chain_type', 'price', '/pools?chain_id=1&pool_address=0x1', {}, 400, 20001],
    [
      'quotes/batch with malformed JSON',
      'price',
      '/quotes/batch',
      { method: 'POST', body: '{nope' },
      400,
      20003,
    ],
    [
      'quotes/batch with empty token_addrs',
      'price',
      '/quotes/batch',
      { method: 'POST', body: '{"token_addrs":[]}' },
      400,
      20003,
    ],
    [
      'tokens/details with empty ids',
      'price',
      '/tokens/details',
      { method: 'POST', body: '{"ids":[]}' },
      400,
      20003,
    ],
    [
      'ohlcv with a bad interval',
      'kline',
      '/kline/ohlcv?interval=2h&from=1&to=2&chain_type=evm&chain_id=1&pool_address=0x1',
      {},
      400,
      10001,
    ],
    [
      'transfer search with limit 101',
      'tx',
      '/transfers/search',
      {
        method: 'POST',
        body: '{"address":"0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045","limit":101}',
      },
      400,
      400,
    ],
  ];
  it.each(cases)('%s', async (_name, service, path, init, status, code) => {
    const gw = await loadGateway(configured());
    upstream.requests.length = 0;
    const r = await gw.call(service, path, init);
    expect(r.status).toBe(status);
    expect(((await r.json()) as { code: number }).code).toBe(code);
    expect(upstream.requests).toHaveLength(0);
  });
});

describe('gateway: caching', () => {
  it('100 browsers polling the same quotes every 0.5 s cost one upstream call per 3-second window', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-22T10:00:00Z') });
    try {
      const gw = await loadGateway(configured());
      upstream.requests.length = 0;
      const start = Date.now();
      // 12 polls at 0.5 s: 6 seconds, two 3-second windows.
      for (let round = 0; round < 12; round++) {
        vi.setSystemTime(start + round * 500);
        const responses = await Promise.all(
          Array.from({ length: 100 }, () => gw.call('price', '/quotes/latest?ids=1,2,3&fiat=USD')),
        );
        expect(responses.length).toBeGreaterThan(0);
        for (const r of responses) {
          expect(r.status).toBe(200);
          expect(r.headers.get('cache-control')).toBe('public, max-age=3, s-maxage=3');
        }
      }
      const calls = upstream.requests.filter((q) =>
        q.path.startsWith('/price/api/v1/quotes/latest'),
      );
      expect(calls).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('caches pool results for an hour, shareable by a CDN', async () => {
    const gw = await loadGateway(configured());
    upstream.requests.length = 0;
    const path =
      '/pools?chain_type=evm&chain_id=1&pool_address=0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640';
    const first = await gw.call('price', path);
    const second = await gw.call('price', path);
    expect(first.headers.get('cache-control')).toBe('public, max-age=3600, s-maxage=3600');
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(await second.text()).toBe(await first.text());
    expect(upstream.requests).toHaveLength(1);
  });

  it('does not cache failures', async () => {
    const gw = await loadGateway({ ...configured(), UPSTREAM_API_KEY: 'wrong-key-value' });
    upstream.requests.length = 0;
    await gw.call('price', '/quotes/latest?ids=1');
    const again = await gw.call('price', '/quotes/latest?ids=1');
    expect(again.headers.get('cache-control')).toBe('no-store');
    expect(upstream.requests).toHaveLength(2);
  });
});

describe('gateway: upstream failures', () => {
  it('a closed port gives 502 naming the service', async () => {
    const gw = await loadGateway({
      UPSTREAM_BASE_URL: await closedPortUrl(),
      UPSTREAM_API_KEY: 'k',
    });
    const r = await gw.call('price', '/chains');
    expect(r.status).toBe(502);
    const body = (await r.json()) as { code: number; msg: string; data: string };
    expect(body.msg).toMatch(/price/i);
    expect(body.data).toBe('');
  });

  it('a silent upstream gives 504 after the timeout, not a hang', async () => {
    const broken = await startBrokenUpstream('silent');
    try {
      const gw = await loadGateway({
        UPSTREAM_BASE_URL: broken.url,
        UPSTREAM_API_KEY: 'k',
        UPSTREAM_TIMEOUT_MS: '300',
      });
      const started = Date.now();
      const r = await gw.call(
        'kline',
        '/kline/ohlcv?interval=1h&from=1&to=2&chain_type=evm&chain_id=1&pool_address=0x1',
      );
      expect(r.status).toBe(504);
      expect(Date.now() - started).toBeLessThan(5000);
      const body = (await r.json()) as { code: number; message: string; error: { type: string } };
      expect(body.message).toMatch(/kline/i);
      expect(body.error.type).toBeTruthy();
    } finally {
      await broken.close();
    }
  });

  it('a read whose connection is closed under it is sent once more, and answered', async () => {
    const broken = await startBrokenUpstream('reset-once');
    try {
      const gw = await loadGateway({ UPSTREAM_BASE_URL: broken.url, UPSTREAM_API_KEY: 'k' });
      const r = await gw.call('tx', '/app/config');
      expect(r.status).toBe(200);
      expect(((await r.json()) as { data: { app_id: string } }).data.app_id).toBe('app_test');
      expect(broken.hits()).toBe(2);
    } finally {
      await broken.close();
    }
  });

  it('a read reset twice is 502 after its one retry; a write is never sent twice', async () => {
    const broken = await startBrokenUpstream('reset');
    try {
      const gw = await loadGateway({ UPSTREAM_BASE_URL: broken.url, UPSTREAM_API_KEY: 'k' });
      const read = await gw.call('tx', '/app/config');
      expect(read.status).toBe(502);
      expect(broken.hits()).toBe(2);
      const write = await gw.call('price', '/tokens/details', {
        method: 'POST',
        body: JSON.stringify({ ids: [1] }),
        headers: { 'content-type': 'application/json' },
      });
      expect(write.status).toBe(502);
      expect(broken.hits()).toBe(3);
    } finally {
      await broken.close();
    }
  });

  it.each(['garbage', 'html-500'] as const)('an upstream answering %s gives 502', async (kind) => {
    const broken = await startBrokenUpstream(kind);
    try {
      const gw = await loadGateway({ UPSTREAM_BASE_URL: broken.url, UPSTREAM_API_KEY: 'k' });
      const r = await gw.call('tx', '/app/config');
      expect(r.status).toBe(502);
      const body = (await r.json()) as { code: number; message: string; data: null };
      expect(body.message).toMatch(/tx/i);
      expect(body.data).toBeNull();
    } finally {
      await broken.close();
    }
  });

  it('never follows a redirect', async () => {
    const broken = await startBrokenUpstream('redirect');
    try {
      const gw = await loadGateway({ UPSTREAM_BASE_URL: broken.url, UPSTREAM_API_KEY: 'k' });
      const r = await gw.call('price', '/fiats');
      expect(r.status).toBe(502);
      expect(((await r.json()) as { msg: string }).msg).toMatch(/redirect/);
      expect(broken.hits()).toBe(1);
    } finally {
      await broken.close();
    }
  });
});

describe('gateway: changes need the admin session', () => {
  const add = {
    method: 'POST',
    body: JSON.stringify({
      wallets: [
        { chain_type: 'ethereum', address: ['0x742d35Cc6634C0532925a3b844Bc454e4438f44e'] },
      ],
    }),
  };

  it('on a real upstream without DASHBOARD_PASSWORD, changes are refused with how to enable them', async () => {
    const gw = await loadGateway(configured());
    upstream.requests.length = 0;
    const r = await gw.call('tx', '/addresses', add);
    expect(r.status).toBe(403);
    expect(((await r.json()) as { message: string }).message).toMatch(/DASHBOARD_PASSWORD/);
    expect(upstream.requests).toHaveLength(0);
    // reading stays open
    expect((await gw.call('tx', '/app/config')).status).toBe(200);
  });

  it('with DASHBOARD_PASSWORD: 401 without a session, forwarded with one, 403 cross-origin', async () => {
    const gw = await loadGateway({
      ...configured(),
      DASHBOARD_PASSWORD: 'correct horse battery staple',
    });
    upstream.requests.length = 0;
    expect((await gw.call('tx', '/addresses', add)).status).toBe(401);
    const token = gw.session.createSessionToken();
    expect(token).toBeTruthy();
    const cookie = `${SESSION_COOKIE}=${token}`;
    const ok = await gw.call('tx', '/addresses', {
      ...add,
      headers: { cookie, origin: 'http://dash.test', host: 'dash.test' },
    });
    expect(ok.status).toBe(200);
    const cross = await gw.call('tx', '/addresses', {
      ...add,
      headers: { cookie, origin: 'https://evil.example', host: 'dash.test' },
    });
    expect(cross.status).toBe(403);
    expect(upstream.requests).toHaveLength(1);
  });
});

describe('gateway: details', () => {
  it('answers HEAD like GET without a body', async () => {
    const gw = await loadGateway(configured());
    const r = await gw.call('price', '/chains', { method: 'HEAD' });
    expect(r.status).toBe(200);
    expect(await r.text()).toBe('');
  });

  it('a browser that leaves does not fail the shared call for the others', async () => {
    const gw = await loadGateway(configured());
    const leaver = new AbortController();
    const path = '/quotes/latest?ids=4,5&fiat=USD';
    const first = gw.call('price', path, { signal: leaver.signal });
    const others = Array.from({ length: 5 }, () => gw.call('price', path));
    leaver.abort();
    await first.catch(() => undefined);
    for (const r of await Promise.all(others)) expect(r.status).toBe(200);
  });
});
