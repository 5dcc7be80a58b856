/**
 * Issue 25, the live stream's capacity: made-up pools take none of it (an `error` event on their
 * topic, no poller, no upstream subscription), and one client holds at most its share of each
 * server-wide cap. Against an upstream (the simulator behind a recorder); several clients are played
 * through CLIENT_IP_HEADER.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRecordingSim, type RecordingUpstream } from '../support/upstream';
import { openStream, type Stream } from './support/client';
import { App } from './support/servers';

const IP = 'x-test-client';
/** Pools of the simulator's catalogue (the price service knows them). */
const KNOWN = [
  'evm:1:0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640',
  'evm:1:0x11950d141ecb863f01007add7d1a342041227b58',
  'evm:56:0x36696169c63e42cd08ce11f5deebbcebae652050',
  'evm:8453:0xd0b53d9277642d899df5c87a3966a349a798f224',
];
const madeUp = (n: number) => `evm:1:0x${n.toString(16).padStart(40, 'f')}`;

let upstream: RecordingUpstream;
let app: App;

beforeAll(async () => {
  upstream = await startRecordingSim('capacity-upstream-key-0123456789');
  app = new App({
    UPSTREAM_BASE_URL: upstream.url,
    UPSTREAM_API_KEY: upstream.key,
    UPSTREAM_TIMEOUT_MS: '5000',
    CLIENT_IP_HEADER: IP,
    STREAM_OPENS_PER_MIN: '1000',
    STREAM_MAX_TRADE_POLLERS: '50',
    STREAM_MAX_KLINE_POOLS: '8',
    STREAM_CLIENT_SHARE_PERCENT: '25',
  });
  await app.start();
}, 120_000);

afterAll(async () => {
  await app?.stop();
  await upstream?.close();
});

const open = (client: string, topics: string[]) => openStream(app.url, topics, { [IP]: client });
const errorsOf = (s: Stream) =>
  s
    .sse!.events.filter((e) => e.event === 'error')
    .map((e) => JSON.parse(e.data) as Record<string, unknown>);

describe('made-up pools never stop a real one', () => {
  it('trades: 48 made-up pools of one client and 2 of another take no poller; a real pool is followed', async () => {
    const held: Stream[] = [];
    try {
      for (let s = 0; s < 3; s++) {
        const topics = Array.from({ length: 16 }, (_, i) => `trades:${madeUp(s * 16 + i)}`);
        const stream = await open('10.20.0.1', topics);
        expect(stream.status).toBe(200);
        held.push(stream);
      }
      const other = await open('10.20.0.2', [`trades:${madeUp(100)}`, `trades:${madeUp(101)}`]);
      expect(other.status).toBe(200);
      held.push(other);
      // every made-up topic is told so, on its own topic, once
      const first = held[0]!;
      await first.sse!.waitFor(() => errorsOf(first).length === 16, 15_000, '16 error events');
      expect(errorsOf(first)[0]).toMatchObject({
        topic: `trades:${madeUp(0)}`,
        code: 404,
        message: expect.stringMatching(/^Unknown pool/) as unknown,
      });
      const real = await open('10.20.0.3', [`trades:${KNOWN[0]}`]);
      expect(real.status).toBe(200);
      held.push(real);
      expect(errorsOf(real)).toEqual([]);
      // nothing was polled for a made-up pool: only the look-ups, one per pool
      const trades = upstream.requests.filter((r) => /\/dex-pools\/[^/]+\/trades/.test(r.path));
      expect(trades.some((r) => r.path.includes('0xffffffff'))).toBe(false);
      const lookups = upstream.requests.filter(
        (r) => r.path.startsWith('/price/api/v1/pools?') && r.path.includes('0xffffffff'),
      );
      expect(lookups.length).toBe(50);
    } finally {
      for (const s of held) await s.close();
    }
  });

  it('candles: made-up pools make no upstream subscription and take no place of the 8', async () => {
    const subscribesBefore = upstream.frames.filter(
      (f) => f.path.includes('/kline/') && f.message?.type === 'subscribe',
    ).length;
    const fake = await open(
      '10.21.0.1',
      Array.from({ length: 8 }, (_, i) => `ohlcv:${madeUp(200 + i)}:1m`),
    );
    expect(fake.status).toBe(200);
    await fake.sse!.waitFor(() => errorsOf(fake).length === 8, 15_000, '8 error events');
    const real = await open('10.21.0.2', [`ohlcv:${KNOWN[1]}:1m`]);
    try {
      expect(real.status).toBe(200);
      await real.sse!.waitFor((e) => e.event === 'ohlcv', 20_000, 'a candle of the real pool');
      const subscribes = upstream.frames
        .filter((f) => f.path.includes('/kline/') && f.message?.type === 'subscribe')
        .slice(subscribesBefore);
      expect(subscribes.length).toBeGreaterThan(0);
      expect(JSON.stringify(subscribes)).not.toContain('0xffffffff');
    } finally {
      await fake.close();
      await real.close();
    }
  });
});

describe("a client's share of the server-wide caps", () => {
  it('one client may hold 2 of the 8 kline pools (25 %): its third is refused, another client gets it', async () => {
    const mine = await open('10.22.0.1', [
      `ohlcv:${KNOWN[0]}:1m`,
      `ohlcv:${KNOWN[0]}:1h`,
      `ohlcv:${KNOWN[1]}:1m`,
    ]);
    expect(mine.status).toBe(200);
    const third = await open('10.22.0.1', [`ohlcv:${KNOWN[2]}:1m`]);
    expect(third.status).toBe(429);
    expect(third.body).toMatch(/at most 2 pools/);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    // the same pools again cost nothing new
    const again = await open('10.22.0.1', [`ohlcv:${KNOWN[1]}:1h`]);
    expect(again.status).toBe(200);
    const theirs = await open('10.22.0.2', [`ohlcv:${KNOWN[2]}:1m`]);
    expect(theirs.status).toBe(200);
    for (const s of [mine, again, theirs]) await s.close();
  });
});
