/**
 * Who may open a stream, checked before it starts (an SSE response cannot turn into a 429 later):
 *
 * - per client: stream opens per minute, streams open at once, distinct topics across its open
 *   streams, and a share (STREAM_CLIENT_SHARE_PERCENT) of each server-wide cap: kline pools, trade
 *   pollers, tx watches, so a few clients cannot take all of one. With REDIS_URL these are counted
 *   across every instance (lib/server/cluster/holds.ts).
 * - per topic: a `trades:` or `ohlcv:` topic takes capacity only once its pool is known (the cached
 *   pool look-up of lib/server/stream/known-pools.ts); an unknown pool gets an `error` event on its
 *   topic and no poller or subscription. A look-up that fails (the price service is down) admits the
 *   topic: charts stay live through a price outage, and the client's share still bounds it.
 * - per process (or cluster): the upstream cost every new topic would add. Topics someone already
 *   follows cost nothing and pass.
 */
import 'server-only';
import { getEnv, type Env } from '../../config/env';
import type { LiveError } from '../../contracts/stream/events';
import type { Topic } from '../../contracts/stream/topics';
import {
  holds,
  rateLimit,
  type HoldCaps,
  type HoldRefusal,
  type HoldUnit,
} from '../security/limits';
import { poolOfTopic, poolStatus, type PoolStatus } from './known-pools';
import type { StreamSource } from './source';

export type Admission =
  | {
      ok: true;
      /** the topics the stream follows */
      topics: Topic[];
      /** topics refused one by one (an unknown pool): an `error` event each, nothing followed */
      refused: LiveError[];
      release: () => void;
    }
  | { ok: false; message: string; retryAfterSeconds: number };

/** How long a client over a cap of things held open is told to wait. */
const HELD_RETRY_SECONDS = 10;

/** A client's part of a server-wide cap (at least one). */
export function clientShare(cap: number, percent: number): number {
  return Math.max(1, Math.floor((cap * percent) / 100));
}

function streamCaps(env: Env): HoldCaps {
  const pct = env.STREAM_CLIENT_SHARE_PERCENT;
  return {
    holds: env.STREAM_MAX_PER_CLIENT,
    topics: env.STREAM_MAX_TOPICS_PER_CLIENT,
    pools: clientShare(env.STREAM_MAX_KLINE_POOLS, pct),
    polls: clientShare(env.STREAM_MAX_TRADE_POLLERS, pct),
    watches: clientShare(env.STREAM_MAX_TX_WATCHES, pct),
  };
}

/** What a topic takes of the caps: its pool (any interval), its poll, its watch, its key. */
export function unitOf(topic: Topic): HoldUnit {
  switch (topic.kind) {
    case 'ohlcv':
      return {
        kind: 'ohlcv',
        unit: `${topic.chainType}:${topic.chainId}:${topic.pool.toLowerCase()}`,
        key: topic.key,
      };
    case 'trades':
      return { kind: 'trades', unit: topic.key, key: topic.key };
    case 'watch':
      return { kind: 'watch', unit: topic.key, key: topic.key };
    case 'tx':
      return { kind: 'tx', unit: topic.key, key: topic.key };
  }
}

function holdMessage(refused: HoldRefusal, caps: HoldCaps, env: Env): string {
  switch (refused) {
    case 'holds':
      return `Too many open streams for one client (at most ${caps.holds})`;
    case 'topics':
      return `Too many distinct topics for one client (at most ${caps.topics})`;
    case 'pools':
      return `One client may follow at most ${caps.pools} pools (its share of the server's ${env.STREAM_MAX_KLINE_POOLS}): close some charts`;
    case 'polls':
      return `One client may follow trades of at most ${caps.polls} pools (its share of the server's ${env.STREAM_MAX_TRADE_POLLERS})`;
    case 'watches':
      return `One client may watch at most ${caps.watches} addresses (its share of the server's ${env.STREAM_MAX_TX_WATCHES})`;
  }
}

/** Splits the topics into those whose pool may take capacity and those refused as unknown. */
export async function checkPools(
  topics: readonly Topic[],
  lookup: (pool: NonNullable<ReturnType<typeof poolOfTopic>>) => Promise<PoolStatus> = poolStatus,
): Promise<{ topics: Topic[]; refused: LiveError[] }> {
  const asked = new Map<string, Promise<PoolStatus>>();
  const statuses = await Promise.all(
    topics.map((topic) => {
      const pool = poolOfTopic(topic);
      if (!pool) return Promise.resolve<PoolStatus>('known');
      const id = `${pool.chainType}:${pool.chainId}:${pool.address.toLowerCase()}`;
      let status = asked.get(id);
      if (!status) {
        status = lookup(pool);
        asked.set(id, status);
      }
      return status;
    }),
  );
  const admitted: Topic[] = [];
  const refused: LiveError[] = [];
  topics.forEach((topic, i) => {
    if (statuses[i] !== 'unknown') admitted.push(topic);
    else
      refused.push({
        topic: topic.key,
        code: 404,
        message: 'Unknown pool: the price service knows no such pool on this chain.',
      });
  });
  return { topics: admitted, refused };
}

export async function admitStream(
  client: string,
  requested: readonly Topic[],
  hub: StreamSource,
): Promise<Admission> {
  const env = getEnv();
  const opens = await rateLimit('stream-opens', {
    points: env.STREAM_OPENS_PER_MIN,
    durationSeconds: 60,
  }).take(client);
  if (!opens.ok) {
    return {
      ok: false,
      message: `Too many streams opened: try again in ${opens.retryAfterSeconds} s`,
      retryAfterSeconds: opens.retryAfterSeconds,
    };
  }
  const refuse = (message: string): Admission => ({
    ok: false,
    message,
    retryAfterSeconds: HELD_RETRY_SECONDS,
  });

  const { topics, refused } = await checkPools(requested);
  const caps = streamCaps(env);
  const hold = await holds().acquire(`stream:${client}`, topics.map(unitOf), caps);
  if (!hold.ok) return refuse(holdMessage(hold.refused, caps, env));

  const load = hub.upstreamLoad(topics);
  const global =
    load.pools.added > 0 && load.pools.held + load.pools.added > env.STREAM_MAX_KLINE_POOLS
      ? 'The server follows as many pools as it may: try again later'
      : load.polls.added > 0 && load.polls.held + load.polls.added > env.STREAM_MAX_TRADE_POLLERS
        ? 'The server polls as many pools for trades as it may: try again later'
        : load.watches.added > 0 &&
            load.watches.held + load.watches.added > env.STREAM_MAX_TX_WATCHES
          ? 'The server watches as many addresses as it may: try again later'
          : null;
  if (global) {
    hold.release();
    return refuse(global);
  }
  return { ok: true, topics, refused, release: hold.release };
}
