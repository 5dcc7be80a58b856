'use client';
/**
 * Your trades in a pool, for the chart's markers: the trades of the wallets this browser knows (its
 * Wallets list, and the monitored addresses the live feed has shown: at most MAX_MARKER_WALLETS of
 * the pool's chain), from four sources, merged into one list:
 * - the trades this browser has seen before (lib/features/pools/marker-memory.ts), so a reload
 *   never shows fewer;
 * - the pool's public trades (the latest 100);
 * - each wallet's history of the pool's base token (transfers/search), paged back with the seed's
 *   cursor as far as the chart shows: one page at a time per wallet, each page asked once, at most
 *   MAX_HISTORY_PAGES per wallet and pool;
 * - new ones live from the pool's trades topic on the tab's one stream.
 * Nothing is asked when no known address fits the pool. Plain calls (no react-query), as
 * usePoolTrades.
 */
import { startTransition, useEffect, useMemo, useRef, useState } from 'react';
import { api } from '@/lib/client/api';
import { useTradesStream } from '@/lib/client/hooks/use-stream';
import { poolKey, type PoolRef } from '@/lib/contracts/pool-ref';
import type { ChartController } from '@/lib/chart/controller';
import { fetchTrades, type PoolTrade } from '@/lib/features/pools/api';
import { useMarkerMemory } from '@/lib/features/pools/marker-memory';
import {
  WALLET_TRADES_LIMIT,
  joinTrades,
  mergeMarkerTrades,
  poolFamily,
  walletKey,
  walletSearchBody,
  type MarkerTrade,
} from '@/lib/features/pools/my-trades';
import { walletsForPool } from '@/lib/features/pools/my-wallets';
import type { TradePool } from '@/lib/features/pools/trades';
import { labelKey, useLabels } from '@/lib/features/wallets/labels';
import { useSeenWallets } from '@/lib/features/wallets/seen-wallets';
import { useWalletBook } from '@/lib/features/wallets/store';

/** Records kept (loaded ones are at most 100 per page; a long live session stays bounded). */
const MAX_RECORDS = 4_000;
/** History pages asked per wallet and pool in one visit (100 trades each). */
const MAX_HISTORY_PAGES = 10;
/** How often the chart's view is looked at for history to page back to. */
const VIEW_CHECK_MS = 2_000;
const NONE: MarkerTrade[] = [];

interface Paging {
  /** the next page's cursor; undefined once the history ends */
  cursor: number | undefined;
  /** the oldest trade time the pages so far reach (Unix seconds) */
  reach: number;
  pages: number;
  busy: boolean;
}

