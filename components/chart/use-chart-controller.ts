'use client';
/**
 * The chart's controller (lib/chart/draw/controller.ts) wired to React: created once per mount, after the
 * page's hydration, with the props of that moment (read through effect events, not mirrored refs);
 * each later prop change goes to it by one setter; what it reports back is state for the overlays.
 */
import {
  startTransition,
  useEffect,
  useEffectEvent,
  useRef,
  useState,
  type RefObject,
} from 'react';
import { unpackCandles, type PackedCandle } from '@/lib/chart/rules/candles';
import { INITIAL_SNAPSHOT, type FeedSnapshot } from '@/lib/chart/rules/feed';
import type { KlineInterval } from '@/lib/chart/rules/intervals';
import type { TimeZoneMode } from '@/lib/chart/rules/time-format';
import { fetchCandles } from '@/lib/features/pools/api';
import { whenPainted } from '@/lib/client/first-paint';
import type { PoolRef } from '@/lib/contracts/pool-ref';
import type { ChartStyle } from '@/lib/features/pools/params';
import { formatStudies, type StudySpec } from '@/lib/chart/rules/studies';
import type { ChartController } from '@/lib/chart/draw/controller';
import type { ChartHover } from '@/lib/chart/draw/controller-options';
import type { CompareRow } from '@/lib/chart/draw/compare-series';
import type { ChangeSince } from '@/lib/chart/rules/compare';
import { formatCompare } from '@/lib/chart/rules/compare';
import type { ScaleMode } from '@/lib/chart/rules/scale';
import type { TradeMarkerHover } from '@/lib/chart/draw/trade-markers';
import type { MarkerTrade } from '@/lib/features/pools/my-trades';
import type { StudyLegendEntry } from '@/lib/chart/draw/study-series';
import type { TimeRange } from '@/lib/chart/rules/time-axis';

/** What a chart shows and reports, the same for CandleChart's props and its controller's. */
export interface ChartCoreProps {
  pool: PoolRef;
  interval: KlineInterval;
  style: ChartStyle;
  volume: boolean;
  tz: TimeZoneMode;
  /** changes whenever the colours behind the chart change (theme, widget background) */
  colorKey: string;
  /** end (Unix seconds) of the first history window, when the server preloaded it (lib/features/pools/preload.ts) */
  initialTo?: number;
  /** that first window itself, when the server rendered it into the page (no request for it) */
  initialCandles?: PackedCandle[] | null;
  onSnapshot?: (snapshot: FeedSnapshot) => void;
  /** the chart's controller once created, null once disposed (charts that follow one another) */
  onController?: (controller: ChartController | null) => void;
  /** the user's crosshair time, null when it leaves (lib/chart/draw/controller.ts, onCrosshairTime) */
  onCrosshairTime?: (time: number | null) => void;
  /** the time range in view changed (lib/chart/draw/controller.ts, onVisibleTimeRange) */
  onVisibleTimeRange?: (range: TimeRange | null) => void;
}

export interface ChartControllerProps extends ChartCoreProps {
  containerRef: RefObject<HTMLDivElement | null>;
  figureRef: RefObject<HTMLElement | null>;
  backgroundVar: string;
  studies: readonly StudySpec[];
  scale: ScaleMode;
  compare: readonly PoolRef[];
  tradeMarkers: readonly MarkerTrade[];
  createDelay: number;
  onTradeHover: (hover: TradeMarkerHover | null) => void;
}

export interface ChartControllerState {
  /** the controller once created (for event handlers: retry, snapshot), null before and after */
  controller: () => ChartController | null;
  snapshot: FeedSnapshot;
  hover: ChartHover | null;
  liveError: string | null;
  decimals: number;
  studyLegend: StudyLegendEntry[];
  compared: { rows: CompareRow[]; main: ChangeSince | null };
}

/**
 * One prop handed to the live chart by its setter whenever it changes (`key`, by default the value
 * itself); the chart's creation reads the first value.
 */
function useSetting<T>(
  controller: RefObject<ChartController | null>,
  value: T,
  set: (chart: ChartController, value: T) => void,
  key: unknown = value,
) {
  const apply = useEffectEvent(() => {
    if (controller.current) set(controller.current, value);
  });
  useEffect(() => {
    apply();
  }, [key]);
}

type ControllerClass = typeof ChartController;
const loadController = (): Promise<ControllerClass> =>
  import('@/lib/chart/draw/controller').then((m) => m.ChartController);
const loadCompare = () => import('@/lib/chart/draw/compare-series').then((m) => m.ChartCompare);

