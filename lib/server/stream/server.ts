/**
 * The process-wide stream hub, built on the upstream transport (the key is added there). Kept on
 * globalThis so that a dev-mode module reload does not open a second set of upstream sockets. With
 * REDIS_URL the browser streams are served by the cluster's hub (lib/server/cluster/hub.ts), which
 * relays through this process's hub while it holds the upstream lease.
 */
import 'server-only';
import { hostname } from 'node:os';
import { getEnv } from '../../config/env';
import { openUpstreamSocket } from '../../upstream/socket';
import { load } from '../../upstream/result';
import { klineClient } from '../../upstream/kline/client';
import { txClient } from '../../upstream/tx/client';
import { ClusterHub } from '../cluster/hub';
import { clusterRedis } from '../cluster/redis';
import type { LiveCandle } from '../../contracts/stream/events';
import { StreamHub, type HubOptions } from './hub';
import type { StreamSource } from './source';
import type { TradesFetcher } from './trades-hub';

const KEY = Symbol.for('pulse.stream-hub');
const CLUSTER = Symbol.for('pulse.cluster-hub');
type Holder = { [KEY]?: StreamHub; [CLUSTER]?: ClusterHub | null };

const fetchTrades: TradesFetcher = async (topic) => {
  const result = await load(() =>
    txClient.poolTrades(topic.pool, topic.chainType, topic.chainId, 100, { timeoutMs: 5000 }),
  );
  return result.ok
    ? { ok: true, items: result.value }
    : { ok: false, message: `trades unavailable: ${result.message}` };
};

export function createStreamHub(overrides: Partial<HubOptions> = {}): StreamHub {
  return new StreamHub({ openSocket: openUpstreamSocket, fetchTrades, ...overrides });
}

export function getStreamHub(): StreamHub {
  const holder = globalThis as Holder;
  holder[KEY] ??= createStreamHub();
  return holder[KEY];
}

/** Replaces the process-wide hub (tests and benchmarks tune its timings). */
export function setStreamHub(hub: StreamHub | undefined): void {
  const holder = globalThis as Holder;
  holder[KEY]?.stop();
  holder[KEY] = hub;
}

/** This instance's name in logs and /api/health. */
export function instanceName(): string {
  return getEnv().INSTANCE_NAME ?? `${hostname()}-${process.pid}`;
}

/**
 * Candles between the last one a failed-over relay stored and now, from HTTP history, with the
 * pool identity of the stored one (the WebSocket candle carries it, the HTTP one does not).
 */
async function backfill(last: LiveCandle): Promise<LiveCandle[]> {
  if (last.chain_type === null || last.chain_id === null) return [];
  const candles = await klineClient.ohlcv(
    {
      interval: last.interval,
      from: last.open_time,
      to: Math.floor(Date.now() / 1000),
      limit: 100,
      chain_type: last.chain_type,
      chain_id: last.chain_id,
      pool_address: last.pool_address,
    },
    { timeoutMs: 5000, live: true },
  );
  return candles
    .filter((c) => c.open_time >= last.open_time)
    .map(({ open_time, open, high, low, close, volume }) => ({
      ...last,
      open_time,
      open,
      high,
      low,
      close,
      volume,
    }));
}

/** The cluster's hub with REDIS_URL, or null (streams are served by this process's hub). */
export function getClusterHub(): ClusterHub | null {
  const holder = globalThis as Holder;
  if (holder[CLUSTER] === undefined) {
    const redis = clusterRedis();
    holder[CLUSTER] = redis
      ? new ClusterHub(redis, getStreamHub, { instance: instanceName(), backfill })
      : null;
  }
  return holder[CLUSTER];
}

/** Where browser streams come from: the cluster's hub, or this process's. */
export function getStreamSource(): StreamSource {
  return getClusterHub() ?? getStreamHub();
}
