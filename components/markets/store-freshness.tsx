'use client';
import { useSyncExternalStore } from 'react';
import { Freshness } from '@/components/ui/freshness';
import type { QuoteStore } from '@/lib/features/markets/quote-store';

/** "updated N s ago" from the quote store: its own subscriber, so the table does not re-render for it. */
export function StoreFreshness({
  store,
  stale,
  onRetry,
}: {
  store: QuoteStore;
  stale: boolean;
  onRetry: () => void;
}) {
  const meta = useSyncExternalStore(store.subscribeMeta, store.getMeta, store.getMeta);
  return <Freshness updatedAt={meta.updatedAt} stale={stale || meta.failing} onRetry={onRetry} />;
}