export function useChartController(props: ChartControllerProps): ChartControllerState {
  const { containerRef, figureRef, pool, interval, style, volume, tz, scale, tradeMarkers } = props;
  const { chainType, chainId, address } = pool;
  const controllerRef = useRef<ChartController | null>(null);
  // Only the first feed may use the preloaded (or inlined) window: later ones start from now.
  const first = useRef<{ to?: number; candles: PackedCandle[] | null } | null>({
    to: props.initialTo,
    candles: props.initialCandles ?? null,
  });
  const [snapshot, setSnapshot] = useState<FeedSnapshot>(INITIAL_SNAPSHOT);
  const [hover, setHover] = useState<ChartHover | null>(null);
  const [liveError, setLiveError] = useState<string | null>(null);
  const [decimals, setDecimals] = useState(2);
  const [studyLegend, setStudyLegend] = useState<StudyLegendEntry[]>([]);
  const [compared, setCompared] = useState<ChartControllerState['compared']>({
    rows: [],
    main: null,
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

  // The owner's callbacks as they are when the chart calls them.
  const snapshotChanged = useEffectEvent((s: FeedSnapshot) => props.onSnapshot?.(s));
  const crosshairMoved = useEffectEvent((time: number | null) => props.onCrosshairTime?.(time));
  const rangeChanged = useEffectEvent((range: TimeRange | null) =>
    props.onVisibleTimeRange?.(range),
  );
  const tradeHovered = useEffectEvent((h: TradeMarkerHover | null) => props.onTradeHover(h));
  const controllerChanged = useEffectEvent((c: ChartController | null) => props.onController?.(c));
  // Read once, when the chart is scheduled.
  const createDelay = useEffectEvent(() => props.createDelay);

  /** The chart with the props of the moment it is created. */
  const create = useEffectEvent(
    (container: HTMLElement, Controller: ControllerClass): ChartController => {
      const controller = new Controller({
        container,
        figure: figureRef.current,
        style,
        volume,
        tz,
        studies: props.studies,
        scale,
        backgroundVar: props.backgroundVar,
        fetchHistory: fetchCandles,
        loadCompare,
        // The chart draws itself; what React shows of it (legend, overlays, freshness) can wait
        // for a free moment, so a burst of candles never blocks the page.
        onSnapshot: (s) => {
          startTransition(() => setSnapshot(s));
          snapshotChanged(s);
        },
        onHover: setHover,
        onLiveError: (message) => startTransition(() => setLiveError(message)),
        onDecimals: (d) => startTransition(() => setDecimals(d)),
        onStudies: (entries) => startTransition(() => setStudyLegend(entries)),
        onCrosshairTime: (time) => crosshairMoved(time),
        onVisibleTimeRange: (range) => rangeChanged(range),
        onCompare: (rows, main) => startTransition(() => setCompared({ rows, main })),
        onTradeHover: (h) => tradeHovered(h),
      });
      controllerRef.current = controller;
      load(controller, { pool, interval });
      controller.setCompare(props.compare);
      controller.setTradeMarkers(tradeMarkers);
      controllerChanged(controller);
      return controller;
    },
  );

  // The chart: once per mount, in a task of its own right after the one that hydrates the page
  // (creating it and drawing the first window is the heaviest piece of the page's start), and only
  // once it comes within a quarter of a screen of the viewport: on a phone the workspace makes the
  // charts of its first two cells (the second's header, whose price is its chart's last close, is
  // on the first screen) and the lower ones as they are scrolled to. Its code (the controller and
  // the chart library, ~60 KB compressed) is fetched from here, beside that delay: not a script of
  // the page's first paint. Asked for in a task of its own too: the bundler's loader adds the
  // script elements, a few milliseconds the effects that follow hydration need not carry.
  useEffect(() => {
    const el = containerRef.current;
    if (!el) return;
    let controller: ChartController | null = null;
    let gone = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Fetched once the page's first frame is shown (at once on a page opened from another), so
    // that a late first paint never waits on the chart's code.
    let fetchCode: ReturnType<typeof setTimeout> | undefined;
    const stopWaiting = whenPainted(() => {
      fetchCode = setTimeout(() => void loadController().catch(() => undefined), 0);
    });
    const start = () => {
      timer = setTimeout(() => {
        // The same download as above (the bundler keeps one per module).
        loadController().then(
          (Controller) => {
            // In a task of its own: when the code has only just arrived, the library's evaluation
            // is a task already (one long task on a phone if the chart were made inside it).
            timer = setTimeout(() => {
              if (!gone) controller = create(el, Controller);
            }, 0);
          },
          () => {
            if (!gone) setLiveError('The chart could not be loaded: reload the page.');
          },
        );
      }, createDelay());
    };
    const near =
      typeof IntersectionObserver === 'function'
        ? new IntersectionObserver(
            (entries) => {
              if (!entries.some((e) => e.isIntersecting)) return;
              near?.disconnect();
              start();
            },
            { rootMargin: '25% 0px' },
          )
        : null;
    if (near) near.observe(el);
    else start();
    return () => {
      gone = true;
      near?.disconnect();
      stopWaiting();
      clearTimeout(fetchCode);
      clearTimeout(timer);
      if (controller) controllerChanged(null);
      controller?.dispose();
      controllerRef.current = null;
    };
  }, [containerRef]);

  useSetting(controllerRef, style, (c, v) => c.setStyle(v));
  useSetting(controllerRef, volume, (c, v) => c.setVolume(v));
  useSetting(controllerRef, tz, (c, v) => c.setTimeZone(v));
  useSetting(controllerRef, scale, (c, v) => c.setScale(v));
  // A new array with the same pools (or studies) is no change: keyed by their URL form.
  useSetting(controllerRef, props.compare, (c, v) => c.setCompare(v), formatCompare(props.compare));
  useSetting(controllerRef, props.studies, (c, v) => c.setStudies(v), formatStudies(props.studies));
  useSetting(controllerRef, tradeMarkers, (c, v) => c.setTradeMarkers(v));

  useEffect(() => {
    const apply = () => controllerRef.current?.applyColors();
    apply();
    // The app's theme lands on <html> in an effect of its own, which may run after this one.
    const frame = requestAnimationFrame(apply);
    return () => cancelAnimationFrame(frame);
  }, [props.colorKey, props.backgroundVar]);

  // The data: one feed per pool and interval (the first one starts when the chart is created).
  useEffect(() => {
    const controller = controllerRef.current;
    if (!controller || first.current) return;
    load(controller, { pool: { chainType, chainId, address }, interval });
  }, [chainType, chainId, address, interval]);

  return {
    controller: () => controllerRef.current,
    snapshot,
    hover,
    liveError,
    decimals,
    studyLegend,
    compared,
  };
}
