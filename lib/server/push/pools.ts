/**
 * Whether a pool exists, for an alert on it: the price service's pool look-up, through the exchange
 * cache (one upstream call per pool and hour, shared with the pages that show it). One function, so
 * the stream hubs' own admission of known pools can take its place.
 */
import 'server-only';
import { priceClient } from '../../upstream/price/client';
import { load } from '../../upstream/result';

export type PoolCheck =
  { kind: 'found'; pair: string } | { kind: 'missing' } | { kind: 'error'; message: string };

export async function checkPool(
  chainType: string,
  chainId: number,
  address: string,
): Promise<PoolCheck> {
  const result = await load(() => priceClient.pool(chainType, chainId, address));
  if (!result.ok) return { kind: 'error', message: result.message };
  const pool = result.value;
  if (!pool) return { kind: 'missing' };
  return {
    kind: 'found',
    pair: `${pool.base_token.symbol}/${pool.quote_token.symbol}`.slice(0, 64),
  };
}
