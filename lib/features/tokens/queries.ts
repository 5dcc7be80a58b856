/** Query factories of the token page. */
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../client/api';
import type { QuoteBatchItem } from '../../contracts/price/schema';

export interface ContractRef {
  chain_type: string;
  /** the protocol chain id; the seed requires it for EVM chains */
  chain_id: number | null;
  token_address: string;
}

/** `quotes/batch`: quotes by contract address (figures are JSON numbers, `last_updated` ISO 8601). */
export const contractQuotesQuery = (refs: readonly ContractRef[]) =>
  queryOptions({
    queryKey: [
      'price',
      'batch',
      refs.map((r) => `${r.chain_type}:${r.chain_id}:${r.token_address}`).join(','),
    ],
    queryFn: async ({ signal }) =>
      (
        await api<{ items: QuoteBatchItem[] }>('price', '/quotes/batch', {
          method: 'POST',
          body: { token_addrs: refs },
          signal,
        })
      ).items,
    enabled: refs.length > 0,
    refetchInterval: 15_000,
    refetchIntervalInBackground: false,
    staleTime: 15_000,
  });
