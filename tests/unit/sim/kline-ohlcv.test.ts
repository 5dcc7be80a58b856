import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { KlineFailure, OhlcvResponse, type OhlcvCandle } from '@/lib/contracts/kline/schema';
import { get, KEY, ohlcvUrl, POOLS, startSim, type TestSim } from './kline-support';

// A pinned clock: "the future" and "the candle in progress" are then exact.
const NOW_MS = Date.UTC(2025, 2, 12, 13, 45, 30, 250);
const NOW = Math.floor(NOW_MS / 1000);
const DAY = 86_400;
const ALL = ['1s', '1m', '15m', '1h', '4h', '1d', '1w', '1M', '1Y'] as const;

let t: TestSim;
beforeAll(async () => {
  t = await startSim({ now: () => NOW_MS });
});
afterAll(async () => {
  await t.close();
});

async function candles(params: Record<string, string | number>): Promise<OhlcvCandle[]> {
  const res = await get(ohlcvUrl(t.base, params));
  expect(res.status).toBe(200);
  return OhlcvResponse.parse(res.body).data;
}

async function failure(params: Record<string, string | number>) {
  const res = await get(ohlcvUrl(t.base, params));
  expect(res.status).toBe(400);
  const body = KlineFailure.parse(res.body);
  expect(body.code).toBe(10001);
  expect(body.message).toBe('Invalid query params');
  expect(body.error.type).toBe('ValidationError');
  expect(body.error.details?.formErrors).toEqual([]);
  return body.error.details?.fieldErrors ?? {};
}

const uni = { ...POOLS.uniEth, interval: '1h', from: NOW - 10 * 3600, to: NOW };

