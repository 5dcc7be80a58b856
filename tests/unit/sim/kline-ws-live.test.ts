import { describe, it, beforeAll, afterAll } from 'vitest';
import {
  OhlcvResponse,
  WsOhlcv,
  WsServerMessage,
  WsSubscribed,
  WsUnsubscribed,
  type OhlcvCandle,
  type WsCandle,
} from '@/lib/contracts/kline/schema';
import {
  get,
  KEY,
  ohlcvUrl,
  POOLS,
  sleep,
  startSim,
  WsClient,
  type Frame,
  type TestSim,
} from './kline-support';

const ALL = ['1s', '1m', '15m', '1h', '4h', '1d', '1w', '1M', '1Y'];

let t: TestSim;
const clients: WsClient[] = [];
beforeAll(async () => {
  t = await startSim();
});
afterAll(async () => {
  for (const c of clients) c.close();
  await t.close();
});

async function connect(path = '/kline/ws'): Promise<WsClient> {
  const c = await WsClient.open(`${t.wsBase}${path}`);
  clients.push(c);
  return c;
}

const isPush = (f: Frame) => f.type === 'ohlcv' && f.msg === 'ok';

// Each test has its own connections, so they run side by side: most of their time is waiting for ticks.
describe.concurrent('kline/ws subscriptions', () => {
  it('subscribes with a normalised, lowercased key and sends one snapshot per interval', async ({
    expect,
  }) => {
    const c = await connect();
    const reply = WsSubscribed.parse(
      await c.request({
        id: 's1',
        type: 'subscribe',
        data: {
          chain_type: 'Solana',
          chain_id: 501,
          pool_address: POOLS.raydium.pool_address,
          token: 'quote',
        },
      }),
    );
    expect(reply).toMatchObject({ id: 's1', code: 0, msg: 'ok' });
    expect(reply.data).toEqual({
      key: `svm:501:${POOLS.raydium.pool_address.toLowerCase()}:base`,
      token: 'base',
      intervals: ALL,
    });
    const snapshots = await waitFor(c, (fs) => fs.filter((f) => f.msg === 'snapshot').length >= 9);
    const snaps = snapshots.filter((f) => f.msg === 'snapshot').map((f) => WsOhlcv.parse(f));
    expect(snaps.map((s) => s.data.interval).sort()).toEqual([...ALL].sort());
    expect(snaps.length).toBeGreaterThan(0);
    for (const s of snaps) {
      expect(s.id).toBe('');
      expect(s.data).toMatchObject({
        chain_type: 'svm',
        chain_id: 501,
        pool_address: POOLS.raydium.pool_address,
        token: 'base',
      });
    }
  });

  it('keeps the valid intervals only; empty, missing, invalid-only or a comma string mean all nine', async ({
    expect,
  }) => {
    const c = await connect();
    const sub = async (id: string, intervals: unknown) =>
      WsSubscribed.parse(
        await c.request({ id, type: 'subscribe', data: { ...POOLS.pancake, intervals } }),
      ).data.intervals;
    expect(await sub('i1', ['1h', '5m', '1h', 'bogus', '1M'])).toEqual(['1h', '1M']);
    expect(await sub('i2', [])).toEqual(ALL);
    expect(await sub('i3', ['7m'])).toEqual(ALL);
    expect(await sub('i4', '1m,1h')).toEqual(ALL);
    expect(await sub('i5', undefined)).toEqual(ALL);
  });

  it('overwrites the interval set when the same pool is subscribed again', async ({ expect }) => {
    const c = await connect();
    await c.request({
      id: 'o1',
      type: 'subscribe',
      data: { ...POOLS.uniEth, intervals: ['1m', '1h'] },
    });
    const second = WsSubscribed.parse(
      await c.request({
        id: 'o2',
        type: 'subscribe',
        data: { ...POOLS.uniEth, chain_type: 'eth', intervals: ['1d'] },
      }),
    );
    expect(second.data.key).toBe(`evm:1:${POOLS.uniEth.pool_address}:base`);
    const mark = c.frames.length;
    // Two ticks' pushes, awaited: the old intervals would have been pushed in them.
    await waitFor(c, (frames) => frames.slice(mark).filter(isPush).length >= 2, 6000);
    const intervals = new Set(
      c.frames
        .slice(mark)
        .filter(isPush)
        .map((f) => (f.data as WsCandle).interval),
    );
    expect([...intervals]).toEqual(['1d']);
  });

  // The rate (about one push a second per interval) is measured by `npm run bench:units`.
  it('pushes live candles repeatedly for each subscribed interval, with msg ok and id ""', async ({
    expect,
  }) => {
    const c = await connect();
    await c.request({
      id: 'l1',
      type: 'subscribe',
      data: { ...POOLS.uniEth, intervals: ['1m', '1h'] },
    });
    const start = c.frames.length;
    const pushesOf = (interval: string) =>
      c.frames
        .slice(start)
        .filter(isPush)
        .filter((f) => (f.data as WsCandle).interval === interval);
    // Two live pushes of each interval (a snapshot, then at least one live update), awaited, not slept for.
    for (const interval of ['1m', '1h'])
      for (let k = 0; k < 2; k++)
        await c.next(
          (f) =>
            isPush(f) &&
            (f.data as WsCandle).interval === interval &&
            pushesOf(interval).length > k,
          8000,
          start,
        );
    const pushes = c.frames
      .slice(start)
      .filter(isPush)
      .map((f) => WsOhlcv.parse(f));
    for (const interval of ['1m', '1h'])
      expect(
        pushes.filter((p) => p.data.interval === interval).length,
        interval,
      ).toBeGreaterThanOrEqual(2);
    for (const p of pushes.filter((p) => p.msg !== 'snapshot'))
      expect(p).toMatchObject({ id: '', code: 0, type: 'ohlcv', msg: 'ok' });
  });

  it('unsubscribes with the removed keys and stops pushing', async ({ expect }) => {
    const c = await connect();
    await c.request({ id: 'u0', type: 'subscribe', data: { ...POOLS.raydium, intervals: ['1s'] } });
    await c.next(isPush);
    const reply = WsUnsubscribed.parse(
      await c.request({
        id: 'u1',
        type: 'unsubscribe',
        data: { chain_type: 'sol', chain_id: 501, pool_address: POOLS.raydium.pool_address },
      }),
    );
    const prefix = `svm:501:${POOLS.raydium.pool_address.toLowerCase()}:`;
    expect(reply).toMatchObject({ id: 'u1', code: 0, msg: 'ok' });
    expect(reply.data).toEqual({ key: prefix, removed_keys: [`${prefix}base`] });
    const mark = c.frames.length;
    // A pool still subscribed on the same connection shows the ticks go on: two of them, awaited.
    await c.request({ id: 'u1b', type: 'subscribe', data: { ...POOLS.uniEth, intervals: ['1s'] } });
    const other = (f: Frame) =>
      isPush(f) &&
      (f.data as WsCandle).pool_address.toLowerCase() !== POOLS.raydium.pool_address.toLowerCase();
    await waitFor(c, (frames) => frames.slice(mark).filter(other).length >= 3, 6000);
    expect(
      c.frames
        .slice(mark)
        .filter(isPush)
        .filter((f) => !other(f)),
    ).toEqual([]);
    const again = WsUnsubscribed.parse(
      await c.request({ id: 'u2', type: 'unsubscribe', data: POOLS.raydium }),
    );
    expect(again.data).toEqual({ key: prefix, removed_keys: [] });
  });

  it('sends nothing to a connection without subscriptions', async ({ expect }) => {
    const c = await connect();
    const control = await connect();
    await control.request({
      id: 'n1',
      type: 'subscribe',
      data: { ...POOLS.uniEth, intervals: ['1s'] },
    });
    // The control connection's pushes show ticks went by (awaited); the idle one got nothing.
    await waitFor(control, (frames) => frames.filter(isPush).length >= 3, 6000);
    expect(c.frames).toEqual([]);
  });

  it('gives every connection the same frame for the same pool and tick', async ({ expect }) => {
    const many = await Promise.all(Array.from({ length: 25 }, () => connect()));
    await Promise.all(
      many.map((c, i) =>
        c.request({
          id: `m${i}`,
          type: 'subscribe',
          data: { ...POOLS.pancake, intervals: ['15m'] },
        }),
      ),
    );
    await Promise.all(
      many.map((c) => waitFor(c, (frames) => frames.filter(isPush).length >= 3, 8000)),
    );
    const texts = many.map((c) => c.frames.filter(isPush).map((f) => JSON.stringify(f)));
    const common = texts[0]?.at(-1);
    expect(common).toBeDefined();
    expect(texts.length).toBeGreaterThan(0);
    for (const list of texts) expect(list).toContain(common);
    for (const c of many) for (const f of c.frames) WsServerMessage.parse(f);
  });
});

