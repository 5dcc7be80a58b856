'use client';
/**
 * Your trades in a pool, for the chart's markers: the Wallets list of this browser (at most
 * MAX_MARKER_WALLETS addresses of the pool's chain), their trades from the pool's public trades
 * (the latest 100) and one transfers/search page each (their older trades of the pool's base token),
 * then new ones live from the pool's trades topic on the tab's one stream. Nothing is asked when no
 * monitored address fits the pool. Plain calls (no react-query), as usePoolTrades.
 */
import { startTransition, useEffect, useMemo, useState } from 'react';
import { api } from '@/lib/client/api';
import { useTradesStream } from '@/lib/client/hooks/use-stream';
import type { PoolRef } from '@/lib/contracts/pool-ref';
import { fetchTrades, type PoolTrade } from '@/lib/features/pools/api';
import {
  joinTrades,
  poolFamily,
  walletSearchBody,
  type MarkerTrade,
} from '@/lib/features/pools/my-trades';
import { walletsForPool } from '@/lib/features/pools/my-wallets';
import type { TradePool } from '@/lib/features/pools/trades';
import { labelKey, useLabels } from '@/lib/features/wallets/labels';
import { useWalletBook } from '@/lib/features/wallets/store';

/** Records kept (loaded ones are at most 100 per source; a long live session stays bounded). */
const MAX_RECORDS = 2_000;
const NONE: MarkerTrade[] = [];

export function useMyTrades(pool: PoolRef, tradePool: TradePool | null): MarkerTrade[] {
  const entries = useWalletBook((s) => s.entries);
  const labels = useLabels((s) => s.labels);
  const wallets = useMemo(
    () => walletsForPool(entries, labels, pool, labelKey),
    [entries, labels, pool],
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
  const loadKey = `${chainType}:${chainId}:${address}|${baseToken}|${walletsKey}`;

  const hasPool = tradePool !== null;

  useEffect(() => {
    if (!walletsKey || !hasPool) return;
    const controller = new AbortController();
    const ref = { chainType, chainId, address };
    const addresses = walletsKey.split(',');
    const searches = addresses.map((wallet) => {
      const body = walletSearchBody(wallet, ref, baseToken);
      return body
        ? api<PoolTrade[]>('tx', '/transfers/search', {
            method: 'POST',
            body,
            signal: controller.signal,
          })
        : Promise.resolve([]);
    });
    // Each source on its own: one wallet's failed search still leaves the others' markers.
    const sources = [fetchTrades(ref, 100, controller.signal), ...searches];
    for (const source of sources) {
      source.then(
        (items) => {
          if (controller.signal.aborted || !Array.isArray(items)) return;
          startTransition(() =>
            setRecords((r) => ({
              key: loadKey,
              items: r.key === loadKey ? [...r.items, ...items] : items,
            })),
          );
        },
        () => undefined,
      );
    }
    return () => controller.abort();
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

  return useMemo(
    () =>
      tradePool && wallets.length > 0 && records.items.length > 0
        ? joinTrades(records.items, tradePool, wallets, family)
        : NONE,
    [records, tradePool, wallets, family],
  );
}
