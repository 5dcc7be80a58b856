/** The pool's live price from its candles, shared by the server's first paint and the browser. */
import type Big from 'big.js';
import { toBig, type Numeric } from '../../core/format/number';
import type { QuoteUsd } from './pricing';

/** The last trade price the candles know: close (base in quote) and open time (Unix seconds). */
export interface LatestClose {
  close: number;
  time: number;
}

/**
 * An amount in the quote token (a close, a trade's price or quote leg), in USD at the quote token's
 * USD price (lib/features/pools/pricing.ts): the one multiplication behind every dollar figure of a
 * pool, in big.js (no float in between); null when either is unknown.
 */
export function inUsd(
  amountInQuote: Numeric,
  quote: Pick<QuoteUsd, 'usd'> | null | undefined,
): Big | null {
  const amount = toBig(amountInQuote);
  const usd = quote ? toBig(quote.usd) : null;
  return amount && usd ? amount.times(usd) : null;
}

/**
 * The base token in USD: a candle close (a JSON number, the kline seed's type) in the quote token,
 * at the quote token's USD price (lib/features/pools/pricing.ts), multiplied in big.js.
 */
export function poolUsdFromClose(
  close: number | null | undefined,
  quote: QuoteUsd | null | undefined,
): Big | null {
  if (close == null || !Number.isFinite(close)) return null;
  return inUsd(String(close), quote);
}
