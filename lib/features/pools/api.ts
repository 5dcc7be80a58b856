/**
 * Browser calls for pools, over the gateway. Plain functions (no react-query) so that the embeddable
 * widget can use them without the query library; lib/features/pools/queries.ts wraps them for the app pages.
 */
import type { RawCandle } from '../../chart/rules/candles';
import type { HistoryWindow, KlineInterval } from '../../chart/rules/intervals';
import { api } from '../../client/api';
import type { CoinData, TopHoldersData } from '../../contracts/kline/schema';
import type { PoolData } from '../../contracts/price/schema';
import type { TransactionDetail } from '../../contracts/tx/schema';
import { poolQueryString, type PoolRef } from '../../contracts/pool-ref';

/** The query of one `kline/ohlcv` request; also what the server preloads for a page's first candles. */
export function ohlcvQuery(ref: PoolRef, interval: KlineInterval, window: HistoryWindow): string {
  return new URLSearchParams({
    interval,
    from: String(window.from),
    to: String(window.to),
    limit: String(window.limit),
    chain_type: ref.chainType,
    chain_id: String(ref.chainId),
    pool_address: ref.address,
  }).toString();
}

export async function fetchCandles(
  ref: PoolRef,
  interval: KlineInterval,
  window: HistoryWindow,
  signal?: AbortSignal,
): Promise<RawCandle[]> {
  const data = await api<unknown>('kline', `/kline/ohlcv?${ohlcvQuery(ref, interval, window)}`, {
    signal,
  });
  // The seed: a plain array. Anything else is treated as no candles rather than trusted.
  return Array.isArray(data) ? (data as RawCandle[]) : [];
}

export function fetchPool(ref: PoolRef, signal?: AbortSignal): Promise<PoolData> {
  return api<PoolData>('price', `/pools?${poolQueryString(ref)}`, { signal });
}

export type PoolTrade = TransactionDetail & { id?: number };

export async function fetchTrades(
  ref: PoolRef,
  limit: number,
  signal?: AbortSignal,
): Promise<PoolTrade[]> {
  const query = new URLSearchParams({
    chainType: ref.chainType,
    chainId: String(ref.chainId),
    limit: String(limit),
  });
  const data = await api<{ items?: unknown }>(
    'tx',
    `/dex-pools/${encodeURIComponent(ref.address)}/trades?${query.toString()}`,
    { signal },
  );
  return Array.isArray(data?.items) ? (data.items as PoolTrade[]) : [];
}

export async function fetchTopHolders(
  network: string,
  token: string,
  signal?: AbortSignal,
): Promise<TopHoldersData['items']> {
  const data = await api<TopHoldersData>(
    'kline',
    `/market/tokens/${encodeURIComponent(network)}/${encodeURIComponent(token)}/top-holders?holders=20`,
    { signal },
  );
  return data.items;
}

export function fetchCoin(network: string, token: string, signal?: AbortSignal): Promise<CoinData> {
  return api<CoinData>(
    'kline',
    `/market/coins/${encodeURIComponent(network)}/${encodeURIComponent(token)}`,
    { signal },
  );
}