describe.concurrent('kline/ws agrees with history', () => {
  it('matches every closed candle and the open of the current one', async ({ expect }) => {
    const c = await connect();
    await c.request({
      id: 'h1',
      type: 'subscribe',
      data: { ...POOLS.uniEth, intervals: ['1s', '1m'] },
    });
    // Three one-second candles and the minute's, awaited.
    await waitFor(
      c,
      (frames) => {
        const pushes = frames.filter(isPush).map((f) => f.data as WsCandle);
        const seconds = new Set(pushes.filter((d) => d.interval === '1s').map((d) => d.open_time));
        return seconds.size >= 3 && pushes.some((d) => d.interval === '1m');
      },
      8000,
    );
    const latest = new Map<string, WsCandle>();
    for (const f of c.frames.filter((x) => x.type === 'ohlcv')) {
      const d = WsOhlcv.parse(f).data;
      latest.set(`${d.interval}|${d.open_time}`, d);
    }
    for (const interval of ['1s', '1m']) {
      const pushed = [...latest.values()]
        .filter((d) => d.interval === interval)
        .sort((a, b) => a.open_time - b.open_time);
      expect(pushed.length, interval).toBeGreaterThan(0);
      const first = pushed[0] as WsCandle;
      const current = pushed.at(-1) as WsCandle;
      const res = await get(
        ohlcvUrl(t.base, {
          ...POOLS.uniEth,
          interval,
          from: first.open_time,
          to: current.open_time,
        }),
      );
      const history = new Map(OhlcvResponse.parse(res.body).data.map((h) => [h.open_time, h]));
      for (const d of pushed) {
        const h = history.get(d.open_time) as OhlcvCandle;
        expect(h, `${interval} ${d.open_time}`).toBeDefined();
        if (d !== current) expect(pick(d), `${interval} ${d.open_time}`).toEqual(pick(h));
      }
      expect(history.get(current.open_time)?.open).toBe(current.open);
    }
    // the 1s candles pushed over three seconds form a gapless run
    const secs = [...latest.values()]
      .filter((d) => d.interval === '1s')
      .map((d) => d.open_time)
      .sort((a, b) => a - b);
    for (let i = 1; i < secs.length; i++)
      expect((secs[i] as number) - (secs[i - 1] as number)).toBe(1);
  });

  it('sends the final value of a candle that closed between two ticks (pinned clock)', async ({
    expect,
  }) => {
    let clock = Date.UTC(2025, 2, 10, 12, 0, 58, 200);
    const p = await startSim({ now: () => clock });
    try {
      const c = await WsClient.open(`${p.wsBase}/kline/ws`, KEY);
      await c.request({
        id: 'r1',
        type: 'subscribe',
        data: { ...POOLS.uniEth, intervals: ['1m'] },
      });
      const snap = WsOhlcv.parse(await c.next((f) => f.msg === 'snapshot')).data;
      expect(snap.open_time).toBe(Date.UTC(2025, 2, 10, 12, 0) / 1000);
      clock = Date.UTC(2025, 2, 10, 12, 1, 1, 500);
      const next = await c.next(
        (f) => isPush(f) && (f.data as WsCandle).open_time === snap.open_time + 60,
        3000,
      );
      const pushes = c.frames.filter(isPush).map((f) => WsOhlcv.parse(f).data);
      const final = pushes.filter((d) => d.open_time === snap.open_time).at(-1);
      const res = await get(
        ohlcvUrl(p.base, {
          ...POOLS.uniEth,
          interval: '1m',
          from: snap.open_time,
          to: snap.open_time + 60,
        }),
      );
      const [closed, current] = OhlcvResponse.parse(res.body).data;
      expect(final && pick(final)).toEqual(closed && pick(closed));
      expect(pick(next.data as WsCandle)).toEqual(current && pick(current));
      c.close();
    } finally {
      await p.close();
    }
  });
});

function pick(c: {
  open_time: number;
  open: number | null;
  high: number | null;
  low: number | null;
  close: number | null;
  volume: number | null;
}) {
  return {
    open_time: c.open_time,
    open: c.open,
    high: c.high,
    low: c.low,
    close: c.close,
    volume: c.volume,
  };
}

async function waitFor(
  c: WsClient,
  done: (frames: Frame[]) => boolean,
  timeoutMs = 3000,
): Promise<Frame[]> {
  const until = Date.now() + timeoutMs;
  while (!done(c.frames)) {
    if (Date.now() > until) throw new Error('timed out');
    await sleep(20);
  }
  return c.frames;
}
