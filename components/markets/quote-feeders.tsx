'use client';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { QuoteStore } from '@/lib/markets/quote-store';
import { POLL_MS, quotesQuery } from '@/lib/queries/price';

/**
 * Polls one chunk of ids and writes the answer into the quote store. Renders nothing, so a refresh
 * re-renders no part of the page but the rows whose figures changed.
 */
function QuoteFeeder({ ids, fiat, store, poll }: { ids: number[]; fiat: string; store: QuoteStore; poll: boolean }) {
  const chunk = ids.join(',');
  const query = useQuery({ ...quotesQuery(ids, fiat), refetchInterval: poll ? POLL_MS : false });
  const { data, dataUpdatedAt, errorUpdatedAt, isError } = query;
  useEffect(() => {
    if (data) store.put(data, dataUpdatedAt, chunk);
  }, [data, dataUpdatedAt, store, chunk]);
  useEffect(() => {
    if (isError && errorUpdatedAt >= dataUpdatedAt) store.fail(chunk);
  }, [isError, errorUpdatedAt, dataUpdatedAt, store, chunk]);
  useEffect(() => () => store.forget(chunk), [store, chunk]);
  return null;
}

/**
 * The quotes of the rows: fetched in fixed chunks of the list (every viewer asks the same URLs, which
 * the gateway caches for 3 s); only the chunks with rows in view are polled every 3 s, and polling
 * pauses while the tab is hidden. When the table is sorted by a market figure every chunk is loaded
 * once so the order is right, then kept fresh as it scrolls into view.
 */
export function QuoteFeeders({ chunks, visible, loadAll, fiat, store }: { chunks: number[][]; visible: ReadonlySet<number>; loadAll: boolean; fiat: string; store: QuoteStore }) {
  return (
    <>
      {chunks.map((ids, i) =>
        visible.has(i) || loadAll ? <QuoteFeeder key={ids.join(',')} ids={ids} fiat={fiat} store={store} poll={visible.has(i)} /> : null,
      )}
    </>
  );
}
