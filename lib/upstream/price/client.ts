/** The price service, typed (docs/contracts.md, "Price service"). Server-only: it reaches the key. */
import 'server-only';
import type { ZodType } from 'zod';
import { UpstreamError, callUpstream, type ReadOptions } from '../base-client';
import * as S from '../../contracts/price/schema';

const get = <T extends ZodType>(
  path: string,
  schema: T,
  query?: Record<string, string | number | undefined>,
) => callUpstream('price', path, schema, { query });

export const priceClient = {
  chains: async (options: ReadOptions = {}) =>
    (await callUpstream('price', '/chains', S.ChainsResponse, options)).data.items,

  /** null when the service answers 20002 `chain not found` */
  chain: async (idOrName: string) => {
    try {
      return (
        (await get(`/chains/${encodeURIComponent(idOrName)}`, S.ChainResponse)).data.items[0] ??
        null
      );
    } catch (error) {
      if (error instanceof UpstreamError && error.code === 20002) return null;
      throw error;
    }
  },

  quotesLatest: async (ids: readonly number[], fiat = 'USD') =>
    (await get('/quotes/latest', S.QuotesLatestResponse, { ids: ids.join(','), fiat })).data.items,

  quotesBatch: async (
    tokenAddrs: { chain_type: string; chain_id?: number | null; token_address: string }[],
    fiat = 'USD',
  ) =>
    (
      await callUpstream('price', '/quotes/batch', S.QuotesBatchResponse, {
        method: 'POST',
        body: { token_addrs: tokenAddrs, fiat },
      })
    ).data.items,

  tokens: async (
    query: { page?: number; limit?: number; chain_id?: number; address?: string } = {},
  ) => (await get('/tokens', S.TokensResponse, query)).data,

  tokenDetails: async (ids: readonly number[]) =>
    (
      await callUpstream('price', '/tokens/details', S.TokenDetailsResponse, {
        method: 'POST',
        body: { ids },
      })
    ).data.items,

  tokenPlatforms: async (keyword: string) =>
    (await get(`/tokens/platforms/${encodeURIComponent(keyword)}`, S.TokenPlatformsResponse)).data
      .items,

  fiats: async () => (await get('/fiats', S.FiatsResponse)).data.items,

  fiatRates: async (base: string) =>
    (await get(`/fiats/rates/${encodeURIComponent(base)}`, S.FiatRatesResponse)).data.items,

  /** null when the chain or the pool does not exist (the seed's `data: null`) */
  pool: async (chainType: string, chainId: number | string, poolAddress: string) =>
    (
      await get('/pools', S.PoolResponse, {
        chain_type: chainType,
        chain_id: String(chainId),
        pool_address: poolAddress,
      })
    ).data,
};
