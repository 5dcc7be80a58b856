/**
 * The converter's math and its URL vocabulary, on decimal strings with big.js only: an amount, a
 * rate and a price are never read through a binary float.
 */
import BigBase from 'big.js';
import {
  CANONICAL,
  parseLocaleNumber,
  type NumberSeparators,
} from '../../core/format/locale-number';
import { fiatCode, formatFixed, type FiatFormat } from '../../core/format/number';

/** A private constructor: 40 decimal places for divisions (fiat -> token, token -> token). */
const Big = BigBase();
Big.DP = 40;
Big.RM = Big.roundHalfUp;
type BigValue = InstanceType<typeof BigBase>;

export type Asset = { kind: 'fiat'; code: string } | { kind: 'token'; id: number };

/** `EUR` -> fiat EUR; `token:1` -> token 1; anything else -> null. */
export function parseAsset(raw: string | null | undefined): Asset | null {
  const text = (raw ?? '').trim();
  const token = /^token:(\d{1,15})$/i.exec(text);
  if (token) {
    const id = Number(token[1]);
    return id > 0 ? { kind: 'token', id } : null;
  }
  const code = fiatCode(text);
  return code ? { kind: 'fiat', code } : null;
}

export function assetParam(asset: Asset): string {
  return asset.kind === 'fiat' ? asset.code : `token:${asset.id}`;
}

function sameAsset(a: Asset, b: Asset): boolean {
  return a.kind === 'fiat'
    ? b.kind === 'fiat' && a.code === b.code
    : b.kind === 'token' && a.id === b.id;
}

export type AmountResult =
  { ok: true; value: BigValue } | { ok: false; message: string; ambiguous?: boolean };

/**
 * A typed amount, read as the user's locale writes numbers (`seps`, the app's `1,000.50` by
 * default, which is also how the URL carries it): see parseLocaleNumber. No exponent, no sign: an
 * amount to convert is not negative.
 */
export function parseAmount(raw: string, seps: NumberSeparators = CANONICAL): AmountResult {
  const parsed = parseLocaleNumber(raw, seps);
  if (!parsed.ok)
    return { ok: false, message: parsed.message, ambiguous: parsed.reason === 'ambiguous' };
  if (parsed.value.replace('.', '').replace(/^0+/, '').length > 40)
    return { ok: false, message: 'The amount has too many digits (at most 40).' };
  return { ok: true, value: new Big(parsed.value) };
}

/** The figures a conversion needs, each a decimal string as the upstream gave it. */
export interface ConversionInputs {
  /** fiat -> fiat: rate of `to` in the `from` base (`fiats/rates/{from}`) */
  fiatRate?: string | null;
  /** token -> fiat: price of the `from` token in the `to` fiat; fiat -> token: price of the `to` token in the `from` fiat */
  tokenPrice?: string | null;
  /** token -> token: USD prices of both tokens */
  fromUsd?: string | null;
  toUsd?: string | null;
}

export type Conversion =
  | { ok: true; result: BigValue; /** units of `to` per 1 unit of `from` */ rate: BigValue }
  | { ok: false; reason: 'missing' | 'zero-price' };

function big(value: string | null | undefined): BigValue | null {
  if (value === null || value === undefined) return null;
  const text = value.trim();
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(text)) return null;
  return new Big(text);
}

/**
 * amount × (units of `to` per `from`):
 * - fiat -> fiat: the `from` base's rate to `to` (1 when they are the same fiat);
 * - token -> fiat: the token's price in that fiat;
 * - fiat -> token: 1 / the token's price in that fiat;
 * - token -> token: USD price of `from` / USD price of `to` (1 when they are the same token).
 */
export function convert(
  amount: BigValue,
  from: Asset,
  to: Asset,
  inputs: ConversionInputs,
): Conversion {
  let rate: BigValue | null;
  if (sameAsset(from, to)) {
    rate = new Big(1);
  } else if (from.kind === 'fiat' && to.kind === 'fiat') {
    rate = big(inputs.fiatRate);
  } else if (from.kind === 'token' && to.kind === 'fiat') {
    rate = big(inputs.tokenPrice);
  } else if (from.kind === 'fiat' && to.kind === 'token') {
    const price = big(inputs.tokenPrice);
    if (price?.eq(0)) return { ok: false, reason: 'zero-price' };
    rate = price ? new Big(1).div(price) : null;
  } else {
    const a = big(inputs.fromUsd);
    const b = big(inputs.toUsd);
    if (b?.eq(0)) return { ok: false, reason: 'zero-price' };
    rate = a && b ? a.div(b) : null;
  }
  if (!rate) return { ok: false, reason: 'missing' };
  // Products are exact; for the fiat -> token case the direct division keeps more digits than
  // amount × (1 / price).
  let result: BigValue;
  if (from.kind === 'fiat' && to.kind === 'token' && !sameAsset(from, to)) {
    result = amount.div(big(inputs.tokenPrice) as BigValue);
  } else if (from.kind === 'token' && to.kind === 'token' && !sameAsset(from, to)) {
    result = amount.times(big(inputs.fromUsd) as BigValue).div(big(inputs.toUsd) as BigValue);
  } else {
    result = amount.times(rate);
  }
  return { ok: true, result, rate };
}

function trimZeros(text: string): string {
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

/**
 * A token amount with up to 8 significant digits (half-up), grouped, trailing zeros dropped. An
 * integer part longer than 8 digits is kept whole: 123,456,789,012 rather than 123,456,790,000.
 */
export function formatTokenAmount(value: BigValue | string): string {
  const b = typeof value === 'string' ? new Big(value) : value;
  if (b.eq(0)) return '0';
  const abs = b.abs();
  const intDigits = abs.gte(1) ? abs.toFixed(0, Big.roundDown).length : 0;
  if (intDigits >= 8) return formatFixed(b.toFixed(0, Big.roundHalfUp), 0);
  const rounded = b.prec(8, Big.roundHalfUp);
  // big.js toFixed() without dp writes every digit, no exponent.
  const plain = rounded.toFixed();
  const decimals = plain.includes('.') ? (plain.split('.')[1] ?? '').length : 0;
  return trimZeros(formatFixed(plain, decimals));
}

/** A fiat amount at the fiat's precision (half-up, grouped). */
export function formatFiatAmount(value: BigValue | string, precision: number): string {
  return formatFixed(typeof value === 'string' ? value : value.toFixed(), precision);
}

/** The result's text with its unit, for a fiat (its precision) or a token (8 significant digits). */
export function formatResult(value: BigValue, to: Asset, fiat: FiatFormat | undefined): string {
  if (to.kind === 'fiat') return formatFiatAmount(value, fiat?.precision ?? 2);
  return formatTokenAmount(value);
}
