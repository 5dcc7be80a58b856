/**
 * Pool look-ups for server components, through the typed clients: they share the one-hour cache of
 * `pools` (the seed's) with the browser's calls through the gateway (lib/upstream/exchange.ts).
 */
import 'server-only';
import { normalizeCandles, type Candle } from '../../chart/rules/candles';
import { INITIAL_BARS } from '../../chart/rules/feed';
import { windowEndingAt, type KlineInterval } from '../../chart/rules/intervals';
import type { ChainItem, PoolObject } from '../../contracts/price/schema';
import { klineClient } from '../../upstream/kline/client';
import { priceClient } from '../../upstream/price/client';
import { load } from '../../upstream/result';
import type { LatestClose } from './live';
import { internalChainId, tokenIdOf, type LiveQuote } from './pricing';
import type { PoolRef } from '../../contracts/pool-ref';

export type PoolLookup =
  { kind: 'found'; pool: PoolObject } | { kind: 'missing' } | { kind: 'error'; message: string };

/** The price service's pool object; `missing` when the seed's `data: null` says there is no such pool. */
export async function lookupPool(ref: PoolRef): Promise<PoolLookup> {
  const result = await load(() => priceClient.pool(ref.chainType, ref.chainId, ref.address));
  if (!result.ok) return { kind: 'error', message: result.message };
  return result.value ? { kind: 'found', pool: result.value } : { kind: 'missing' };
}

/** The price service's chains, or null when they are unavailable. */
export async function listChains(): Promise<ChainItem[] | null> {
  const result = await load(() => priceClient.chains());
  return result.ok ? result.value : null;
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
  const window = windowEndingAt('1m', nowSec, 60);
  const result = await load(() =>
    klineClient.ohlcv({
      chain_type: ref.chainType,
      chain_id: ref.chainId,
      pool_address: ref.address,
      interval: '1m',
      from: window.from,
      to: window.to,
      limit: window.limit,
    }),
  );
  if (!result.ok) return null;
  const last = normalizeCandles(result.value).at(-1);
  return last ? { close: last.close, time: last.time } : null;
}

/** The end (Unix seconds) of a page's first candle window: now, read once per render. */
export function firstWindowEnd(): number {
  return Math.floor(Date.now() / 1000);
}

/**
 * The first window of candles a chart shows (the request its feed would make first, ending at `to`),
 * validated and sorted, for a page that inlines them (the embed widget); null when the kline service
 * does not answer (the browser then asks itself and shows the error if it fails again).
 */
export async function firstCandles(
  ref: PoolRef,
  interval: KlineInterval,
  to: number,
): Promise<Candle[] | null> {
  const window = windowEndingAt(interval, to, INITIAL_BARS);
  const result = await load(() =>
    klineClient.ohlcv({
      chain_type: ref.chainType,
      chain_id: ref.chainId,
      pool_address: ref.address,
      interval,
      from: window.from,
      to: window.to,
      limit: window.limit,
    }),
  );
  return result.ok ? normalizeCandles(result.value) : null;
}

/** Token ids by chain and address: they never change, so each is asked once per process. */
const tokenIds = new Map<string, number | null>();

/**
 * The quote token's live USD quote, for the first paint of a pool's dollar figures
 * (lib/features/pools/pricing.ts): the token found once by chain and address, then its quote
 * (`quotes/latest`, cached 3 s and shared with the browsers' polls). Null when the price service
 * knows no such token or does not answer: the page then says it converts at the hourly snapshot.
 */
export async function liveQuote(
  ref: PoolRef,
  pool: Pick<PoolObject, 'quote_token'>,
): Promise<LiveQuote | null> {
  const address = pool.quote_token.address;
  const key = `${ref.chainType}:${ref.chainId}:${address.toLowerCase()}`;
  let tokenId = tokenIds.get(key);
  if (tokenId === undefined) {
    const chainId = internalChainId(await listChains(), ref);
    if (chainId === null) return null;
    const found = await load(() => priceClient.tokens({ chain_id: chainId, address }));
    if (!found.ok) return null;
    tokenId = tokenIdOf(found.value.items, address);
    if (tokenIds.size > 1_000) tokenIds.clear();
    tokenIds.set(key, tokenId);
  }
  if (tokenId === null) return null;
  const id = tokenId;
  const quotes = await load(() => priceClient.quotesLatest([id], 'USD'));
  const item = quotes.ok ? quotes.value.find((q) => q.token_id === id) : undefined;
  return item ? { tokenId: id, usd: item.price, at: Date.now() } : null;
}
