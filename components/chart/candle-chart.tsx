'use client';
/**
 * The one candle chart of the app, used by the pool page and the embeddable widget. The chart is
 * created once on mount and removed on unmount; a change of pool or interval swaps the data feed,
 * not the chart, so switching many times leaks nothing. Sizing follows the container (autoSize,
 * a ResizeObserver inside the library).
 */
import {
  createChart,
  type IChartApi,
  type Logical,
  type LogicalRange,
  type MouseEventParams,
} from 'lightweight-charts';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { Candle } from '@/lib/features/chart/candles';
import {
  CandleFeed,
  findBarIndex,
  type CandleSink,
  type FeedSnapshot,
} from '@/lib/features/chart/feed';
import {
  INTERVAL_LABELS,
  INTERVAL_SECONDS,
  type KlineInterval,
} from '@/lib/features/chart/intervals';
import { formatBarTime, formatTickMark, type TimeZoneMode } from '@/lib/features/chart/time-format';
import { BAR_SPACING, RIGHT_OFFSET, fewBarsRange } from '@/lib/features/chart/view';
import { useLiveInterrupted, useOhlcvStream } from '@/lib/client/hooks/use-stream';
import { fetchCandles } from '@/lib/features/pools/api';
import type { PoolRef } from '@/lib/contracts/pool-ref';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Freshness } from '@/components/ui/freshness';
import { benchHook, nextFrame } from './bench-hook';
import { ChartLegend } from './chart-legend';
import { ChartSeries, type ChartStyle } from './chart-series';
import { baseOptions, readColors, themeOptions } from './chart-theme';

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
  /** shown in the legend, e.g. `WETH/USDC` */
  title?: string;
  /** controls shown above the chart, left of the freshness mark */
  toolbar?: ReactNode;
  onSnapshot?: (snapshot: FeedSnapshot) => void;
  /** end (Unix seconds) of the first history window, when the server preloaded it (see preloadFirstCandles) */
  initialTo?: number;
  className?: string;
}

const INITIAL: FeedSnapshot = {
  state: 'loading',
  error: null,
  bars: 0,
  last: null,
  previousClose: null,
  updatedAt: null,
  loadingOlder: false,
  exhausted: false,
};

