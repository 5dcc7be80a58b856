/** Token look-ups for the token page's server render, through the price service's typed client. */
import 'server-only';
import { priceClient } from '../../upstream/price/client';
import { load } from '../../upstream/result';
import { featuredPools } from '../../config/featured-pools';
import { lookupPool } from '../pools/server';
import type { ChainItem, TokenDetailItem, TokenItem } from '../../contracts/price/schema';
import { poolsOfToken, samePlatforms, type TokenPool } from './platforms';
import { wrappedContracts, type WrappedContract } from './wrapped';

export type TokenLookup =
  | { kind: 'found'; token: TokenDetailItem }
  | { kind: 'missing' }
  | { kind: 'error'; message: string };

/** `tokens/details` for one id; unknown and inactive ids are omitted by the seed, so: missing. */
export async function lookupToken(id: number): Promise<TokenLookup> {
  const result = await load(() => priceClient.tokenDetails([id]));
  if (!result.ok) return { kind: 'error', message: result.message };
  const token = result.value.find((t) => t.id === id);
  return token ? { kind: 'found', token } : { kind: 'missing' };
}

/** `tokens/platforms/{keyword}` as given (an empty list when the service does not answer). */
async function searchRecords(keyword: string): Promise<TokenItem[]> {
  const result = await load(() => priceClient.tokenPlatforms(keyword));
  return result.ok ? result.value : [];
}

export interface TokenMarkets {
  /** every chain's record of the token (same name and symbol), the page's own first */
  platforms: TokenItem[];
  /** the wrapped forms of its native records (WETH for ETH) */
  wrapped: WrappedContract[];
  /** the featured pools that trade it or a wrapped form */
  pools: TokenPool[];
}

/**
 * The token's records on every chain (`tokens/platforms/{symbol}`), the wrapped form of a native
 * coin (the same search, and `W{symbol}`), and the featured pools that trade either (pool objects
 * come from the gateway's one-hour cache).
 */
export async function lookupTokenMarkets(
  token: TokenDetailItem,
  chains: readonly ChainItem[],
): Promise<TokenMarkets> {
  const featured = Promise.all(
    featuredPools().map(async (ref) => ({ ref, lookup: await lookupPool(ref) })),
  );
  // A native coin's wrapped form is found by the same search and by `W{symbol}`, asked at once.
  const [records, wrappedRecords] = await Promise.all([
    searchRecords(token.symbol),
    token.is_native ? searchRecords(`W${token.symbol}`) : Promise.resolve([]),
  ]);
  const same = samePlatforms(token, records);
  // The page's own record is always there, even when the search does not return it.
  const platforms = same.some((r) => r.id === token.id) ? same : [token, ...same];
  const candidates = [...records, ...wrappedRecords];
  const wrapped = wrappedContracts(platforms, chains, candidates);
  const pools = (await featured).flatMap(({ ref, lookup }) =>
    lookup.kind === 'found' ? [{ ref, pool: lookup.pool }] : [],
  );
  return { platforms, wrapped, pools: poolsOfToken(platforms, chains, pools, wrapped) };
}
