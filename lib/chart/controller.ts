/**
 * The one candle chart of the app, free of any framework: the pool page wraps it in React
 * (components/chart/candle-chart.tsx) and the embeddable widget drives it from plain DOM code
 * (lib/embed/widget.ts). The chart is created once and removed by `dispose()`; a change of pool or
 * interval swaps the data feed and its stream topic, not the chart, so switching many times leaks
 * nothing. Sizing follows the container (autoSize, a ResizeObserver inside the library).
 */
import {
  PriceScaleMode,
  createChartEx,
  type IChartApi,
  type ISeriesApi,
  type SeriesType,
  type Logical,
  type LogicalRange,
  type MouseEventParams,
  type UTCTimestamp,
} from 'lightweight-charts';
import type { Candle, RawCandle } from '../features/chart/candles';
import {
  CandleFeed,
  INITIAL_SNAPSHOT,
  findBarIndex,
  type CandleSink,
  type FeedSnapshot,
} from '../features/chart/feed';
import {
  INTERVAL_SECONDS,
  type HistoryWindow,
  type KlineInterval,
} from '../features/chart/intervals';
import { formatBarTime, formatTickMark, type TimeZoneMode } from '../features/chart/time-format';
import { BAR_SPACING, RIGHT_OFFSET, fewBarsRange } from '../features/chart/view';
import {
  barIndexAt,
  logicalToTime,
  timeToLogical,
  type TimeRange,
} from '../features/chart/time-axis';
import { streamClient, type StreamMessage } from '../client/stream';
import { topicKey } from '../contracts/stream/topics';
import type { PoolRef } from '../contracts/pool-ref';
import type { ChartStyle } from '../features/pools/params';
import { attachBench, markFirstCandle, timePush } from './bench-hook';
import { formatStudies, type StudySpec } from '../features/chart/studies';
import type { StudyLegendEntry } from './studies';
import type { MarkerTrade } from '../features/pools/my-trades';
import { TradeMarkerLayer, type TradeMarkerHover } from './trade-markers';
import { ChartSeries } from './series';
import { baseOptions, readColors, themeOptions } from './theme';
import { effectiveScale, type ScaleMode } from '../features/chart/scale';
import { changeSince, type ChangeSince } from '../features/chart/compare';
import { ChartCompare, type CompareRow } from './compare';
import { ZonedTimeScale, reweigh } from './zoned-time-scale';

type FetchHistory = (
  pool: PoolRef,
  interval: KlineInterval,
  window: HistoryWindow,
  signal: AbortSignal,
) => Promise<readonly RawCandle[]>;

export interface ChartHover {
  interval: KlineInterval;
  bar: Candle;
  previousClose: number | null;
}

export interface ChartControllerOptions {
  /** the element the library draws into (absolutely filling the figure) */
  container: HTMLElement;
  /** gets `data-extent` (where the bars lie across the pane), for tests */
  figure?: HTMLElement | null;
  style: ChartStyle;
  volume: boolean;
  tz: TimeZoneMode;
  /** indicators drawn on the chart (lib/chart/studies.ts) */
  studies?: readonly StudySpec[];
  /** the CSS variable the chart's background reads: --panel in the app, --bg in the widget */
  backgroundVar?: string;
  fetchHistory: FetchHistory;
  onSnapshot?: (snapshot: FeedSnapshot, interval: KlineInterval) => void;
  onHover?: (hover: ChartHover | null) => void;
  /** a live-update refusal from the stream (null once pushes arrive again) */
  onLiveError?: (message: string | null) => void;
  /** the price decimals changed (the legend follows the price scale) */
  onDecimals?: (decimals: number) => void;
  /** the indicators' values at the hovered bar (the last one otherwise) changed */
  onStudies?: (entries: StudyLegendEntry[]) => void;
  /**
   * The user moved the crosshair: the time under the pointer (Unix seconds, within its bar), null
   * when it left the chart. For charts that follow this one (lib/chart/sync.ts).
   */
  onCrosshairTime?: (time: number | null) => void;
  /** The visible time range changed (scroll, zoom, new bars), for charts that follow this one. */
  onVisibleTimeRange?: (range: TimeRange | null) => void;
  /** the price scale (a comparison shows percent whatever this says) */
  scale?: ScaleMode;
  /**
   * The compared pools' rows and the main pool's change since the first visible bar (the hovered
   * bar's, or the last) changed; rows are empty when nothing is compared.
   */
  onCompare?: (rows: CompareRow[], main: ChangeSince | null) => void;
  /** the pointer went on (or off: null) one of your trades' markers (setTradeMarkers) */
  onTradeHover?: (hover: TradeMarkerHover | null) => void;
}

