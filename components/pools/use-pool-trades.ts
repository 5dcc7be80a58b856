'use client';
/**
 * The latest trades of a pool: a React Query read of the public trades endpoint for the list
 * (poolTradesQuery), then the tab's stream for new ones (the server polls the endpoint once per pool
 * for every viewer), written into the same query's data. After a reconnect the list is fetched again
 * and merged, so nothing that happened meanwhile is missing.
 *
 * The endpoint is a FIFO of a pool's latest 100 trades with a `limit` of 1 to 100 and no cursor (the
 * tx seed): the first request asks for `limit`, "older" asks for the whole queue, and nothing older
 * exists on the service. What arrives while the page is open is kept too (up to MAX_KEPT), so the
 * list grows with the session instead of sliding.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { startTransition, useCallback, useDeferredValue, useState } from 'react';
import { useTradesStream } from '@/lib/client/hooks/use-stream';
import type { PoolTrade } from '@/lib/features/pools/api';
import { poolKey, type PoolRef } from '@/lib/contracts/pool-ref';
import { MAX_KEPT, POOL_TRADES_QUEUE, poolTradesQuery } from '@/lib/features/pools/queries';
import { mergeTrades, tradeKey } from '@/lib/features/pools/trades';

export { MAX_KEPT, POOL_TRADES_QUEUE };

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

const NO_TRADES: PoolTrade[] = [];
const NO_KEYS: ReadonlySet<string> = new Set();

export function usePoolTrades(pool: PoolRef, limit = 50): PoolTradesState {
  const client = useQueryClient();
  const [depth, setDepth] = useState(Math.min(limit, POOL_TRADES_QUEUE));
  const key = poolKey(pool);
  const query = useQuery({
    ...poolTradesQuery(pool, depth),
    // While the whole queue loads the shorter list stays (never another pool's).
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === key ? previous : undefined,
  });
  // Live keys (to flash once) and the stream's last word, for this pool only.
  const [live, setLive] = useState<{ pool: string; fresh: ReadonlySet<string> }>({
    pool: key,
    fresh: NO_KEYS,
  });
  const [streamError, setStreamError] = useState<{ message: string; at: number } | null>(null);
  const { refetch } = query;

  useTradesStream(pool, (message) => {
    if (message.kind === 'event') {
      const trade = message.data;
      // The flash marks render in a transition, as the new list does (below).
      startTransition(() => {
        client.setQueryData<PoolTrade[]>(poolTradesQuery(pool, depth).queryKey, (held) =>
          mergeTrades(held ?? [], [trade], MAX_KEPT),
        );
        setLive((s) => ({
          pool: key,
          fresh: new Set([...(s.pool === key ? s.fresh : []), tradeKey(trade)].slice(-limit)),
        }));
      });
    } else if (message.kind === 'reconnected') {
      void refetch();
    } else {
      setStreamError({ message: message.message, at: Date.now() });
    }
  });

  const retry = useCallback(() => void refetch(), [refetch]);
  const older = useCallback(() => setDepth(POOL_TRADES_QUEUE), []);
  // The list as the page renders it. A query's news is a synchronous render, so the first answer
  // (some thirty rows drawn at once) or a live trade would each be one long task on a phone; the
  // deferred list renders in the background instead, in slices, a moment later.
  const data = useDeferredValue(query.data);
  const trades = data ?? NO_TRADES;
  const updatedAt = query.dataUpdatedAt || null;
  // A later answer (a fetch or a live trade) clears what the stream said.
  const error = query.isError
    ? query.error.message
    : streamError && streamError.at > (updatedAt ?? 0)
      ? streamError.message
      : null;
  return {
    trades,
    status: data !== undefined ? 'ready' : query.isError ? 'error' : 'loading',
    error,
    updatedAt,
    fresh: live.pool === key ? live.fresh : NO_KEYS,
    depth,
    loadingOlder: query.isPlaceholderData && query.isFetching,
    retry,
    loadOlder: depth < POOL_TRADES_QUEUE ? older : null,
  };
}