/** Load older history when fewer than this many bars remain left of the view. */
const LOAD_OLDER_MARGIN = 30;

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
  className = '',
}: CandleChartProps) {
  const { chainType, chainId, address } = pool;
  const containerRef = useRef<HTMLDivElement>(null);
  const figureRef = useRef<HTMLElement>(null);
  const chartRef = useRef<IChartApi | null>(null);
  const seriesRef = useRef<ChartSeries | null>(null);
  const feedRef = useRef<CandleFeed | null>(null);
  const created = useRef({ style, volume, backgroundVar });
  const onSnapshotRef = useRef(onSnapshot);
  // Only the first feed may use the preloaded window: later ones (another interval) start from now.
  const preloadedTo = useRef(initialTo);
  const [snapshot, setSnapshot] = useState<FeedSnapshot>(INITIAL);
  const [hover, setHover] = useState<{
    interval: KlineInterval;
    bar: Candle;
    previousClose: number | null;
  } | null>(null);
  const [liveError, setLiveError] = useState<string | null>(null);
  const [decimals, setDecimals] = useState(2);

  useEffect(() => {
    onSnapshotRef.current = onSnapshot;
  });

  // The chart: once per mount.
  useEffect(() => {
    const el = containerRef.current;
    if (!el) return;
    const colors = readColors(el, created.current.backgroundVar);
    const chart = createChart(el, baseOptions(colors));
    const series = new ChartSeries(
      chart,
      created.current.style,
      colors,
      created.current.volume,
      () => feedRef.current?.getBars() ?? [],
    );
    chartRef.current = chart;
    seriesRef.current = series;

    const onCrosshair = (param: MouseEventParams) => {
      const feed = feedRef.current;
      if (!feed || typeof param.time !== 'number') {
        setHover(null);
        return;
      }
      const bars = feed.getBars();
      const i = findBarIndex(bars, param.time);
      const bar = bars[i];
      setHover(
        bar ? { interval: feed.interval, bar, previousClose: bars[i - 1]?.close ?? null } : null,
      );
    };
    const onRange = (range: LogicalRange | null) => {
      if (range && range.from < LOAD_OLDER_MARGIN) void feedRef.current?.loadOlder();
      markExtent(chart, feedRef.current?.getBars().length ?? 0, figureRef.current);
    };
    chart.subscribeCrosshairMove(onCrosshair);
    chart.timeScale().subscribeVisibleLogicalRangeChange(onRange);

    const bench = benchHook();
    if (bench) {
      bench.setData = async (bars) => {
        const t0 = performance.now();
        series.setData(bars);
        const t1 = performance.now();
        return { setDataMs: t1 - t0, paintedMs: (await nextFrame()) - t0 };
      };
    }

    return () => {
      chart.unsubscribeCrosshairMove(onCrosshair);
      chart.timeScale().unsubscribeVisibleLogicalRangeChange(onRange);
      chart.remove();
      chartRef.current = null;
      seriesRef.current = null;
    };
  }, []);

  useEffect(() => {
    seriesRef.current?.setStyle(style);
  }, [style]);

  useEffect(() => {
    seriesRef.current?.setVolume(volume);
  }, [volume]);

  useEffect(() => {
    const seconds = INTERVAL_SECONDS[interval];
    chartRef.current?.applyOptions({
      localization: {
        timeFormatter: (time: unknown) =>
          typeof time === 'number' ? formatBarTime(time, interval, tz) : '',
      },
      timeScale: {
        timeVisible: seconds < 86_400,
        secondsVisible: seconds < 60,
        tickMarkFormatter: (time: unknown, type: number) =>
          typeof time === 'number' ? formatTickMark(time, type, tz) : null,
      },
    });
  }, [interval, tz]);

  useEffect(() => {
    const apply = () => {
      const el = containerRef.current;
      if (!el) return;
      const colors = readColors(el, backgroundVar);
      chartRef.current?.applyOptions(themeOptions(colors));
      seriesRef.current?.setColors(colors);
    };
    apply();
    // The app's theme lands on <html> in an effect of its own, which may run after this one.
    const frame = requestAnimationFrame(apply);
    return () => cancelAnimationFrame(frame);
  }, [colorKey, backgroundVar]);

  // The data: one feed per pool and interval.
  useEffect(() => {
    const chart = chartRef.current;
    const series = seriesRef.current;
    if (!chart || !series) return;
    const ref: PoolRef = { chainType, chainId, address };
    let first = true;
    const sink: CandleSink = {
      setData(bars) {
        series.setData(bars);
        setDecimals(series.priceDecimals);
        if (first && bars.length > 0) {
          first = false;
          const scale = chart.timeScale();
          const few = fewBarsRange(
            bars.length,
            scale.width() || (containerRef.current?.clientWidth ?? 0),
          );
          scale.applyOptions({ barSpacing: BAR_SPACING, rightOffset: RIGHT_OFFSET });
          if (few) scale.setVisibleLogicalRange(few);
          else scale.scrollToRealTime();
          const bench = benchHook();
          if (bench && bench.firstCandleAt === undefined)
            void nextFrame().then((t) => (bench.firstCandleAt = t));
        }
      },
      update(bar, historical) {
        series.update(bar, historical);
        setDecimals(series.priceDecimals);
      },
    };
    series.setData([]);
    const feed = new CandleFeed(
      interval,
      (window, signal) => fetchCandles(ref, interval, window, signal),
      sink,
      (s) => {
        setSnapshot(s);
        onSnapshotRef.current?.(s);
      },
    );
    feedRef.current = feed;
    void feed.load(preloadedTo.current);
    preloadedTo.current = undefined;
    return () => {
      feed.dispose();
      if (feedRef.current === feed) feedRef.current = null;
    };
  }, [chainType, chainId, address, interval]);

  useOhlcvStream(pool, interval, (message) => {
    const feed = feedRef.current;
    if (!feed || feed.interval !== interval) return;
    if (message.kind === 'event') {
      if (message.data.interval !== interval) return;
      const bench = benchHook();
      const t0 = bench ? performance.now() : 0;
      feed.push(message.data);
      if (bench) bench.updates.push(performance.now() - t0);
      setLiveError(null);
    } else if (message.kind === 'reconnected') {
      void feed.refill();
    } else {
      setLiveError(message.message);
    }
  });

  const retry = () => {
    const feed = feedRef.current;
    if (!feed) return;
    void (feed.getSnapshot().bars > 0 ? feed.refill() : feed.load());
  };

  const shown =
    hover && hover.interval === interval
      ? hover
      : { bar: snapshot.last, previousClose: snapshot.previousClose };
  const interrupted = useLiveInterrupted('kline');
  const stale = snapshot.error !== null || liveError !== null || interrupted;
  const label = `${title ? `${title} ` : ''}price chart, ${INTERVAL_LABELS[interval]} ${style === 'candles' ? 'candles' : style}`;

  return (
    <div className={`flex min-h-0 flex-col ${className}`}>
      <div className="flex min-h-9 flex-wrap items-center justify-between gap-x-3 gap-y-1 px-2 py-1">
        <div className="flex min-w-0 flex-wrap items-center gap-1.5">{toolbar}</div>
        <div className="flex items-center gap-2">
          {liveError && (
            <span className="text-2xs text-warn" title={liveError}>
              live updates unavailable
            </span>
          )}
          {snapshot.loadingOlder && <span className="text-2xs text-muted">loading older…</span>}
          {snapshot.state !== 'loading' && (
            <span data-testid="chart-live" className="contents">
              <Freshness updatedAt={snapshot.updatedAt} stale={stale} onRetry={retry} />
            </span>
          )}
        </div>
      </div>
      <figure
        ref={figureRef}
        aria-label={label}
        className="relative m-0 min-h-0 flex-1"
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
          />
        </div>
        {snapshot.state === 'loading' && (
          <div
            className="absolute inset-0 z-20 flex items-end gap-[3px] overflow-hidden px-3 pb-8 pt-10"
            style={{ background: `var(${backgroundVar})` }}
            aria-hidden
          >
            {SKELETON_BARS.map((h, i) => (
              <span key={i} className="skeleton flex-1 opacity-60" style={{ height: `${h}%` }} />
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

/**
 * Where the bars lie across the pane, as fractions of its width (`0.12:0.88`), on the figure's
 * `data-extent`: what a user sees of the view, for tests, written without a re-render.
 */
function markExtent(chart: IChartApi, bars: number, figure: HTMLElement | null) {
  if (!figure) return;
  const scale = chart.timeScale();
  const width = scale.width();
  const first = scale.logicalToCoordinate(0 as Logical);
  const last = scale.logicalToCoordinate((bars - 1) as Logical);
  figure.dataset.extent =
    bars > 0 && width > 0 && first !== null && last !== null
      ? `${(first / width).toFixed(3)}:${(last / width).toFixed(3)}`
      : '';
}

/** Heights of the loading skeleton's bars: a calm, chart-like silhouette. */
const SKELETON_BARS = Array.from(
  { length: 48 },
  (_, i) => 30 + Math.round(18 * Math.sin(i / 5) + 10 * Math.sin(i / 1.7)),
);