export function useMyTrades(
  pool: PoolRef,
  tradePool: TradePool | null,
  controller?: ChartController | null,
): MarkerTrade[] {
  const entries = useWalletBook((s) => s.entries);
  const seen = useSeenWallets((s) => s.wallets);
  const labels = useLabels((s) => s.labels);
  const wallets = useMemo(
    () => walletsForPool([...entries, ...seen], labels, pool, labelKey),
    [entries, seen, labels, pool],
  );
  const family = poolFamily(pool);
  // What the calls depend on: the addresses, not their labels.
  const walletsKey = wallets.map((w) => w.address).join(',');
  const [records, setRecords] = useState<{ key: string; items: PoolTrade[] }>({
    key: '',
    items: [],
  });
  const baseToken = tradePool?.base.address ?? '';
  const { chainType, chainId, address } = pool;
  const memoryKey = poolKey(pool);
  const loadKey = `${chainType}:${chainId}:${address}|${baseToken}|${walletsKey}`;
  const remembered = useMarkerMemory((s) => s.pools[memoryKey]?.trades ?? NONE);
  const hasPool = tradePool !== null;
  const controllerRef = useRef(controller);
  useEffect(() => {
    controllerRef.current = controller;
  }, [controller]);

  useEffect(() => {
    if (!walletsKey || !hasPool) return;
    const controller = new AbortController();
    const ref = { chainType, chainId, address };
    const add = (items: readonly PoolTrade[]) => {
      if (controller.signal.aborted) return;
      startTransition(() =>
        setRecords((r) => ({
          key: loadKey,
          items: (r.key === loadKey ? [...r.items, ...items] : [...items]).slice(-MAX_RECORDS),
        })),
      );
    };
    // Each source on its own: one wallet's failed page still leaves the others' markers.
    fetchTrades(ref, 100, controller.signal).then(add, () => undefined);

    const paging = new Map<string, Paging>(
      walletsKey
        .split(',')
        .map((w) => [w, { cursor: undefined, reach: Infinity, pages: 0, busy: false }]),
    );
    const page = (wallet: string, state: Paging) => {
      const body = walletSearchBody(wallet, ref, baseToken);
      if (!body) {
        state.pages = MAX_HISTORY_PAGES;
        return;
      }
      state.busy = true;
      const cursor = state.cursor;
      api<PoolTrade[]>('tx', '/transfers/search', {
        method: 'POST',
        body: cursor === undefined ? body : { ...body, id: cursor },
        signal: controller.signal,
      }).then(
        (items) => {
          state.busy = false;
          state.pages++;
          if (!Array.isArray(items)) return;
          // The seed's cursor is the last record's id (the upstream names no field: `id`, as the
          // simulator and the Wallets history read it); without one the history ends here.
          // (As lib/features/wallets/history.ts's nextCursor, not imported: that module brings the
          // address checks and their hashing libraries, which the pool page has no use for.)
          const last = items.at(-1);
          state.cursor =
            typeof last?.id === 'number' && items.length >= WALLET_TRADES_LIMIT
              ? last.id
              : undefined;
          const oldest = items.at(-1)?.tx_time;
          if (typeof oldest === 'number') state.reach = Math.min(state.reach, oldest);
          if (state.cursor === undefined) state.pages = MAX_HISTORY_PAGES;
          add(items);
        },
        () => {
          // Not asked again in this visit: a failing page would fail again.
          state.busy = false;
          state.pages = MAX_HISTORY_PAGES;
        },
      );
    };
    // The newest page of each wallet at once; older ones while the chart shows further back.
    for (const [wallet, state] of paging) page(wallet, state);
    const timer = setInterval(() => {
      const from = controllerRef.current?.visibleTimeRange()?.from;
      if (from === undefined) return;
      for (const [wallet, state] of paging)
        if (!state.busy && state.pages > 0 && state.pages < MAX_HISTORY_PAGES && state.reach > from)
          page(wallet, state);
    }, VIEW_CHECK_MS);
    return () => {
      controller.abort();
      clearInterval(timer);
    };
  }, [loadKey, walletsKey, hasPool, chainType, chainId, address, baseToken]);

  useTradesStream(pool, (message) => {
    if (message.kind !== 'event' || !tradePool || wallets.length === 0) return;
    const trade = message.data;
    if (joinTrades([trade], tradePool, wallets, family).length === 0) return;
    setRecords((r) => ({
      key: r.key || loadKey,
      items: [...r.items, trade].slice(-MAX_RECORDS),
    }));
  });

  const loaded = useMemo(
    () =>
      tradePool && wallets.length > 0 && records.items.length > 0
        ? joinTrades(records.items, tradePool, wallets, family)
        : NONE,
    [records, tradePool, wallets, family],
  );

  // What was seen is remembered for the next visit.
  useEffect(() => {
    if (loaded.length > 0) useMarkerMemory.getState().remember(memoryKey, loaded);
  }, [loaded, memoryKey]);

  return useMemo(() => {
    if (wallets.length === 0) return NONE;
    // Remembered trades of the wallets still known, under their labels of now.
    const byWallet = new Map(wallets.map((w) => [walletKey(family, w.address), w]));
    const kept = remembered.flatMap((t) => {
      const w = byWallet.get(walletKey(family, t.wallet));
      return w ? [w.label === t.label ? t : { ...t, label: w.label }] : [];
    });
    return kept.length === 0 ? loaded : mergeMarkerTrades(kept, loaded);
  }, [remembered, loaded, wallets, family]);
}