describe('GET kline/ohlcv: success', () => {
  it('returns a plain array of candles in the success envelope, ascending and aligned', async () => {
    const res = await get(ohlcvUrl(t.base, uni));
    const body = OhlcvResponse.parse(res.body);
    expect(body).toMatchObject({ code: 0, message: 'ok' });
    expect(Array.isArray(body.data)).toBe(true);
    const opens = body.data.map((c) => c.open_time);
    // 13:45:30 -> from 03:45:30 the first aligned hour is 04:00; the 13:00 candle is in progress
    expect(opens[0]).toBe(NOW - 10 * 3600 + 15 * 60 - 30);
    expect(opens.at(-1)).toBe(NOW - 45 * 60 - 30);
    expect(opens).toHaveLength(10);
    for (let i = 1; i < opens.length; i++)
      expect((opens[i] as number) - (opens[i - 1] as number)).toBe(3600);
    expect(body.data.length).toBeGreaterThan(0);
    for (const c of body.data) {
      expect(c.interval).toBe('1h');
      expect(Number.isInteger(c.pool_id)).toBe(true);
    }
  });

  it('aligns every interval in UTC: weeks on Monday, months on the 1st, years on January 1st', async () => {
    const sizes: Record<string, number> = {
      '1s': 1,
      '1m': 60,
      '15m': 900,
      '1h': 3600,
      '4h': 14_400,
      '1d': DAY,
    };
    for (const interval of ALL) {
      const data = await candles({ ...POOLS.uniEth, interval, from: 0, to: NOW, limit: 30 });
      expect(data.length, interval).toBeGreaterThan(0);
      for (const c of data) {
        const d = new Date(c.open_time * 1000);
        const size = sizes[interval];
        if (size) expect(c.open_time % size, interval).toBe(0);
        if (interval === '1w')
          expect([d.getUTCDay(), d.getUTCHours(), d.getUTCMinutes()]).toEqual([1, 0, 0]);
        if (interval === '1M') expect([d.getUTCDate(), d.getUTCHours()]).toEqual([1, 0]);
        if (interval === '1Y')
          expect([d.getUTCMonth(), d.getUTCDate(), d.getUTCHours()]).toEqual([0, 1, 0]);
      }
    }
  });

  it('serves valid candles for every pool and interval', async () => {
    for (const pool of [POOLS.uniEth, POOLS.raydium, POOLS.pancake, POOLS.ambiguous]) {
      for (const interval of ALL) {
        const data = await candles({ ...pool, interval, from: 0, to: NOW, limit: 200 });
        expect(data.length).toBeGreaterThan(0);
        for (const c of data) {
          const [o, h, l, cl, v] = [c.open, c.high, c.low, c.close, c.volume] as number[];
          expect(l).toBeLessThanOrEqual(Math.min(o as number, cl as number));
          expect(Math.max(o as number, cl as number)).toBeLessThanOrEqual(h as number);
          expect(v).toBeGreaterThanOrEqual(0);
          expect(l).toBeGreaterThan(0);
        }
      }
    }
  });

  it('returns the latest `limit` candles in [from, to] and nothing in the future', async () => {
    const data = await candles({
      ...POOLS.uniEth,
      interval: '1m',
      from: 0,
      to: NOW + 10 * DAY,
      limit: 5,
    });
    expect(data.map((c) => c.open_time)).toEqual([4, 3, 2, 1, 0].map((k) => NOW - 30 - k * 60));
  });

  it('defaults limit to 1000 and accepts up to 5000', async () => {
    expect(await candles({ ...POOLS.uniEth, interval: '1m', from: 0, to: NOW })).toHaveLength(1000);
    expect(
      await candles({ ...POOLS.uniEth, interval: '1s', from: 0, to: NOW, limit: 5000 }),
    ).toHaveLength(5000);
    expect(
      await candles({ ...POOLS.uniEth, interval: '1h', from: 0, to: NOW, limit: 1 }),
    ).toHaveLength(1);
  });

  it('treats from/to above 10000000000 as milliseconds', async () => {
    const seconds = await candles({ ...uni });
    const millis = await candles({ ...uni, from: uni.from * 1000, to: uni.to * 1000 });
    const mixed = await candles({ ...uni, from: uni.from * 1000 + 999 });
    expect(millis).toEqual(seconds);
    expect(mixed).toEqual(seconds);
  });

  it('has at least 90 days of daily history and starts on 2024-01-01', async () => {
    const recent = await candles({
      ...POOLS.raydium,
      interval: '1d',
      from: NOW - 90 * DAY,
      to: NOW,
    });
    expect(recent.length).toBeGreaterThanOrEqual(90);
    const all = await candles({
      ...POOLS.pancake,
      interval: '1d',
      from: Date.UTC(2023, 0, 1) / 1000,
      to: NOW,
      limit: 5000,
    });
    expect(all[0]?.open_time).toBe(Date.UTC(2024, 0, 1) / 1000);
  });

  it('aggregates 1w, 1M and 1Y from 1d', async () => {
    const week = Date.UTC(2025, 1, 3) / 1000; // a Monday
    const [w] = await candles({ ...POOLS.uniEth, interval: '1w', from: week, to: week });
    const days = await candles({ ...POOLS.uniEth, interval: '1d', from: week, to: week + 6 * DAY });
    expect(days).toHaveLength(7);
    expect(w?.open).toBe(days[0]?.open);
    expect(w?.close).toBe(days[6]?.close);
    expect(w?.high).toBe(Math.max(...days.map((d) => d.high as number)));
    expect(w?.low).toBe(Math.min(...days.map((d) => d.low as number)));
    const sum = days.reduce((a, d) => a + (d.volume as number), 0);
    expect(Math.abs((w?.volume as number) - sum)).toBeLessThan(0.05);
  });

  it('keeps a stablecoin pair near 1', async () => {
    const data = await candles({
      ...POOLS.ambiguous,
      interval: '1d',
      from: 0,
      to: NOW,
      limit: 5000,
    });
    expect(data.length).toBeGreaterThan(0);
    for (const c of data) {
      expect(c.low as number).toBeGreaterThan(0.97);
      expect(c.high as number).toBeLessThan(1.03);
    }
  });

  it('gives each pool a stable integer pool_id', async () => {
    const closed = { ...uni, to: NOW - 3600, limit: 1 };
    const a = await candles(closed);
    const b = await candles({ ...POOLS.raydium, interval: '1h', from: 0, to: NOW, limit: 1 });
    const t2 = await startSim({ now: () => NOW_MS + 5 * DAY * 1000 });
    try {
      const again = OhlcvResponse.parse((await get(ohlcvUrl(t2.base, closed))).body).data;
      expect(again[0]?.pool_id).toBe(a[0]?.pool_id);
      // a closed candle is the same in another process at another time
      expect(again[0]).toEqual(a[0]);
    } finally {
      await t2.close();
    }
    expect(a[0]?.pool_id).not.toBe(b[0]?.pool_id);
  });

  it('serves the inactive pool only up to the end of its collection (2025-06-30)', async () => {
    const later = Date.UTC(2025, 8, 1) / 1000;
    const t2 = await startSim({ now: () => later * 1000 });
    try {
      const res = await get(
        ohlcvUrl(t2.base, { ...POOLS.inactive, interval: '1d', from: 0, to: later, limit: 5 }),
      );
      const data = OhlcvResponse.parse(res.body).data;
      expect(data.map((c) => c.open_time)).toEqual(
        [4, 3, 2, 1, 0].map((k) => Date.UTC(2025, 5, 30) / 1000 - k * DAY),
      );
      const active = await get(
        ohlcvUrl(t2.base, { ...POOLS.uniEth, interval: '1d', from: 0, to: later, limit: 1 }),
      );
      expect(OhlcvResponse.parse(active.body).data[0]?.open_time).toBe(later);
    } finally {
      await t2.close();
    }
  });
});

