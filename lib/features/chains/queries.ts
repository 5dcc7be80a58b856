/** Query factories of the chain pages. */
import { queryOptions } from '@tanstack/react-query';
import type { TokensData, TokenItem } from '../../contracts/price/schema';
import { api } from '../../client/api';

/** `tokens?chain_id={id}` (the seed's "chain_id only" mode): the chain's native token, or null. */
export const nativeTokenQuery = (chainId: number) =>
  queryOptions({
    queryKey: ['price', 'native-token', chainId],
    queryFn: async ({ signal }): Promise<TokenItem | null> => {
      const data = await api<TokensData>('price', `/tokens?chain_id=${chainId}`, { signal });
      // The mode "attempts" the native token: only an item flagged native counts as one.
      return (
        data.items.find((t) => t.is_native && t.chain_id === chainId) ??
        data.items.find((t) => t.is_native) ??
        null
      );
    },
    staleTime: 5 * 60_000,
  });
