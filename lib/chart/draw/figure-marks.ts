/**
 * What the chart draws, written on its figure as data attributes (`data-extent`, `data-ticks`,
 * `data-crosshair`, `data-scale`, `data-markers`, ...) without a re-render: the browser tests read
 * the canvas's state there. A chart without a figure (nothing asks) writes nothing.
 */
import type { IChartApi, Logical } from 'lightweight-charts';
import type { Candle } from '../rules/candles';
import { findBarIndex } from '../rules/feed';
import { formatStudies, type StudySpec } from '../rules/studies';
import type { TradeMarkerLayer } from './trade-markers';

const MODE_NAME: Record<number, string> = { 0: 'linear', 1: 'log', 2: 'pct', 3: 'indexed' };
/** tick labels kept on `data-ticks` */
const MAX_TICKS = 120;

export class FigureMarks {
  /** the latest tick labels asked for (tick) */
  private readonly ticks: string[] = [];
  /** a frame is booked to list the markers */
  private markersFrame = 0;
  private disposed = false;

  constructor(
    private readonly figure: HTMLElement | null,
    private readonly chart: IChartApi,
    private readonly bars: () => readonly Candle[],
  ) {}

  /** The price scale's mode, as the chart itself says it shows it. */
  scale(): void {
    if (this.figure)
      this.figure.dataset.scale = MODE_NAME[this.chart.priceScale('right').options().mode] ?? '';
  }

  /**
   * A tick label the axis asked for, newest last, on `data-ticks` as `{time}:{type}` (the library's
   * TickMarkType: 2 a day, 3 a time): where the axis puts its marks.
   */
  tick(time: number, type: number): void {
    const figure = this.figure;
    if (!figure) return;
    this.ticks.push(`${time}:${type}`);
    if (this.ticks.length > MAX_TICKS) this.ticks.splice(0, this.ticks.length - MAX_TICKS);
    figure.dataset.ticks = this.ticks.join(' ');
  }

  /** The time zone changed: the labels asked for so far are stale. */
  clearTicks(): void {
    this.ticks.length = 0;
  }

  /** The time of the bar under the crosshair on `data-crosshair`. */
  crosshair(time: number | null): void {
    if (this.figure) this.figure.dataset.crosshair = time === null ? '' : String(time);
  }

  /** `data-compare`: each compared pool as `key=bars@last`. */
  compare(rows: readonly { key: string; bars: number; last: number | null }[]): void {
    if (this.figure)
      this.figure.dataset.compare = rows.map((r) => `${r.key}=${r.bars}@${r.last ?? ''}`).join(',');
  }

  /**
   * Where the bars lie across the pane, as fractions of its width (`0.12:0.88`), on `data-extent`:
   * what a user sees of the view; with the indicators, panes and volume drawn, and (a frame later,
   * once the chart has fitted its price scale) the markers.
   */
  extent(studies: readonly StudySpec[], volume: boolean, markers: TradeMarkerLayer | null): void {
    const figure = this.figure;
    if (!figure) return;
    const bars = this.bars();
    const scale = this.chart.timeScale();
    const width = scale.width();
    const first = scale.logicalToCoordinate(0 as Logical);
    const last = scale.logicalToCoordinate((bars.length - 1) as Logical);
    figure.dataset.studies = formatStudies(studies);
    figure.dataset.panes = String(this.chart.panes().length);
    figure.dataset.volume = volume ? 'shown' : 'hidden';
    if (markers && this.markersFrame === 0)
      this.markersFrame = requestAnimationFrame(() =>
        requestAnimationFrame(() => {
          this.markersFrame = 0;
          if (!this.disposed) this.markers(figure, markers);
        }),
      );
    figure.dataset.extent =
      bars.length > 0 && width > 0 && first !== null && last !== null
        ? `${(first / width).toFixed(3)}:${(last / width).toFixed(3)}`
        : '';
  }

  dispose(): void {
    this.disposed = true;
  }

  /**
   * Your trades: `data-markers` the number of trades drawn, `data-marker-points` each visible
   * marker as `{time}:{side}:{count}@{x},{y}` (pane pixels), and `data-marker-labels` each visible
   * label as `{time}:{side}@{x}={label}` (URI-encoded; a marker whose label would run into a
   * neighbour's has none).
   */
  private markers(figure: HTMLElement, layer: TradeMarkerLayer): void {
    const bars = this.bars();
    let drawn = 0;
    const points: string[] = [];
    const labels: string[] = [];
    const width = this.chart.timeScale().width();
    for (const bucket of layer.buckets) {
      drawn += bucket.trades.length;
      const bar = bars[findBarIndex(bars, bucket.time)];
      const at = bar ? layer.anchor(bucket, bar) : null;
      if (at && at.x >= 0 && at.x <= width) {
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
