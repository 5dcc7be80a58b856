import type { ISeriesApi, MouseEventParams, SeriesType, Time } from 'lightweight-charts';
import { roundPrice } from '../rules/price-format';

/** The price a click on the price pane points at, as the chart rounds it; null anywhere else. */
export function clickedPrice(
  param: MouseEventParams<Time>,
  series: ISeriesApi<SeriesType>,
): number | null {
  if (!param.point || (param.paneIndex !== undefined && param.paneIndex !== 0)) return null;
  const price = series.coordinateToPrice(param.point.y);
  return price !== null && Number.isFinite(price) && price > 0 ? roundPrice(price) : null;
}
