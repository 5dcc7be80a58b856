/**
 * The few figures of a pool object that a widget or a list needs, so that server pages hand the
 * browser a small payload instead of the whole object.
 */
import type { PoolObject } from '../../contracts/price/schema';

export interface PoolSummary {
  name: string;
  address: string;
  network: string;
  dex: string;
  base: { address: string; symbol: string; name: string; image: string };
  quote: { address: string; symbol: string; name: string; image: string };
  baseUsd: string;
  quoteUsd: string;
  change24h: string;
  volume24h: string;
  liquidity: string;
}

export function summarize(pool: PoolObject): PoolSummary {
  const token = (t: PoolObject['base_token']) => ({
    address: t.address,
    symbol: t.symbol,
    name: t.name,
    image: t.image_url,
  });
  return {
    name: pool.name,
    address: pool.address,
    network: pool.network,
    dex: pool.dex,
    base: token(pool.base_token),
    quote: token(pool.quote_token),
    baseUsd: pool.base_token_price_usd,
    quoteUsd: pool.quote_token_price_usd,
    change24h: pool.price_change_percentage.h24,
    volume24h: pool.volume_usd.h24,
    liquidity: pool.reserve_in_usd,
  };
}

/** `uniswap_v3` -> `Uniswap V3`, `pancakeswap-v3-bsc` -> `Pancakeswap V3 Bsc`: DEX ids as a person reads them. */
export function dexName(id: string): string {
  return id
    .split(/[_-]+/)
    .filter(Boolean)
    .map((w) => (/^v\d+$/i.test(w) ? w.toUpperCase() : w.charAt(0).toUpperCase() + w.slice(1)))
    .join(' ');
}

/**
 * The live price of the base token in USD from a candle close (base priced in quote), in floats: the
 * widget's header, whose script carries no big.js. The quote's USD price is chosen by
 * lib/features/pools/pricing.ts `pickQuoteUsd`, as everywhere; the app's figures use `inUsd`.
 */
export function baseUsdFromClose(
  close: number | null | undefined,
  quoteUsd: string | number | null | undefined,
): number | null {
  const q = typeof quoteUsd === 'string' ? Number(quoteUsd) : quoteUsd;
  if (close == null || q == null || !Number.isFinite(close) || !Number.isFinite(q)) return null;
  return close * q;
}
