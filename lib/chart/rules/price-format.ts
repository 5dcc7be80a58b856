/**
 * The chart's numbers besides its prices' text (lib/core/format/price.ts): a price rounded as the
 * chart writes it, the library's price format, changes in percent and volumes.
 */
import { priceDecimals } from '../../core/format/price';

/**
 * A price as the chart writes it (five significant digits, at least two decimals): what a line set
 * with the pointer keeps, not the pixel's 3,550.72982191.
 */
export function roundPrice(price: number): number {
  if (!Number.isFinite(price) || price <= 0) return price;
  const rounded = Number(price.toFixed(priceDecimals(price)));
  return rounded > 0 ? rounded : price;
}

/** lightweight-charts' price format for a series around `price`: the smallest step is one unit of the last decimal. */
export function priceFormatFor(price: number): { precision: number; minMove: number } {
  const precision = priceDecimals(price);
  return { precision, minMove: Number(`1e-${precision}`) };
}

/**
 * A change in percent from plain numbers (the chart's bars are floats): `+1.23%`, `-0.40%`, and
 * `0.00%` with no sign and a flat direction when it rounds to zero, never `-0.00%`.
 */
export function formatChangePercent(value: number): { text: string; dir: 'up' | 'down' | 'flat' } {
  if (!Number.isFinite(value)) return { text: '—', dir: 'flat' };
  const fixed = Math.abs(value).toFixed(2);
  if (!/[1-9]/.test(fixed)) return { text: `${fixed}%`, dir: 'flat' };
  return value > 0 ? { text: `+${fixed}%`, dir: 'up' } : { text: `-${fixed}%`, dir: 'down' };
}

const UNITS: [number, string][] = [
  [1e12, 'T'],
  [1e9, 'B'],
  [1e6, 'M'],
  [1e3, 'K'],
];

/** A volume as `12.3M` (plain floats: these figures are for the eye, not for sums). */
export function formatChartVolume(value: number): string {
  if (!Number.isFinite(value)) return '—';
  const abs = Math.abs(value);
  for (const [size, unit] of UNITS) {
    if (abs >= size) return `${(value / size).toFixed(abs / size >= 100 ? 1 : 2)}${unit}`;
  }
  return value.toFixed(abs >= 1 || abs === 0 ? 2 : 4);
}
