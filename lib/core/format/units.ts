import { groupThousands } from './digits';

/**
 * Token amounts arrive as integer strings in the smallest unit; `decimals` places the point. BigInt
 * keeps every digit: 18-decimal amounts and huge supplies never pass through a float.
 */
export function formatUnits(
  amount: string | null | undefined,
  decimals: number | null | undefined,
): string | null {
  if (amount == null || !/^-?\d+$/.test(amount.trim())) return null;
  const d = decimals != null && Number.isInteger(decimals) && decimals >= 0 ? decimals : 0;
  let raw = BigInt(amount.trim());
  const negative = raw < 0n;
  if (negative) raw = -raw;
  const digits = raw.toString().padStart(d + 1, '0');
  const int = digits.slice(0, digits.length - d);
  const frac = d > 0 ? digits.slice(digits.length - d).replace(/0+$/, '') : '';
  return `${negative ? '-' : ''}${int}${frac ? `.${frac}` : ''}`;
}

/**
 * For display: grouped integer part, at most `maxFraction` decimals (truncated, not rounded, so an
 * amount is never shown larger than it is), and `<0.000001` for dust.
 */
export function formatTokenAmount(
  amount: string | null | undefined,
  decimals: number | null | undefined,
  maxFraction = 6,
): string {
  const exact = formatUnits(amount, decimals);
  if (exact === null) return '—';
  const negative = exact.startsWith('-');
  const [int = '0', frac = ''] = (negative ? exact.slice(1) : exact).split('.');
  const shown = frac.slice(0, maxFraction).replace(/0+$/, '');
  const grouped = groupThousands(int);
  if (int === '0' && !shown && frac)
    return `${negative ? '>-' : '<'}0.${'0'.repeat(maxFraction - 1)}1`;
  return `${negative ? '-' : ''}${grouped}${shown ? `.${shown}` : ''}`;
}
