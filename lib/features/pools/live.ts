/** The pool's live price from its candles, shared by the server's first paint and the browser. */
import type Big from 'big.js';
import { toBig, type Numeric } from '../../core/format/number';

/** The last trade price the candles know: close (base in quote) and open time (Unix seconds). */
export interface LatestClose {
  close: number;
  time: number;
}

/**
 * The base token in USD: a candle close (a JSON number, the kline seed's type) × the quote token's
 * USD price (a decimal string of the pool object), multiplied in big.js.
 */
export function poolUsdFromClose(close: number | null | undefined, quoteUsd: Numeric): Big | null {
  if (close == null || !Number.isFinite(close)) return null;
  const q = toBig(quoteUsd);
  const c = toBig(String(close));
  return q && c ? c.times(q) : null;
}
