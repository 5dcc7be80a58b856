/** Query factories of the Markets page: the token list (one page or every page), search, details. */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { TokenDetailItem, TokenItem, TokensData } from '../../contracts/price/schema';
import { api } from '../../client/api';
import { MAX_LIMIT, pageCount } from './table';

/** Every page of the list, walked as the seed says: ceil(total / limit) pages of the largest size. */
export const allTokensQuery = infiniteQueryOptions({
  queryKey: ['price', 'tokens', 'all', MAX_LIMIT],
  queryFn: ({ pageParam, signal }) =>
    api<TokensData>('price', `/tokens?page=${pageParam}&limit=${MAX_LIMIT}`, { signal }),
  initialPageParam: 1,
  getNextPageParam: (last) =>
    last.page < pageCount(last.total, last.limit) ? last.page + 1 : undefined,
  staleTime: 60_000,
});

/** At most this many pages of MAX_LIMIT tokens are held for search as you type. */
const INDEX_MAX_PAGES = 10;

/**
 * The whole token list, once per tab and kept ten minutes, for the header's search as you type
 * (lib/features/tokens/search.ts): the first page says how many follow, those come in parallel.
 */
export const tokenIndexQuery = queryOptions({
  queryKey: ['price', 'tokens', 'index', MAX_LIMIT],
  queryFn: async ({ signal }) => {
    const get = (page: number) =>
      api<TokensData>('price', `/tokens?page=${page}&limit=${MAX_LIMIT}`, { signal });
    const first = await get(1);
    const pages = Math.min(pageCount(first.total, first.limit), INDEX_MAX_PAGES);
    const rest = await Promise.all(Array.from({ length: pages - 1 }, (_, i) => get(i + 2)));
    return [first, ...rest].flatMap((d) => d.items);
  },
  staleTime: 10 * 60_000,
  gcTime: 30 * 60_000,
});

/** `tokens/platforms/{keyword}`: exact match on address first, then name or symbol (the seed). */
export const platformSearchQuery = (keyword: string) =>
  queryOptions({
    queryKey: ['price', 'platforms', keyword.toLowerCase()],
    queryFn: async ({ signal }) =>
      (
        await api<{ total: number; items: TokenItem[] }>(
          'price',
          `/tokens/platforms/${encodeURIComponent(keyword)}`,
          { signal },
        )
      ).items,
    enabled: keyword.length > 0,
    staleTime: 60_000,
  });

/** `tokens/details` for up to 100 ids (the seed's limit); unknown or inactive ids are omitted. */
export const tokenDetailsQuery = (ids: readonly number[]) =>
  queryOptions({
    queryKey: ['price', 'details', [...ids].sort((a, b) => a - b).join(',')],
    queryFn: async ({ signal }) =>
      (
        await api<{ total: number; items: TokenDetailItem[] }>('price', '/tokens/details', {
          method: 'POST',
          body: { ids: ids.slice(0, 100) },
          signal,
        })
      ).items,
    enabled: ids.length > 0,
    staleTime: 60_000,
  });
