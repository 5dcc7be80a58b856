import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../support/sse';
import { startStreamHarness, waitUntil, type StreamHarness } from '../../support/stream';
import { startRecordingSim, type RecordingUpstream } from '../../support/upstream';

const UNISWAP = '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640';
const AMBIGUOUS = '0x3416cf6c708da44db2624d63ea0aaef7113527c6';
const TOPIC = `ohlcv:evm:1:${UNISWAP}:1m`;
const KLINE = '/kline/api/v1/kline/ws';

let upstream: RecordingUpstream;
let harness: StreamHarness;

const INTERVALS = ['1s', '1m', '15m', '1h', '4h', '1d', '1w', '1M', '1Y'];
/** 17 distinct valid topics: one over the limit. */
const tooManyTopics = () => [
  ...INTERVALS.map((i) => `ohlcv:evm:1:${UNISWAP}:${i}`),
  ...INTERVALS.slice(0, 8).map(
    (i) => `ohlcv:evm:8453:0xd0b53d9277642d899df5c87a3966a349a798f224:${i}`,
  ),
];

const subscribesFor = (pool: string) =>
  harness
    .frames('subscribe', KLINE)
    .filter(
      (m) => String((m.data as { pool_address?: string }).pool_address).toLowerCase() === pool,
    );

beforeAll(async () => {
  upstream = await startRecordingSim('stream-key-kline-1');
  harness = await startStreamHarness(upstream);
});
afterAll(async () => {
  await harness.stop();
  await upstream.close();
});