describe('GET kline/ohlcv: matching the pool', () => {
  it('normalises chain_type aliases and case', async () => {
    const reference = await candles(uni);
    for (const chain_type of ['evm', 'EVM', 'eth', 'ethereum', 'Ethereum']) {
      expect(await candles({ ...uni, chain_type }), chain_type).toEqual(reference);
    }
    const ray = { ...POOLS.raydium, interval: '1h', from: NOW - 3 * 3600, to: NOW };
    const svm = await candles(ray);
    expect(svm.length).toBe(3);
    for (const chain_type of ['sol', 'solana', 'SVM'])
      expect(await candles({ ...ray, chain_type })).toEqual(svm);
  });

  it('matches EVM addresses case-insensitively and Base58 exactly', async () => {
    const reference = await candles(uni);
    expect(
      await candles({ ...uni, pool_address: uni.pool_address.toUpperCase().replace('0X', '0x') }),
    ).toEqual(reference);
    const ray = { ...POOLS.raydium, interval: '1h', from: NOW - 3 * 3600, to: NOW };
    expect(await candles({ ...ray, pool_address: ray.pool_address.toLowerCase() })).toEqual([]);
  });

  it('ignores a token parameter', async () => {
    expect(await candles({ ...uni, token: 'quote' })).toEqual(await candles(uni));
  });

  it('answers an empty array for an unknown pool, a wrong chain or from > to', async () => {
    expect(
      await candles({ ...uni, pool_address: '0x0000000000000000000000000000000000000001' }),
    ).toEqual([]);
    expect(await candles({ ...uni, chain_id: 56 })).toEqual([]);
    expect(await candles({ ...uni, chain_type: 'svm' })).toEqual([]);
    expect(await candles({ ...uni, chain_type: 'nonsense' })).toEqual([]);
    expect(await candles({ ...uni, from: NOW, to: NOW - 3600 })).toEqual([]);
  });
});

