/**
 * The process-wide stream hub, built on the upstream transport (the key is added there). Kept on
 * globalThis so that a dev-mode module reload does not open a second set of upstream sockets.
 */
import 'server-only';
import { openUpstreamSocket } from '../../upstream/socket';
import { upstreamFetch } from '../../upstream/transport';
import { StreamHub, type HubOptions } from './hub';
import type { TradesFetcher } from './trades-hub';

const KEY = Symbol.for('pulse.stream-hub');
type Holder = { [KEY]?: StreamHub };

const fetchTrades: TradesFetcher = async (topic) => {
  const query = new URLSearchParams({
    chainType: topic.chainType,
    chainId: String(topic.chainId),
    limit: '100',
  });
  const response = await upstreamFetch({
    method: 'GET',
    path: `/tx/api/v1/dex-pools/${encodeURIComponent(topic.pool)}/trades?${query.toString()}`,
    timeoutMs: 5000,
  });
  const body = (await response.json().catch(() => null)) as {
    code?: unknown;
    message?: unknown;
    data?: { items?: unknown };
  } | null;
  if (!response.ok || !body || body.code !== 0 || !Array.isArray(body.data?.items)) {
    const message = typeof body?.message === 'string' ? body.message : `HTTP ${response.status}`;
    return { ok: false, message: `trades unavailable: ${message}` };
  }
  return { ok: true, items: body.data.items as Record<string, unknown>[] };
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
