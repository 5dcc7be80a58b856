/**
 * Pool look-ups for server components, through the gateway in-process (lib/server/gateway/in-process.ts):
 * they share its one-hour cache of `pools` (the seed's) with the browser's calls.
 */
import 'server-only';
import { gatewayCall as gatewayGet } from '../../server/gateway/in-process';
import { normalizeCandles, type RawCandle } from '../chart/candles';
import { windowEndingAt } from '../chart/intervals';
import {
  ChainsData,
  PoolData,
  type ChainItem,
  type PoolObject,
} from '../../contracts/price/schema';
import { ohlcvQuery } from './api';
import type { LatestClose } from './live';
import { poolQueryString, type PoolRef } from './ref';

export type PoolLookup =
  { kind: 'found'; pool: PoolObject } | { kind: 'missing' } | { kind: 'error'; message: string };

/** The price service's pool object; `missing` when the seed's `data: null` says there is no such pool. */
export async function lookupPool(ref: PoolRef): Promise<PoolLookup> {
  const result = await gatewayGet('price', `/pools?${poolQueryString(ref)}`);
  if (!result.ok) return { kind: 'error', message: result.message };
  const parsed = PoolData.safeParse(result.data);
  if (!parsed.success)
    return {
      kind: 'error',
      message: 'The price service answered with a pool in an unexpected shape.',
    };
  return parsed.data ? { kind: 'found', pool: parsed.data } : { kind: 'missing' };
}

/** The price service's chains, or null when they are unavailable. */
export async function listChains(): Promise<ChainItem[] | null> {
  const result = await gatewayGet('price', '/chains');
  if (!result.ok) return null;
  const parsed = ChainsData.safeParse(result.data);
  return parsed.success ? parsed.data.items : null;
}

/** The chain of a pool (name, explorer), or null when the chain list is unavailable. */
export async function lookupChain(chainType: string, chainId: number): Promise<ChainItem | null> {
  const chains = await listChains();
  return (
    chains?.find((c) => c.chain_id === chainId && (c.chain_type ?? chainType) === chainType) ?? null
  );
}

/**
 * The latest 1-minute candle of the last hour, so a page paints the live price at once instead of
 * the hourly snapshot's (a close is the last trade of its minute, whatever interval the chart
 * shows). Null when the pool has no candle in that hour or the kline service does not answer.
 */
export async function latestClose(ref: PoolRef): Promise<LatestClose | null> {
  const nowSec = Math.floor(Date.now() / 1000);
  const result = await gatewayGet(
    'kline',
    `/kline/ohlcv?${ohlcvQuery(ref, '1m', windowEndingAt('1m', nowSec, 60))}`,
  );
  if (!result.ok || !Array.isArray(result.data)) return null;
  const last = normalizeCandles(result.data as RawCandle[]).at(-1);
  return last ? { close: last.close, time: last.time } : null;
}
