/**
 * Something drawn over the chart by its owner, not by the controller (price lines:
 * lib/chart/draw/price-lines.ts): the widget has none, so their code stays out of its bundle.
 */
import type { IChartApi, ISeriesApi, SeriesType } from 'lightweight-charts';
import type { Candle } from '../rules/candles';

/** What a layer drawn over the chart works with. */
export interface LayerContext {
  chart: IChartApi;
  /** the price series, in the first pane */
  series: ISeriesApi<SeriesType>;
  container: HTMLElement;
  bars: () => readonly Candle[];
}

export interface ChartLayer {
  /** the price series is new (first attach, or a change of style): draw on this one */
  attach(context: LayerContext): void;
  /** history was drawn (a load or a new interval) */
  onData?(): void;
  detach(): void;
}
