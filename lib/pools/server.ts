/**
 * Pool look-ups for server components, through the gateway in-process (lib/gateway/in-process.ts):
 * they share its one-hour cache of `pools` (the seed's) with the browser's calls.
 */
import 'server-only';
import { gatewayCall as gatewayGet } from '../gateway/in-process';
import { ChainsData, PoolData, type ChainItem, type PoolObject } from '../upstream/price/schema';
import { poolQueryString, type PoolRef } from './ref';

export type PoolLookup =
  { kind: 'found'; pool: PoolObject } | { kind: 'missing' } | { kind: 'error'; message: string };

/** The price service's pool object; `missing` when the seed's `data: null` says there is no such pool. */
export async function lookupPool(ref: PoolRef): Promise<PoolLookup> {
  const result = await gatewayGet('price', `/pools?${poolQueryString(ref)}`);
  if (!result.ok) return { kind: 'error', message: result.message };
  const parsed = PoolData.safeParse(result.data);
  if (!parsed.success)
    return {
      kind: 'error',
      message: 'The price service answered with a pool in an unexpected shape.',
    };
  return parsed.data ? { kind: 'found', pool: parsed.data } : { kind: 'missing' };
}

/** The price service's chains, or null when they are unavailable. */
export async function listChains(): Promise<ChainItem[] | null> {
  const result = await gatewayGet('price', '/chains');
  if (!result.ok) return null;
  const parsed = ChainsData.safeParse(result.data);
  return parsed.success ? parsed.data.items : null;
}

/** The chain of a pool (name, explorer), or null when the chain list is unavailable. */
export async function lookupChain(chainType: string, chainId: number): Promise<ChainItem | null> {
  const chains = await listChains();
  return (
    chains?.find((c) => c.chain_id === chainId && (c.chain_type ?? chainType) === chainType) ?? null
  );
}
