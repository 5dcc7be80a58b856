/**
 * Is the upstream answering? One cheap call per service, at most every 5 s whatever the number of
 * callers (the status light of every tab and a deployment's uptime check share it). It reports the
 * mode and each service's state; it never reveals the key or the upstream URL.
 */
import 'server-only';
import { getEnv, upstreamMode } from '../config/env';
import { clusterRedis } from './cluster/redis';
import { getClusterHub, getStreamHub, instanceName } from './stream/server';
import { ResponseCache } from '../upstream/cache';
import type { Service } from '../contracts/services';
import { UpstreamError } from '../upstream/base-client';
import { klineClient } from '../upstream/kline/client';
import { priceClient } from '../upstream/price/client';
import { txClient } from '../upstream/tx/client';

type ServiceState = 'up' | 'down' | 'unauthorized' | 'error';

export interface HealthReport {
  status: 'ok' | 'degraded' | 'down';
  mode: 'simulator' | 'upstream';
  checked_at: string;
  services: Record<Service, { status: ServiceState; latency_ms: number; message?: string }>;
  /**
   * With REDIS_URL: whether this instance reaches the cluster's Redis (never its URL), whether it
   * holds the upstream lease, and whether its streams come from the cluster or, with Redis
   * unreachable, from its own upstream sockets. Absent without REDIS_URL.
   */
  cluster?: {
    instance: string;
    redis: 'up' | 'down' | 'connecting';
    lease: 'held' | 'not held';
    streams: 'cluster' | 'local';
  };
}

function clusterReport(): HealthReport['cluster'] {
  const redis = clusterRedis();
  const hub = getClusterHub();
  if (!redis || !hub) return undefined;
  const state = redis.state();
  return {
    instance: instanceName(),
    redis: state === 'off' ? 'down' : state,
    lease: hub.holdsLease ? 'held' : 'not held',
    streams: hub.serving,
  };
}

// One cheap read per service through its typed client; an empty range on a zero address answers
// `[]` cheaply and proves the kline service and the key work.
const PROBES: Record<Service, (timeoutMs: number) => Promise<unknown>> = {
  price: (timeoutMs) => priceClient.chains({ timeoutMs, live: true }),
  tx: (timeoutMs) => txClient.appConfig({ timeoutMs, live: true }),
  kline: (timeoutMs) =>
    klineClient.ohlcv(
      {
        interval: '1d',
        from: 0,
        to: 1,
        limit: 1,
        chain_type: 'evm',
        chain_id: 1,
        pool_address: '0x0000000000000000000000000000000000000000',
      },
      { timeoutMs, live: true },
    ),
};

const cache = new ResponseCache(1);
const TTL_MS = 5000;

async function probe(service: Service): Promise<HealthReport['services'][Service]> {
  const started = performance.now();
  const latency = () => Math.round(performance.now() - started);
  try {
    await PROBES[service](getEnv().UPSTREAM_TIMEOUT_MS);
    return { status: 'up', latency_ms: latency() };
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    if (error.status === 401 || error.status === 403)
      return {
        status: 'unauthorized',
        latency_ms: latency(),
        message: 'the upstream refused the API key',
      };
    if (error.kind === 'timeout' || error.kind === 'unreachable')
      return { status: 'down', latency_ms: latency(), message: error.reason };
    return {
      status: 'error',
      latency_ms: latency(),
      message: `unexpected answer (HTTP ${error.status ?? 'none'})`,
    };
  }
}

export async function checkHealth(): Promise<HealthReport> {
  const cached = await cache.get('health', async () => {
    const [price, tx, kline] = await Promise.all([probe('price'), probe('tx'), probe('kline')]);
    const services = { price, tx, kline };
    const up = Object.values(services).filter((s) => s.status === 'up').length;
    const report: HealthReport = {
      status: up === 3 ? 'ok' : up === 0 ? 'down' : 'degraded',
      mode: upstreamMode(),
      checked_at: new Date().toISOString(),
      services,
    };
    return { status: 200, body: JSON.stringify(report), expires: Date.now() + TTL_MS };
  });
  // Per instance, not cached with the shared probes: which instance answered matters here.
  const report = JSON.parse(cached.body) as HealthReport;
  const cluster = clusterReport();
  return cluster ? { ...report, cluster } : report;
}

type SocketState = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'down';

export interface Readiness extends HealthReport {
  ready: boolean;
  /** the process's upstream sockets: `idle` when no viewer needs one (not a failure) */
  sockets: Record<'kline' | 'tx', SocketState>;
}

/**
 * Readiness for an orchestrator: every service answers over HTTP (probes bounded by
 * UPSTREAM_TIMEOUT_MS, shared 5 s like the health check) and every upstream socket that viewers need
 * is connected. The mode (upstream or simulator) is stated.
 */
export async function checkReadiness(): Promise<Readiness> {
  const health = await checkHealth();
  const hub = getStreamHub();
  const state = (service: 'kline' | 'tx', active: boolean): SocketState =>
    active ? hub.linkState(service) : 'idle';
  const sockets = {
    kline: state('kline', hub.klineSocket.active),
    tx: state('tx', hub.txSocket.active),
  };
  const socketsOk = Object.values(sockets).every((s) => s === 'idle' || s === 'connected');
  return { ...health, ready: health.status === 'ok' && socketsOk, sockets };
}