const SCALE_MODE: Record<ScaleMode, PriceScaleMode> = {
  linear: PriceScaleMode.Normal,
  log: PriceScaleMode.Logarithmic,
  pct: PriceScaleMode.Percentage,
};
const MODE_NAME: Record<number, string> = { 0: 'linear', 1: 'log', 2: 'pct', 3: 'indexed' };
/** What a layer drawn over the chart (price lines: lib/chart/price-lines.ts) works with. */
export interface LayerContext {
  chart: IChartApi;
  /** the price series, in the first pane */
  series: ISeriesApi<SeriesType>;
  container: HTMLElement;
  bars: () => readonly Candle[];
}

/**
 * Something drawn over the chart by its owner, not by the controller: the widget has none, so
 * their code stays out of its bundle.
 */
export interface ChartLayer {
  /** the price series is new (first attach, or a change of style): draw on this one */
  attach(context: LayerContext): void;
  /** history was drawn (a load or a new interval) */
  onData?(): void;
  detach(): void;
}

/** Load older history when fewer than this many bars remain left of the view. */
const LOAD_OLDER_MARGIN = 30;

export class ChartController {
  private readonly chart: IChartApi;
  private readonly series: ChartSeries;
  private feed: CandleFeed | null = null;
  private unsubscribe: (() => void) | null = null;
  private tz: TimeZoneMode;
  /** the time axis, its tick marks weighed in `tz` */
  private readonly timeScale: ZonedTimeScale;
  private current: KlineInterval | null = null;
  private readonly backgroundVar: string;
  /** the colours last applied, serialised */
  private colorKey: string;
  private disposed = false;
  /** time of the bar under the crosshair, null when none */
  private hoverTime: number | null = null;
  /** the legend was last told of some indicators */
  private studiesShown = false;
  /** the user's own crosshair is on this chart (not one set from outside) */
  private pointerCrosshair = false;
  private scale: ScaleMode;
  /** other pools drawn for comparison, created with the first one */
  private compare: ChartCompare | null = null;
  /** your trades' markers, made with the first trades */
  private markers: TradeMarkerLayer | null = null;
  /** id of the marker under the pointer, to tell the tooltip only of changes */
  private hoveredMarker: string | null = null;
  /** a frame is booked to list the markers on the figure */
  private markersFrame = 0;
  private readonly layers = new Set<ChartLayer>();
  /** the latest tick labels asked for (markTick) */
  private readonly ticks: string[] = [];

  constructor(private readonly options: ChartControllerOptions) {
    const { container } = options;
    this.backgroundVar = options.backgroundVar ?? '--panel';
    this.tz = options.tz;
    const colors = readColors(container, this.backgroundVar);
    this.colorKey = JSON.stringify(colors);
    this.timeScale = new ZonedTimeScale(options.tz);
    // createChart with a time scale of our own: day marks at midnight of the chart's zone.
    this.chart = createChartEx(container, this.timeScale, {
      localization: { dateFormat: "dd MMM 'yy" },
      ...baseOptions(colors),
    });
    this.series = new ChartSeries(
      this.chart,
      options.style,
      colors,
      options.volume,
      () => this.feed?.getBars() ?? [],
    );
    if (options.studies?.length) this.series.setStudies(options.studies);
    this.chart.subscribeCrosshairMove(this.onCrosshair);
    this.chart.timeScale().subscribeVisibleLogicalRangeChange(this.onRange);
    this.markCrosshair(null);
    this.scale = options.scale ?? 'linear';
    this.applyScale();

    // A literal test at each call, not a shared constant: the bundlers fold it in place and drop
    // the call, and with it lib/chart/bench-hook.ts (see there).
    if (process.env.PULSE_BENCH === '1') attachBench(this.series, () => this.feed?.getBars() ?? []);
  }

