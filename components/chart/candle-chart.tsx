'use client';
/**
 * The pool page's candle chart: a React face over the one chart implementation
 * (lib/chart/controller.ts, which the embeddable widget uses too). The controller is created once on
 * mount and disposed on unmount; a change of pool or interval swaps its data feed, not the chart.
 */
import { startTransition, useEffect, useRef, useState, type ReactNode } from 'react';
import { unpackCandles, type Candle, type PackedCandle } from '@/lib/features/chart/candles';
import { INITIAL_SNAPSHOT, type FeedSnapshot } from '@/lib/features/chart/feed';
import { INTERVAL_LABELS, type KlineInterval } from '@/lib/features/chart/intervals';
import type { TimeZoneMode } from '@/lib/features/chart/time-format';
import { useLiveInterrupted } from '@/lib/client/hooks/use-stream';
import { fetchCandles } from '@/lib/features/pools/api';
import type { PoolRef } from '@/lib/contracts/pool-ref';
import type { ChartStyle } from '@/lib/features/pools/params';
import { formatStudies, type StudySpec } from '@/lib/features/chart/studies';
import { ChartController } from '@/lib/chart/controller';
import type { StudyLegendEntry } from '@/lib/chart/studies';
import { SKELETON_BARS } from '@/lib/chart/skeleton';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Freshness } from '@/components/ui/freshness';
import { ChartLegend } from './chart-legend';

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
  /** controls shown above the chart, left of the freshness mark */
  toolbar?: ReactNode;
  onSnapshot?: (snapshot: FeedSnapshot) => void;
  /** end (Unix seconds) of the first history window, when the server preloaded it (lib/features/pools/preload.ts) */
  initialTo?: number;
  /** that first window itself, when the server rendered it into the page (no request for it) */
  initialCandles?: PackedCandle[] | null;
  /** the chart's controller once created, null when it goes (for layers such as price lines) */
  onController?: (controller: ChartController | null) => void;
  className?: string;
}

const NO_STUDIES: readonly StudySpec[] = [];

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
  onController,
  className = '',
}: CandleChartProps) {
  const { chainType, chainId, address } = pool;
  const containerRef = useRef<HTMLDivElement>(null);
  const figureRef = useRef<HTMLElement>(null);
  const controllerRef = useRef<ChartController | null>(null);
  // The latest props, for the chart when it is created (after the page's hydration, see below).
  const latest = useRef({ style, volume, backgroundVar, tz, pool, interval, studies });
  const onSnapshotRef = useRef(onSnapshot);
  const onControllerRef = useRef(onController);
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

  useEffect(() => {
    onSnapshotRef.current = onSnapshot;
    onControllerRef.current = onController;
    latest.current = { style, volume, backgroundVar, tz, pool, interval, studies };
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
      });
      controllerRef.current = controller;
      load(controller, at);
      onControllerRef.current?.(controller);
    }, 0);
    return () => {
      clearTimeout(timer);
      if (controller) onControllerRef.current?.(null);
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

  const studiesKey = formatStudies(studies);
  useEffect(() => {
    controllerRef.current?.setStudies(latest.current.studies);
  }, [studiesKey]);

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
          {snapshot.state !== 'loading' ? (
            <span data-testid="chart-live" className="contents">
              <Freshness updatedAt={snapshot.updatedAt} stale={stale} onRetry={retry} />
            </span>
          ) : (
            // Its room, held while the candles load: the controls above the chart keep their
            // rows, so the chart neither moves nor resizes (and repaints) when the mark appears.
            <span aria-hidden className="invisible whitespace-nowrap text-2xs">
              ● live · updated just now
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
            studies={studies.length > 0 ? studyLegend : undefined}
          />
        </div>
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
