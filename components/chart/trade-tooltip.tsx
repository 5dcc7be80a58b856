'use client';
/**
 * The card of one trade marker (lib/chart/trade-markers.ts): each trade it stands for with its time
 * (in the app's time zone), side, amounts, price, wallet and a link to its transaction page. It opens
 * next to the marker on the side with room, and stays while the pointer is on it, so the link can be
 * clicked.
 */
import Link from 'next/link';
import { formatPrice } from '@/lib/core/format/number';
import { shorten } from '@/lib/core/format/text';
import { formatMoment, type TimeZoneMode } from '@/lib/features/chart/time-format';
import type { MarkerTrade } from '@/lib/features/pools/my-trades';
import { tradeAmount } from '@/lib/features/pools/trades';
import type { TradeBucket } from '@/lib/chart/trade-markers';

/** Rows shown in one card; a busy candle says how many more. */
const MAX_ROWS = 4;
const CARD_WIDTH = 264;

function txPath(t: Pick<MarkerTrade, 'chainType' | 'chainId' | 'txHash'>): string {
  return `/tx/${encodeURIComponent(t.chainType)}/${t.chainId}/${encodeURIComponent(t.txHash)}`;
}

export interface TradeRowSymbols {
  base: string;
  quote: string;
}

export function TradeRow({
  trade,
  tz,
  symbols,
}: {
  trade: MarkerTrade;
  tz: TimeZoneMode;
  symbols: TradeRowSymbols;
}) {
  const buy = trade.side === 'buy';
  return (
    <li className="num flex flex-col gap-0.5 py-1.5 first:pt-0 last:pb-0">
      <div className="flex items-baseline justify-between gap-3">
        <span className={`font-medium ${buy ? 'text-up' : 'text-down'}`}>
          <span aria-hidden>{buy ? '▲ ' : '▼ '}</span>
          {buy ? 'Buy' : 'Sell'}
        </span>
        <time className="text-muted" dateTime={new Date(trade.time * 1000).toISOString()}>
          {formatMoment(trade.time, tz)}
        </time>
      </div>
      <div className="text-text">
        {tradeAmount(trade.baseAmount)} {symbols.base}
        <span className="text-muted"> for </span>
        {tradeAmount(trade.quoteAmount)} {symbols.quote}
      </div>
      <div className="flex items-baseline justify-between gap-3">
        <span className="text-muted">
          at{' '}
          <span className="text-text">
            {trade.price ? formatPrice(trade.price) : '—'} {symbols.quote}
          </span>
        </span>
        <Link
          href={txPath(trade)}
          className="text-accent underline-offset-2 hover:underline focus-visible:underline"
        >
          Transaction
          <span className="sr-only"> {shorten(trade.txHash)}</span> ↗
        </Link>
      </div>
      <div className="truncate text-muted" title={trade.wallet}>
        {trade.label ? (
          <>
            <span className="text-text">{trade.label}</span>{' '}
            <span className="font-mono text-[10px]">{shorten(trade.wallet)}</span>
          </>
        ) : (
          <span className="font-mono text-[10px] text-text">{shorten(trade.wallet)}</span>
        )}
      </div>
    </li>
  );
}

/**
 * Where a card goes: right of the marker when it fits (else left, see the caller), in whichever half
 * of the chart has more room, never past its edges (a long card scrolls).
 */
function cardBox(y: number, height: number): { top?: number; bottom?: number; maxHeight: number } {
  const gap = 12;
  if (y > height / 2)
    return { bottom: Math.max(4, height - y - gap), maxHeight: Math.max(80, y - gap - 4) };
  return { top: Math.max(4, y - gap), maxHeight: Math.max(80, height - y + gap - 4) };
}

export function TradeTooltip({
  bucket,
  x,
  y,
  bounds,
  tz,
  symbols,
  onPointerEnter,
  onPointerLeave,
}: {
  bucket: TradeBucket;
  /** the marker's centre in the chart's pixels */
  x: number;
  y: number;
  bounds: { width: number; height: number };
  tz: TimeZoneMode;
  symbols: TradeRowSymbols;
  onPointerEnter: () => void;
  onPointerLeave: () => void;
}) {
  const buy = bucket.side === 'buy';
  const shown = bucket.trades.slice(-MAX_ROWS).reverse();
  const more = bucket.trades.length - shown.length;
  const left = x + 14 + CARD_WIDTH <= bounds.width ? x + 14 : Math.max(4, x - 14 - CARD_WIDTH);
  const box = cardBox(y, bounds.height);
  return (
    <div
      role="group"
      aria-label={`Your ${bucket.trades.length === 1 ? 'trade' : 'trades'} on this candle`}
      data-testid="trade-tooltip"
      className="absolute z-30 overflow-y-auto rounded-md border border-border bg-raised px-3 py-2 text-[11px] leading-4 shadow-lg shadow-black/30"
      style={{ left, width: CARD_WIDTH, ...box }}
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
    >
      <div className="mb-1.5 flex items-center justify-between gap-2 text-[10px] uppercase tracking-wide text-muted">
        <span>Your {bucket.trades.length === 1 ? 'trade' : `${bucket.trades.length} trades`}</span>
        <span className={buy ? 'text-up' : 'text-down'}>{buy ? 'Buys' : 'Sells'}</span>
      </div>
      <ul className="divide-y divide-border">
        {shown.map((t) => (
          <TradeRow key={t.key} trade={t} tz={tz} symbols={symbols} />
        ))}
      </ul>
      {more > 0 && <p className="mt-1.5 text-muted">and {more} earlier on this candle</p>}
    </div>
  );
}
