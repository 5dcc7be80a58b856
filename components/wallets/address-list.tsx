'use client';
import { useMemo } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useHydrated } from '@/lib/client/hooks/use-hydrated';
import { useWalletBook } from '@/lib/features/wallets/store';
import { seenKey, useFeedStore } from '@/lib/features/wallets/feed-store';
import { AddressRow, type ListEntry } from './address-row';

/**
 * What this browser knows of the monitored list: the addresses it added, then the ones the live feed
 * matched that it did not add. Each row asks the service (`contains`) whether it is monitored.
 */
export function AddressList({
  onFilter,
  onHistory,
}: {
  onFilter: (address: string) => void;
  onHistory: (entry: ListEntry) => void;
}) {
  const hydrated = useHydrated();
  const entries = useWalletBook((s) => s.entries);
  const seen = useFeedStore((s) => s.seen);

  const list = useMemo<ListEntry[]>(() => {
    const out: ListEntry[] = entries.map((e) => {
      const s = seen[seenKey(e.chainType, e.address)];
      return {
        chainType: e.chainType,
        address: e.address,
        source: 'added',
        lastAt: s?.lastAt ?? null,
        lastChainId: s?.chainId ?? null,
      };
    });
    const added = new Set(entries.map((e) => seenKey(e.chainType, e.address)));
    const fromFeed = Object.entries(seen)
      .filter(([key]) => !added.has(key))
      .sort((a, b) => b[1].lastAt - a[1].lastAt)
      .map(([, s]): ListEntry => ({
        chainType: s.chainType,
        address: s.address,
        source: 'feed',
        lastAt: s.lastAt,
        lastChainId: s.chainId ?? null,
      }));
    return [...out, ...fromFeed];
  }, [entries, seen]);

  if (!hydrated) {
    return (
      <div className="flex flex-col gap-3 p-3" aria-hidden>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={16} className="w-full" />
        ))}
      </div>
    );
  }
  if (list.length === 0) {
    return (
      <EmptyState title="No addresses known to this browser yet.">
        Add one above; monitored addresses also appear here as soon as the live feed shows a
        transaction of theirs.
      </EmptyState>
    );
  }
  return (
    <ul aria-label="Monitored addresses" className="text-12">
      {list.map((entry) => (
        <AddressRow
          key={`${entry.source}:${entry.chainType}:${entry.address}`}
          entry={entry}
          onFilter={onFilter}
          onHistory={onHistory}
        />
      ))}
    </ul>
  );
}
