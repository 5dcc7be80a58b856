/** The kline service, typed (docs/contracts.md, "Kline service"). Server-only: it reaches the key. */
import 'server-only';
import { callUpstream, type ReadOptions } from '../base-client';
import * as S from '../../contracts/kline/schema';

export interface OhlcvQuery {
  chain_type: string;
  chain_id: number;
  pool_address: string;
  interval: string;
  /** Unix seconds */
  from: number;
  to: number;
  limit?: number;
}

export const klineClient = {
  ohlcv: async (query: OhlcvQuery, options: ReadOptions = {}) =>
    (
      await callUpstream('kline', '/kline/ohlcv', S.OhlcvResponse, {
        ...options,
        query: { ...query },
      })
    ).data,

  marketPool: async (
    network: string,
    address: string,
    options: { volumeBreakdown?: boolean; composition?: boolean } = {},
  ) =>
    (
      await callUpstream(
        'kline',
        `/market/pools/${encodeURIComponent(network)}/${encodeURIComponent(address)}`,
        S.MarketPoolResponse,
        {
          query: {
            include_volume_breakdown: options.volumeBreakdown ? 'true' : undefined,
            include_composition: options.composition ? 'true' : undefined,
          },
        },
      )
    ).data,

  topHolders: async (network: string, address: string, holders: number | 'max' = 10) =>
    (
      await callUpstream(
        'kline',
        `/market/tokens/${encodeURIComponent(network)}/${encodeURIComponent(address)}/top-holders`,
        S.TopHoldersResponse,
        {
          query: { holders },
        },
      )
    ).data.items,

  coin: async (network: string, address: string) =>
    (
      await callUpstream(
        'kline',
        `/market/coins/${encodeURIComponent(network)}/${encodeURIComponent(address)}`,
        S.CoinResponse,
      )
    ).data,
};