  get interval(): KlineInterval | null {
    return this.current;
  }

  get decimals(): number {
    return this.series.priceDecimals;
  }

  snapshot(): FeedSnapshot {
    return this.feed?.getSnapshot() ?? INITIAL_SNAPSHOT;
  }

  /**
   * Shows `pool` at `interval`: a new feed (history, then live pushes from the tab's one stream).
   * `initialTo` pins the first window's end (Unix seconds) when the server preloaded or inlined it;
   * `initialCandles`, the window itself when inlined in the page, answers exactly that first request.
   */
  load(
    pool: PoolRef,
    interval: KlineInterval,
    initialTo?: number,
    initialCandles?: RawCandle[] | null,
  ): void {
    if (this.disposed) return;
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.feed?.dispose();
    this.current = interval;
    this.series.studies.setInterval(INTERVAL_SECONDS[interval] >= 86_400);
    this.applyTimeFormat();
    const ref: PoolRef = {
      chainType: pool.chainType,
      chainId: pool.chainId,
      address: pool.address,
    };
    let first = true;
    const chart = this.chart;
    const series = this.series;
    const sink: CandleSink = {
      setData: (bars) => {
        series.setData(bars);
        if (this.markers) {
          this.markers.place(bars, interval);
          this.markExtent();
        }
        for (const layer of this.layers) layer.onData?.();
        this.options.onDecimals?.(series.priceDecimals);
        this.emitStudies();
        if (first && bars.length > 0) {
          first = false;
          const scale = chart.timeScale();
          const few = fewBarsRange(
            bars.length,
            scale.width() || this.options.container.clientWidth,
          );
          scale.applyOptions({ barSpacing: BAR_SPACING, rightOffset: RIGHT_OFFSET });
          if (few) scale.setVisibleLogicalRange(few);
          // At once, not scrollToRealTime's 400 ms glide: a first view needs no animation, and
          // each of its frames would repaint the whole chart while the page is still loading.
          else scale.scrollToPosition(RIGHT_OFFSET, false);
          if (process.env.PULSE_BENCH === '1') markFirstCandle();
        }
      },
      update: (bar, historical) => {
        series.update(bar, historical);
        if (
          this.markers &&
          !historical &&
          this.markers.onLiveBar(bar, this.feed?.getBars() ?? [], interval)
        )
          this.markExtent();
        this.options.onDecimals?.(series.priceDecimals);
        if (this.hoverTime === null) this.emitStudies();
        if (this.compare?.size) this.emitCompare();
      },
    };
    series.setData([]);
    // Used once, for exactly the request it answers.
    let inlined = initialCandles ?? null;
    const feed = new CandleFeed(
      interval,
      (window, signal) => {
        const first = inlined;
        inlined = null;
        if (first && window.to === initialTo) return Promise.resolve(first);
        return this.options.fetchHistory(ref, interval, window, signal);
      },
      sink,
      (s) => {
        if (this.feed === feed) this.options.onSnapshot?.(s, interval);
      },
    );
    this.feed = feed;
    this.options.onHover?.(null);
    this.options.onSnapshot?.(feed.getSnapshot(), interval);
    const topic = topicKey.ohlcv(ref.chainType, ref.chainId, ref.address, interval);
    this.unsubscribe = streamClient().subscribe(topic, (m) => this.onStream(feed, m));
    void feed.load(initialTo);
    this.compare?.load(interval);
  }

  /** The price scale: linear, logarithmic or percent (percent anyway while pools are compared). */
  setScale(scale: ScaleMode): void {
    this.scale = scale;
    this.applyScale();
  }

  /** Draws these other pools as lines of their closes (none: the comparison ends). */
  setCompare(pools: readonly PoolRef[]): void {
    if (this.disposed || (!this.compare && pools.length === 0)) return;
    if (!this.compare) {
      this.compare = new ChartCompare(this.chart, this.options.fetchHistory, () =>
        this.emitCompare(),
      );
      if (this.current) this.compare.load(this.current);
    }
    this.compare.set(pools);
    this.applyScale();
  }