describe('GET kline/ohlcv: validation (10001)', () => {
  it('names every missing field', async () => {
    const res = await get(`${t.base}/kline/ohlcv`);
    expect(res.status).toBe(400);
    const body = KlineFailure.parse(res.body);
    expect(Object.keys(body.error.details?.fieldErrors ?? {}).sort()).toEqual(
      ['chain_id', 'chain_type', 'from', 'interval', 'pool_address', 'to'].sort(),
    );
  });

  it('rejects each bad value, naming that field', async () => {
    const cases: [Record<string, string | number>, string][] = [
      [{ interval: '5m' }, 'interval'],
      [{ interval: '1H' }, 'interval'],
      [{ from: 'yesterday' }, 'from'],
      [{ from: '1.5' }, 'from'],
      [{ to: '1e9' }, 'to'],
      [{ limit: 0 }, 'limit'],
      [{ limit: 5001 }, 'limit'],
      [{ limit: 'ten' }, 'limit'],
      [{ limit: -1 }, 'limit'],
      [{ chain_id: 0 }, 'chain_id'],
      [{ chain_id: -1 }, 'chain_id'],
      [{ chain_id: 'one' }, 'chain_id'],
      [{ chain_type: '' }, 'chain_type'],
      [{ pool_address: '' }, 'pool_address'],
    ];
    for (const [patch, field] of cases) {
      const errors = await failure({ ...uni, ...patch });
      expect(Object.keys(errors), JSON.stringify(patch)).toEqual([field]);
      expect(errors[field]?.[0]).toEqual(expect.any(String));
    }
  });

  it('names several bad fields at once', async () => {
    const errors = await failure({ ...uni, interval: 'x', limit: 9999, chain_id: 'z' });
    expect(Object.keys(errors).sort()).toEqual(['chain_id', 'interval', 'limit']);
  });
});

describe('kline REST: auth, unknown paths, plain HTTP on the WebSocket paths', () => {
  const paths = [
    `/kline/ohlcv?interval=1h&from=0&to=1&chain_type=evm&chain_id=1&pool_address=x`,
    '/market/pools/eth/0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640',
    '/market/tokens/eth/0xdAC17F958D2ee523a2206206994597C13D831ec7/top-holders',
    '/market/coins/eth/0xdAC17F958D2ee523a2206206994597C13D831ec7',
  ];

  it('answers 401 / 20001 Unauthorized without the key or with a wrong one', async () => {
    for (const path of paths) {
      for (const key of [null, 'wrong-key', `${KEY}x`]) {
        const res = await get(`${t.base}${path}`, key);
        expect(res.status, `${path} ${key}`).toBe(401);
        expect(KlineFailure.parse(res.body)).toEqual({
          code: 20001,
          message: 'Unauthorized',
          error: { type: 'UnauthorizedError' },
        });
      }
      expect((await get(`${t.base}${path}`)).status).not.toBe(401);
    }
  });

  it('answers 404 / 10003 for an unknown path or a wrong method', async () => {
    const notFound = {
      code: 10003,
      message: 'Resource not found',
      error: { type: 'NotFoundError' },
    };
    for (const path of ['/nope', '/kline', '/kline/ohlcv/extra', '/market/pools/eth']) {
      const res = await get(`${t.base}${path}`);
      expect(res.status, path).toBe(404);
      expect(KlineFailure.parse(res.body)).toEqual(notFound);
    }
    const post = await get(`${t.base}/kline/ohlcv`, KEY, { method: 'POST', body: '{}' });
    expect(post.status).toBe(404);
    expect(post.body).toEqual(notFound);
  });

  it('answers 426 to a plain GET of the WebSocket paths', async () => {
    for (const key of [KEY, null]) {
      const ws = await get(`${t.base}/kline/ws`, key);
      expect(ws.status).toBe(426);
      expect(KlineFailure.parse(ws.body)).toEqual({
        code: 4000,
        message: 'WebSocket upgrade required',
        error: { type: 'BadRequestError' },
      });
      const topic = await get(`${t.base}/ws/prices`, key);
      expect(topic.status).toBe(426);
      expect(topic.text).toBe('Expected WebSocket upgrade');
      expect(topic.headers.get('content-type')).toMatch(/^text\/plain/);
    }
  });
});

describe('kline/ohlcv at full size', () => {
  it('serves up to 1,000 candles of any interval', async () => {
    for (const interval of ALL) {
      const url = ohlcvUrl('http://sim.local/kline/api/v1', {
        ...POOLS.raydium,
        interval,
        from: 0,
        to: NOW,
        limit: 1000,
      });
      const request = () => t.sim.handle(new Request(url, { headers: { 'x-api-key': KEY } }));
      // Its latency is measured by `npm run bench:units`.
      const body = OhlcvResponse.parse(await (await request()).json());
      expect(body.data.length, interval).toBeGreaterThan(0);
    }
  });
});
