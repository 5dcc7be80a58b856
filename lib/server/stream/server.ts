/**
 * The process-wide stream hub, built on the upstream transport (the key is added there). Kept on
 * globalThis so that a dev-mode module reload does not open a second set of upstream sockets.
 */
import 'server-only';
import { openUpstreamSocket } from '../../upstream/socket';
import { load } from '../../upstream/result';
import { txClient } from '../../upstream/tx/client';
import { StreamHub, type HubOptions } from './hub';
import type { TradesFetcher } from './trades-hub';

const KEY = Symbol.for('pulse.stream-hub');
type Holder = { [KEY]?: StreamHub };

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
