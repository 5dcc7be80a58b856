/** Query factories for the price service, shared by prefetch, useQuery and invalidation. */
import { queryOptions } from '@tanstack/react-query';
import type {
  ChainItem,
  FiatItem,
  FiatRateItem,
  QuoteLatestItem,
  TokensData,
} from '../../contracts/price/schema';
import { ApiError, api } from '../api';
import { useFiatSupport } from '../stores/fiat-support';

export const POLL_MS = 3_000;

/** The price service's query keys: factories use them, refetches and invalidations name them. */
export const priceKeys = { all: ['price'] as const, quotes: ['price', 'quotes'] as const };

export const tokensQuery = (page: number, limit: number) =>
  queryOptions({
    queryKey: ['price', 'tokens', page, limit],
    queryFn: ({ signal }) =>
      api<TokensData>('price', `/tokens?page=${page}&limit=${limit}`, { signal }),
    staleTime: 60_000,
  });

export const quotesQuery = (ids: readonly number[], fiat: string) =>
  queryOptions({
    queryKey: [...priceKeys.quotes, fiat, ids.join(',')],
    queryFn: async ({ signal }) => {
      try {
        const data = await api<{ items: QuoteLatestItem[] }>(
          'price',
          `/quotes/latest?ids=${ids.join(',')}&fiat=${encodeURIComponent(fiat)}`,
          { signal },
        );
        useFiatSupport.getState().served(fiat);
        return data.items;
      } catch (error) {
        // The fiats list offered it, the quotes refuse it: remember, so the pages fall back to USD.
        if (error instanceof ApiError && error.code === 20001 && fiat !== 'USD')
          useFiatSupport.getState().refuse(fiat, error.message);
        throw error;
      }
    },
    enabled: ids.length > 0,
    refetchInterval: POLL_MS,
    refetchIntervalInBackground: false,
    staleTime: POLL_MS,
  });

/** The `items` of one of the price service's lists (`{ total, items }`). */
export async function priceItems<T>(path: string, signal: AbortSignal): Promise<T[]> {
  return (await api<{ total: number; items: T[] }>('price', path, { signal })).items;
}

export const chainsQuery = queryOptions({
  queryKey: ['price', 'chains'],
  queryFn: ({ signal }) => priceItems<ChainItem>('/chains', signal),
  staleTime: 5 * 60_000,
});

export const fiatsQuery = queryOptions({
  queryKey: ['price', 'fiats'],
  queryFn: ({ signal }) => priceItems<FiatItem>('/fiats', signal),
  staleTime: 5 * 60_000,
});

export const ratesQuery = (base: string) =>
  queryOptions({
    queryKey: ['price', 'rates', base],
    queryFn: ({ signal }) =>
      priceItems<FiatRateItem>(`/fiats/rates/${encodeURIComponent(base)}`, signal),
    refetchInterval: POLL_MS,
    staleTime: POLL_MS,
  });
