/** Query factories for pools (the pool page); the widget calls lib/features/pools/api.ts directly. */
import { queryOptions } from '@tanstack/react-query';
import { fetchCoin, fetchPool, fetchTopHolders, fetchTrades, type PoolTrade } from './api';
import { WALLET_TRADES_LIMIT, walletSearchBody } from './my-trades';
import { mergeTrades } from './trades';
import { api } from '../../client/api';
import { nextCursor } from '../wallets/cursor';
import { poolKey, type PoolRef } from '../../contracts/pool-ref';

/** The service's queue per pool, and the most the endpoint returns (the tx seed). */
export const POOL_TRADES_QUEUE = 100;
/** Trades kept in the page: the queue and what arrived live since. */
export const MAX_KEPT = 500;

/** Every depth of one pool's trades: what the tab holds of that pool. */
const poolTradesKey = (ref: PoolRef) => ['tx', 'pool-trades', poolKey(ref)] as const;

/**
 * A pool's latest `depth` trades (the endpoint is a FIFO of the latest 100 with no cursor), merged
 * with what the tab already holds of the pool (other depths, trades that arrived live): a refetch
 * after a reconnect adds what was missed and drops nothing that slid out of the queue. Never stale:
 * the tab's stream keeps the list current (usePoolTrades writes live trades into it) and a
 * reconnect refetches. No retry: the list says what failed and offers its own Retry.
 */
export const poolTradesQuery = (ref: PoolRef, depth: number) =>
  queryOptions({
    queryKey: [...poolTradesKey(ref), depth],
    queryFn: async ({ signal, client }) => {
      const items = await fetchTrades(ref, depth, signal);
      const held = client
        .getQueriesData<PoolTrade[]>({ queryKey: poolTradesKey(ref) })
        .flatMap(([, data]) => data ?? []);
      return mergeTrades(mergeTrades([], held, MAX_KEPT), items, MAX_KEPT);
    },
    staleTime: Infinity,
    retry: false,
    // mergeTrades keeps each trade's object, so the memoised rows skip the trades they already
    // show. React Query's structural sharing compares the lists by position: with a new trade on
    // top, every trade was compared with its neighbour and copied, and every row rendered again.
    structuralSharing: false,
  });

/**
 * The price service's pool object. The seed caches it for an hour and so does the gateway, so a
 * minute's poll costs nothing upstream and picks up the new snapshot soon after the hour turns.
 */
export const poolQuery = (ref: PoolRef) =>
  queryOptions({
    queryKey: ['price', 'pool', poolKey(ref)],
    queryFn: ({ signal }) => fetchPool(ref, signal),
    refetchInterval: 60_000,
    staleTime: 60_000,
  });

export const topHoldersQuery = (network: string, token: string) =>
  queryOptions({
    queryKey: ['kline', 'top-holders', network, token],
    queryFn: ({ signal }) => fetchTopHolders(network, token, signal),
    staleTime: 5 * 60_000,
  });

export const coinQuery = (network: string, token: string) =>
  queryOptions({
    queryKey: ['kline', 'coin', network, token],
    queryFn: ({ signal }) => fetchCoin(network, token, signal),
    staleTime: 30 * 60_000,
  });

/** The pool's public trades for the chart's markers (the whole queue), asked once per visit. */
export const markerPoolTradesQuery = (ref: PoolRef) =>
  queryOptions({
    queryKey: ['tx', 'marker-trades', poolKey(ref)],
    queryFn: ({ signal }) => fetchTrades(ref, POOL_TRADES_QUEUE, signal),
    staleTime: Infinity,
    retry: false,
  });

export interface WalletTradesPage {
  items: PoolTrade[];
  /** the next page's cursor; undefined where the history ends */
  next: number | undefined;
}

/**
 * One page of a wallet's history of the pool's base token (transfers/search), from `cursor` back.
 * Each page is asked once in a visit (never stale, no retry: a failing page would fail again).
 */
export const walletPoolTradesQuery = (
  ref: PoolRef,
  baseToken: string,
  wallet: string,
  cursor: number | undefined,
) =>
  queryOptions({
    queryKey: ['tx', 'wallet-pool-trades', poolKey(ref), baseToken, wallet, cursor ?? null],
    queryFn: async ({ signal }): Promise<WalletTradesPage> => {
      const body = walletSearchBody(wallet, ref, baseToken);
      if (!body) return { items: [], next: undefined };
      const items = await api<PoolTrade[]>('tx', '/transfers/search', {
        method: 'POST',
        body: cursor === undefined ? body : { ...body, id: cursor },
        signal,
      });
      if (!Array.isArray(items)) return { items: [], next: undefined };
      // The seed's cursor is the last record's id (the upstream names no field: `id`, as the
      // simulator and the Wallets history read it); without one the history ends here.
      const next =
        typeof items.at(-1)?.id === 'number'
          ? nextCursor(items as (PoolTrade & { id: number })[], WALLET_TRADES_LIMIT)
          : undefined;
      return { items, next };
    },
    staleTime: Infinity,
    retry: false,
  });
