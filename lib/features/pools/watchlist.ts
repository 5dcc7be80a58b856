'use client';
/**
 * Watched pools, beside the starred tokens of Markets: kept in this browser only, newest first,
 * at most MAX_WATCHED_POOLS. What localStorage holds is checked again when read (it may be edited).
 */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { POOL_WATCHLIST_STORAGE_KEY } from '../../client/stores/keys';
import { poolKey, type PoolRef } from '../../contracts/pool-ref';
import { parsePoolRef } from '../../contracts/pool-ref-check';

export const MAX_WATCHED_POOLS = 30;

export interface WatchedPool extends PoolRef {
  /** `WETH/USDC`, as the pool page named it when it was starred (shown until the pool loads) */
  pair: string;
}

/** The stored list, kept only where each entry is a pool the app can open (and once each). */
export function sanitizeWatchedPools(stored: unknown): WatchedPool[] {
  if (!Array.isArray(stored)) return [];
  const out: WatchedPool[] = [];
  const seen = new Set<string>();
  for (const item of stored) {
    if (!item || typeof item !== 'object') continue;
    const { chainType, chainId, address, pair } = item as Record<string, unknown>;
    if (typeof chainType !== 'string' || typeof address !== 'string') continue;
    if (typeof chainId !== 'number' || !Number.isSafeInteger(chainId)) continue;
    const parsed = parsePoolRef(chainType, String(chainId), encodeURIComponent(address));
    if (!parsed.ok || seen.has(poolKey(parsed.ref))) continue;
    seen.add(poolKey(parsed.ref));
    const name =
      typeof pair === 'string' ? pair.replace(/[^\p{L}\p{N} ./_-]/gu, '').slice(0, 40) : '';
    out.push({ ...parsed.ref, pair: name });
    if (out.length === MAX_WATCHED_POOLS) break;
  }
  return out;
}

interface PoolWatchlistState {
  pools: WatchedPool[];
  toggle: (pool: WatchedPool) => void;
  remove: (ref: PoolRef) => void;
}

const same = (a: PoolRef, b: PoolRef) => poolKey(a) === poolKey(b);

export const usePoolWatchlist = create<PoolWatchlistState>()(
  persist(
    (set) => ({
      pools: [],
      toggle: (pool) =>
        set((s) => ({
          pools: s.pools.some((p) => same(p, pool))
            ? s.pools.filter((p) => !same(p, pool))
            : sanitizeWatchedPools([pool, ...s.pools]),
        })),
      remove: (ref) => set((s) => ({ pools: s.pools.filter((p) => !same(p, ref)) })),
    }),
    {
      name: POOL_WATCHLIST_STORAGE_KEY,
      version: 1,
      merge: (stored, current) => ({
        ...current,
        pools: sanitizeWatchedPools((stored as { pools?: unknown } | null)?.pools),
      }),
    },
  ),
);
