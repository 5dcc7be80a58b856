/**
 * A stand-in for lightweight-charts with the parts lib/chart uses: it draws nothing (no canvas in
 * Node) and records what the chart was told, so the controller's tests read the library's state.
 * One bar is 10 px wide from x = 0 (logical index i at x = 10 i), on a pane 800 px wide.
 */
type Listener<T> = (value: T) => void;

export const PriceScaleMode = { Normal: 0, Logarithmic: 1, Percentage: 2, IndexedTo100: 3 };
export const ColorType = { Solid: 'solid', VerticalGradient: 'gradient' };
export const CrosshairMode = { Normal: 0, Magnet: 1, Hidden: 2, MagnetOHLC: 3 };
export const LineStyle = { Solid: 0, Dotted: 1, Dashed: 2, LargeDashed: 3, SparseDotted: 4 };

export const CandlestickSeries = { type: 'Candlestick' };
export const LineSeries = { type: 'Line' };
export const AreaSeries = { type: 'Area' };
export const HistogramSeries = { type: 'Histogram' };

export function defaultHorzScaleBehavior() {
  return class {};
}

/** A text drawn by the chart in a pane's corner (the indicator panes' names), while attached. */
export interface FakeWatermark {
  pane: FakePane;
  lines: { text: string }[];
  detached: boolean;
}
export const watermarks: FakeWatermark[] = [];

export function createTextWatermark(pane: FakePane, options: { lines: { text: string }[] }) {
  const mark: FakeWatermark = { pane, lines: options.lines, detached: false };
  watermarks.push(mark);
  return {
    applyOptions: (next: { lines?: { text: string }[] }) => {
      if (next.lines) mark.lines = next.lines;
    },
    detach: () => {
      mark.detached = true;
    },
  };
}

interface Point {
  time: number;
  [key: string]: unknown;
}

export class FakeSeries {
  data: Point[] = [];
  options: Record<string, unknown>;
  removed = false;
  markers: unknown[] | null = null;
  readonly priceLines: Record<string, unknown>[] = [];

  constructor(
    readonly type: string,
    options: Record<string, unknown> | undefined,
    readonly pane: number,
  ) {
    this.options = { ...options };
  }
  seriesType(): string {
    return this.type;
  }
  setData(points: Point[]): void {
    this.data = [...points];
  }
  update(point: Point): void {
    const i = this.data.findIndex((p) => p.time === point.time);
    if (i >= 0) this.data[i] = point;
    else this.data.push(point);
  }
  applyOptions(options: Record<string, unknown>): void {
    Object.assign(this.options, options);
  }
  priceScale() {
    return { applyOptions: () => undefined };
  }
  priceToCoordinate(price: number): number {
    return 400 - price;
  }
  createPriceLine(options: Record<string, unknown>) {
    const line = { ...options };
    this.priceLines.push(line);
    return { applyOptions: (next: object) => Object.assign(line, next), options: () => line };
  }
  removePriceLine(handle: { options(): Record<string, unknown> }): void {
    const i = this.priceLines.indexOf(handle.options());
    if (i >= 0) this.priceLines.splice(i, 1);
  }
}

export function createSeriesMarkers(series: FakeSeries, markers: unknown[]) {
  series.markers = markers;
  return {
    setMarkers: (next: unknown[]) => (series.markers = next),
    markers: () => series.markers ?? [],
    detach: () => (series.markers = null),
  };
}

const WIDTH = 800;
const SPACING = 10;

class FakeTimeScale {
  private readonly current = { barSpacing: SPACING, rightOffset: 0 };
  logicalRange: { from: number; to: number } | null = null;
  readonly rangeListeners = new Set<Listener<{ from: number; to: number } | null>>();

  constructor(private readonly chart: FakeChart) {}