  /** The chart's panes as drawn now (no crosshair), for a PNG. */
  screenshot(): HTMLCanvasElement {
    return this.chart.takeScreenshot(true, false);
  }

  private applyScale(): void {
    const mode = effectiveScale(this.scale, (this.compare?.size ?? 0) > 0);
    const scale = this.chart.priceScale('right');
    scale.applyOptions({ mode: SCALE_MODE[mode] });
    // What the chart itself says it shows, for tests.
    const figure = this.options.figure;
    if (figure) figure.dataset.scale = MODE_NAME[scale.options().mode] ?? '';
  }

  /** The comparison's rows to the legend, and `data-compare` (`key=bars@last` each) to the figure. */
  private emitCompare(): void {
    const compare = this.compare;
    if (!compare) return;
    const range = this.chart.timeScale().getVisibleRange();
    const from = range && typeof range.from === 'number' ? range.from : null;
    const rows = compare.rows(from, this.hoverTime);
    const figure = this.options.figure;
    if (figure)
      figure.dataset.compare = rows.map((r) => `${r.key}=${r.bars}@${r.last ?? ''}`).join(',');
    const main =
      rows.length > 0 ? changeSince(this.feed?.getBars() ?? [], from, this.hoverTime) : null;
    this.options.onCompare?.(rows, main);
  }

  setStyle(style: ChartStyle): void {
    this.series.setStyle(style);
    this.markers?.attach(this.series.price);
  }

  /**
   * Your trades in this pool (lib/features/pools/my-trades.ts), drawn on their candles: they stay
   * through a change of interval, older history and new candles, placed again on the bars each time.
   */
  setTradeMarkers(trades: readonly MarkerTrade[]): void {
    if (this.disposed || (!this.markers && trades.length === 0)) return;
    // One code path with the chart (not a chunk of its own): a lazy chunk would share small modules
    // with the widget's script and split them into extra requests for every embed.
    this.markers ??= new TradeMarkerLayer(
      this.chart,
      this.series.price,
      readColors(this.options.container, this.backgroundVar),
    );
    this.markers.setTrades(trades, this.feed?.getBars() ?? [], this.current ?? '15m');
    this.markExtent();
    this.refreshHoveredMarker();
    for (const layer of this.layers) layer.attach(this.layerContext());
  }

  /** Draws `layer` over the chart until the returned function is called (or the chart goes). */
  addLayer(layer: ChartLayer): () => void {
    if (this.disposed) return () => undefined;
    this.layers.add(layer);
    layer.attach(this.layerContext());
    return () => {
      if (this.layers.delete(layer)) layer.detach();
    };
  }

  /** The close of the latest bar, null before any. */
  lastClose(): number | null {
    return this.feed?.getBars().at(-1)?.close ?? null;
  }

  private layerContext(): LayerContext {
    return {
      chart: this.chart,
      series: this.series.price,
      container: this.options.container,
      bars: () => this.feed?.getBars() ?? [],
    };
  }

  setVolume(volume: boolean): void {
    this.series.setVolume(volume);
    this.markExtent();
  }

  /** Draws these indicators instead of the current ones. */
  setStudies(studies: readonly StudySpec[]): void {
    this.series.setStudies(studies);
    this.markExtent();
    this.emitStudies();
  }

  /**
   * The indicators' values at the hovered bar (the last one otherwise), to the legend. `index`:
   * the hovered bar's, when the caller has already looked it up.
   */
  private emitStudies(index?: number): void {
    const { onStudies } = this.options;
    if (!onStudies) return;
    if (this.series.studies.list.length === 0) {
      // Said once when the last one goes, not on every tick of a chart without indicators.
      if (this.studiesShown) onStudies([]);
      this.studiesShown = false;
      return;
    }
    this.studiesShown = true;
    const i =
      index ??
      (this.hoverTime === null ? -1 : findBarIndex(this.feed?.getBars() ?? [], this.hoverTime));
    onStudies(this.series.studies.legend(i < 0 ? null : i));
  }

