'use client';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { QuoteStore } from '@/lib/features/markets/quote-store';
import { POLL_MS, quotesQuery } from '@/lib/client/queries/price';

/**
 * Polls one chunk of ids and writes the answer into the quote store. Renders nothing, so a refresh
 * re-renders no part of the page but the rows whose figures changed.
 */
function QuoteFeeder({
  ids,
  fiat,
  store,
  poll,
}: {
  ids: number[];
  fiat: string;
  store: QuoteStore;
  poll: boolean;
}) {
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
 * pauses while the tab is hidden. When the table is sorted by a market figure, every chunk is loaded
 * once so the order is right, and the rows in view (which then come from any chunk) are polled as
 * one request of their own ids.
 */
export function QuoteFeeders({
  chunks,
  polled,
  loadAll,
  inView,
  fiat,
  store,
}: {
  chunks: number[][];
  /** indexes of the chunks to poll */
  polled: ReadonlySet<number>;
  loadAll: boolean;
  /** ids in view, polled together (sorted by a market figure), or null */
  inView: number[] | null;
  fiat: string;
  store: QuoteStore;
}) {
  return (
    <>
      {chunks.map((ids, i) =>
        polled.has(i) || loadAll ? (
          <QuoteFeeder
            key={ids.join(',')}
            ids={ids}
            fiat={fiat}
            store={store}
            poll={polled.has(i)}
          />
        ) : null,
      )}
      {inView && inView.length > 0 && (
        <QuoteFeeder key="in-view" ids={inView} fiat={fiat} store={store} poll />
      )}
    </>
  );
}
