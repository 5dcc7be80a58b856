/**
 * Is the upstream answering? One cheap call per service, at most every 5 s whatever the number of
 * callers (the status light of every tab and a deployment's uptime check share it). It reports the
 * mode and each service's state; it never reveals the key or the upstream URL.
 */
import 'server-only';
import { upstreamMode } from '../core/env';
import { ResponseCache } from './gateway/cache';
import type { Service } from '../contracts/services';
import { TransportError, upstreamFetch } from '../upstream/transport';

export type ServiceState = 'up' | 'down' | 'unauthorized' | 'error';

export interface HealthReport {
  status: 'ok' | 'degraded' | 'down';
  mode: 'simulator' | 'upstream';
  checked_at: string;
  services: Record<Service, { status: ServiceState; latency_ms: number; message?: string }>;
}

const PROBES: Record<Service, string> = {
  price: '/price/api/v1/chains',
  tx: '/tx/api/v1/app/config',
  // An empty range on a zero address: answers `[]` cheaply and proves the service and the key work.
  kline:
    '/kline/api/v1/kline/ohlcv?interval=1d&from=0&to=1&limit=1&chain_type=evm&chain_id=1&pool_address=0x0000000000000000000000000000000000000000',
};

const cache = new ResponseCache(1);
const TTL_MS = 5000;

async function probe(service: Service): Promise<HealthReport['services'][Service]> {
  const started = performance.now();
  const latency = () => Math.round(performance.now() - started);
  try {
    const response = await upstreamFetch({ method: 'GET', path: PROBES[service], timeoutMs: 3000 });
    const body = (await response.json().catch(() => null)) as { code?: unknown } | null;
    if (response.status === 401 || response.status === 403) {
      return {
        status: 'unauthorized',
        latency_ms: latency(),
        message: 'the upstream refused the API key',
      };
    }
    if (response.ok && body && body.code === 0) return { status: 'up', latency_ms: latency() };
    return {
      status: 'error',
      latency_ms: latency(),
      message: `unexpected answer (HTTP ${response.status})`,
    };
  } catch (error) {
    const message = error instanceof TransportError ? error.message : 'probe failed';
    return { status: 'down', latency_ms: latency(), message };
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
  return JSON.parse(cached.body) as HealthReport;
}