  setTimeZone(tz: TimeZoneMode): void {
    if (tz === this.tz) return;
    this.tz = tz;
    this.timeScale.setZone(tz);
    this.ticks.length = 0;
    if (this.feed?.getBars().length) reweigh(this.chart);
    this.applyTimeFormat();
  }

  /** Reads the colours again from the container's CSS variables (theme or background changed). */
  applyColors(): void {
    const colors = readColors(this.options.container, this.backgroundVar);
    // Asked again on every theme or background change, and twice at start: only a change repaints.
    const key = JSON.stringify(colors);
    if (key === this.colorKey) return;
    this.colorKey = key;
    this.chart.applyOptions(themeOptions(colors));
    this.series.setColors(colors);
    this.markers?.setColors(colors);
  }

  /** Retry after a failure: refill what is missing, or load from scratch when nothing loaded. */
  retry(): void {
    const feed = this.feed;
    if (!feed) return;
    void (feed.getSnapshot().bars > 0 ? feed.refill() : feed.load());
    this.compare?.retry();
  }

  /**
   * Draws the crosshair on the bar whose interval holds `time` (another chart's crosshair, by time),
   * and the legend shows that bar; null, or a time outside the bars, clears it.
   */
  setCrosshairTime(time: number | null): void {
    if (this.disposed) return;
    const feed = this.feed;
    const bars = feed?.getBars() ?? [];
    const i = feed && time !== null ? barIndexAt(bars, INTERVAL_SECONDS[feed.interval], time) : -1;
    const bar = bars[i];
    if (!feed || !bar) {
      this.chart.clearCrosshairPosition();
      this.markCrosshair(null);
      if (this.hoverTime !== null) {
        this.hoverTime = null;
        this.options.onHover?.(null);
        this.emitStudies();
      }
      return;
    }
    // The library fires no crosshair event for a position set from outside: the legend is told here.
    this.chart.setCrosshairPosition(bar.close, bar.time as UTCTimestamp, this.series.price);
    this.markCrosshair(bar.time);
    this.hoverTime = bar.time;
    this.emitStudies(i);
    this.options.onHover?.({
      interval: feed.interval,
      bar,
      previousClose: bars[i - 1]?.close ?? null,
    });
  }

  /** The time range in view (Unix seconds; beyond the bars, extrapolated by the interval). */
  visibleTimeRange(): TimeRange | null {
    return this.toTimeRange(this.chart.timeScale().getVisibleLogicalRange());
  }

