'use client';
/**
 * What React draws over the chart's canvas: the legend (the bar's prices, the indicators), the
 * compared pools' legend, the list of your trades, a trade marker's card, and the loading, error and
 * empty states that cover the chart.
 */
import dynamic from 'next/dynamic';
import { poolKey, type PoolRef } from '@/lib/contracts/pool-ref';
import type { FeedSnapshot } from '@/lib/chart/rules/feed';
import { INTERVAL_LABELS, type KlineInterval } from '@/lib/chart/rules/intervals';
import type { TimeZoneMode } from '@/lib/chart/rules/time-format';
import type { ChangeSince } from '@/lib/chart/rules/compare';
import type { MarkerTrade } from '@/lib/features/pools/my-trades';
import type { CompareRow } from '@/lib/chart/draw/compare-series';
import { SKELETON_BARS } from '@/lib/chart/rules/skeleton';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ChartLegend, type LegendFigures } from './chart-legend';
import type { TradeRowSymbols } from './trade-tooltip';
import type { TradeCard } from './use-trade-card';

// Shown only once the trader has compared pools, has trades in this pool or hovers one: their code
// loads after the page, not with it.
const CompareLegend = dynamic(() => import('./compare-legend').then((m) => m.CompareLegend), {
  ssr: false,
});
const MyTradesList = dynamic(() => import('./my-trades-list').then((m) => m.MyTradesList), {
  ssr: false,
});
const TradeTooltip = dynamic(() => import('./trade-tooltip').then((m) => m.TradeTooltip), {
  ssr: false,
});

/** The legends and your trades, top left over the chart. */
export function ChartLegends({
  title,
  figures,
  mainColor,
  compare,
  compared,
  onCompareChange,
  tradeMarkers,
  tz,
  symbols,
}: {
  title?: string;
  figures: LegendFigures;
  mainColor: string;
  compare: readonly PoolRef[];
  compared: { rows: CompareRow[]; main: ChangeSince | null };
  onCompareChange?: (pools: PoolRef[]) => void;
  tradeMarkers: readonly MarkerTrade[];
  tz: TimeZoneMode;
  symbols: TradeRowSymbols;
}) {
  return (
    <div className="pointer-events-none absolute left-2 top-1.5 z-10 max-w-[calc(100%-70px)]">
      <ChartLegend title={title} figures={figures} />
      {compare.length > 0 && (
        <CompareLegend
          title={title}
          mainColor={mainColor}
          main={compared.main}
          rows={compared.rows}
          onRemove={
            onCompareChange
              ? (p) => onCompareChange(compare.filter((c) => poolKey(c) !== poolKey(p)))
              : undefined
          }
        />
      )}
      {tradeMarkers.length > 0 && <MyTradesList trades={tradeMarkers} tz={tz} symbols={symbols} />}
    </div>
  );
}

/** A trade marker's card, while the pointer is on the marker or the card. */
export function ChartTradeCard({
  card: { card, keep, close },
  tz,
  symbols,
}: {
  card: TradeCard;
  tz: TimeZoneMode;
  symbols: TradeRowSymbols;
}) {
  if (!card) return null;
  return (
    <TradeTooltip
      bucket={card.bucket}
      x={card.x}
      y={card.y}
      bounds={card.bounds}
      tz={tz}
      symbols={symbols}
      onPointerEnter={keep}
      onPointerLeave={close}
    />
  );
}

/** The candles' loading, error and empty states, covering the chart. */
export function ChartStatus({
  snapshot,
  interval,
  backgroundVar,
  onRetry,
}: {
  snapshot: FeedSnapshot;
  interval: KlineInterval;
  backgroundVar: string;
  onRetry: () => void;
}) {
  if (snapshot.state === 'loading')
    return (
      <div
        className="sheen absolute inset-0 z-20 flex items-end gap-[3px] px-3 pb-8 pt-10"
        style={{ background: `var(${backgroundVar})` }}
        aria-hidden
      >
        {SKELETON_BARS.map((h, i) => (
          <span
            key={i}
            className="flex-1 rounded-[3px] bg-raised opacity-60"
            style={{ height: `${h}%` }}
          />
        ))}
      </div>
    );
  if (snapshot.state === 'error')
    return (
      <div className="absolute inset-0 z-20 grid place-items-center">
        <EmptyState
          tone="error"
          title="The candles could not be loaded."
          action={
            <Button onClick={onRetry} size="sm">
              Retry
            </Button>
          }
        >
          {snapshot.error}
        </EmptyState>
      </div>
    );
  if (snapshot.state === 'empty')
    return (
      <div className="absolute inset-0 z-20 grid place-items-center">
        <EmptyState title={`No ${INTERVAL_LABELS[interval]} candles for this pool yet.`}>
          New candles appear here as the pool trades; a longer interval may already have some.
        </EmptyState>
      </div>
    );
  return null;
}
