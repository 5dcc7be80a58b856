/** A token across chains: its platform records, explorer links and the featured pools it trades in. */
import Big from 'big.js';
import { toBig } from '../../core/format/number';
import type { PoolRef } from '../../contracts/pool-ref';
import { explorerFor } from '../chains/explorer';
import type { ChainItem, PoolObject, TokenItem } from '../../contracts/price/schema';
import type { WrappedContract } from './wrapped';

/**
 * The records of the same asset among `tokens/platforms/{symbol}` results: same name and symbol
 * (case-insensitive). The page's own record first, then by chain name.
 */
export function samePlatforms(
  token: Pick<TokenItem, 'id' | 'name' | 'symbol'>,
  records: readonly TokenItem[],
): TokenItem[] {
  const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
  const seen = new Set<number>();
  return records
    .filter((r) => same(r.name, token.name) && same(r.symbol, token.symbol))
    .filter((r) => (seen.has(r.id) ? false : (seen.add(r.id), true)))
    .sort((a, b) =>
      a.id === token.id ? -1 : b.id === token.id ? 1 : a.chain_name.localeCompare(b.chain_name),
    );
}

/**
 * The explorer page of a token record: the token page where the explorer's scheme is known (EVM,
 * Solscan, Tronscan, Suiscan), the explorer's home for a native token or an unknown scheme, null with
 * no explorer (or one that is not https).
 */
export function tokenExplorerUrl(
  chain: Pick<ChainItem, 'explorer_url' | 'chain_type'> | undefined,
  token: Pick<TokenItem, 'contract_address' | 'is_native'>,
): string | null {
  const base = chain?.explorer_url?.replace(/\/+$/, '');
  if (!base || !/^https:\/\//.test(base)) return null;
  const address = token.contract_address;
  if (token.is_native || !address) return base;
  const links = explorerFor(base, chain?.chain_type ?? '');
  if (links) return links.token(address);
  if (chain?.chain_type === 'tvm' && /tronscan\.org$/.test(base))
    return `${base}/#/token20/${address}`;
  if (chain?.chain_type === 'move' && /suiscan\.xyz/.test(base))
    return `${base}/mainnet/coin/${address}`;
  return base;
}

export interface TokenPool {
  ref: PoolRef;
  pool: PoolObject;
  /** which side of the pair the token is */
  side: 'base' | 'quote';
  /** the wrapped form the pool trades, when it is not the token's own contract (`WETH` for ETH) */
  via?: string;
}

/**
 * Featured pools whose base or quote token is one of the token's contract records on the pool's
 * chain, or one of its wrapped forms (EVM addresses compared without case, others exactly).
 */
export function poolsOfToken(
  platforms: readonly Pick<TokenItem, 'chain_id' | 'contract_address'>[],
  chains: readonly ChainItem[],
  pools: readonly { ref: PoolRef; pool: PoolObject }[],
  wrapped: readonly WrappedContract[] = [],
): TokenPool[] {
  const out: TokenPool[] = [];
  for (const { ref, pool } of pools) {
    const norm = (a: string) => (ref.chainType === 'evm' ? a.toLowerCase() : a);
    const onChain = platforms.filter((p) => {
      const chain = chains.find((c) => c.id === p.chain_id);
      return (
        p.contract_address && chain?.chain_type === ref.chainType && chain.chain_id === ref.chainId
      );
    });
    const own = new Set(onChain.map((p) => norm(p.contract_address as string)));
    const wraps = new Map(
      wrapped
        .filter((w) => w.chainType === ref.chainType && w.chainId === ref.chainId)
        .map((w) => [norm(w.address), w.symbol]),
    );
    const match = (address: string) => {
      const a = norm(address);
      return own.has(a) ? { via: undefined } : wraps.has(a) ? { via: wraps.get(a) } : null;
    };
    const base = match(pool.base_token.address);
    const quote = base ? null : match(pool.quote_token.address);
    const hit = base ?? quote;
    if (!hit) continue;
    out.push({ ref, pool, side: base ? 'base' : 'quote', ...(hit.via ? { via: hit.via } : {}) });
  }
  return out;
}

/**
 * The pools whose candles price the token (it, or its wrapped form, is the base token), deepest first
 * by the pool object's liquidity. A pool that quotes in the token charts the other token: left out.
 */
export function chartPools<T extends Pick<TokenPool, 'pool' | 'side'>>(pools: readonly T[]): T[] {
  const depth = (p: T) => toBig(p.pool.reserve_in_usd) ?? new Big(0);
  return pools.filter((p) => p.side === 'base').sort((a, b) => depth(b).cmp(depth(a)));
}
