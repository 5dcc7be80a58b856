/**
 * Number formatting of the price service. The seed gives many figures as numeric strings: they must
 * never fall into exponent notation (`1e-7`), which `String(number)` produces for tiny or huge values.
 */

/** A plain decimal string with at most `decimals` fractional digits, trailing zeros trimmed. */
function plainDecimal(x: number, decimals: number): string {
  if (!Number.isFinite(x)) return '0';
  const fixed =
    Math.abs(x) >= 1e21 ? BigInt(Math.round(x)).toString() : x.toFixed(Math.min(100, decimals));
  const trimmed = fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed;
  return trimmed === '-0' || trimmed === '' ? '0' : trimmed;
}

/** A price: about 10 significant digits, plain notation (`0.000001234567891`, `3101.234567`). */
export function priceString(x: number): string {
  if (x === 0 || !Number.isFinite(x)) return '0';
  const magnitude = Math.floor(Math.log10(Math.abs(x)));
  return plainDecimal(x, Math.max(0, 9 - magnitude));
}

/** Money, supplies and percentages: a fixed number of decimals, never `-0.00`. */
export function fixedString(x: number, decimals: number): string {
  if (!Number.isFinite(x)) return (0).toFixed(decimals);
  const s =
    Math.abs(x) >= 1e21
      ? `${BigInt(Math.round(x)).toString()}${decimals > 0 ? `.${'0'.repeat(decimals)}` : ''}`
      : x.toFixed(decimals);
  return /^-0(\.0*)?$/.test(s) ? s.slice(1) : s;
}

/** Rounds to `decimals` places as a number (for the JSON-number quotes of `quotes/batch`). */
export function round(x: number, decimals: number): number {
  if (!Number.isFinite(x)) return 0;
  const scale = 10 ** decimals;
  const r = Math.round(x * scale) / scale;
  return Object.is(r, -0) ? 0 : r;
}

/** Rounds to about 10 significant digits as a number. */
export function roundSig(x: number): number {
  if (x === 0 || !Number.isFinite(x)) return 0;
  return Number(x.toPrecision(10));
}

export function isoSeconds(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toISOString().replace('.000Z', 'Z');
}
