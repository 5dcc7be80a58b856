/**
 * A pool as the URL names it: `/pools/{chain_type}/{chain_id}/{pool_address}`, and the paths built
 * from it. Free of address checks (lib/contracts/pool-ref-check.ts) so the embedded widget stays small.
 */
import type { ChainType } from './chain-types';

export interface PoolRef {
  chainType: ChainType;
  chainId: number;
  address: string;
}

export function poolPath(ref: PoolRef): string {
  return `/pools/${ref.chainType}/${ref.chainId}/${encodeURIComponent(ref.address)}`;
}

export function embedPath(ref: PoolRef): string {
  return `/embed${poolPath(ref)}`;
}

/** `evm:1:0x88e6…` as `data-pool` of embed.js and FEATURED_POOLS entries. */
export function poolKey(ref: PoolRef): string {
  return `${ref.chainType}:${ref.chainId}:${ref.address}`;
}

/** The query of the price service's `pools` endpoint; one spelling, so server and browser share the gateway's cache entry. */
export function poolQueryString(ref: PoolRef): string {
  return new URLSearchParams({
    chain_type: ref.chainType,
    chain_id: String(ref.chainId),
    pool_address: ref.address,
  }).toString();
}
