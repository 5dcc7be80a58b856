'use client';
/**
 * The pool page's candle chart: a React face over the one chart implementation
 * (lib/chart/draw/controller.ts, which the embeddable widget uses too). The controller is created once on
 * mount and disposed on unmount; a change of pool or interval swaps its data feed, not the chart
 * (./use-chart-controller.ts). What React draws over the canvas is in ./chart-overlays.tsx.
 */
import { clsx } from 'clsx';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, use, useMemo, useRef, type ReactNode } from 'react';
import { INTERVAL_LABELS } from '@/lib/chart/rules/intervals';
import { useLiveInterrupted } from '@/lib/client/hooks/use-stream';
import type { PoolRef } from '@/lib/contracts/pool-ref';
import type { StudySpec } from '@/lib/chart/rules/studies';
import type { ScaleMode } from '@/lib/chart/rules/scale';
import type { MarkerTrade } from '@/lib/features/pools/my-trades';
import { Freshness } from '@/components/ui/freshness';
import type { LegendFigures } from './chart-legend';
import { ChartLegends, ChartStatus, ChartTradeCard } from './chart-overlays';
import { ChartViewActions } from './chart-view-actions';
import { shortKey } from './pool-name';
import { saveChartSnapshot } from './save-chart-snapshot';
import type { TradeRowSymbols } from './trade-tooltip';
import { useChartController, type ChartCoreProps } from './use-chart-controller';
import { useFullscreen } from './use-fullscreen';
import { useTradeCard } from './use-trade-card';

export interface CandleChartProps extends ChartCoreProps {
  /** the CSS variable the chart's background reads: --panel in the app, --bg in the widget */
  backgroundVar?: string;
  /** indicators on the chart (`studies=` in the URL) */
  studies?: readonly StudySpec[];
  /** shown in the legend, e.g. `WETH/USDC` */
  title?: string;
  /**
   * Controls shown above the chart, left of the freshness mark. A function takes the chart's view
   * buttons (snapshot, fullscreen) for a phone's menu: the row then stays one line on a phone.
   */
  toolbar?: ReactNode | ((viewActions: ReactNode) => ReactNode);
  /** your trades in this pool, as markers on their candles (components/pools/use-my-trades.ts) */
  tradeMarkers?: readonly MarkerTrade[];
  /** the pool's token symbols, for the markers' cards */
  tradeSymbols?: TradeRowSymbols;
  className?: string;
  /** ms to wait before the chart is created: a workspace staggers its charts, none blocks the page */
  createDelay?: number;
  /** the price scale (`scale=` in the URL); percent anyway while pools are compared */
  scale?: ScaleMode;
  /** other pools drawn as lines for comparison (`compare=`) */
  compare?: readonly PoolRef[];
  /** a compared pool's × in the legend: the list without it */
  onCompareChange?: (pools: PoolRef[]) => void;
  /** fullscreen and PNG snapshot buttons beside the freshness mark (and `f` for fullscreen) */
  viewActions?: boolean;
}

/**
 * The view buttons where a toolbar function places them (a phone's menu), read from context: the
 * toolbar's element is made once per toolbar function, not at each live tick (each new snapshot
 * renders the chart's frame and these buttons, not the toolbar's few dozen components).
 */
const ViewActionsContext = createContext<ReactNode>(null);
function ViewActionsSlot() {
  return use(ViewActionsContext);
}
const VIEW_ACTIONS_SLOT = <ViewActionsSlot />;

const NO_STUDIES: readonly StudySpec[] = [];
const NO_POOLS: readonly PoolRef[] = [];
const NO_TRADES: readonly MarkerTrade[] = [];
const NO_SYMBOLS: TradeRowSymbols = { base: '', quote: '' };

