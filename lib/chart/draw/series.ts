/**
 * The chart's series: the price series (candles, line or area) and, under it in the same pane, the
 * volume histogram on a scale of its own (the bottom fifth, no axis: the legend reads the bar's
 * volume). A pane of its own would cost the chart's first paint a third more (a second set of
 * canvases and a second price axis to measure). It is the feed's sink: history through setData,
 * live bars through update. Styles and the volume change in place; the chart itself lives as long
 * as the component.
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
import { PRICE_MARGINS, withAlpha, type ChartColors } from './theme';

import type { ChartStyle } from '../../features/pools/params';
import type { StudySpec } from '../rules/studies';
import { ChartStudies } from './study-series';

export type { ChartStyle };

/** The volume's own scale, drawn in the price pane's bottom fifth. */
const VOLUME_SCALE = 'volume';
const VOLUME_MARGINS = { top: 0.8, bottom: 0 };
/** The price's margins over the volume: its lowest bar stays clear of the volume's tallest. */
const PRICE_OVER_VOLUME = { ...PRICE_MARGINS, bottom: 0.26 };

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

  get showsVolume(): boolean {
    return this.volume !== null;
  }

  /** Draws these studies (RSI and MACD in panes of their own, under the price). */
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
    if (show) {
      this.addVolume().setData(this.getBars().map((b) => this.volumePoint(b)));
    } else if (this.volume) {
      this.chart.removeSeries(this.volume);
      this.volume = null;
      this.chart.priceScale('right').applyOptions({ scaleMargins: PRICE_MARGINS });
    }
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
      {
        priceFormat: { type: 'volume' },
        priceScaleId: VOLUME_SCALE,
        priceLineVisible: false,
        lastValueVisible: false,
      },
      0,
    );
    volume.priceScale().applyOptions({ scaleMargins: VOLUME_MARGINS });
    this.chart.priceScale('right').applyOptions({ scaleMargins: PRICE_OVER_VOLUME });
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
