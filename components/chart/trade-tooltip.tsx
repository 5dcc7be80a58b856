'use client';
/**
 * The card of one trade marker (lib/chart/draw/trade-markers.ts), drawn from its content as data
 * (lib/chart/trades/trade-card.ts, which the widget draws too): each trade it stands for with its
 * time (in the app's time zone), side, amounts, price, wallet and a link to its transaction page.
 * It opens next to the marker on the side with room, and stays while the pointer is on it, so the
 * link can be clicked.
 */
import { clsx } from 'clsx';
import Link from 'next/link';
import { shorten } from '@/lib/core/format/text';
import { formatMoment, type TimeZoneMode } from '@/lib/chart/rules/time-format';
import {
  tradeCard,
  tradeCardRow,
  type TradeCardRow as TradeCardRowData,
} from '@/lib/chart/trades/trade-card';
import type { MarkerTrade } from '@/lib/features/pools/my-trades';
import type { TradeBucket } from '@/lib/chart/trades/marker-buckets';

const CARD_WIDTH = 264;

const cardFormat = (tz: TimeZoneMode) => ({
  time: (seconds: number) => formatMoment(seconds, tz),
  short: (value: string) => shorten(value),
});

export interface TradeRowSymbols {
  base: string;
  quote: string;
}

/** One of your trades (the card's rows, and the pool page's list of them). */
export function TradeRow({
  trade,
  tz,
  symbols,
}: {
  trade: MarkerTrade;
  tz: TimeZoneMode;
  symbols: TradeRowSymbols;
}) {
  return <CardRow row={tradeCardRow(trade, symbols, cardFormat(tz))} />;
}

function CardRow({ row }: { row: TradeCardRowData }) {
  return (
    <li className="num flex flex-col gap-0.5 py-1.5 first:pt-0 last:pb-0">
      <div className="flex items-baseline justify-between gap-3">
        <span className={clsx('font-medium', row.buy ? 'text-up' : 'text-down')}>
          <span aria-hidden>{row.buy ? '▲ ' : '▼ '}</span>
          {row.buy ? 'Buy' : 'Sell'}
        </span>
        <time className="text-muted" dateTime={row.iso}>
          {row.time}
        </time>
      </div>
      <div className="text-text">
        {row.base}
        <span className="text-muted"> for </span>
        {row.quote}
      </div>
      <div className="flex items-baseline justify-between gap-3">
        <span className="text-muted">
          at <span className="text-text">{row.price}</span>
        </span>
        <Link
          href={row.href}
          className="text-accent underline-offset-2 hover:underline focus-visible:underline"
        >
          Transaction
          <span className="sr-only"> {row.txShort}</span> ↗
        </Link>
      </div>
      <div className="truncate text-muted" title={row.wallet}>
        {row.label ? (
          <>
            <span className="text-text">{row.label}</span>{' '}
            <span className="font-mono text-10">{row.walletShort}</span>
          </>
        ) : (
          <span className="font-mono text-10 text-text">{row.walletShort}</span>
        )}
      </div>
    </li>
  );
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
  const card = tradeCard(bucket, { x, y }, bounds, CARD_WIDTH, symbols, cardFormat(tz));
  return (
    <div
      role="group"
      aria-label={`Your ${card.count === 1 ? 'trade' : 'trades'} on this candle`}
      data-testid="trade-tooltip"
      className="absolute z-30 overflow-y-auto rounded-md border border-border bg-raised px-3 py-2 text-11 leading-4 shadow-lg shadow-black/30"
      style={{
        left: card.left,
        top: card.top,
        bottom: card.bottom,
        maxHeight: card.maxHeight,
        width: CARD_WIDTH,
      }}
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
    >
      <div className="mb-1.5 flex items-center justify-between gap-2 text-10 uppercase tracking-wide text-muted">
        <span>Your {card.count === 1 ? 'trade' : `${card.count} trades`}</span>
        <span className={card.buy ? 'text-up' : 'text-down'}>{card.buy ? 'Buys' : 'Sells'}</span>
      </div>
      <ul className="divide-y divide-border">
        {card.rows.map((row) => (
          <CardRow key={row.key} row={row} />
        ))}
      </ul>
      {card.more > 0 && <p className="mt-1.5 text-muted">and {card.more} earlier on this candle</p>}
    </div>
  );
}
