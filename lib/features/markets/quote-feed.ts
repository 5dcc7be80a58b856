'use client';
/**
 * The Markets quotes as React Query reads that feed the quote store directly: one quotes query per
 * fixed chunk of the list (every viewer asks the same URLs, which the gateway caches for 3 s), held
 * by a QueriesObserver outside React's render, whose answers go straight into the QuoteStore. So a
 * 3-second refresh re-renders no part of the page but the rows whose figures changed.
 *
 * Only the chunks with rows in view are polled every 3 s, and polling pauses while the tab is
 * hidden. When the table is sorted by a market figure, every chunk is loaded once so the order is
 * right, and the rows in view (which then come from any chunk) are polled as one request of their
 * own ids.
 */
import {
  QueriesObserver,
  useQueryClient,
  type QueryObserverOptions,
  type QueryObserverResult,
} from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { QuoteStore } from './quote-store';
import { POLL_MS, quotesQuery } from '../../client/queries/price';

export interface QuotePlan {
  chunks: number[][];
  /** indexes of the chunks to poll */
  polled: ReadonlySet<number>;
  loadAll: boolean;
  /** ids in view, polled together (sorted by a market figure), or null */
  inView: number[] | null;
  fiat: string;
}

/** A chunk's quotes query as the observer holds it (its data the items; the key read back below). */
function feed(ids: number[], fiat: string, poll: boolean): QueryObserverOptions {
  const { queryKey, queryFn } = quotesQuery(ids, fiat);
  return {
    queryKey,
    queryFn: queryFn as QueryObserverOptions['queryFn'],
    staleTime: POLL_MS,
    enabled: ids.length > 0,
    refetchInterval: poll ? POLL_MS : false,
    refetchIntervalInBackground: false,
  };
}

/** The chunk a quotes query stands for: its ids as the key carries them. */
const chunkOf = (key: readonly unknown[]) => String(key[3]);

export function useQuoteFeed(store: QuoteStore, plan: QuotePlan): void {
  const client = useQueryClient();
  const [observer] = useState(() => new QueriesObserver(client, []));
  const { chunks, polled, loadAll, inView, fiat } = plan;
  const queries = useMemo(() => {
    const list: QueryObserverOptions[] = [];
    chunks.forEach((ids, i) => {
      if (polled.has(i) || loadAll) list.push(feed(ids, fiat, polled.has(i)));
    });
    if (inView && inView.length > 0) list.push(feed(inView, fiat, true));
    return list;
  }, [chunks, polled, loadAll, inView, fiat]);

  // The chunks to hold change as the view scrolls: kept ones keep their data and timers. This effect
  // comes first: on a new fiat (a new store, new queries) the observer must hold the new queries
  // before the store below takes its current results, or the old fiat's figures land in the new
  // store and show under the new symbol (seen: "€58,021.79", the USD price) until the first answer.
  useEffect(() => {
    observer.setQueries(queries);
    // A chunk no longer held: its failure no longer makes the table stale.
    return () => {
      for (const q of observer.getQueries()) store.forget(chunkOf(q.queryKey));
    };
  }, [observer, queries, store]);

  // Answers into the store: a chunk's data once per answer, its failure while it is the latest word.
  useEffect(() => {
    const taken = new Map<string, number>();
    const take = (results: QueryObserverResult[]) => {
      const held = observer.getQueries();
      results.forEach((result, i) => {
        const query = held[i];
        if (!query) return;
        const chunk = chunkOf(query.queryKey);
        const data = result.data as Parameters<QuoteStore['put']>[0] | undefined;
        if (data && taken.get(chunk) !== result.dataUpdatedAt) {
          taken.set(chunk, result.dataUpdatedAt);
          store.put(data, result.dataUpdatedAt, chunk);
        }
        if (result.isError && result.errorUpdatedAt >= result.dataUpdatedAt) store.fail(chunk);
      });
    };
    const unsubscribe = observer.subscribe(take);
    take(observer.getCurrentResult());
    return unsubscribe;
  }, [observer, store]);
}
