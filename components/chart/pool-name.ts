'use client';
/** Names of compared pools, for the Compare panel, its legend and the snapshot's strip. */
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/client/api';
import { poolQuery } from '@/lib/features/pools/queries';
import type { PoolRef } from '@/lib/contracts/pool-ref';
import type { PoolObject } from '@/lib/contracts/price/schema';

/** `evm:1:0x88e6…5640` */
export function shortKey(ref: PoolRef): string {
  const a = ref.address;
  return `${ref.chainType}:${ref.chainId}:${a.length > 14 ? `${a.slice(0, 6)}…${a.slice(-4)}` : a}`;
}

export const nameOf = (p: PoolObject) =>
  `${p.base_token.symbol}/${p.quote_token.symbol} · ${p.network}`;

/** A pool's name for a list or a legend: `WETH/USDC · base`, or why there is none. */
export function usePoolName(ref: PoolRef): { name: string; missing: boolean } {
  const q = useQuery({ ...poolQuery(ref), refetchInterval: false, retry: 1 });
  if (q.data) return { name: nameOf(q.data), missing: false };
  // The price service answers an unknown pool with `data: null` (a 404 from elsewhere means the same).
  const missing =
    (q.isSuccess && q.data === null) || (q.error instanceof ApiError && q.error.status === 404);
  return { name: shortKey(ref), missing };
}
