/**
 * The chart's series: the price series (candles, line or area) in the main pane and the volume
 * histogram in a pane of its own. It is the feed's sink: history through setData, live bars through
 * update. Styles and the volume pane change in place; the chart itself lives as long as the component.
 */
import {
  AreaSeries,
  CandlestickSeries,
  HistogramSeries,
  LineSeries,
  type IChartApi,
  type ISeriesApi,
  type SeriesType,
  type UTCTimestamp,
} from 'lightweight-charts';
import type { Candle } from '../rules/candles';
import type { CandleSink } from '../rules/feed';
import { formatChartPrice } from '../../core/format/price';
import { priceFormatFor } from '../rules/price-format';
import { withAlpha, type ChartColors } from './theme';

import type { ChartStyle } from '../../features/pools/params';
import type { StudySpec } from '../rules/studies';
import { ChartStudies } from './study-series';

export type { ChartStyle };

const VOLUME_PANE = 1;
const VOLUME_STRETCH = 0.22;

export class ChartSeries implements CandleSink {
  private main: ISeriesApi<SeriesType>;
  private volume: ISeriesApi<'Histogram'> | null = null;
  private decimals = -1;
  /** time of the last bar drawn: a live bar with the same time replaces it */
  private lastTime: number | null = null;
  readonly studies: ChartStudies;

  constructor(
    private readonly chart: IChartApi,
    private style: ChartStyle,
    private colors: ChartColors,
    showVolume: boolean,
    private readonly getBars: () => readonly Candle[],
  ) {
    this.main = this.addMain();
    if (showVolume) this.addVolume();
    this.studies = new ChartStudies(chart, colors);
  }

  /** The price series (candles, line or area; replaced by a change of style), e.g. to set the crosshair on from outside or attach markers. */
  get price(): ISeriesApi<SeriesType> {
    return this.main;
  }

  /** Draws these studies (their panes come after the volume pane). */
  setStudies(specs: readonly StudySpec[]): void {
    this.studies.set(specs, this.getBars());
  }

  setData(bars: readonly Candle[]): void {
    // The format first: the price axis takes its width once, not again after the first paint.
    const last = bars[bars.length - 1];
    if (last) this.fitPriceFormat(last.close);
    this.main.setData(bars.map((b) => this.mainPoint(b)));
    this.volume?.setData(bars.map((b) => this.volumePoint(b)));
    this.studies.setData(bars);
    this.lastTime = bars[bars.length - 1]?.time ?? null;
  }

  update(bar: Candle, historical: boolean): void {
    this.main.update(this.mainPoint(bar), historical);
    this.volume?.update(this.volumePoint(bar), historical);
    if (!historical) this.fitPriceFormat(bar.close);
    // A correction of an older bar changes every study value after it: one pass then (rare).
    if (historical) this.studies.setData(this.getBars());
    else {
      this.studies.update(bar, bar.time === this.lastTime);
      this.lastTime = bar.time;
    }
  }

  setStyle(style: ChartStyle): void {
    if (style === this.style) return;
    this.style = style;
    this.chart.removeSeries(this.main);
    this.main = this.addMain();
    this.decimals = -1;
    this.setMainData();
  }

  setVolume(show: boolean): void {
    if (show === Boolean(this.volume)) return;
    // The volume pane stays second: the studies' panes come off and go back after it.
    const specs = this.studies.list;
    this.studies.clear();
    if (show && !this.volume) {
      this.addVolume().setData(this.getBars().map((b) => this.volumePoint(b)));
    } else if (!show && this.volume) {
      this.chart.removeSeries(this.volume);
      this.volume = null;
      if (this.chart.panes().length > VOLUME_PANE) this.chart.removePane(VOLUME_PANE);
    }
    this.studies.set(specs, this.getBars());
  }

  setColors(colors: ChartColors): void {
    this.colors = colors;
    this.studies.setColors(colors, this.getBars());
    this.main.applyOptions(this.mainOptions());
    // Volume bars carry their colour per point.
    this.volume?.setData(this.getBars().map((b) => this.volumePoint(b)));
  }

  private setMainData(): void {
    const bars = this.getBars();
    const last = bars[bars.length - 1];
    if (last) this.fitPriceFormat(last.close);
    this.main.setData(bars.map((b) => this.mainPoint(b)));
  }

  private addMain(): ISeriesApi<SeriesType> {
    const options = this.mainOptions();
    switch (this.style) {
      case 'line':
        return this.chart.addSeries(LineSeries, options, 0);
      case 'area':
        return this.chart.addSeries(AreaSeries, options, 0);
      default:
        return this.chart.addSeries(CandlestickSeries, options, 0);
    }
  }

  private mainOptions() {
    const c = this.colors;
    // baseLine: the 0 % line of the percent scale, quiet like the grid.
    const common = {
      priceLineColor: c.faint,
      priceLineStyle: 2,
      lastValueVisible: true,
      baseLineColor: c.faint,
    };
    switch (this.style) {
      case 'line':
        return { ...common, color: c.accent, lineWidth: 2 as const };
      case 'area':
        return {
          ...common,
          lineColor: c.accent,
          lineWidth: 2 as const,
          topColor: withAlpha(c.accent, 0.32),
          bottomColor: withAlpha(c.accent, 0.02),
        };
      default:
        return {
          ...common,
          upColor: c.up,
          downColor: c.down,
          wickUpColor: c.up,
          wickDownColor: c.down,
          borderVisible: false,
        };
    }
  }

  private addVolume(): ISeriesApi<'Histogram'> {
    const volume = this.chart.addSeries(
      HistogramSeries,
      { priceFormat: { type: 'volume' }, priceLineVisible: false, lastValueVisible: false },
      VOLUME_PANE,
    );
    const panes = this.chart.panes();
    panes[0]?.setStretchFactor(1);
    panes[VOLUME_PANE]?.setStretchFactor(VOLUME_STRETCH);
    this.volume = volume;
    return volume;
  }

  private mainPoint(b: Candle) {
    const time = b.time as UTCTimestamp;
    return this.style === 'candles'
      ? { time, open: b.open, high: b.high, low: b.low, close: b.close }
      : { time, value: b.close };
  }

  private volumePoint(b: Candle) {
    return {
      time: b.time as UTCTimestamp,
      value: b.volume,
      color: withAlpha(b.close >= b.open ? this.colors.up : this.colors.down, 0.45),
    };
  }

  /** Tiny prices keep their significant digits: the price format follows the size of the price. */
  private fitPriceFormat(price: number): void {
    const { precision, minMove } = priceFormatFor(price);
    if (precision === this.decimals) return;
    this.decimals = precision;
    this.studies.setDecimals(precision);
    this.main.applyOptions({
      priceFormat: {
        type: 'custom',
        minMove,
        formatter: (p: number) => formatChartPrice(p, precision),
      },
    });
  }

  get priceDecimals(): number {
    return this.decimals < 0 ? 2 : this.decimals;
  }
}
