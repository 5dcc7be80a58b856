'use client';
/**
 * The pool page's candle chart: a React face over the one chart implementation
 * (lib/chart/controller.ts, which the embeddable widget uses too). The controller is created once on
 * mount and disposed on unmount; a change of pool or interval swaps its data feed, not the chart.
 */
import { useQueryClient } from '@tanstack/react-query';
import dynamic from 'next/dynamic';
import { startTransition, useEffect, useRef, useState, type ReactNode } from 'react';
import { unpackCandles, type Candle, type PackedCandle } from '@/lib/features/chart/candles';
import { INITIAL_SNAPSHOT, type FeedSnapshot } from '@/lib/features/chart/feed';
import { INTERVAL_LABELS, type KlineInterval } from '@/lib/features/chart/intervals';
import type { TimeZoneMode } from '@/lib/features/chart/time-format';
import { useLiveInterrupted } from '@/lib/client/hooks/use-stream';
import { fetchCandles } from '@/lib/features/pools/api';
import { poolKey, type PoolRef } from '@/lib/contracts/pool-ref';
import type { ChartStyle } from '@/lib/features/pools/params';
import { formatStudies, type StudySpec } from '@/lib/features/chart/studies';
import { ChartController } from '@/lib/chart/controller';
import type { CompareRow } from '@/lib/chart/compare';
import type { ChangeSince } from '@/lib/features/chart/compare';
import { formatChangePercent } from '@/lib/features/chart/price-format';
import type { ScaleMode } from '@/lib/features/chart/scale';
import { formatCompare } from '@/lib/features/chart/compare';
import { poolQuery } from '@/lib/features/pools/queries';
import type { PoolObject } from '@/lib/contracts/price/schema';
import type { TradeMarkerHover } from '@/lib/chart/trade-markers';
import type { MarkerTrade } from '@/lib/features/pools/my-trades';
import type { StudyLegendEntry } from '@/lib/chart/studies';
import type { TimeRange } from '@/lib/features/chart/time-axis';
import { SKELETON_BARS } from '@/lib/chart/skeleton';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Freshness } from '@/components/ui/freshness';
import { ChartLegend } from './chart-legend';
import { ChartViewActions } from './chart-view-actions';
import { nameOf, shortKey } from './pool-name';
import type { TradeRowSymbols } from './trade-tooltip';

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

export interface CandleChartProps {
  pool: PoolRef;
  interval: KlineInterval;
  style: ChartStyle;
  volume: boolean;
  tz: TimeZoneMode;
  /** changes whenever the colours behind the chart change (theme, widget background) */
  colorKey: string;
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
  onSnapshot?: (snapshot: FeedSnapshot) => void;
  /** end (Unix seconds) of the first history window, when the server preloaded it (lib/features/pools/preload.ts) */
  initialTo?: number;
  /** that first window itself, when the server rendered it into the page (no request for it) */
  initialCandles?: PackedCandle[] | null;
  /** your trades in this pool, as markers on their candles (components/pools/use-my-trades.ts) */
  tradeMarkers?: readonly MarkerTrade[];
  /** the pool's token symbols, for the markers' cards */
  tradeSymbols?: TradeRowSymbols;
  className?: string;
  /** ms to wait before the chart is created: a workspace staggers its charts, none blocks the page */
  createDelay?: number;
  /** the chart's controller once created, null once disposed (charts that follow one another) */
  onController?: (controller: ChartController | null) => void;
  /** the user's crosshair time, null when it leaves (lib/chart/controller.ts, onCrosshairTime) */
  onCrosshairTime?: (time: number | null) => void;
  /** the time range in view changed (lib/chart/controller.ts, onVisibleTimeRange) */
  onVisibleTimeRange?: (range: TimeRange | null) => void;
  /** the price scale (`scale=` in the URL); percent anyway while pools are compared */
  scale?: ScaleMode;
  /** other pools drawn as lines for comparison (`compare=`) */
  compare?: readonly PoolRef[];
  /** a compared pool's × in the legend: the list without it */
  onCompareChange?: (pools: PoolRef[]) => void;
  /** fullscreen and PNG snapshot buttons beside the freshness mark (and `f` for fullscreen) */
  viewActions?: boolean;
}

