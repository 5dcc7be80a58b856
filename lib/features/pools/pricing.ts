/**
 * A pool's figures in dollars, one rule for every place that shows them (the pool page's header,
 * its trades, the workspace's cells, the widget): an amount in the quote token (a candle's close, a
 * trade's price or its quote leg) times the quote token's USD price, and that price is the quote
 * token's live quote (the price service's `quotes/latest`, refreshed every 3 seconds and cached as
 * long by the gateway) whenever it is known, the pool object's hourly snapshot only otherwise, and
 * then said to be one. For a pool quoted in WETH the snapshot is up to an hour old: a dollar price
 * 1% off by the end of the hour. The multiplication is `inUsd` (lib/features/pools/live.ts, in
 * big.js); this module stays free of big.js so the widget's script can choose its price with it.
 */
import type { ChainItem, TokenItem } from '../../contracts/price/schema';
import type { PoolRef } from '../../contracts/pool-ref';

type QuoteSource = 'live' | 'snapshot';

/** The quote token's live USD quote, as the page got it. */
export interface LiveQuote {
  /** the price service's token id, by which quotes are asked */
  tokenId: number;
  /** USD, a decimal string */
  usd: string;
  /** when it was read (ms) */
  at: number;
}

/** The quote token's USD price a pool's dollar figures are computed with, and where it comes from. */
export interface QuoteUsd {
  usd: string;
  source: QuoteSource;
}

const positive = (value: string | number | null | undefined): value is string | number =>
  value !== null &&
  value !== undefined &&
  /^\+?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(String(value).trim()) &&
  Number(value) > 0;

/** The live quote when there is one with a price, else the hourly snapshot's; null with neither. */
export function pickQuoteUsd(
  snapshot: string | number | null | undefined,
  live: Pick<LiveQuote, 'usd'> | null | undefined,
): QuoteUsd | null {
  if (live && positive(live.usd)) return { usd: live.usd.trim(), source: 'live' };
  return positive(snapshot) ? { usd: String(snapshot).trim(), source: 'snapshot' } : null;
}

/** The price service's internal chain id of a pool's chain (its `tokens` look-up takes that one). */
export function internalChainId(
  chains: readonly ChainItem[] | null | undefined,
  ref: Pick<PoolRef, 'chainType' | 'chainId'>,
): number | null {
  return (
    chains?.find((c) => c.chain_type === ref.chainType && c.chain_id === ref.chainId)?.id ?? null
  );
}

/** The token id of `address` among the items of an exact-match `tokens` answer. */
export function tokenIdOf(items: readonly TokenItem[], address: string): number | null {
  const hex = /^0x[0-9a-f]+$/i.test(address);
  const same = (a: string | undefined) =>
    !!a && (hex ? a.toLowerCase() === address.toLowerCase() : a === address);
  return items.find((t) => same(t.contract_address))?.id ?? null;
}

/** The quotes/latest query that reads one token's USD price. */
export function quotePath(tokenId: number): string {
  return `/quotes/latest?ids=${tokenId}&fiat=USD`;
}

/** The tokens query that finds a token by chain and address (the seed's exact-match mode). */
export function tokenLookupPath(chainId: number, address: string): string {
  return `/tokens?chain_id=${chainId}&address=${encodeURIComponent(address)}`;
}

/** A short phrase for a title or a note: where the quote token's dollar price comes from. */
export function quoteSourceText(quote: QuoteUsd | null, symbol: string): string {
  if (!quote) return `${symbol} price unknown`;
  return quote.source === 'live'
    ? `${symbol} at its live quote (refreshed every 3 s)`
    : `${symbol} at the hourly pool snapshot (no live quote)`;
}
