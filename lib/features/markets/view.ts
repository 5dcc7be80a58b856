/** The Markets page's view as its URL says it: pure, so every URL reads one way, tested on its own. */
import { clampLimit, defaultDir, isSortKey, type SortDir, type SortKey } from './table';

export type MarketsMode = 'page' | 'all' | 'search' | 'watchlist';

export type MarketsView = {
  /** the search, trimmed ('' for none) */
  q: string;
  chainId: number | null;
  mode: MarketsMode;
  limit: number;
  sort: SortKey;
  dir: SortDir;
  pinStarred: boolean;
};

export function readMarketsView(params: { get(name: string): string | null }): MarketsView {
  const q = (params.get('q') ?? '').trim();
  const chainParam = params.get('chain');
  const chainId = chainParam && /^\d+$/.test(chainParam) ? Number(chainParam) : null;
  // A chain filter applies to every token, not to one page of them: it reads all pages, so the
  // list and its count are the chain's (a pager over unfiltered pages would say "1 of 17" above 18 rows).
  const mode: MarketsMode = q
    ? 'search'
    : params.get('view') === 'watchlist'
      ? 'watchlist'
      : params.get('all') === '1' || chainId !== null
        ? 'all'
        : 'page';
  const sortParam = params.get('sort');
  const sort: SortKey = isSortKey(sortParam) ? sortParam : 'rank';
  const dirParam = params.get('dir');
  const dir: SortDir = dirParam === 'asc' || dirParam === 'desc' ? dirParam : defaultDir(sort);
  return {
    q,
    chainId,
    mode,
    limit: clampLimit(params.get('limit')),
    sort,
    dir,
    pinStarred: params.get('starred') === 'first',
  };
}
