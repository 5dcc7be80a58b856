/**
 * How a price is written where it is read as a chart's price: the chart's labels and legend, the
 * pool page's and a workspace cell's live price, the widget, and the alerts (the toast, the
 * notification pushed from the server, the lines' labels). Plain numbers: the chart's bars are floats.
 * Decimals follow the size of the price, so a memecoin at 0.0000000034 keeps its significant digits
 * instead of showing 0.00; very small prices use a subscript count of zeros (0.0₈34120), as DEX
 * terminals do.
 */
import { groupThousands } from './digits';

const SUBSCRIPT = '₀₁₂₃₄₅₆₇₈₉';
const SIGNIFICANT = 5;
const MAX_DECIMALS = 20;

/** Decimals that keep five significant digits of `price`, at least two. */
export function priceDecimals(price: number): number {
  if (!Number.isFinite(price) || price <= 0) return 2;
  const magnitude = Math.floor(Math.log10(price));
  return Math.min(MAX_DECIMALS, Math.max(2, SIGNIFICANT - 1 - magnitude));
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
    body = frac ? `${groupThousands(int)}.${frac}` : groupThousands(int);
  }
  return negative && /[1-9]/.test(body) ? `-${body}` : body;
}

/** Decimals a level is shown with: the chart's for its size, more when it has them, up to six more. */
export function levelDecimals(price: number): number {
  const base = priceDecimals(price);
  // A level set to 3,713.9975 is not shown as 3,714.00; float noise past that is not shown at all.
  const digits = price.toFixed(base + 6).replace(/0+$/, '');
  const shown = digits.length - digits.indexOf('.') - 1;
  return Math.max(base, shown);
}

/** A level as typed or dragged, with the decimals it has (levelDecimals). */
export function formatLevel(price: number): string {
  return formatChartPrice(price, levelDecimals(price));
}

/** A price next to a level (where an alert fired), in the level's decimals. */
export function formatNear(price: number, level: number): string {
  return formatChartPrice(price, levelDecimals(level));
}
