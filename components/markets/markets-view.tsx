'use client';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { useHydrated } from '@/lib/client/hooks/use-hydrated';
import { useThrottled } from '@/lib/client/hooks/use-throttled';
import { useUrlParams } from '@/lib/client/hooks/use-url-params';
import { ApiError } from '@/lib/client/api';
import { chunkIds, QUOTE_CHUNK as CHUNK, QuoteStore } from '@/lib/features/markets/quote-store';
import { useQuoteFeed } from '@/lib/features/markets/quote-feed';
import {
  clampPage,
  defaultDir,
  filterByChain,
  MARKET_KEYS,
  pageCount,
  sortRows,
  starredFirst,
  type Row,
  type SortKey,
} from '@/lib/features/markets/table';
import { readMarketsView } from '@/lib/features/markets/view';
import {
  allTokensQuery,
  platformSearchQuery,
  tokenDetailsQuery,
} from '@/lib/features/markets/queries';
import { priceKeys, chainsQuery, tokensQuery } from '@/lib/client/queries/price';
import { useWatchlist } from '@/lib/features/markets/watchlist';
import type { QuoteLatestItem, TokenItem } from '@/lib/contracts/price/schema';
import { EmptyRows } from './empty-rows';
import { FiatFallback, useMarketsFiat } from './markets-fiat';
import { MarketsToolbar } from './markets-toolbar';
import { StoreFreshness } from './store-freshness';
import { TokenTable, TokenTableSkeleton } from './token-table';

const NONE: ReadonlySet<number> = new Set();

function toRows(tokens: readonly TokenItem[], rankFrom: number | null): Row[] {
  return tokens.map((token, i) => ({
    token,
    rank: rankFrom === null ? null : rankFrom + i,
    order: i,
  }));
}

function errorText(error: unknown): string {
  return error instanceof ApiError ? error.message : 'The price service did not answer.';
}

