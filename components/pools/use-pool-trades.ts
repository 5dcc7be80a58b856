'use client';
/**
 * The latest trades of a pool: the public trades endpoint for the list, then the tab's stream for
 * new ones (the server polls the endpoint once per pool for every viewer). After a reconnect the list
 * is fetched again and merged, so nothing that happened meanwhile is missing. No react-query: the
 * widget uses this too and stays lean.
 */
import { startTransition, useCallback, useEffect, useState } from 'react';
import { useTradesStream } from '@/lib/client/hooks/use-stream';
import { fetchTrades, type PoolTrade } from '@/lib/features/pools/api';
import type { PoolRef } from '@/lib/contracts/pool-ref';
import { mergeTrades, tradeKey } from '@/lib/features/pools/trades';

export interface PoolTradesState {
  trades: PoolTrade[];
  status: 'loading' | 'ready' | 'error';
  error: string | null;
  updatedAt: number | null;
  /** keys of trades that arrived live (to flash once) */
  fresh: ReadonlySet<string>;
  retry: () => void;
}

export function usePoolTrades(pool: PoolRef, limit = 50): PoolTradesState {
  const { chainType, chainId, address } = pool;
  const [state, setState] = useState<Omit<PoolTradesState, 'retry'>>({
    trades: [],
    status: 'loading',
    error: null,
    updatedAt: null,
    fresh: new Set(),
  });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    // New rows render in a transition: in slices, never one long task for fifty rows.
    fetchTrades({ chainType, chainId, address }, limit, controller.signal).then(
      (items) =>
        startTransition(() =>
          setState((s) => ({
            trades: mergeTrades(s.trades, items, limit),
            status: 'ready',
            error: null,
            updatedAt: Date.now(),
            fresh: s.fresh,
          })),
        ),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message = error instanceof Error ? error.message : 'The trades could not be loaded.';
        setState((s) => ({
          ...s,
          status: s.trades.length > 0 ? 'ready' : 'error',
          error: message,
        }));
      },
    );
    return () => controller.abort();
  }, [chainType, chainId, address, limit, attempt]);

  useTradesStream(pool, (message) => {
    if (message.kind === 'event') {
      const trade = message.data;
      const key = tradeKey(trade);
      startTransition(() =>
        setState((s) => ({
          trades: mergeTrades(s.trades, [trade], limit),
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
  return { ...state, retry };
}
