'use client';
/**
 * The latest trades of a pool: the public trades endpoint for the list, then the tab's stream for
 * new ones (the server polls the endpoint once per pool for every viewer). After a reconnect the list
 * is fetched again and merged, so nothing that happened meanwhile is missing. No react-query: the
 * widget uses this too and stays lean.
 *
 * The endpoint is a FIFO of a pool's latest 100 trades with a `limit` of 1 to 100 and no cursor (the
 * tx seed): the first request asks for `limit`, "older" asks for the whole queue, and nothing older
 * exists on the service. What arrives while the page is open is kept too (up to MAX_KEPT), so the
 * list grows with the session instead of sliding.
 */
import { startTransition, useCallback, useEffect, useState } from 'react';
import { useTradesStream } from '@/lib/client/hooks/use-stream';
import { fetchTrades, type PoolTrade } from '@/lib/features/pools/api';
import type { PoolRef } from '@/lib/contracts/pool-ref';
import { mergeTrades, tradeKey } from '@/lib/features/pools/trades';

/** The service's queue per pool, and the most the endpoint returns (the tx seed). */
export const POOL_TRADES_QUEUE = 100;
/** Trades kept in the page: the queue and what arrived live since. */
export const MAX_KEPT = 500;

export interface PoolTradesState {
  trades: PoolTrade[];
  status: 'loading' | 'ready' | 'error';
  error: string | null;
  updatedAt: number | null;
  /** keys of trades that arrived live (to flash once) */
  fresh: ReadonlySet<string>;
  /** how many of the service's latest trades were asked for (up to its queue of 100) */
  depth: number;
  /** older trades being loaded */
  loadingOlder: boolean;
  retry: () => void;
  /** asks for the whole queue (null when it has been asked for: nothing older exists) */
  loadOlder: (() => void) | null;
}

export function usePoolTrades(pool: PoolRef, limit = 50): PoolTradesState {
  const { chainType, chainId, address } = pool;
  const [state, setState] = useState<
    Omit<PoolTradesState, 'retry' | 'loadOlder' | 'depth' | 'loadingOlder'>
  >({
    trades: [],
    status: 'loading',
    error: null,
    updatedAt: null,
    fresh: new Set(),
  });
  const [attempt, setAttempt] = useState(0);
  const [depth, setDepth] = useState(Math.min(limit, POOL_TRADES_QUEUE));
  const [loadingOlder, setLoadingOlder] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    // New rows render in a transition: in slices, never one long task for fifty rows.
    fetchTrades({ chainType, chainId, address }, depth, controller.signal).then(
      (items) =>
        startTransition(() => {
          setLoadingOlder(false);
          setState((s) => ({
            trades: mergeTrades(s.trades, items, MAX_KEPT),
            status: 'ready',
            error: null,
            updatedAt: Date.now(),
            fresh: s.fresh,
          }));
        }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setLoadingOlder(false);
        const message = error instanceof Error ? error.message : 'The trades could not be loaded.';
        setState((s) => ({
          ...s,
          status: s.trades.length > 0 ? 'ready' : 'error',
          error: message,
        }));
      },
    );
    return () => controller.abort();
  }, [chainType, chainId, address, limit, depth, attempt]);

  useTradesStream(pool, (message) => {
    if (message.kind === 'event') {
      const trade = message.data;
      const key = tradeKey(trade);
      startTransition(() =>
        setState((s) => ({
          trades: mergeTrades(s.trades, [trade], MAX_KEPT),
          status: s.status === 'error' ? 'ready' : s.status,
          error: null,
          updatedAt: Date.now(),
          fresh: new Set([...s.fresh, key].slice(-limit)),
        })),
      );
    } else if (message.kind === 'reconnected') {
      setAttempt((n) => n + 1);
    } else {
      setState((s) => ({ ...s, error: message.message }));
    }
  });

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const older = useCallback(() => {
    setLoadingOlder(true);
    setDepth(POOL_TRADES_QUEUE);
  }, []);
  return {
    ...state,
    depth,
    loadingOlder,
    retry,
    loadOlder: depth < POOL_TRADES_QUEUE ? older : null,
  };
}
