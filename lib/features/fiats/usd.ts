/**
 * USD figures in the display fiat: `value × rate`, the rate of `fiats/rates/USD` (units of the fiat
 * per USD, 8 decimals), in big.js. Where the chosen fiat has no rate the figures stay in USD and say
 * so with the code (`3,749.12 USD`), never under another currency's symbol.
 */
import type Big from 'big.js';
import { toBig, USD, type FiatFormat, type Numeric } from '../../core/format/number';
import type { FiatRateItem } from '../../contracts/price/schema';

/** USD written with its code rather than `$`: the figures of a fiat that could not be converted. */
export const USD_BY_CODE: FiatFormat = { code: 'USD', symbol: '', precision: 2 };

/** The rate from USD to `code` in `fiats/rates/USD`, or null when the list has none for it. */
export function usdRateOf(rates: readonly FiatRateItem[], code: string): string | null {
  const wanted = code.toUpperCase();
  const rate = rates.find((r) => r.target_fiat_code.toUpperCase() === wanted)?.rate;
  const b = toBig(rate);
  return rate && b && b.gt(0) ? rate.trim() : null;
}

/** `usd × rate` exactly; null when either is not a number. */
export function usdToFiat(usd: Numeric, rate: string | null): Big | null {
  const value = toBig(usd);
  const r = toBig(rate);
  if (!value || !r) return null;
  return value.times(r);
}

export type MoneyState =
  /** the fiat is USD: figures as given */
  | { kind: 'usd' }
  /** converted at `rate` */
  | { kind: 'converted'; rate: string }
  /** the rate is on its way: USD figures meanwhile (with `$`, which is what they are) */
  | { kind: 'loading' }
  /** no rate for this fiat: USD figures, labelled by code, and why */
  | { kind: 'fallback'; reason: string };

/** How figures are shown: the format, and each USD value converted. */
export interface Money {
  state: MoneyState;
  format: FiatFormat;
  /** a USD value in the shown fiat (exact), null when it is not a number */
  of: (usd: Numeric) => Big | null;
}

export function moneyOf(state: MoneyState, fiat: FiatFormat): Money {
  if (state.kind === 'converted') {
    return { state, format: fiat, of: (usd) => usdToFiat(usd, state.rate) };
  }
  return {
    state,
    format: state.kind === 'fallback' ? USD_BY_CODE : USD,
    of: (usd) => toBig(usd),
  };
}
