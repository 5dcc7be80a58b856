/**
 * The one candle chart of the app, free of any framework: the pool page wraps it in React
 * (components/chart/candle-chart.tsx) and the embeddable widget drives it from plain DOM code
 * (lib/embed/widget.ts). The chart is created once and removed by `dispose()`; a change of pool or
 * interval swaps the data feed and its stream topic, not the chart, so switching many times leaks
 * nothing. Sizing follows the container (autoSize, a ResizeObserver inside the library).
 */
import { createChartEx, type IChartApi, type LogicalRange } from 'lightweight-charts';
import type { Candle, RawCandle } from '../rules/candles';
import { CandleFeed, INITIAL_SNAPSHOT, type CandleSink, type FeedSnapshot } from '../rules/feed';
import { INTERVAL_SECONDS, type KlineInterval } from '../rules/intervals';
import type { TimeZoneMode } from '../rules/time-format';
import type { TimeRange } from '../rules/time-axis';
import { streamClient, type StreamMessage } from '../../client/stream';
import { topicKey } from '../../contracts/stream/topics';
import type { PoolRef } from '../../contracts/pool-ref';
import type { ChartStyle } from '../../features/pools/params';
import { attachBench, markFirstCandle, timePush } from './bench-hook';
import type { StudySpec } from '../rules/studies';
import type { MarkerTrade } from '../../features/pools/my-trades';
import { TradeMarkerLayer } from './trade-markers';
import { ChartSeries } from './series';
import { baseOptions, readColors, themeOptions } from './theme';
import { effectiveScale, type ScaleMode } from '../rules/scale';
import type { ChartCompare } from './compare-series';
import { ZonedTimeScale, reweigh, timeAxisOptions } from './zoned-time-scale';
import type { ChartControllerOptions } from './controller-options';
import type { ChartLayer, LayerContext } from './chart-layer';
import { FigureMarks } from './figure-marks';
import { ChartCrosshair } from './crosshair';
import { applyScaleMode, showFirstView, toLogicalRange, toTimeRange } from './chart-view';

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
  private scale: ScaleMode;
  /** other pools drawn for comparison, created with the first one */
  private compare: ChartCompare | null = null;
  /** the pools to compare while the comparison's code loads (null: not loading) */
  private compareWanted: readonly PoolRef[] | null = null;
  /** your trades' markers, made with the first trades */
  private markers: TradeMarkerLayer | null = null;
  private readonly layers = new Set<ChartLayer>();
  /** what the chart draws, on its figure for the browser tests */
  private readonly marks: FigureMarks;
  /** the crosshair, and the hovered bar's values told to the legend */
  private readonly crosshair: ChartCrosshair;

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
    this.series = new ChartSeries(this.chart, options.style, colors, options.volume, () =>
      this.bars(),
    );
    if (options.studies?.length) this.series.setStudies(options.studies);
    this.marks = new FigureMarks(options.figure ?? null, this.chart, () => this.bars());
    this.crosshair = new ChartCrosshair({
      chart: this.chart,
      options,
      marks: this.marks,
      series: this.series,
      feed: () => this.feed,
      compare: () => this.compare,
      markers: () => this.markers,
    });
    this.chart.subscribeCrosshairMove(this.crosshair.onMove);
    this.chart.timeScale().subscribeVisibleLogicalRangeChange(this.onRange);
    this.marks.crosshair(null);
    this.scale = options.scale ?? 'linear';
    this.applyScale();

    // A literal test at each call, not a shared constant: the bundlers fold it in place and drop
    // the call, and with it lib/chart/draw/bench-hook.ts (see there).
    if (process.env.PULSE_BENCH === '1') attachBench(this.series, () => this.bars());
  }

  private bars(): readonly Candle[] {
    return this.feed?.getBars() ?? [];
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
        this.crosshair.studies();
        if (first && bars.length > 0) {
          first = false;
          showFirstView(this.chart, bars.length, this.options.container.clientWidth);
          if (process.env.PULSE_BENCH === '1') markFirstCandle();
        }
      },
      update: (bar, historical) => {
        series.update(bar, historical);
        if (this.markers && !historical && this.markers.onLiveBar(bar, this.bars(), interval))
          this.markExtent();
        this.options.onDecimals?.(series.priceDecimals);
        if (this.crosshair.hoverTime === null) this.crosshair.studies();
        if (this.compare?.size) this.crosshair.compare();
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
    if (this.disposed) return;
    if (this.compare) {
      this.compare.set(pools);
      this.applyScale();
      return;
    }
    // The comparison's code loads the first time a pool is compared: most charts never are.
    const loadCompare = this.options.loadCompare;
    const loading = this.compareWanted !== null;
    if (!loadCompare || (!loading && pools.length === 0)) return;
    this.compareWanted = pools;
    if (loading) return;
    loadCompare().then(
      (ChartCompare) => {
        const wanted = this.compareWanted;
        this.compareWanted = null;
        if (this.disposed || !wanted || wanted.length === 0) return;
        this.compare = new ChartCompare(this.chart, this.options.fetchHistory, () =>
          this.crosshair.compare(),
        );
        if (this.current) this.compare.load(this.current);
        this.setCompare(wanted);
      },
      () => {
        this.compareWanted = null;
      },
    );
  }

  /** The chart's panes as drawn now (no crosshair), for a PNG. */
  screenshot(): HTMLCanvasElement {
    return this.chart.takeScreenshot(true, false);
  }

  private applyScale(): void {
    const mode = effectiveScale(this.scale, (this.compare?.size ?? 0) > 0);
    applyScaleMode(this.chart, mode);
    this.marks.scale();
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
    this.markers.setTrades(trades, this.bars(), this.current ?? '15m');
    this.markExtent();
    this.crosshair.refreshMarker();
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
      bars: () => this.bars(),
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
    this.crosshair.studies();
  }

  setTimeZone(tz: TimeZoneMode): void {
    if (tz === this.tz) return;
    this.tz = tz;
    this.timeScale.setZone(tz);
    this.marks.clearTicks();
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
    if (!this.disposed) this.crosshair.setTime(time);
  }

  /** The time range in view (Unix seconds; beyond the bars, extrapolated by the interval). */
  visibleTimeRange(): TimeRange | null {
    return this.toTimeRange(this.chart.timeScale().getVisibleLogicalRange());
  }

  /** Shows `range` (another chart's view, by time). */
  setVisibleTimeRange(range: TimeRange): void {
    const feed = this.feed;
    if (this.disposed || !feed) return;
    const logical = toLogicalRange(feed.getBars(), INTERVAL_SECONDS[feed.interval], range);
    if (logical) this.chart.timeScale().setVisibleLogicalRange(logical);
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
    this.marks.dispose();
    this.chart.unsubscribeCrosshairMove(this.crosshair.onMove);
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
    if (interval)
      this.chart.applyOptions(
        timeAxisOptions(interval, this.tz, (time, type) => this.marks.tick(time, type)),
      );
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
      this.crosshair.compare();
    }
  };

  private toTimeRange(range: LogicalRange | null): TimeRange | null {
    const feed = this.feed;
    return feed ? toTimeRange(feed.getBars(), INTERVAL_SECONDS[feed.interval], range) : null;
  }

  private markExtent(): void {
    this.marks.extent(this.series.studies.list, this.series.showsVolume, this.markers);
  }
}
