'use client';
/**
 * The pool watchlist on the Pools page: the pools starred on their pages or in the featured list,
 * with the same figures as the featured ones (the price service's hourly pool object, polled each
 * minute and cached by the gateway, so a long list costs the upstream nothing more), and says so.
 * Sortable by pair, price and 24 h change (`wsort=`, `wdir=` in the URL). Kept in this browser.
 */
import { useQueries, useQuery } from '@tanstack/react-query';
import { chainsQuery } from '@/lib/client/queries/price';
import { useHydrated } from '@/lib/client/hooks/use-hydrated';
import { poolPath } from '@/lib/contracts/pool-ref';
import { poolQuery } from '@/lib/features/pools/queries';
import { summarize } from '@/lib/features/pools/summary';
import {
  parseWatchSort,
  sortWatched,
  usePoolWatchlist,
  type WatchSortKey,
} from '@/lib/features/pools/watchlist';
import { useUrlParams } from '@/lib/client/hooks/use-url-params';
import { ApiError } from '@/lib/client/api';
import { Panel } from '@/components/ui/panel';
import { FeaturedPools, type FeaturedRow } from './featured-pools';

export function WatchedPools() {
  const hydrated = useHydrated();
  const pools = usePoolWatchlist((s) => s.pools);
  const remove = usePoolWatchlist((s) => s.remove);
  const chains = useQuery({ ...chainsQuery, enabled: pools.length > 0 }).data;
  const lookups = useQueries({ queries: pools.map((p) => poolQuery(p)) });
  const [params, setParams] = useUrlParams();
  const sort = parseWatchSort(params.get('wsort'), params.get('wdir'));
  if (!hydrated) return null;

  const onSort = (key: WatchSortKey) => {
    // A second press on the same column turns its order round.
    const dir =
      sort.key === key ? (sort.dir === 'asc' ? 'desc' : 'asc') : key === 'name' ? 'asc' : 'desc';
    setParams({ wsort: key, wdir: dir });
  };
  const unsorted: FeaturedRow[] = pools.map((ref, i) => {
    const q = lookups[i];
    const network =
      chains?.find((c) => c.chain_type === ref.chainType && c.chain_id === ref.chainId)?.name ??
      `${ref.chainType.toUpperCase()} ${ref.chainId}`;
    const base = { ref, href: poolPath(ref), address: ref.address, network };
    if (q?.data) return { ...base, lookup: { kind: 'found', pool: summarize(q.data) } };
    if (q?.error)
      return {
        ...base,
        lookup:
          q.error instanceof ApiError && q.error.status === 404
            ? { kind: 'missing' }
            : { kind: 'error', message: q.error.message },
      };
    return { ...base, lookup: { kind: 'loading', pair: ref.pair } };
  });
  const rows = sortWatched(
    unsorted,
    unsorted.map((r) => (r.lookup.kind === 'found' ? r.lookup.pool : null)),
    sort.key,
    sort.dir,
  );

  return (
    <Panel
      title={
        <span>
          Watchlist
          <span className="num ml-2 rounded bg-raised px-1.5 text-text">{pools.length}</span>
        </span>
      }
      className="mt-3"
    >
      {rows.length === 0 ? (
        <p className="px-3 py-4 text-12 text-muted" data-testid="pool-watchlist-empty">
          Star a pool here above or on its page (Watch) to keep it here, with its figures. Kept in
          this browser.
        </p>
      ) : (
        <FeaturedPools
          rows={rows}
          label="Watched pools"
          sort={{ ...sort, onSort }}
          onRemove={(row) => {
            const ref = pools.find((p) => poolPath(p) === row.href);
            if (ref) remove(ref);
          }}
        />
      )}
    </Panel>
  );
}