export function CandleChart(props: CandleChartProps) {
  const {
    pool,
    interval,
    style,
    tz,
    backgroundVar = '--panel',
    title,
    toolbar,
    studies = NO_STUDIES,
    tradeMarkers = NO_TRADES,
    tradeSymbols = NO_SYMBOLS,
    className = '',
    compare = NO_POOLS,
    onCompareChange,
    viewActions = false,
  } = props;
  const containerRef = useRef<HTMLDivElement>(null);
  const figureRef = useRef<HTMLElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const queryClient = useQueryClient();
  const tradeCard = useTradeCard(figureRef);
  const { fullscreen, toggle: toggleFullscreen } = useFullscreen(rootRef);
  // What the chart shows and reports goes to its controller as given, with the defaults above.
  const chart = useChartController({
    ...props,
    containerRef,
    figureRef,
    backgroundVar,
    studies,
    compare,
    tradeMarkers,
    scale: props.scale ?? 'linear',
    createDelay: props.createDelay ?? 0,
    onTradeHover: tradeCard.onHover,
  });
  const { snapshot, hover, liveError, decimals, studyLegend, compared } = chart;

  // The legend shows the hovered bar (of this interval), else the last.
  const shown =
    hover && hover.interval === interval
      ? hover
      : { bar: snapshot.last, previousClose: snapshot.previousClose };
  const figures: LegendFigures = {
    bar: shown.bar,
    previousClose: shown.previousClose,
    decimals,
    studies: studies.length > 0 ? studyLegend : [],
  };

  const saveSnapshot = async () => {
    const controller = chart.controller();
    const root = rootRef.current;
    const container = containerRef.current;
    if (!controller || !root || !container) return;
    await saveChartSnapshot({
      controller,
      root,
      container,
      queryClient,
      pair: title ?? shortKey(pool),
      interval,
      tz,
      backgroundVar,
      compared: compared.rows,
      legend: figures,
    });
  };

  const retry = () => chart.controller()?.retry();

  const interrupted = useLiveInterrupted('kline');
  const stale = snapshot.error !== null || liveError !== null || interrupted;
  const label = `${title ? `${title} ` : ''}price chart, ${INTERVAL_LABELS[interval]} ${style === 'candles' ? 'candles' : style}`;
  const oneRow = typeof toolbar === 'function';
  const viewButtons = viewActions ? (
    <ChartViewActions
      fullscreen={fullscreen}
      onFullscreen={toggleFullscreen}
      onSnapshot={() => void saveSnapshot()}
      disabled={snapshot.state === 'loading'}
    />
  ) : null;
  const toolbarRow = useMemo(
    () => (typeof toolbar === 'function' ? toolbar(VIEW_ACTIONS_SLOT) : toolbar),
    [toolbar],
  );

  return (
    <div
      ref={rootRef}
      data-chart-root
      className={clsx('flex min-h-0 flex-col', className)}
      style={fullscreen ? { background: `var(${backgroundVar})` } : undefined}
      onKeyDown={(e) => {
        if (!viewActions || e.key !== 'f' || e.ctrlKey || e.metaKey || e.altKey) return;
        const t = e.target as HTMLElement;
        if (t.closest('input, textarea, select, [contenteditable="true"]')) return;
        e.preventDefault();
        toggleFullscreen();
      }}
    >
      <div
        className={clsx(
          'relative flex min-h-9 items-center justify-between gap-y-1 px-2 py-1',
          oneRow ? 'flex-nowrap gap-x-2 sm:flex-wrap sm:gap-x-3' : 'flex-wrap gap-x-3',
        )}
      >
        <div
          className={clsx(
            'flex min-w-0 items-center gap-1.5',
            oneRow ? 'flex-nowrap sm:flex-wrap' : 'flex-wrap',
          )}
        >
          <ViewActionsContext value={viewButtons}>{toolbarRow}</ViewActionsContext>
        </div>
        <div className="flex shrink-0 items-center gap-2">
          {liveError && (
            <span
              className={clsx('text-2xs text-warn', oneRow && 'hidden sm:inline')}
              title={liveError}
            >
              live updates unavailable
            </span>
          )}
          {snapshot.loadingOlder && (
            <span className={clsx('text-2xs text-muted', oneRow && 'hidden sm:inline')}>
              loading older…
            </span>
          )}
          {snapshot.state !== 'loading' ? (
            <span data-testid="chart-live" className="contents">
              <Freshness
                updatedAt={snapshot.updatedAt}
                stale={stale}
                onRetry={retry}
                compact={oneRow}
              />
            </span>
          ) : (
            // Its room, held while the candles load: the controls above the chart keep their
            // rows, so the chart neither moves nor resizes (and repaints) when the mark appears.
            <span aria-hidden className="invisible whitespace-nowrap text-2xs">
              ● <span className={oneRow ? 'max-[359px]:hidden' : undefined}>live</span>
              {oneRow ? (
                <span className="hidden sm:inline"> · updated just now</span>
              ) : (
                ' · updated just now'
              )}
            </span>
          )}
          {viewActions && (
            // On a phone (a one-row toolbar) they are in its menu instead.
            <span className={oneRow ? 'hidden sm:contents' : 'contents'}>{viewButtons}</span>
          )}
        </div>
      </div>
      {/* `isolate`: the chart library's pane separators (z-index 50) stay inside the chart, under the
          toolbar's panels that open over it. */}
      <figure
        ref={figureRef}
        aria-label={label}
        tabIndex={viewActions ? 0 : undefined}
        className="relative isolate m-0 min-h-0 flex-1"
        data-testid="candle-chart"
        data-state={snapshot.state}
        data-interval={interval}
        data-bars={snapshot.bars}
        data-last={
          snapshot.last
            ? `${snapshot.last.time}:${snapshot.last.close}:${snapshot.last.volume}`
            : ''
        }
      >
        <div ref={containerRef} className="absolute inset-0" />
        <ChartLegends
          title={title}
          figures={figures}
          mainColor={style === 'candles' ? 'var(--text)' : 'var(--accent)'}
          compare={compare}
          compared={compared}
          onCompareChange={onCompareChange}
          tradeMarkers={tradeMarkers}
          tz={tz}
          symbols={tradeSymbols}
        />
        <ChartTradeCard card={tradeCard} tz={tz} symbols={tradeSymbols} />
        <ChartStatus
          snapshot={snapshot}
          interval={interval}
          backgroundVar={backgroundVar}
          onRetry={retry}
        />
      </figure>
    </div>
  );
}