describe('browser stream: candles', () => {
  it('200 concurrent streams on one pool make exactly one upstream subscription, and closing them unsubscribes', async () => {
    const before = subscribesFor(UNISWAP).length;
    const streams = await Promise.all(Array.from({ length: 200 }, () => harness.open([TOPIC])));
    expect(streams.every((s) => s.response.status === 200)).toBe(true);
    expect(streams[0]?.response.headers.get('content-type')).toContain('text/event-stream');
    expect(streams[0]?.response.headers.get('cache-control')).toBe('no-cache, no-transform');

    const first = await Promise.all(
      streams.map((s) => s.sse.waitFor((e) => e.event === 'ohlcv', 15_000, 'ohlcv')),
    );
    expect(first.length).toBeGreaterThan(0);
    for (const e of first) {
      expect(e.id).toMatch(/^\w+\.\d+$/);
      const candle = json(e);
      expect(candle).toMatchObject({
        chain_type: 'evm',
        chain_id: 1,
        interval: '1m',
        token: 'base',
      });
      expect(String(candle.pool_address).toLowerCase()).toBe(UNISWAP);
      for (const f of ['open_time', 'open', 'high', 'low', 'close', 'volume'])
        expect(candle).toHaveProperty(f);
    }
    expect(subscribesFor(UNISWAP).length - before).toBe(1);

    await Promise.all(streams.map((s) => s.close()));
    await waitUntil(
      () =>
        harness
          .frames('unsubscribe', KLINE)
          .some(
            (m) =>
              String((m.data as { pool_address?: string }).pool_address).toLowerCase() === UNISWAP,
          ),
      5000,
      'unsubscribe',
    );
    expect(harness.hub.kline.poolCount).toBe(0);
    expect(harness.hub.channelCount).toBe(0);
  });

  it('survives the upstream socket being cut: reconnects, resubscribes, and candles keep coming', async () => {
    const stream = await harness.open([TOPIC]);
    await stream.sse.waitFor((e) => e.event === 'ohlcv', 10_000, 'first candle');
    const subscribes = subscribesFor(UNISWAP).length;

    upstream.running.dropSockets();
    const down = await stream.sse.waitFor(
      (e) =>
        e.event === 'status' && json(e).service === 'kline' && json(e).state === 'reconnecting',
      5000,
      'reconnecting',
    );
    const cut = stream.sse.events.indexOf(down);
    await stream.sse.waitFor(
      (e) =>
        e.event === 'status' &&
        json(e).service === 'kline' &&
        json(e).state === 'connected' &&
        stream.sse.events.indexOf(e) > cut,
      10_000,
      'connected again',
    );
    await waitUntil(
      () => stream.sse.events.slice(cut).some((e) => e.event === 'ohlcv'),
      10_000,
      'a candle after the cut',
    );
    expect(subscribesFor(UNISWAP).length).toBe(subscribes + 1);

    // Candles after the reconnect continue the same series: same or later open_time, never older.
    const candles = stream.sse.events
      .filter((e) => e.event === 'ohlcv')
      .map((e) => json<{ open_time: number }>(e).open_time);
    for (let i = 1; i < candles.length; i++)
      expect(candles[i]).toBeGreaterThanOrEqual(candles[i - 1] as number);
    await stream.close();
  });

  it('replays what a tab missed after Last-Event-ID, in order', async () => {
    const keeper = await harness.open([TOPIC]); // keeps the topic (and its replay buffer) alive
    const first = await harness.open([TOPIC]);
    await first.sse.waitFor(
      (e) => e.event === 'ohlcv' && first.sse.events.filter((x) => x.event === 'ohlcv').length >= 3,
      15_000,
      'three candles',
    );
    const candles = first.sse.events.filter((e) => e.event === 'ohlcv');
    const lastSeen = candles[0]!;
    await first.close();

    const again = await harness.open([TOPIC], { 'last-event-id': lastSeen.id! });
    const replayed = await again.sse.waitFor((e) => e.event === 'ohlcv', 5000, 'replayed candle');
    expect(replayed.id).toBe(candles[1]!.id);
    expect(replayed.data).toBe(candles[1]!.data);
    const seqs = again.sse.events
      .filter((e) => e.event === 'ohlcv')
      .map((e) => Number(e.id!.split('.')[1]));
    for (let i = 1; i < seqs.length; i++) expect(seqs[i]).toBeGreaterThan(seqs[i - 1] as number);
    expect(seqs[0]).toBeGreaterThan(Number(lastSeen.id!.split('.')[1]));

    // An id from another server instance cannot be replayed: the stream says so.
    const foreign = await harness.open([TOPIC], { 'last-event-id': 'zzzzzz.5' });
    const resync = await foreign.sse.waitFor(
      (e) => e.event === 'status' && json(e).state === 'resync',
      5000,
      'resync',
    );
    expect(json(resync).service).toBe('stream');
    await Promise.all([keeper.close(), again.close(), foreign.close()]);
  });

  it('a pool the price service does not know gets an error event on its topic, and no upstream subscription', async () => {
    const healthy = await harness.open([TOPIC]);
    // Known to the kline simulator only (two active configurations): not a pool of the price service.
    const made = `ohlcv:evm:1:${AMBIGUOUS}:1m`;
    const before = subscribesFor(AMBIGUOUS).length;
    const unknown = await harness.open([made]);
    expect(unknown.response.status).toBe(200);
    const error = await unknown.sse.waitFor((e) => e.event === 'error', 10_000, 'error event');
    expect(error.id ?? '').toBe('');
    expect(json(error)).toMatchObject({ code: 404, topic: made });
    expect(String(json(error).message)).toMatch(/unknown pool/i);
    const count = healthy.sse.events.filter((e) => e.event === 'ohlcv').length;
    await waitUntil(
      () => healthy.sse.events.filter((e) => e.event === 'ohlcv').length > count,
      10_000,
      'healthy stream keeps receiving',
    );
    expect(healthy.sse.events.some((e) => e.event === 'error')).toBe(false);
    expect(subscribesFor(AMBIGUOUS).length).toBe(before);
    await Promise.all([healthy.close(), unknown.close()]);
  });

  it("an upstream refusal of a subscription reaches the topic's followers as an error event", async () => {
    const topic = `ohlcv:evm:1:${AMBIGUOUS}:1m`;
    const { parseTopic } = await import('@/lib/contracts/stream/topics');
    const parsed = parseTopic(topic);
    if (!parsed.ok) throw new Error(parsed.message);
    const written: { event: string; data: string }[] = [];
    const stop = harness.hub.follow([parsed.topic], { write: (e) => void written.push(e) });
    await waitUntil(() => written.some((e) => e.event === 'error'), 10_000, 'error event');
    const error = JSON.parse(written.find((e) => e.event === 'error')!.data) as Record<
      string,
      unknown
    >;
    expect(error).toMatchObject({ code: 4500, topic });
    expect(String(error.message)).toMatch(/ambiguous/);
    stop();
  });

  it.each([
    ['no topic', [], /at least one topic/i],
    ['an unknown kind', ['prices:1'], /prices:1/],
    ['an unknown interval', [`ohlcv:evm:1:${UNISWAP}:2h`], /2h/],
    ['a malformed pool', ['ohlcv:evm:1:0x1234:1m'], /0x1234/],
    ['an unknown chain type', [`ohlcv:plasma:1:${UNISWAP}:1m`], /plasma/],
    ['a malformed watch address', ['tx:ethereum:0xnothex'], /0xnothex/],
    ['too many topics', tooManyTopics(), /too many topics/i],
  ])('refuses %s with 400 before any upstream work', async (_name, topics, message) => {
    const frames = upstream.frames.length;
    const channels = harness.hub.channelCount;
    const stream = await harness.open(topics);
    expect(stream.response.status).toBe(400);
    const body = (await stream.response.json()) as { message: string };
    expect(body.message).toMatch(message);
    expect(upstream.frames.length).toBe(frames);
    expect(harness.hub.channelCount).toBe(channels);
  });
});
