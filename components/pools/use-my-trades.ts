'use client';
/**
 * Your trades in a pool, for the chart's markers: the trades of the wallets this browser knows (its
 * Wallets list, and the monitored addresses the live feed has shown: at most MAX_MARKER_WALLETS of
 * the pool's chain), from four sources, merged into one list:
 * - the trades this browser has seen before (lib/features/pools/marker-memory.ts), so a reload
 *   never shows fewer;
 * - the pool's public trades (the latest 100: markerPoolTradesQuery);
 * - each wallet's history of the pool's base token (transfers/search), paged back with the seed's
 *   cursor as far as the chart shows: one page query per wallet and cursor
 *   (walletPoolTradesQuery), each page asked once, at most MAX_HISTORY_PAGES per wallet and pool;
 * - new ones live from the pool's trades topic on the tab's one stream.
 * Nothing is asked when no known address fits the pool.
 */
import { useQueries, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { startTransition, useEffect, useEffectEvent, useMemo, useState } from 'react';
import { addressKey } from '@/lib/core/address/key';
import { useTradesStream } from '@/lib/client/hooks/use-stream';
import { poolKey, type PoolRef } from '@/lib/contracts/pool-ref';
import type { ChartController } from '@/lib/chart/draw/controller';
import type { PoolTrade } from '@/lib/features/pools/api';
import { useMarkerMemory } from '@/lib/features/pools/marker-memory';
import {
  joinTrades,
  mergeMarkerTrades,
  poolFamily,
  type MarkerTrade,
} from '@/lib/features/pools/my-trades';
import { walletsForPool } from '@/lib/features/pools/my-wallets';
import {
  markerPoolTradesQuery,
  walletPoolTradesQuery,
  type WalletTradesPage,
} from '@/lib/features/pools/queries';
import type { TradePool } from '@/lib/features/pools/trades';
import { labelKey, useLabels } from '@/lib/features/wallets/labels';
import { useSeenWallets } from '@/lib/features/wallets/seen-wallets';
import { useWalletBook } from '@/lib/features/wallets/store';
import type { Store } from '@/components/chart/snapshot-store';

/** Records kept (loaded ones are at most 100 per page; a long live session stays bounded). */
const MAX_RECORDS = 4_000;
/** History pages asked per wallet and pool in one visit (100 trades each). */
const MAX_HISTORY_PAGES = 10;
/** How often the chart's view is looked at for history to page back to. */
const VIEW_CHECK_MS = 2_000;
const NONE: MarkerTrade[] = [];
const NO_RECORDS: PoolTrade[] = [];

// A stable combine: useQueries then hands back the same array until a page's state changes.
const pagesData = (results: UseQueryResult<WalletTradesPage>[]) => results;

export function useMyTrades(
  pool: PoolRef,
  tradePool: TradePool | null,
  controller?: Store<ChartController | null>,
): MarkerTrade[] {
  const entries = useWalletBook((s) => s.entries);
  const seen = useSeenWallets((s) => s.wallets);
  const labels = useLabels((s) => s.labels);
  const wallets = useMemo(
    () => walletsForPool([...entries, ...seen], labels, pool, labelKey),
    [entries, seen, labels, pool],
  );
  const family = poolFamily(pool);
  // What the reads depend on: the addresses, not their labels.
  const walletsKey = wallets.map((w) => w.address).join(',');
  const baseToken = tradePool?.base.address ?? '';
  const memoryKey = poolKey(pool);
  const loadKey = `${memoryKey}|${baseToken}|${walletsKey}`;
  const remembered = useMarkerMemory((s) => s.pools[memoryKey]?.trades ?? NONE);
  const enabled = walletsKey !== '' && tradePool !== null;

  // The cursors asked so far per wallet (the newest page first), for this pool and these wallets.
  const [paging, setPaging] = useState<{ key: string; cursors: Record<string, number[]> }>({
    key: '',
    cursors: {},
  });
  const cursors = paging.key === loadKey ? paging.cursors : {};
  const pages = walletsKey
    ? walletsKey
        .split(',')
        .flatMap((wallet) =>
          [undefined, ...(cursors[wallet] ?? [])].map((cursor) => ({ wallet, cursor })),
        )
    : [];
  const publicTrades = useQuery({ ...markerPoolTradesQuery(pool), enabled });
  // Each source on its own: one wallet's failed page still leaves the others' markers.
  const history = useQueries({
    queries: pages.map(({ wallet, cursor }) => ({
      ...walletPoolTradesQuery(pool, baseToken, wallet, cursor),
      enabled,
    })),
    combine: pagesData,
  });

  // Trades of these wallets that arrived live since the page opened.
  const [live, setLive] = useState<{ key: string; items: PoolTrade[] }>({ key: '', items: [] });
  useTradesStream(pool, (message) => {
    if (message.kind !== 'event' || !tradePool || wallets.length === 0) return;
    const trade = message.data;
    if (joinTrades([trade], tradePool, wallets, family).length === 0) return;
    startTransition(() =>
      setLive((r) => ({
        key: loadKey,
        items: [...(r.key === loadKey ? r.items : []), trade].slice(-MAX_RECORDS),
      })),
    );
  });

  // Older pages while the chart shows further back than a wallet's pages so far reach.
  const pageBack = useEffectEvent(() => {
    const from = controller?.get()?.visibleTimeRange()?.from;
    if (from === undefined || !enabled) return;
    const more: Record<string, number> = {};
    let index = 0;
    for (const wallet of walletsKey.split(',')) {
      const asked = 1 + (cursors[wallet]?.length ?? 0);
      const own = history.slice(index, index + asked);
      index += asked;
      const last = own.at(-1);
      if (!last?.isSuccess || asked >= MAX_HISTORY_PAGES || last.data.next === undefined) continue;
      // The oldest trade time the pages so far reach (each page is newest first).
      const reach = Math.min(
        ...own.flatMap((p) => {
          const oldest = p.data?.items.at(-1)?.tx_time;
          return typeof oldest === 'number' ? [oldest] : [];
        }),
      );
      if (reach > from) more[wallet] = last.data.next;
    }
    if (Object.keys(more).length === 0) return;
    setPaging({
      key: loadKey,
      cursors: Object.fromEntries(
        walletsKey
          .split(',')
          .map((w) => [w, [...(cursors[w] ?? []), ...(w in more ? [more[w] as number] : [])]]),
      ),
    });
  });
  useEffect(() => {
    if (!enabled) return;
    const timer = setInterval(pageBack, VIEW_CHECK_MS);
    return () => clearInterval(timer);
  }, [enabled]);

  const publicData = publicTrades.data;
  const records = useMemo(() => {
    const items = [
      ...(publicData ?? NO_RECORDS),
      ...history.flatMap((p) => p.data?.items ?? NO_RECORDS),
      ...(live.key === loadKey ? live.items : NO_RECORDS),
    ];
    return items.length > MAX_RECORDS ? items.slice(-MAX_RECORDS) : items;
  }, [publicData, history, live, loadKey]);

  const loaded = useMemo(
    () =>
      tradePool && wallets.length > 0 && records.length > 0
        ? joinTrades(records, tradePool, wallets, family)
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
    const byWallet = new Map(wallets.map((w) => [addressKey(family, w.address), w]));
    const kept = remembered.flatMap((t) => {
      const w = byWallet.get(addressKey(family, t.wallet));
      return w ? [w.label === t.label ? t : { ...t, label: w.label }] : [];
    });
    return kept.length === 0 ? loaded : mergeMarkerTrades(kept, loaded);
  }, [remembered, loaded, wallets, family]);
}
