/**
 * Display formats for money and figures, computed from the decimal strings the API gives (big.js),
 * never through a binary float: what is shown is what the upstream said, rounded half-up.
 */
import Big from 'big.js';
import { groupThousands } from './digits';

export type Numeric = string | number | Big | null | undefined;

const NONE = '—';
const SUBSCRIPT = '₀₁₂₃₄₅₆₇₈₉';

export function toBig(value: Numeric): Big | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Big) return value;
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  const text = typeof value === 'number' ? String(value) : value.trim();
  if (text === '' || !/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text)) return null;
  try {
    return new Big(text);
  } catch {
    return null;
  }
}

/** `1234567.891` -> `1,234,567.89` (half-up, exact). */
export function formatFixed(value: Numeric, decimals: number): string {
  const b = toBig(value);
  if (!b) return NONE;
  return group(b.toFixed(decimals, Big.roundHalfUp));
}

/**
 * A whole number grouped by thousands, `1234567` -> `1,234,567`: what `toLocaleString('en-US')`
 * writes, without the browser's locale data. A page's first Intl call loads it, ~15 ms of one task
 * on a phone, and nothing else on the pool page or Markets needs it at load.
 */
export function formatCount(value: number | bigint): string {
  if (typeof value === 'number' && (!Number.isFinite(value) || Math.abs(value) >= 1e21)) {
    return String(value);
  }
  return group(typeof value === 'bigint' ? value.toString() : String(Math.round(value)));
}

function group(fixed: string): string {
  const negative = fixed.startsWith('-');
  const body = negative ? fixed.slice(1) : fixed;
  const [int = '0', frac] = body.split('.');
  const grouped = groupThousands(int);
  const out = frac !== undefined ? `${grouped}.${frac}` : grouped;
  // "-0.00" is noise: a value that rounds to zero is shown unsigned.
  return negative && /[1-9]/.test(out) ? `-${out}` : out;
}

export interface FiatFormat {
  code: string;
  symbol: string;
  precision: number;
}

export const USD: FiatFormat = { code: 'USD', symbol: '$', precision: 2 };

/** A currency code as the app writes it (`eur` -> `EUR`): 2 to 10 Latin letters, else null. */
export function fiatCode(raw: string | null | undefined): string | null {
  return raw && /^[A-Za-z]{2,10}$/.test(raw) ? raw.toUpperCase() : null;
}

function withFiat(number: string, fiat?: FiatFormat): string {
  if (!fiat) return number;
  const negative = number.startsWith('-');
  const body = negative ? number.slice(1) : number;
  // A fiat with no symbol configured (symbol "") is shown by its code.
  const text = fiat.symbol ? `${fiat.symbol}${body}` : `${body} ${fiat.code}`;
  return negative ? `-${text}` : text;
}

/**
 * A price: the fiat's precision at or above 1, four significant digits below it (0.00001234), and a
 * subscript zero count for very small ones (0.0₉1234) so a memecoin price stays readable.
 */
export function formatPrice(value: Numeric, fiat?: FiatFormat): string {
  const b = toBig(value);
  if (!b) return NONE;
  const precision = fiat?.precision ?? 2;
  const abs = b.abs();
  if (abs.eq(0)) return withFiat(formatFixed(0, precision), fiat);
  if (abs.gte(1)) {
    // Prices from 1 to 10 keep 4 decimals when the fiat allows cents: 1.0002 for a stablecoin.
    const decimals = precision > 0 && abs.lt(10) ? Math.max(precision, 4) : precision;
    return withFiat(formatFixed(b, decimals), fiat);
  }
  const sig = b.prec(4, Big.roundHalfUp);
  const fixed = sig.toFixed(); // exact, no exponent: big.js toFixed() without dp expands
  const match = /^(-?)0\.(0*)(\d+)$/.exec(fixed);
  if (!match) return withFiat(fixed, fiat);
  const [, sign = '', zeros = '', digits = ''] = match;
  const significant = digits.replace(/0+$/, '') || '0';
  const body =
    zeros.length > 7
      ? `0.0${[...String(zeros.length)].map((d) => SUBSCRIPT[Number(d)]).join('')}${significant}`
      : `0.${zeros}${significant.padEnd(4, '0')}`;
  return withFiat(`${sign}${body}`, fiat);
}

const UNITS: [Big, string][] = [
  [new Big('1e12'), 'T'],
  [new Big('1e9'), 'B'],
  [new Big('1e6'), 'M'],
  [new Big('1e3'), 'K'],
];

/** `1234567890` -> `1.23B`; below a thousand, two decimals. */
export function formatCompact(value: Numeric, fiat?: FiatFormat): string {
  const b = toBig(value);
  if (!b) return NONE;
  const abs = b.abs();
  const index = UNITS.findIndex(([size]) => abs.gte(size));
  if (index >= 0) {
    let [size, unit] = UNITS[index] as [Big, string];
    const bigger = UNITS[index - 1];
    // 999,999 would round to "1000.0K": it reads better as the next unit, "1.00M".
    if (bigger && b.div(size).abs().round(1, Big.roundHalfUp).gte(1000)) [size, unit] = bigger;
    const scaled = b.div(size);
    const decimals = scaled.abs().gte(100) ? 1 : 2;
    return withFiat(`${group(scaled.toFixed(decimals, Big.roundHalfUp))}${unit}`, fiat);
  }
  return withFiat(formatFixed(b, abs.gte(1) || abs.eq(0) ? 2 : 4), fiat);
}

export type Direction = 'up' | 'down' | 'flat';

/** Up, down or flat as shown at `decimals` places: a change that rounds to 0.00% is flat. */
export function direction(value: Numeric, decimals = 2): Direction {
  const b = toBig(value)?.round(decimals, Big.roundHalfUp);
  if (!b || b.eq(0)) return 'flat';
  return b.gt(0) ? 'up' : 'down';
}

/** `1.234` -> `+1.23%`; the sign is always shown so colour is never the only cue. */
export function formatPercent(value: Numeric, decimals = 2): string {
  const b = toBig(value);
  if (!b) return NONE;
  const fixed = group(b.toFixed(decimals, Big.roundHalfUp));
  if (!/[1-9]/.test(fixed)) return `${fixed.replace('-', '')}%`;
  return fixed.startsWith('-') ? `${fixed}%` : `+${fixed}%`;
}

/** A supply or amount with no currency: compact above a million, grouped below. */
export function formatSupply(value: Numeric): string {
  const b = toBig(value);
  if (!b) return NONE;
  return b.abs().gte(1e6) ? formatCompact(b.toString()) : formatFixed(b, 0);
}
