/**
 * Your trades on the chart, drawn with the library's series markers (`createSeriesMarkers`): buys
 * below their candle in the up colour, sells above in the down colour, each with its wallet's label
 * (or a count when several trades share a candle). The placement rules and the texts are pure
 * (lib/chart/trades/marker-buckets.ts); this layer holds the trades, places them again whenever
 * the bars change (a new interval, older history prepended, a new live candle), follows the price
 * series when the style swaps it, and tells which marker the pointer is on.
 */
import {
  createSeriesMarkers,
  type IChartApi,
  type ISeriesApi,
  type ISeriesMarkersPluginApi,
  type SeriesMarker,
  type SeriesType,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import type { Candle } from '../rules/candles';
import {
  labelMarkers,
  longestPeriod,
  markerText,
  placeTrades,
  type Placement,
  type TradeBucket,
} from '../trades/marker-buckets';
import type { KlineInterval } from '../rules/intervals';
import type { MarkerTrade } from '../../features/pools/my-trades';
import type { ChartColors } from './theme';

/** A marker under the pointer, with where it is drawn (pane pixels, its centre). */
export interface TradeMarkerHover {
  bucket: TradeBucket;
  x: number;
  y: number;
}

const EMPTY: Placement<MarkerTrade> = { buckets: [], waiting: 0 };

/** The library's marker geometry (its series-markers plugin): shape height and margin per bar spacing. */
function geometry(barSpacing: number): { half: number; margin: number } {
  const odd = (x: number) => {
    const c = Math.ceil(x);
    return c % 2 === 0 ? c + 1 : c;
  };
  const even = (x: number) => {
    const c = Math.ceil(x);
    return c % 2 === 0 ? c : c + 1;
  };
  const size = (coeff: number) => odd(Math.min(Math.max(barSpacing, 12), 30) * coeff);
  return { half: even(size(1)) / 2, margin: Math.max(size(0.1), 3) };
}

/** A label's width on the chart (its 11 px font), measured once per text where a canvas exists. */
const widths = new Map<string, number>();
let measurer: CanvasRenderingContext2D | null | undefined;
function labelWidth(text: string): number {
  const known = widths.get(text);
  if (known !== undefined) return known;
  if (measurer === undefined)
    measurer =
      typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  let width = text.length * 6.5;
  if (measurer) {
    measurer.font = '11px "Inter Variable", ui-sans-serif, system-ui, sans-serif';
    width = measurer.measureText(text).width;
  }
  if (widths.size > 500) widths.clear();
  widths.set(text, width);
  return width;
}

export class TradeMarkerLayer {
  private plugin: ISeriesMarkersPluginApi<Time> | null = null;
  private trades: readonly MarkerTrade[] = [];
  private placement: Placement<MarkerTrade> = EMPTY;
  private lastBarTime: number | null = null;
  /** logical index of each bar time, for where labels fall */
  private index = new Map<number, number>();
  /** the bar spacing the labels were laid out for */
  private spacing = 0;
  /** the label each marker shows ('' for one that is part of a neighbour's) */
  private labels = new Map<string, string>();

  constructor(
    private readonly chart: IChartApi,
    private series: ISeriesApi<SeriesType>,
    private colors: ChartColors,
  ) {}

  get buckets(): readonly TradeBucket[] {
    return this.placement.buckets;
  }

  get held(): number {
    return this.trades.length;
  }

  /** The price series was replaced (a new chart style): the markers move to the new one. */
  attach(series: ISeriesApi<SeriesType>): void {
    this.plugin?.detach();
    this.plugin = null;
    this.series = series;
    this.draw();
  }

  setTrades(trades: readonly MarkerTrade[], bars: readonly Candle[], interval: KlineInterval) {
    this.trades = trades;
    this.place(bars, interval);
  }

  setColors(colors: ChartColors): void {
    this.colors = colors;
    this.draw();
  }

  /** Places the trades on these bars (history loaded, older bars prepended, another interval). */
  place(bars: readonly Candle[], interval: KlineInterval): void {
    this.lastBarTime = bars[bars.length - 1]?.time ?? null;
    this.index = new Map(bars.map((b, i) => [b.time, i]));
    this.placement =
      this.trades.length === 0
        ? EMPTY
        : placeTrades(
            this.trades,
            bars.map((b) => b.time),
            longestPeriod(interval),
          );
    this.draw();
  }

  /**
   * A live bar: places again only when it is a new candle and some trade waits for one. True when
   * the markers moved.
   */
  onLiveBar(bar: Candle, bars: readonly Candle[], interval: KlineInterval): boolean {
    if (bar.time === this.lastBarTime) return false;
    this.lastBarTime = bar.time;
    if (this.placement.waiting === 0) return false;
    this.place(bars, interval);
    return true;
  }

  /** The marker at the hovered bar that the pointer is on (the library's hit test, else its box). */
  hit(
    time: number,
    point: { x: number; y: number },
    bar: Candle | undefined,
    hoveredId: unknown,
  ): TradeMarkerHover | null {
    const here = this.placement.buckets.filter((b) => b.time === time);
    if (here.length === 0 || !bar) return null;
    for (const bucket of here) {
      const at = this.anchor(bucket, bar);
      if (!at) continue;
      if (hoveredId === bucket.id) return { bucket, ...at };
      const { half, margin } = geometry(this.chart.timeScale().options().barSpacing);
      // The shape and the label under (or over) it.
      const reach = 2 * (half + margin) + 16;
      const edge = at.y + (bucket.side === 'buy' ? -(half + margin) : half + margin);
      const inside =
        bucket.side === 'buy'
          ? point.y >= edge - 2 && point.y <= edge + reach
          : point.y <= edge + 2 && point.y >= edge - reach;
      if (inside) return { bucket, ...at };
    }
    return null;
  }

  /** Where a bucket's marker is drawn (the centre of its shape), null when off the pane. */
  anchor(bucket: TradeBucket, bar: Candle): { x: number; y: number } | null {
    const x = this.chart.timeScale().timeToCoordinate(bucket.time as UTCTimestamp);
    const ohlc = this.series.seriesType() === 'Candlestick' || this.series.seriesType() === 'Bar';
    const price = ohlc ? (bucket.side === 'buy' ? bar.low : bar.high) : bar.close;
    const y = this.series.priceToCoordinate(price);
    if (x === null || y === null) return null;
    const { half, margin } = geometry(this.chart.timeScale().options().barSpacing);
    return { x, y: bucket.side === 'buy' ? y + half + margin : y - half - margin };
  }

  detach(): void {
    this.plugin?.detach();
    this.plugin = null;
  }

  /** The label each marker shows now ('' when it would run into a newer neighbour's). */
  labelOf(id: string): string {
    return this.labels.get(id) ?? '';
  }

  /** The zoom changed: labels are laid out again when the room between bars did. */
  relabel(): void {
    if (this.placement.buckets.length === 0) return;
    if (this.chart.timeScale().options().barSpacing !== this.spacing) this.draw();
  }

  private layout(): void {
    const spacing = this.chart.timeScale().options().barSpacing;
    this.spacing = spacing;
    this.labels = labelMarkers(
      this.placement.buckets,
      (b) => {
        const i = this.index.get(b.time);
        return i === undefined ? null : i * spacing;
      },
      (trades) => markerText({ trades }),
      labelWidth,
    );
  }

  private draw(): void {
    this.layout();
    const markers: SeriesMarker<Time>[] = this.placement.buckets.map((b) => ({
      id: b.id,
      time: b.time as UTCTimestamp,
      position: b.side === 'buy' ? 'belowBar' : 'aboveBar',
      shape: b.side === 'buy' ? 'arrowUp' : 'arrowDown',
      color: b.side === 'buy' ? this.colors.up : this.colors.down,
      text: this.labels.get(b.id) ?? markerText(b),
    }));
    if (!this.plugin) {
      if (markers.length === 0) return;
      this.plugin = createSeriesMarkers(this.series, markers, { zOrder: 'aboveSeries' });
    } else this.plugin.setMarkers(markers);
  }
}