const NO_STUDIES: readonly StudySpec[] = [];
const NO_POOLS: readonly PoolRef[] = [];
const NO_TRADES: readonly MarkerTrade[] = [];
const NO_SYMBOLS: TradeRowSymbols = { base: '', quote: '' };
/** How long a marker's card stays after the pointer leaves the marker (time to reach the card). */
const CARD_LINGER_MS = 250;

export function CandleChart({
  pool,
  interval,
  style,
  volume,
  tz,
  colorKey,
  backgroundVar = '--panel',
  title,
  toolbar,
  onSnapshot,
  initialTo,
  initialCandles,
  studies = NO_STUDIES,
  tradeMarkers = NO_TRADES,
  tradeSymbols = NO_SYMBOLS,
  className = '',
  createDelay = 0,
  onController,
  onCrosshairTime,
  onVisibleTimeRange,
  scale = 'linear',
  compare = NO_POOLS,
  onCompareChange,
  viewActions = false,
}: CandleChartProps) {
  const { chainType, chainId, address } = pool;
  const containerRef = useRef<HTMLDivElement>(null);
  const figureRef = useRef<HTMLElement>(null);
  const controllerRef = useRef<ChartController | null>(null);
  // The latest props, for the chart when it is created (after the page's hydration, see below).
  const latest = useRef({
    style,
    volume,
    backgroundVar,
    tz,
    pool,
    interval,
    studies,
    scale,
    compare,
    tradeMarkers,
  });
  const rootRef = useRef<HTMLDivElement>(null);
  const queryClient = useQueryClient();
  const onSnapshotRef = useRef(onSnapshot);
  const followRef = useRef({ onController, onCrosshairTime, onVisibleTimeRange });
  // Read once, when the chart is scheduled.
  const delayRef = useRef(createDelay);
  // Only the first feed may use the preloaded (or inlined) window: later ones start from now.
  const first = useRef<{ to?: number; candles: PackedCandle[] | null } | null>({
    to: initialTo,
    candles: initialCandles ?? null,
  });
  const [snapshot, setSnapshot] = useState<FeedSnapshot>(INITIAL_SNAPSHOT);
  const [hover, setHover] = useState<{
    interval: KlineInterval;
    bar: Candle;
    previousClose: number | null;
  } | null>(null);
  const [liveError, setLiveError] = useState<string | null>(null);
  const [decimals, setDecimals] = useState(2);
  const [studyLegend, setStudyLegend] = useState<StudyLegendEntry[]>([]);
  const [compared, setCompared] = useState<{ rows: CompareRow[]; main: ChangeSince | null }>({
    rows: [],
    main: null,
  });
  const [fullscreen, setFullscreen] = useState(false);

  const [tradeHover, setTradeHover] = useState<
    (TradeMarkerHover & { bounds: { width: number; height: number } }) | null
  >(null);
  const cardTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const keepCard = () => {
    if (cardTimer.current) clearTimeout(cardTimer.current);
    cardTimer.current = null;
  };
  const onTradeHover = (hover: TradeMarkerHover | null) => {
    keepCard();
    const figure = figureRef.current;
    if (hover && figure)
      setTradeHover({
        ...hover,
        bounds: { width: figure.clientWidth, height: figure.clientHeight },
      });
    else cardTimer.current = setTimeout(() => setTradeHover(null), CARD_LINGER_MS);
  };
  const onTradeHoverRef = useRef(onTradeHover);

  useEffect(() => {
    onSnapshotRef.current = onSnapshot;
    onTradeHoverRef.current = onTradeHover;
    followRef.current = { onController, onCrosshairTime, onVisibleTimeRange };
    latest.current = {
      style,
      volume,
      backgroundVar,
      tz,
      pool,
      interval,
      studies,
      scale,
      compare,
      tradeMarkers,
    };
  });

  const load = (controller: ChartController, at: { pool: PoolRef; interval: KlineInterval }) => {
    const initial = first.current;
    first.current = null;
    controller.load(
      at.pool,
      at.interval,
      initial?.to,
      initial?.candles ? unpackCandles(initial.candles) : null,
    );
  };

  // The chart: once per mount, in a task of its own right after the one that hydrates the page
  // (creating it and drawing the first window is the heaviest piece of the page's start).
  useEffect(() => {
    const el = containerRef.current;
    if (!el) return;
    let controller: ChartController | null = null;
    const timer = setTimeout(() => {
      const at = latest.current;
      controller = new ChartController({
        container: el,
        figure: figureRef.current,
        style: at.style,
        volume: at.volume,
        tz: at.tz,
        studies: at.studies,
        scale: at.scale,
        backgroundVar: at.backgroundVar,
        fetchHistory: fetchCandles,
        // The chart draws itself; what React shows of it (legend, overlays, freshness) can wait
        // for a free moment, so a burst of candles never blocks the page.
        onSnapshot: (s) => {
          startTransition(() => setSnapshot(s));
          onSnapshotRef.current?.(s);
        },
        onHover: setHover,
        onLiveError: (message) => startTransition(() => setLiveError(message)),
        onDecimals: (decimals) => startTransition(() => setDecimals(decimals)),
        onStudies: (entries) => startTransition(() => setStudyLegend(entries)),
        onCrosshairTime: (time) => followRef.current.onCrosshairTime?.(time),
        onVisibleTimeRange: (range) => followRef.current.onVisibleTimeRange?.(range),
        onCompare: (rows, main) => startTransition(() => setCompared({ rows, main })),
        onTradeHover: (hover) => onTradeHoverRef.current(hover),
      });
      controllerRef.current = controller;
      load(controller, at);
      controller.setCompare(at.compare);
      controller.setTradeMarkers(at.tradeMarkers);
      followRef.current.onController?.(controller);
    }, delayRef.current);
    return () => {
      clearTimeout(timer);
      keepCard();
      if (controller) followRef.current.onController?.(null);
      controller?.dispose();
      controllerRef.current = null;
    };
  }, []);

  useEffect(() => {
    controllerRef.current?.setStyle(style);
  }, [style]);

  useEffect(() => {
    controllerRef.current?.setVolume(volume);
  }, [volume]);

  useEffect(() => {
    controllerRef.current?.setTimeZone(tz);
  }, [tz]);

  useEffect(() => {
    controllerRef.current?.setScale(scale);
  }, [scale]);

  const compareKey = formatCompare(compare);
  useEffect(() => {
    controllerRef.current?.setCompare(latest.current.compare);
  }, [compareKey]);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === rootRef.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void rootRef.current?.requestFullscreen?.().catch(() => undefined);
  };

  /** The chart as a PNG under a strip naming the pair, interval and time (and compared pools). */
  const saveSnapshot = async () => {
    const controller = controllerRef.current;
    const root = rootRef.current;
    const container = containerRef.current;
    if (!controller || !root || !container) return;
    const css = getComputedStyle(root);
    const v = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
    const info = { pair: title ?? shortKey(pool), interval, at: Date.now(), tz };
    const notes = compared.rows.map((r) => {
      const p = queryClient.getQueryData<PoolObject>(poolQuery(r.pool).queryKey);
      const name = p ? nameOf(p) : shortKey(r.pool);
      const pct = r.change?.percent;
      return {
        text: `${name} ${pct === null || pct === undefined ? '—' : formatChangePercent(pct).text}`,
        color: r.color,
      };
    });
    // Its code loads on the first snapshot, not with the page.
    const { composeSnapshot, downloadPng, snapshotFileName, snapshotLegend, snapshotTitle } =
      await import('@/lib/chart/snapshot');
    const canvas = composeSnapshot(
      controller.screenshot(),
      container.clientWidth,
      snapshotTitle(info),
      {
        background: v(backgroundVar, '#10141c'),
        text: v('--text', '#e6e9ef'),
        muted: v('--muted', '#8b93a6'),
        border: v('--border', '#222936'),
        font: css.fontFamily || 'sans-serif',
      },
      notes,
      // The legend as shown (the hovered bar's, else the last), indicators included.
      snapshotLegend(
        hover && hover.interval === interval ? hover.bar : snapshot.last,
        hover && hover.interval === interval ? hover.previousClose : snapshot.previousClose,
        decimals,
        studies.length > 0 ? studyLegend : [],
      ),
    );
    await downloadPng(canvas, snapshotFileName(info));
  };

  const studiesKey = formatStudies(studies);
  useEffect(() => {
    controllerRef.current?.setStudies(latest.current.studies);
  }, [studiesKey]);

  useEffect(() => {
    controllerRef.current?.setTradeMarkers(tradeMarkers);
  }, [tradeMarkers]);

  useEffect(() => {
    const apply = () => controllerRef.current?.applyColors();
    apply();
    // The app's theme lands on <html> in an effect of its own, which may run after this one.
    const frame = requestAnimationFrame(apply);
    return () => cancelAnimationFrame(frame);
  }, [colorKey, backgroundVar]);

  // The data: one feed per pool and interval (the first one starts when the chart is created).
  useEffect(() => {
    const controller = controllerRef.current;
    if (!controller || first.current) return;
    load(controller, { pool: { chainType, chainId, address }, interval });
  }, [chainType, chainId, address, interval]);

  const retry = () => controllerRef.current?.retry();

  const shown =
    hover && hover.interval === interval
      ? hover
      : { bar: snapshot.last, previousClose: snapshot.previousClose };
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

  return (
    <div
      ref={rootRef}
      data-chart-root
      className={`flex min-h-0 flex-col ${className}`}
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
        className={`relative flex min-h-9 items-center justify-between gap-y-1 px-2 py-1 ${oneRow ? 'flex-nowrap gap-x-2 sm:flex-wrap sm:gap-x-3' : 'flex-wrap gap-x-3'}`}
      >
        <div
          className={`flex min-w-0 items-center gap-1.5 ${oneRow ? 'flex-nowrap sm:flex-wrap' : 'flex-wrap'}`}
        >
          {typeof toolbar === 'function' ? toolbar(viewButtons) : toolbar}
        </div>
        <div className="flex shrink-0 items-center gap-2">
          {liveError && (
            <span
              className={`text-2xs text-warn ${oneRow ? 'hidden sm:inline' : ''}`}
              title={liveError}
            >
              live updates unavailable
            </span>
          )}
          {snapshot.loadingOlder && (
            <span className={`text-2xs text-muted ${oneRow ? 'hidden sm:inline' : ''}`}>
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
        <div className="pointer-events-none absolute left-2 top-1.5 z-10 max-w-[calc(100%-70px)]">
          <ChartLegend
            title={title}
            bar={shown.bar}
            previousClose={shown.previousClose}
            decimals={decimals}
            studies={studies.length > 0 ? studyLegend : undefined}
          />
          {compare.length > 0 && (
            <CompareLegend
              title={title}
              mainColor={style === 'candles' ? 'var(--text)' : 'var(--accent)'}
              main={compared.main}
              rows={compared.rows}
              onRemove={
                onCompareChange
                  ? (p) => onCompareChange(compare.filter((c) => poolKey(c) !== poolKey(p)))
                  : undefined
              }
            />
          )}
          {tradeMarkers.length > 0 && (
            <MyTradesList trades={tradeMarkers} tz={tz} symbols={tradeSymbols} />
          )}
        </div>
        {tradeHover && (
          <TradeTooltip
            bucket={tradeHover.bucket}
            x={tradeHover.x}
            y={tradeHover.y}
            bounds={tradeHover.bounds}
            tz={tz}
            symbols={tradeSymbols}
            onPointerEnter={keepCard}
            onPointerLeave={() => setTradeHover(null)}
          />
        )}
        {snapshot.state === 'loading' && (
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
        )}
        {snapshot.state === 'error' && (
          <div className="absolute inset-0 z-20 grid place-items-center">
            <EmptyState
              tone="error"
              title="The candles could not be loaded."
              action={
                <Button onClick={retry} size="sm">
                  Retry
                </Button>
              }
            >
              {snapshot.error}
            </EmptyState>
          </div>
        )}
        {snapshot.state === 'empty' && (
          <div className="absolute inset-0 z-20 grid place-items-center">
            <EmptyState title={`No ${INTERVAL_LABELS[interval]} candles for this pool yet.`}>
              New candles appear here as the pool trades; a longer interval may already have some.
            </EmptyState>
          </div>
        )}
      </figure>
    </div>
  );
}
