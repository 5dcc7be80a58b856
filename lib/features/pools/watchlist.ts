'use client';
/**
 * Watched pools, beside the starred tokens of Markets: kept in this browser only, newest first,
 * at most MAX_WATCHED_POOLS. What localStorage holds is checked again when read (it may be edited).
 */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { keptField } from '../../client/stores/kept-field';
import { POOL_WATCHLIST_STORAGE_KEY } from '../../client/stores/keys';
import { normalizeKlineChainType } from '../../contracts/chain-types';
import { poolKey, type PoolRef } from '../../contracts/pool-ref';
import type { PoolSummary } from './summary';

export const MAX_WATCHED_POOLS = 30;

export interface WatchedPool extends PoolRef {
  /** `WETH/USDC`, as the pool page named it when it was starred (shown until the pool loads) */
  pair: string;
}

/**
 * A stored pool's reference in canonical form, or null. The shape only (an EVM address is 40 hex
 * digits, others letters, digits, dots, dashes or underscores): every page of the app carries the
 * watchlist, and the full checks of Base58 and bech32 (lib/contracts/pool-ref-check.ts) would put
 * their hashing code in each page's first script. A pool that passes here and does not exist is
 * named so by the gateway and the pool page, which check it all.
 */
function storedRef(chainType: string, chainId: number, address: string): PoolRef | null {
  const type = normalizeKlineChainType(chainType);
  if (!type || chainId < 0 || chainId > 999_999_999_999) return null;
  if (type === 'evm')
    return /^0x[0-9a-fA-F]{40}$/.test(address)
      ? { chainType: type, chainId, address: address.toLowerCase() }
      : null;
  return /^[A-Za-z0-9._-]{1,200}$/.test(address) ? { chainType: type, chainId, address } : null;
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
    const ref = storedRef(chainType, chainId, address.trim());
    if (!ref || seen.has(poolKey(ref))) continue;
    seen.add(poolKey(ref));
    const name =
      typeof pair === 'string' ? pair.replace(/[^\p{L}\p{N} ./_-]/gu, '').slice(0, 40) : '';
    out.push({ ...ref, pair: name });
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
    keptField(POOL_WATCHLIST_STORAGE_KEY, 'pools', sanitizeWatchedPools),
  ),
);

/** How the watchlist on the Pools page is ordered (`wsort=` in its URL): newest first by default. */
export type WatchSortKey = 'name' | 'price' | 'change';
export type SortDir = 'asc' | 'desc';
const WATCH_SORT_KEYS: readonly WatchSortKey[] = ['name', 'price', 'change'];

export function parseWatchSort(
  key: string | null | undefined,
  dir: string | null | undefined,
): { key: WatchSortKey | null; dir: SortDir } {
  const k = (WATCH_SORT_KEYS as readonly string[]).includes(key ?? '')
    ? (key as WatchSortKey)
    : null;
  return {
    key: k,
    dir: dir === 'asc' ? 'asc' : dir === 'desc' ? 'desc' : k === 'name' ? 'asc' : 'desc',
  };
}

/**
 * The watched pools in `key` order (their pair's name, their snapshot price in USD, their 24 h
 * change); pools whose figures are not known (yet) keep their place after the others. `summaries`
 * is aligned with `items`. A stable sort: equal pools stay newest first.
 */
export function sortWatched<T>(
  items: readonly T[],
  summaries: readonly (PoolSummary | null)[],
  key: WatchSortKey | null,
  dir: SortDir,
): T[] {
  if (!key) return [...items];
  const value = (p: PoolSummary): string | number =>
    key === 'name'
      ? `${p.base.symbol}/${p.quote.symbol}`.toLowerCase()
      : Number(key === 'price' ? p.baseUsd : p.change24h);
  const sign = dir === 'asc' ? 1 : -1;
  const rows = items.map((item, i) => ({ item, i, summary: summaries[i] ?? null }));
  const known = rows.filter(
    (r) => r.summary !== null && (key === 'name' || Number.isFinite(value(r.summary))),
  );
  const unknown = rows.filter((r) => !known.includes(r));
  known.sort((a, b) => {
    const x = value(a.summary as PoolSummary);
    const y = value(b.summary as PoolSummary);
    const c = typeof x === 'string' ? x.localeCompare(String(y)) : x - (y as number);
    return c !== 0 ? sign * c : a.i - b.i;
  });
  return [...known, ...unknown].map((r) => r.item);
}
