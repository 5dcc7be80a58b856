/**
 * Is this pool one the upstream knows? The price service's `pools` look-up, through the same typed
 * client and one-hour cache as the pool page (lib/features/pools/server.ts), so a topic costs at most
 * one upstream call per pool per cache window, shared with the page (and, with REDIS_URL, with every
 * instance). The live stream admits a `trades:` or `ohlcv:` topic only for a known pool
 * (lib/server/stream/admission.ts); other server code (alert watchers) may ask the same question.
 */
import 'server-only';
import { normalizeKlineChainType, TX_CHAIN_TYPES } from '../../contracts/chain-types';
import type { Topic } from '../../contracts/stream/topics';
import { UpstreamError } from '../../upstream/base-client';
import { priceClient } from '../../upstream/price/client';

export interface PoolIdentity {
  /** a standard chain type (`evm`) or a tx chain name (`ethereum`) */
  chainType: string;
  chainId: number;
  address: string;
}

/** `unavailable`: the price service could not be asked (down, timed out, garbled). */
export type PoolStatus = 'known' | 'unknown' | 'unavailable';

export async function poolStatus(pool: PoolIdentity): Promise<PoolStatus> {
  const type = pool.chainType.toLowerCase();
  const chainType = TX_CHAIN_TYPES[type] ?? normalizeKlineChainType(type);
  if (!chainType || !Number.isSafeInteger(pool.chainId) || pool.chainId < 0) return 'unknown';
  // Hex addresses carry no meaning in their case: one spelling, one cache entry (as topic keys).
  const address = /^0x[0-9a-fA-F]+$/.test(pool.address) ? pool.address.toLowerCase() : pool.address;
  try {
    const found = await priceClient.pool(chainType, pool.chainId, address);
    return found ? 'known' : 'unknown';
  } catch (error) {
    if (error instanceof UpstreamError && error.kind === 'failure') return 'unknown';
    return 'unavailable';
  }
}

/** The pool a market topic names; null for transaction topics. */
export function poolOfTopic(topic: Topic): PoolIdentity | null {
  if (topic.kind !== 'ohlcv' && topic.kind !== 'trades') return null;
  return { chainType: topic.chainType, chainId: topic.chainId, address: topic.pool };
}
