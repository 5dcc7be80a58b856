/** Query factories of the fiats page: the token search of the converter (rates: ratesQuery in price.ts). */
import { queryOptions } from '@tanstack/react-query';
import type { TokenItem } from '../../contracts/price/schema';
import { priceItems } from '../../client/queries/price';

/** `tokens/platforms/{keyword}`: exact, case-insensitive match by address, else by name or symbol. */
export const tokenSearchQuery = (keyword: string) =>
  queryOptions({
    queryKey: ['price', 'token-search', keyword.trim().toLowerCase()],
    queryFn: ({ signal }) =>
      priceItems<TokenItem>(`/tokens/platforms/${encodeURIComponent(keyword.trim())}`, signal),
    enabled: keyword.trim() !== '',
    staleTime: 5 * 60_000,
  });
