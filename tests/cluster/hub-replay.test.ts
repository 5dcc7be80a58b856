/**
 * The cluster hub's resume on a real `redis-server`, without the apps: a stream that reconnects with
 * `Last-Event-ID` to an instance whose reader already follows its topics gets every event it missed,
 * once and in order, even when the reader brings a newer event while the replay is being read.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseTopic, type Topic } from '@/lib/contracts/stream/topics';
import { appendEvent } from '@/lib/server/cluster/append';
import { ClusterHub } from '@/lib/server/cluster/hub';
import { createClusterRedis, keys, type ClusterRedis } from '@/lib/server/cluster/redis';
import type { LoggedEvent } from '@/lib/server/stream/event-log';
import type { StreamHub } from '@/lib/server/stream/hub';
import { RedisServer } from '../support/redis';
import { sleep, until } from './support/wait';

const POOL = '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640';
const server = new RedisServer();
let redis: ClusterRedis;
let hub: ClusterHub | null = null;

beforeAll(async () => {
  await server.start();
  redis = createClusterRedis(server.url);
  await until(() => redis.state() === 'up', 'redis');
});
afterAll(async () => {
  await hub?.stop();
  await redis.quit();
  await server.stop();
});

const parsed = parseTopic(`ohlcv:evm:1:${POOL}:1s`);
if (!parsed.ok) throw new Error(parsed.message);
const topic: Topic = parsed.topic;

const candle = (openTime: number) =>
  JSON.stringify({
    chain_type: 'evm',
    chain_id: 1,
    pool_address: POOL,
    token: 'base',
    interval: '1s',
    open_time: openTime,
    open: 1,
    high: 1,
    low: 1,
    close: 1,
    volume: 0,
  });
const append = (openTime: number) =>
  appendEvent(redis.client, {
    topic: topic.key,
    event: 'ohlcv',
    data: candle(openTime),
    lease: '',
    dedupe: '',
  });

function collector() {
  const events: LoggedEvent[] = [];
  const openTimes = () =>
    events
      .filter((e) => e.event === 'ohlcv')
      .map((e) => (JSON.parse(e.data) as { open_time: number }).open_time);
  return { session: { write: (e: LoggedEvent) => void events.push(e) }, events, openTimes };
}

it('a resume whose replay is overtaken by a live event still gets every missed event, in order', async () => {
  // Another instance holds the upstream lease: this one only reads, as the instance a tab resumes on.
  await redis.client.set(keys.lease, 'elsewhere:1', 'PX', 60_000);
  const local = {
    channelCount: 0,
    klineSocket: { active: false },
    txSocket: { active: false },
    sandboxLinks: 0,
    stop: () => undefined,
  } as unknown as StreamHub;
  hub = new ClusterHub(redis, () => local, { instance: 'resume-test' });

  // A viewer already follows the topic here: the reader reads its stream live.
  const control = collector();
  hub.attach([topic], control.session, null);
  await until(() => control.events.some((e) => e.event === 'status'), 'the control attached');
  const t0 = 1_700_000_000;
  for (let t = t0; t < t0 + 4; t++) await append(t);
  await until(() => control.openTimes().length === 4, 'four candles on the control stream');
  const lastId = control.events.find((e) => e.event === 'ohlcv')!.id;

  // While the replay is read, the next candle is appended and the reader hands it on first.
  const pipeline = redis.client.pipeline.bind(redis.client);
  redis.client.pipeline = (...args: Parameters<typeof pipeline>) => {
    redis.client.pipeline = pipeline;
    const p = pipeline(...args);
    const exec = p.exec.bind(p);
    p.exec = async () => {
      await append(t0 + 4);
      await until(() => control.openTimes().includes(t0 + 4), 'the reader to bring the new candle');
      return exec();
    };
    return p;
  };

  const resumed = collector();
  hub.attach([topic], resumed.session, lastId);
  await until(() => resumed.openTimes().includes(t0 + 4), 'the new candle on the resumed stream');
  await sleep(200);
  expect(resumed.openTimes()).toEqual([t0 + 1, t0 + 2, t0 + 3, t0 + 4]);
  const seqs = resumed.events.filter((e) => e.seq > 0).map((e) => e.seq);
  expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
});
