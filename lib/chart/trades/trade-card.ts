/**
 * The card of one trade marker, as data: what the pool page (components/chart/trade-tooltip.tsx,
 * React) and the widget (lib/embed/markers.ts, plain DOM) both show when the pointer is on a
 * marker: each trade's side, time, amounts, price, wallet and transaction link, and where the card
 * goes next to the marker. One implementation, two renderers: a fix lands once.
 */
import { formatPrice } from '../../core/format/number';
import type { MarkerTrade } from '../../features/pools/my-trades';
import { tradeAmount } from '../../features/pools/trades';
import type { MarkerBucket } from './marker-buckets';

/** Rows shown in one card; a busy candle says how many more. */
const MAX_ROWS = 4;

export interface TradeCardRow {
  key: string;
  buy: boolean;
  /** the trade's time as the caller's zone writes it, and as ISO for `<time dateTime>` */
  time: string;
  iso: string;
  /** `12.5 WETH`, `41,000 USDC` */
  base: string;
  quote: string;
  /** `3,280.12 USDC` (— when the trade has no price) */
  price: string;
  /** the app's transaction page */
  href: string;
  wallet: string;
  walletShort: string;
  label: string | null;
  txShort: string;
}

export interface TradeCard {
  buy: boolean;
  count: number;
  /** newest first, at most MAX_ROWS */
  rows: TradeCardRow[];
  /** trades of this candle not shown */
  more: number;
  /** where the card goes in the chart's pixels: right of the marker when it fits, else left */
  left: number;
  top?: number;
  bottom?: number;
  maxHeight: number;
}

/**
 * How the caller writes a time (its zone) and a long address (lib/core/format/text.ts `shorten`):
 * passed in, so that the widget's marker chunk shares no small module with the widget's script
 * (esbuild would split it into one more request for every embed).
 */
export interface CardFormat {
  time: (seconds: number) => string;
  short: (value: string) => string;
}

/** One trade's row of the card (also the rows of the pool page's list of your trades). */
export function tradeCardRow(
  t: MarkerTrade,
  symbols: { base: string; quote: string },
  format: CardFormat,
): TradeCardRow {
  return {
    key: t.key,
    buy: t.side === 'buy',
    time: format.time(t.time),
    iso: new Date(t.time * 1000).toISOString(),
    base: `${tradeAmount(t.baseAmount)} ${symbols.base}`,
    quote: `${tradeAmount(t.quoteAmount)} ${symbols.quote}`,
    price: `${t.price ? formatPrice(t.price) : '—'} ${symbols.quote}`,
    href: `/tx/${encodeURIComponent(t.chainType)}/${t.chainId}/${encodeURIComponent(t.txHash)}`,
    wallet: t.wallet,
    walletShort: format.short(t.wallet),
    label: t.label,
    txShort: format.short(t.txHash),
  };
}

/**
 * The card of `bucket`, whose marker is drawn at (x, y) in a chart of `bounds`: in whichever half of
 * the chart has more room, never past its edges (a long card scrolls).
 */
export function tradeCard(
  bucket: Pick<MarkerBucket<MarkerTrade>, 'side' | 'trades'>,
  at: { x: number; y: number },
  bounds: { width: number; height: number },
  width: number,
  symbols: { base: string; quote: string },
  format: CardFormat,
): TradeCard {
  const shown = bucket.trades.slice(-MAX_ROWS).reverse();
  const gap = 12;
  const { x, y } = at;
  const box =
    y > bounds.height / 2
      ? { bottom: Math.max(4, bounds.height - y - gap), maxHeight: Math.max(80, y - gap - 4) }
      : { top: Math.max(4, y - gap), maxHeight: Math.max(80, bounds.height - y + gap - 4) };
  return {
    buy: bucket.side === 'buy',
    count: bucket.trades.length,
    rows: shown.map((t) => tradeCardRow(t, symbols, format)),
    more: bucket.trades.length - shown.length,
    left: x + 14 + width <= bounds.width ? x + 14 : Math.max(4, x - 14 - width),
    ...box,
  };
}