/** The Markets page: every view is a URL (page, size, sort, chain, search, watchlist, fiat). */
export function MarketsView() {
  const [params, update] = useUrlParams();
  const hydrated = useHydrated();
  const queryClient = useQueryClient();

  const view = useMemo(() => readMarketsView(params), [params]);
  const { q, chainId, mode, limit, sort, dir, pinStarred } = view;

  const { selected, fiatCode, fiat } = useMarketsFiat(params, update, hydrated);

  // ---- the rows ----
  const total =
    useQuery({ ...tokensQuery(1, limit), enabled: mode === 'page' }).data?.total ?? null;
  const pages = total === null ? null : pageCount(total, limit);
  const page = clampPage(params.get('page'), pages);
  const pageQuery = useQuery({
    ...tokensQuery(page, limit),
    enabled: mode === 'page',
    placeholderData: (prev) => prev,
  });
  const allQuery = useInfiniteQuery({ ...allTokensQuery, enabled: mode === 'all' });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = allQuery;
  useEffect(() => {
    // The "all pages" walk: one page after the other until ceil(total / limit).
    if (mode === 'all' && hasNextPage && !isFetchingNextPage && !allQuery.isError)
      void fetchNextPage();
  }, [mode, hasNextPage, isFetchingNextPage, fetchNextPage, allQuery.isError]);
  const searchQuery = useQuery({ ...platformSearchQuery(q), enabled: mode === 'search' });
  const starredIds = useWatchlist((s) => s.ids);
  const toggleStar = useWatchlist((s) => s.toggle);
  const watchIds = useMemo(
    () => (hydrated ? starredIds.slice(0, 100) : []),
    [hydrated, starredIds],
  );
  const watchQuery = useQuery({
    ...tokenDetailsQuery(watchIds),
    enabled: mode === 'watchlist' && watchIds.length > 0,
  });

  const source =
    mode === 'page'
      ? pageQuery
      : mode === 'all'
        ? allQuery
        : mode === 'search'
          ? searchQuery
          : watchQuery;
  const rows: Row[] = useMemo(() => {
    if (mode === 'page')
      return pageQuery.data
        ? toRows(pageQuery.data.items, (pageQuery.data.page - 1) * pageQuery.data.limit + 1)
        : [];
    if (mode === 'all') return toRows(allQuery.data?.pages.flatMap((p) => p.items) ?? [], 1);
    if (mode === 'search') return toRows(searchQuery.data ?? [], null);
    return toRows(watchIds.length > 0 ? (watchQuery.data ?? []) : [], null);
  }, [mode, pageQuery.data, allQuery.data, searchQuery.data, watchQuery.data, watchIds.length]);
  const loading =
    mode === 'watchlist'
      ? watchIds.length > 0 && !watchQuery.data && !watchQuery.isError
      : !source.data && !source.isError;

  // ---- quotes: one store per fiat; rows subscribe to their own token ----
  // Seeded with the quotes already in the query cache (the server's render hands its first chunk
  // over), so rows rendered on the server and hydrated in the browser show the same prices.
  const store = useMemo(() => {
    const s = new QuoteStore();
    for (const [, items] of queryClient.getQueriesData<QuoteLatestItem[]>({
      queryKey: [...priceKeys.quotes, fiatCode],
    }))
      if (items) s.seed(items);
    return s;
  }, [fiatCode]); // eslint-disable-line react-hooks/exhaustive-deps -- a new fiat is a new set of figures
  // Sorting by a market figure follows the quotes, at most once a second (ten chunks answering one
  // after the other re-sort once); any other view ignores them, so a refresh does not re-render it.
  const marketSort = MARKET_KEYS.has(sort);
  const liveVersion = useSyncExternalStore(
    store.subscribeMeta,
    () => (marketSort ? store.getMeta().version : 0),
    () => 0,
  );
  const quoteVersion = useThrottled(liveVersion, 1000);
  const chunks = useMemo(
    () =>
      chunkIds(
        rows.map((r) => r.token.id),
        CHUNK,
      ),
    [rows],
  );
  const chunkOf = useMemo(
    () => new Map(rows.map((r, i) => [r.token.id, Math.floor(i / CHUNK)])),
    [rows],
  );

  const chains = useQuery(chainsQuery).data;
  const chainMap = useMemo(() => new Map((chains ?? []).map((c) => [c.id, c])), [chains]);
  const starred = useMemo(() => new Set(hydrated ? starredIds : []), [hydrated, starredIds]);

  const filtered = useMemo(() => filterByChain(rows, chainId), [rows, chainId]);
  const sorted = useMemo(
    () => sortRows(filtered, sort, dir, (id) => store.get(id)),
    [filtered, sort, dir, store, quoteVersion], // eslint-disable-line react-hooks/exhaustive-deps -- quoteVersion stands for the store's content
  );
  const shown = useMemo(
    () => (pinStarred ? starredFirst(sorted, starred) : sorted),
    [pinStarred, sorted, starred],
  );

  const [visible, setVisible] = useState<ReadonlySet<number>>(() => new Set([0]));
  const [inView, setInView] = useState<number[]>([]);
  const settle = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(settle.current), []);
  const onRange = useCallback(
    (first: number, last: number) => {
      const next = new Set<number>();
      const ids: number[] = [];
      for (let i = first; i <= last; i++) {
        const row = shown[i];
        if (!row) continue;
        ids.push(row.token.id);
        const c = chunkOf.get(row.token.id);
        if (c !== undefined) next.add(c);
      }
      setVisible((prev) =>
        prev.size === next.size && [...next].every((c) => prev.has(c)) ? prev : next,
      );
      // The ids in view change with every row scrolled: they are asked for once the scroll settles.
      clearTimeout(settle.current);
      ids.sort((a, b) => a - b);
      settle.current = setTimeout(
        () => setInView((prev) => (prev.join() === ids.join() ? prev : ids)),
        250,
      );
    },
    [shown, chunkOf],
  );
  useQuoteFeed(store, {
    chunks,
    polled: marketSort ? NONE : visible,
    loadAll: marketSort,
    inView: marketSort ? inView : null,
    fiat: fiatCode,
  });

  const onSort = useCallback(
    (key: SortKey) => {
      const nextDir = key === sort ? (dir === 'asc' ? 'desc' : 'asc') : defaultDir(key);
      update(
        {
          sort: key === 'rank' && nextDir === 'asc' ? null : key,
          dir: nextDir === defaultDir(key) ? null : nextDir,
        },
        'push',
      );
    },
    [sort, dir, update],
  );

  const retry = useCallback(() => {
    void queryClient.refetchQueries({ queryKey: priceKeys.all, type: 'active' });
  }, [queryClient]);

  const tokensFailed = source.isError && rows.length === 0;

  return (
    <section className="rounded-md border border-border bg-panel" aria-label="Tokens">
      <MarketsToolbar
        view={view}
        chains={chains}
        pager={{ page, pages, total }}
        loadedAll={
          mode === 'all'
            ? {
                loaded: rows.length,
                total: allQuery.data?.pages[0]?.total ?? null,
                walking: Boolean(hasNextPage) || allQuery.isFetching,
              }
            : null
        }
        watchCount={hydrated ? starredIds.length : 0}
        shown={shown.length}
        freshness={
          source.isSuccess && rows.length === 0 ? null : (
            <StoreFreshness
              store={store}
              stale={source.isError && rows.length > 0}
              onRetry={retry}
            />
          )
        }
        // Each is a deliberate change of view: a new history entry, so Back undoes it.
        onChange={(patch) => update(patch, 'push')}
      />
      {(selected.unknown || selected.refused) && <FiatFallback selected={selected} />}
      {tokensFailed ? (
        <EmptyState
          tone="error"
          title={`Tokens could not be loaded: ${errorText(source.error)}`}
          action={<Button onClick={retry}>Retry</Button>}
        >
          The upstream price service is unreachable or refused the request. The page retries when
          you ask.
        </EmptyState>
      ) : loading ? (
        <TokenTableSkeleton />
      ) : shown.length === 0 ? (
        <EmptyRows
          mode={mode}
          query={q}
          filtered={chainId !== null && rows.length > 0}
          onChange={update}
        />
      ) : (
        <TokenTable
          rows={shown}
          store={store}
          fiat={fiat}
          starred={starred}
          onStar={toggleStar}
          chains={chainMap}
          sort={sort}
          dir={dir}
          onSort={onSort}
          onRange={onRange}
        />
      )}
    </section>
  );
}
