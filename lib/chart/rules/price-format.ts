/**
 * Price labels for the chart's axis, crosshair and legend. Decimals follow the size of the price, so
 * a memecoin at 0.0000000034 keeps its significant digits instead of showing 0.00; very small prices
 * use a subscript count of zeros (0.0₈34120), as DEX terminals do.
 */
const SUBSCRIPT = '₀₁₂₃₄₅₆₇₈₉';
const SIGNIFICANT = 5;
const MAX_DECIMALS = 20;

/** Decimals that keep five significant digits of `price`, at least two. */
export function priceDecimals(price: number): number {
  if (!Number.isFinite(price) || price <= 0) return 2;
  const magnitude = Math.floor(Math.log10(price));
  return Math.min(MAX_DECIMALS, Math.max(2, SIGNIFICANT - 1 - magnitude));
}

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

function group(int: string): string {
  return int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

export function formatChartPrice(value: number, decimals: number): string {
  if (!Number.isFinite(value)) return '—';
  const negative = value < 0;
  const fixed = Math.abs(value).toFixed(Math.min(100, Math.max(0, decimals)));
  const [int = '0', frac = ''] = fixed.split('.');
  let body: string;
  const zeros = int === '0' ? (/^0*/.exec(frac)?.[0].length ?? 0) : 0;
  // Eight or more zeros read better counted (as lib/core/format/number's formatPrice does); the digits
  // after them keep their trailing zeros so that axis labels line up.
  if (zeros >= 8 && zeros < frac.length) {
    body = `0.0${[...String(zeros)].map((d) => SUBSCRIPT[Number(d)]).join('')}${frac.slice(zeros)}`;
  } else {
    body = frac ? `${group(int)}.${frac}` : group(int);
  }
  return negative && /[1-9]/.test(body) ? `-${body}` : body;
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
