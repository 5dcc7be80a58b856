/** Token look-ups for the token page's server render, through the gateway in-process. */
import 'server-only';
import { gatewayCall } from '../gateway/in-process';
import { featuredPools } from '../pools/featured';
import { lookupPool } from '../pools/server';
import {
  TokenDetailsData,
  TokenPlatformsData,
  type ChainItem,
  type TokenDetailItem,
  type TokenItem,
} from '../upstream/price/schema';
import { poolsOfToken, samePlatforms, type TokenPool } from './platforms';

export type TokenLookup =
  | { kind: 'found'; token: TokenDetailItem }
  | { kind: 'missing' }
  | { kind: 'error'; message: string };

/** `tokens/details` for one id; unknown and inactive ids are omitted by the seed, so: missing. */
export async function lookupToken(id: number): Promise<TokenLookup> {
  const result = await gatewayCall('price', '/tokens/details', {
    method: 'POST',
    body: { ids: [id] },
  });
  if (!result.ok) return { kind: 'error', message: result.message };
  const parsed = TokenDetailsData.safeParse(result.data);
  if (!parsed.success)
    return {
      kind: 'error',
      message: 'The price service answered with token details in an unexpected shape.',
    };
  const token = parsed.data.items.find((t) => t.id === id);
  return token ? { kind: 'found', token } : { kind: 'missing' };
}

/** Every chain's record of the token (`tokens/platforms/{symbol}`, same name and symbol). */
export async function lookupPlatforms(token: TokenDetailItem): Promise<TokenItem[]> {
  const result = await gatewayCall(
    'price',
    `/tokens/platforms/${encodeURIComponent(token.symbol)}`,
  );
  const parsed = result.ok ? TokenPlatformsData.safeParse(result.data) : null;
  const records = parsed?.success ? parsed.data.items : [];
  const all = samePlatforms(token, records);
  // The page's own record is always there, even when the search does not return it.
  return all.some((r) => r.id === token.id) ? all : [token, ...all];
}

/** The featured pools the token trades in (pool objects come from the gateway's one-hour cache). */
export async function lookupTokenPools(
  platforms: readonly TokenItem[],
  chains: readonly ChainItem[],
): Promise<TokenPool[]> {
  const refs = featuredPools();
  const found = await Promise.all(
    refs.map(async (ref) => ({ ref, lookup: await lookupPool(ref) })),
  );
  const pools = found.flatMap(({ ref, lookup }) =>
    lookup.kind === 'found' ? [{ ref, pool: lookup.pool }] : [],
  );
  return poolsOfToken(platforms, chains, pools);
}
