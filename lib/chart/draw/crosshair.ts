/**
 * The chart's crosshair, moved by the user's pointer or set from outside (another chart's time,
 * lib/chart/draw/sync.ts), and what it tells the chart's owner about the bar under it (the last bar
 * otherwise): the bar, the indicators' values, the compared pools' change, and the trade marker
 * under the pointer (its card). Each is told only when it changes.
 */
import type { IChartApi, MouseEventParams, UTCTimestamp } from 'lightweight-charts';
import type { Candle } from '../rules/candles';
import { findBarIndex, type CandleFeed } from '../rules/feed';
import { changeSince } from '../rules/compare';
import { INTERVAL_SECONDS } from '../rules/intervals';
import { barIndexAt } from '../rules/time-axis';
import type { ChartControllerOptions } from './controller-options';
import type { ChartCompare } from './compare-series';
import type { ChartSeries } from './series';
import type { TradeMarkerHover, TradeMarkerLayer } from './trade-markers';
import type { FigureMarks } from './figure-marks';
import { timeAtX } from './chart-view';

/** What the crosshair reads of the chart, each time it is asked (the parts change over its life). */
interface CrosshairSource {
  chart: IChartApi;
  options: ChartControllerOptions;
  marks: FigureMarks;
  series: ChartSeries;
  feed(): CandleFeed | null;
  compare(): ChartCompare | null;
  markers(): TradeMarkerLayer | null;
}

export class ChartCrosshair {
  /** time of the bar under the crosshair, null when none */
  hoverTime: number | null = null;
  /** the legend was last told of some indicators */
  private studiesShown = false;
  /** id of the marker under the pointer, to tell the card only of changes */
  private hoveredMarker: string | null = null;
  /** the user's own crosshair is on this chart (not one set from outside) */
  private pointerCrosshair = false;

  constructor(private readonly source: CrosshairSource) {}

  private bars(): readonly Candle[] {
    return this.source.feed()?.getBars() ?? [];
  }

  /** The library's crosshair event: the pointer moved over the chart, or left it. */
  readonly onMove = (param: MouseEventParams) => {
    this.reportPointer(param);
    const feed = this.source.feed();
    const compared = (this.source.compare()?.size ?? 0) > 0;
    if (!feed || typeof param.time !== 'number') {
      this.marker(null);
      this.source.options.onHover?.(null);
      if (this.hoverTime !== null) {
        this.hoverTime = null;
        this.studies();
        if (compared) this.compare();
      }
      return;
    }
    this.hoverTime = param.time;
    if (compared) this.compare();
    const bars = feed.getBars();
    const i = findBarIndex(bars, param.time);
    this.studies(i);
    const bar = bars[i];
    const markers = this.source.markers();
    if (markers && param.point)
      this.marker(markers.hit(param.time, param.point, bar, param.hoveredObjectId));
    this.source.options.onHover?.(
      bar ? { interval: feed.interval, bar, previousClose: bars[i - 1]?.close ?? null } : null,
    );
  };

  /**
   * Draws the crosshair on the bar whose interval holds `time` (another chart's crosshair, by
   * time), and the legend shows that bar; null, or a time outside the bars, clears it.
   */
  setTime(time: number | null): void {
    const { chart, marks, options } = this.source;
    const feed = this.source.feed();
    const bars = feed?.getBars() ?? [];
    const i = feed && time !== null ? barIndexAt(bars, INTERVAL_SECONDS[feed.interval], time) : -1;
    const bar = bars[i];
    if (!feed || !bar) {
      chart.clearCrosshairPosition();
      marks.crosshair(null);
      if (this.hoverTime !== null) {
        this.hoverTime = null;
        options.onHover?.(null);
        this.studies();
      }
      return;
    }
    // The library fires no crosshair event for a position set from outside: the legend is told here.
    chart.setCrosshairPosition(bar.close, bar.time as UTCTimestamp, this.source.series.price);
    marks.crosshair(bar.time);
    this.hoverTime = bar.time;
    this.studies(i);
    options.onHover?.({ interval: feed.interval, bar, previousClose: bars[i - 1]?.close ?? null });
  }

  /**
   * The indicators' values at the hovered bar (the last one otherwise), to the legend. `index`:
   * the hovered bar's, when the caller has already looked it up.
   */
  studies(index?: number): void {
    const { onStudies } = this.source.options;
    if (!onStudies) return;
    const studies = this.source.series.studies;
    if (studies.list.length === 0) {
      // Said once when the last one goes, not on every tick of a chart without indicators.
      if (this.studiesShown) onStudies([]);
      this.studiesShown = false;
      return;
    }
    this.studiesShown = true;
    const i = index ?? (this.hoverTime === null ? -1 : findBarIndex(this.bars(), this.hoverTime));
    onStudies(studies.legend(i < 0 ? null : i));
  }

  /** The comparison's rows to the legend, and to the figure. */
  compare(): void {
    const compare = this.source.compare();
    if (!compare) return;
    const range = this.source.chart.timeScale().getVisibleRange();
    const from = range && typeof range.from === 'number' ? range.from : null;
    const rows = compare.rows(from, this.hoverTime);
    this.source.marks.compare(rows);
    const main = rows.length > 0 ? changeSince(this.bars(), from, this.hoverTime) : null;
    this.source.options.onCompare?.(rows, main);
  }

  /** The marker under the pointer (null: none). */
  marker(hover: TradeMarkerHover | null): void {
    const id = hover?.bucket.id ?? null;
    if (id === this.hoveredMarker) return;
    this.hoveredMarker = id;
    this.source.options.onTradeHover?.(hover);
  }

  /** An open card follows its marker: a trade joined it, or it went (the card closes). */
  refreshMarker(): void {
    const id = this.hoveredMarker;
    const layer = this.source.markers();
    if (id === null || !layer) return;
    const bucket = layer.buckets.find((b) => b.id === id);
    const bars = this.bars();
    const bar = bucket ? bars[findBarIndex(bars, bucket.time)] : undefined;
    const at = bucket && bar ? layer.anchor(bucket, bar) : null;
    if (bucket && at) this.source.options.onTradeHover?.({ bucket, ...at });
    else this.marker(null);
  }

  /**
   * The user's own crosshair moves (the library also fires this event, with no source event, when
   * it redraws a crosshair after new data: not a move) and leaves, told to onCrosshairTime.
   */
  private reportPointer(param: MouseEventParams): void {
    const { chart, marks, options } = this.source;
    if (param.sourceEvent && param.point) {
      this.pointerCrosshair = true;
      marks.crosshair(typeof param.time === 'number' ? param.time : null);
      const feed = this.source.feed();
      const time =
        options.onCrosshairTime && feed
          ? timeAtX(chart, feed.getBars(), INTERVAL_SECONDS[feed.interval], param.point.x)
          : null;
      if (time !== null) options.onCrosshairTime?.(time);
    } else if (!param.point && this.pointerCrosshair) {
      this.pointerCrosshair = false;
      marks.crosshair(null);
      options.onCrosshairTime?.(null);
    }
  }
}