  width(): number {
    return WIDTH;
  }
  options() {
    return this.current;
  }
  applyOptions(options: Record<string, unknown>): void {
    // The fake keeps its own spacing: its coordinates stay at 10 px a bar.
    this.current.rightOffset = Number(options.rightOffset ?? this.current.rightOffset);
  }
  setVisibleLogicalRange(range: { from: number; to: number }): void {
    this.logicalRange = { ...range };
    for (const listener of [...this.rangeListeners]) listener(this.logicalRange);
  }
  scrollToPosition(): void {
    const bars = this.chart.mainBars();
    this.setVisibleLogicalRange({ from: Math.max(0, bars - WIDTH / SPACING), to: bars });
  }
  getVisibleLogicalRange() {
    return this.logicalRange;
  }
  getVisibleRange() {
    const range = this.logicalRange;
    const data = this.chart.mainData();
    if (!range || data.length === 0) return null;
    const at = (i: number) => data[Math.max(0, Math.min(data.length - 1, Math.round(i)))]?.time;
    return { from: at(range.from), to: at(range.to) };
  }
  subscribeVisibleLogicalRangeChange(listener: Listener<{ from: number; to: number } | null>) {
    this.rangeListeners.add(listener);
  }
  unsubscribeVisibleLogicalRangeChange(listener: Listener<{ from: number; to: number } | null>) {
    this.rangeListeners.delete(listener);
  }
  coordinateToLogical(x: number): number {
    return Math.round(x / SPACING);
  }
  logicalToCoordinate(index: number): number {
    return index * SPACING;
  }
  timeToCoordinate(time: number): number | null {
    const i = this.chart.mainData().findIndex((p) => p.time === time);
    return i < 0 ? null : i * SPACING;
  }
}

export interface FakePane {
  index: number;
  setStretchFactor(factor: number): void;
}

export class FakeChart {
  readonly series: FakeSeries[] = [];
  readonly crosshairListeners = new Set<Listener<unknown>>();
  readonly scale = new FakeTimeScale(this);
  readonly priceScaleOptions: Record<string, unknown> = { mode: 0 };
  options: Record<string, unknown>;
  crosshair: { price: number; time: number } | null = null;
  paneCount = 1;
  removed = false;

  constructor(
    readonly container: unknown,
    options: Record<string, unknown>,
  ) {
    this.options = { ...options };
    charts.push(this);
  }

  /** The series alive now (not removed). */
  live(): FakeSeries[] {
    return this.series.filter((s) => !s.removed);
  }
  /** The price series: the first live series in pane 0 not on the volume's own scale. */
  main(): FakeSeries | undefined {
    return this.live().find((s) => s.pane === 0 && s.options.priceScaleId !== 'volume');
  }
  mainData(): Point[] {
    return this.main()?.data ?? [];
  }
  mainBars(): number {
    return this.mainData().length;
  }
  /** Fires the library's crosshair event, as a pointer over the chart does. */
  moveCrosshair(param: unknown): void {
    for (const listener of [...this.crosshairListeners]) listener(param);
  }

  addSeries(definition: { type: string }, options?: Record<string, unknown>, pane = 0) {
    const series = new FakeSeries(definition.type, options, pane);
    this.series.push(series);
    if (pane >= this.paneCount) this.paneCount = pane + 1;
    return series;
  }
  removeSeries(series: FakeSeries): void {
    series.removed = true;
  }
  panes(): FakePane[] {
    return Array.from({ length: this.paneCount }, (_, index) => ({
      index,
      setStretchFactor: () => undefined,
    }));
  }
  removePane(index: number): void {
    if (index < this.paneCount) this.paneCount -= 1;
  }
  priceScale() {
    return {
      applyOptions: (options: Record<string, unknown>) =>
        Object.assign(this.priceScaleOptions, options),
      options: () => this.priceScaleOptions,
    };
  }
  timeScale(): FakeTimeScale {
    return this.scale;
  }
  applyOptions(options: Record<string, unknown>): void {
    Object.assign(this.options, options);
  }
  subscribeCrosshairMove(listener: Listener<unknown>): void {
    this.crosshairListeners.add(listener);
  }
  unsubscribeCrosshairMove(listener: Listener<unknown>): void {
    this.crosshairListeners.delete(listener);
  }
  setCrosshairPosition(price: number, time: number): void {
    this.crosshair = { price, time };
  }
  clearCrosshairPosition(): void {
    this.crosshair = null;
  }
  takeScreenshot(): unknown {
    return { canvas: true };
  }
  remove(): void {
    this.removed = true;
  }
}

/** Every chart made since the last reset, newest last. */
export const charts: FakeChart[] = [];

export function createChartEx(container: unknown, _behavior: unknown, options: object) {
  return new FakeChart(container, options as Record<string, unknown>);
}