  /** Shows `range` (another chart's view, by time). */
  setVisibleTimeRange(range: TimeRange): void {
    const feed = this.feed;
    if (this.disposed || !feed) return;
    const bars = feed.getBars();
    const step = INTERVAL_SECONDS[feed.interval];
    const from = timeToLogical(bars, step, range.from);
    const to = timeToLogical(bars, step, range.to);
    if (from === null || to === null || !(to > from)) return;
    this.chart.timeScale().setVisibleLogicalRange({ from, to });
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const layer of this.layers) layer.detach();
    this.layers.clear();
    this.unsubscribe?.();
    this.feed?.dispose();
    this.feed = null;
    this.compare?.dispose();
    this.compare = null;
    this.markers?.detach();
    this.chart.unsubscribeCrosshairMove(this.onCrosshair);
    this.chart.timeScale().unsubscribeVisibleLogicalRangeChange(this.onRange);
    this.chart.remove();
  }

  private onStream(feed: CandleFeed, message: StreamMessage): void {
    if (this.feed !== feed) return;
    if (message.kind === 'event') {
      if (message.event !== 'ohlcv' || message.data.interval !== feed.interval) return;
      if (process.env.PULSE_BENCH === '1') timePush(() => feed.push(message.data));
      else feed.push(message.data);
      this.options.onLiveError?.(null);
    } else if (message.kind === 'reconnected') {
      void feed.refill();
    } else {
      this.options.onLiveError?.(message.message);
    }
  }

  private applyTimeFormat(): void {
    const interval = this.current;
    if (!interval) return;
    const tz = this.tz;
    const seconds = INTERVAL_SECONDS[interval];
    this.chart.applyOptions({
      localization: {
        timeFormatter: (time: unknown) =>
          typeof time === 'number' ? formatBarTime(time, interval, tz) : '',
      },
      timeScale: {
        timeVisible: seconds < 86_400,
        secondsVisible: seconds < 60,
        tickMarkFormatter: (time: unknown, type: number) => {
          if (typeof time !== 'number') return null;
          this.markTick(time, type);
          return formatTickMark(time, type, tz);
        },
      },
    });
  }

  private readonly onCrosshair = (param: MouseEventParams) => {
    this.reportCrosshair(param);
    const feed = this.feed;
    if (!feed || typeof param.time !== 'number') {
      this.hoverMarker(null);
      this.options.onHover?.(null);
      if (this.hoverTime !== null) {
        this.hoverTime = null;
        this.emitStudies();
        if (this.compare?.size) this.emitCompare();
      }
      return;
    }
    this.hoverTime = param.time;
    if (this.compare?.size) this.emitCompare();
    const bars = feed.getBars();
    const i = findBarIndex(bars, param.time);
    this.emitStudies(i);
    const bar = bars[i];
    if (this.markers && param.point)
      this.hoverMarker(this.markers.hit(param.time, param.point, bar, param.hoveredObjectId));
    this.options.onHover?.(
      bar ? { interval: feed.interval, bar, previousClose: bars[i - 1]?.close ?? null } : null,
    );
  };

  /** An open card follows its marker: a trade joined it, or it went (the card closes). */
  private refreshHoveredMarker(): void {
    const id = this.hoveredMarker;
    const layer = this.markers;
    if (id === null || !layer) return;
    const bucket = layer.buckets.find((b) => b.id === id);
    const bars = this.feed?.getBars() ?? [];
    const bar = bucket ? bars[findBarIndex(bars, bucket.time)] : undefined;
    const at = bucket && bar ? layer.anchor(bucket, bar) : null;
    if (bucket && at) this.options.onTradeHover?.({ bucket, ...at });
    else this.hoverMarker(null);
  }

  private hoverMarker(hover: TradeMarkerHover | null): void {
    const id = hover?.bucket.id ?? null;
    if (id === this.hoveredMarker) return;
    this.hoveredMarker = id;
    this.options.onTradeHover?.(hover);
  }

  private readonly onRange = (range: LogicalRange | null) => {
    if (range && range.from < LOAD_OLDER_MARGIN) void this.feed?.loadOlder();
    this.markers?.relabel();
    this.markExtent();
    if (this.options.onVisibleTimeRange) this.options.onVisibleTimeRange(this.toTimeRange(range));
    if (this.compare?.size) {
      const visible = this.chart.timeScale().getVisibleRange();
      this.compare.loadOlder(
        visible && typeof visible.from === 'number' ? visible.from : null,
        !!range && range.from < LOAD_OLDER_MARGIN,
      );
      this.emitCompare();
    }
  };

  /**
   * The user's own crosshair moves (the library also fires this event, with no source event, when
   * it redraws a crosshair after new data: not a move) and leaves, told to onCrosshairTime.
   */
  private reportCrosshair(param: MouseEventParams): void {
    if (param.sourceEvent && param.point) {
      this.pointerCrosshair = true;
      this.markCrosshair(typeof param.time === 'number' ? param.time : null);
      const time = this.options.onCrosshairTime ? this.timeAtX(param.point.x) : null;
      if (time !== null) this.options.onCrosshairTime?.(time);
    } else if (!param.point && this.pointerCrosshair) {
      this.pointerCrosshair = false;
      this.markCrosshair(null);
      this.options.onCrosshairTime?.(null);
    }
  }

  /** The time under x, within its bar (the library's own index counts whole bars). */
  private timeAtX(x: number): number | null {
    const feed = this.feed;
    const scale = this.chart.timeScale();
    const index = scale.coordinateToLogical(x);
    if (!feed || index === null) return null;
    const at = scale.logicalToCoordinate(index);
    const spacing = scale.options().barSpacing;
    // A bar is drawn centred on its index and spans its interval from its open.
    const offset =
      at === null || spacing <= 0 ? 0 : Math.max(-0.5, Math.min(0.499, (x - at) / spacing));
    const step = INTERVAL_SECONDS[feed.interval];
    const bars = feed.getBars();
    const open = bars[index]?.time ?? logicalToTime(bars, step, index);
    return open === null ? null : open + (offset + 0.5) * step;
  }

  private toTimeRange(range: LogicalRange | null): TimeRange | null {
    const feed = this.feed;
    if (!feed || !range) return null;
    const bars = feed.getBars();
    const step = INTERVAL_SECONDS[feed.interval];
    const from = logicalToTime(bars, step, range.from);
    const to = logicalToTime(bars, step, range.to);
    return from === null || to === null ? null : { from, to };
  }

  /**
   * The tick labels the axis asked for, newest last, on the figure's `data-ticks` as `{time}:{type}`
   * (the library's TickMarkType: 2 a day, 3 a time): where the axis puts its marks, for tests.
   */
  private markTick(time: number, type: number): void {
    const figure = this.options.figure;
    if (!figure) return;
    this.ticks.push(`${time}:${type}`);
    if (this.ticks.length > 120) this.ticks.splice(0, this.ticks.length - 120);
    figure.dataset.ticks = this.ticks.join(' ');
  }

  /** The time of the bar under the crosshair on the figure's `data-crosshair` (for tests). */
  private markCrosshair(time: number | null): void {
    const figure = this.options.figure;
    if (figure) figure.dataset.crosshair = time === null ? '' : String(time);
  }

  /**
   * Where the bars lie across the pane, as fractions of its width (`0.12:0.88`), on the figure's
   * `data-extent`: what a user sees of the view, for tests, written without a re-render.
   */
  private markExtent(): void {
    const figure = this.options.figure;
    if (!figure) return;
    const bars = this.feed?.getBars().length ?? 0;
    const scale = this.chart.timeScale();
    const width = scale.width();
    const first = scale.logicalToCoordinate(0 as Logical);
    const last = scale.logicalToCoordinate((bars - 1) as Logical);
    // What the chart draws besides the price: its indicators and its panes (for tests).
    figure.dataset.studies = formatStudies(this.series.studies.list);
    figure.dataset.panes = String(this.chart.panes().length);
    if (this.markers && this.markersFrame === 0)
      // After the chart has drawn the change (its price scale is fitted when it paints).
      this.markersFrame = requestAnimationFrame(() =>
        requestAnimationFrame(() => {
          this.markersFrame = 0;
          if (!this.disposed) this.markMarkers(figure);
        }),
      );
    figure.dataset.extent =
      bars > 0 && width > 0 && first !== null && last !== null
        ? `${(first / width).toFixed(3)}:${(last / width).toFixed(3)}`
        : '';
  }

  /**
   * Your trades on the figure, for tests: `data-markers` the number of trades drawn, and
   * `data-marker-points` each visible marker as `{time}:{side}:{count}@{x},{y}` (pane pixels), and
   * `data-marker-labels` each visible label as `{time}:{side}@{x}={label}` (URI-encoded; a marker
   * whose label would run into a neighbour's has none).
   */
  private markMarkers(figure: HTMLElement): void {
    const layer = this.markers;
    if (!layer) return;
    const bars = this.feed?.getBars() ?? [];
    let drawn = 0;
    const points: string[] = [];
    const labels: string[] = [];
    for (const bucket of layer.buckets) {
      drawn += bucket.trades.length;
      const bar = bars[findBarIndex(bars, bucket.time)];
      const at = bar ? layer.anchor(bucket, bar) : null;
      if (at && at.x >= 0 && at.x <= this.chart.timeScale().width()) {
        points.push(`${bucket.id}:${bucket.trades.length}@${Math.round(at.x)},${Math.round(at.y)}`);
        const label = layer.labelOf(bucket.id);
        if (label) labels.push(`${bucket.id}@${Math.round(at.x)}=${encodeURIComponent(label)}`);
      }
    }
    figure.dataset.markers = String(drawn);
    figure.dataset.markerPoints = points.join(' ');
    figure.dataset.markerLabels = labels.join(' ');
  }
}
