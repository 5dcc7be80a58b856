'use client';
/**
 * The trades of your wallets this browser has seen in each pool, kept across reloads: "Your trades"
 * would otherwise shrink on every reload, since the pool's public trades hold only its latest 100 (a
 * few minutes) and a wallet's history pages are asked only as far as the chart shows. Bounded (per
 * pool and in pools, the least recently seen pool forgotten first) and checked again when read.
 */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { keptField } from '../../client/stores/kept-field';
import { isRecord } from '../../core/values';
import { mergeMarkerTrades, type MarkerTrade } from './my-trades';

const MARKER_MEMORY_KEY = 'pulse-my-trades';
export const MAX_REMEMBERED_PER_POOL = 300;
export const MAX_REMEMBERED_POOLS = 20;

export interface RememberedPool {
  /** oldest first, as the markers take them */
  trades: MarkerTrade[];
  /** when this pool's list last changed (ms), to forget the least recent pool first */
  at: number;
}

const text = (v: unknown, max: number): v is string =>
  typeof v === 'string' && v.length > 0 && v.length <= max;
const decimal = (v: unknown): v is string | null =>
  v === null || (typeof v === 'string' && v.length <= 80 && /^\d+(\.\d+)?$/.test(v));

/** One stored trade, or null when it is not what this version writes. */
export function readMarkerTrade(raw: unknown): MarkerTrade | null {
  if (!isRecord(raw)) return null;
  const { key, time, side, baseAmount, quoteAmount, price, wallet, label, txHash } = raw;
  const { chainType, chainId, status } = raw;
  if (!text(key, 400) || !text(wallet, 120) || !text(txHash, 200) || !text(chainType, 20))
    return null;
  if (typeof time !== 'number' || !Number.isInteger(time) || time < 0 || time > 1e11) return null;
  if (side !== 'buy' && side !== 'sell') return null;
  if (!decimal(baseAmount) || !decimal(quoteAmount) || !decimal(price)) return null;
  if (label !== null && !text(label, 64)) return null;
  if (typeof chainId !== 'number' || !Number.isSafeInteger(chainId) || chainId < 0) return null;
  if (status !== null && !text(status, 20)) return null;
  return {
    key,
    time,
    side,
    baseAmount,
    quoteAmount,
    price,
    wallet,
    label,
    txHash,
    chainType,
    chainId,
    status,
  };
}

/** What storage holds, kept only as far as it is valid and within the bounds. */
export function sanitizeMemory(raw: unknown): Record<string, RememberedPool> {
  if (!isRecord(raw)) return {};
  const pools = Object.entries(raw)
    .filter(([key]) => key.length <= 260 && /^[a-z]+:\d+:[A-Za-z0-9._-]+$/.test(key))
    .flatMap(([key, value]) => {
      if (!isRecord(value) || !Array.isArray(value.trades)) return [];
      const at = typeof value.at === 'number' && Number.isFinite(value.at) ? value.at : 0;
      const trades = value.trades
        .slice(-MAX_REMEMBERED_PER_POOL * 2)
        .map(readMarkerTrade)
        .filter((t): t is MarkerTrade => t !== null);
      const kept = mergeMarkerTrades([], trades).slice(-MAX_REMEMBERED_PER_POOL);
      return kept.length > 0 ? [[key, { trades: kept, at }] as const] : [];
    })
    .sort((a, b) => b[1].at - a[1].at)
    .slice(0, MAX_REMEMBERED_POOLS);
  return Object.fromEntries(pools);
}

/** `pools` with `trades` of `pool` remembered; `pools` itself when nothing is new. */
export function remember(
  pools: Record<string, RememberedPool>,
  pool: string,
  trades: readonly MarkerTrade[],
  now: number,
): Record<string, RememberedPool> {
  const held = pools[pool]?.trades ?? [];
  const merged = mergeMarkerTrades(held, trades);
  if (merged === held) return pools;
  const next = { ...pools, [pool]: { trades: merged.slice(-MAX_REMEMBERED_PER_POOL), at: now } };
  const keys = Object.keys(next);
  if (keys.length <= MAX_REMEMBERED_POOLS) return next;
  const oldest = keys.reduce((a, b) => ((next[a]?.at ?? 0) <= (next[b]?.at ?? 0) ? a : b));
  delete next[oldest];
  return next;
}

interface MemoryState {
  pools: Record<string, RememberedPool>;
  remember: (pool: string, trades: readonly MarkerTrade[]) => void;
}

export const useMarkerMemory = create<MemoryState>()(
  persist(
    (set) => ({
      pools: {},
      remember: (pool, trades) =>
        set((s) => {
          const pools = remember(s.pools, pool, trades, Date.now());
          return pools === s.pools ? s : { pools };
        }),
    }),
    keptField(MARKER_MEMORY_KEY, 'pools', sanitizeMemory),
  ),
);
