/**
 * Horizontal price lines over the chart (lib/chart/draw/controller.ts `addLayer`): drawn by the library
 * (`createPriceLine`, with their price on the axis), dragged with the pointer, added by a click
 * while the line tool is on, and a mark where an alert fired (`createSeriesMarkers`, at the bar and
 * price it fired). No React here: components/chart/price-lines-control.tsx owns the list and the
 * keyboard way to every action.
 */
import {
  LineStyle,
  createSeriesMarkers,
  type IPriceLine,
  type ISeriesApi,
  type ISeriesMarkersPluginApi,
  type MouseEventParams,
  type SeriesMarker,
  type SeriesType,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import type { Candle } from '../rules/candles';
import { roundPrice } from '../rules/price-format';
import type { AlertState } from '../../features/alerts/model';
import type { ChartLayer, LayerContext } from './chart-layer';
import { clickedPrice } from './click-price';

export interface LineSpec {
  id: string;
  price: number;
  alert: AlertState | null;
}

export interface PriceLineEvents {
  /** a click on the chart while the line tool is on */
  onAdd: (price: number) => void;
  /** a line was dragged to `price` (called once, when released) */
  onMove: (id: string, price: number) => void;
  /** a line was clicked without being moved */
  onSelect?: (id: string) => void;
}

/** How near (px) the pointer must come to a line to take it. */
const HIT_PX = 6;
/** A press that moves less than this is a click, not a drag. */
const DRAG_PX = 3;

interface Drawn {
  spec: LineSpec;
  line: IPriceLine;
}

/** The bar a moment falls in: the last one opened at or before it. */
export function barAt(bars: readonly Candle[], seconds: number): Candle | null {
  let lo = 0;
  let hi = bars.length - 1;
  let found: Candle | null = null;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const bar = bars[mid]!;
    if (bar.time <= seconds) {
      found = bar;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

export class PriceLineLayer implements ChartLayer {
  private ctx: LayerContext | null = null;
  private series: ISeriesApi<SeriesType> | null = null;
  private markers: ISeriesMarkersPluginApi<Time> | null = null;
  private drawn = new Map<string, Drawn>();
  private specs: LineSpec[] = [];
  private adding = false;
  private drag: {
    id: string;
    pointerId: number;
    startY: number;
    moved: boolean;
    price: number;
  } | null = null;

  constructor(private readonly events: PriceLineEvents) {}

  attach(ctx: LayerContext): void {
    const fresh = this.ctx === null;
    // A change of style replaced the series: its lines and markers went with it.
    if (this.series !== ctx.series) {
      this.drawn.clear();
      this.markers = null;
    }
    this.ctx = ctx;
    this.series = ctx.series;
    if (fresh) {
      const el = ctx.container;
      el.addEventListener('pointerdown', this.onPointerDown, true);
      el.addEventListener('pointermove', this.onPointerMove, true);
      el.addEventListener('pointerup', this.onPointerUp, true);
      el.addEventListener('pointercancel', this.onPointerCancel, true);
      el.addEventListener('touchstart', this.onTouchStart, { capture: true, passive: false });
      ctx.chart.subscribeClick(this.onClick);
    }
    this.draw();
  }

  onData(): void {
    this.drawMarkers();
  }

  detach(): void {
    const ctx = this.ctx;
    if (!ctx) return;
    const el = ctx.container;
    el.removeEventListener('pointerdown', this.onPointerDown, true);
    el.removeEventListener('pointermove', this.onPointerMove, true);
    el.removeEventListener('pointerup', this.onPointerUp, true);
    el.removeEventListener('pointercancel', this.onPointerCancel, true);
    el.removeEventListener('touchstart', this.onTouchStart, true);
    ctx.chart.unsubscribeClick(this.onClick);
    delete el.dataset.lineCursor;
    try {
      for (const d of this.drawn.values()) ctx.series.removePriceLine(d.line);
      this.markers?.detach();
    } catch {
      // The chart is already gone.
    }
    this.drawn.clear();
    this.markers = null;
    this.ctx = null;
    this.series = null;
  }

  /** The lines to show (a dragged line keeps its place until released). */
  setLines(specs: readonly LineSpec[]): void {
    this.specs = [...specs];
    this.draw();
  }

  /** The line tool: the next click on the chart adds a line there. */
  setAdding(on: boolean): void {
    this.adding = on;
    this.updateCursor(null);
  }

  /** Colours follow the theme: call after it changes. */
  refresh(): void {
    for (const d of this.drawn.values()) d.line.applyOptions(this.lineOptions(d.spec));
    this.drawMarkers();
  }

  /** Where a line is drawn (px from the pane's top), for tests and overlays. */
  coordinateOf(price: number): number | null {
    return this.series?.priceToCoordinate(price) ?? null;
  }

  private draw(): void {
    const series = this.series;
    if (!series) return;
    const wanted = new Map(this.specs.map((s) => [s.id, s]));
    for (const [id, d] of this.drawn) {
      if (wanted.has(id)) continue;
      series.removePriceLine(d.line);
      this.drawn.delete(id);
    }
    for (const spec of this.specs) {
      const d = this.drawn.get(spec.id);
      const dragging = this.drag?.id === spec.id && this.drag.moved;
      const shown = dragging ? { ...spec, price: this.drag!.price } : spec;
      if (d) {
        d.spec = spec;
        d.line.applyOptions(this.lineOptions(shown));
      } else {
        this.drawn.set(spec.id, { spec, line: series.createPriceLine(this.lineOptions(shown)) });
      }
    }
    this.drawMarkers();
  }

  private colors() {
    const style = getComputedStyle(this.ctx!.container);
    const read = (name: string, fallback: string) =>
      style.getPropertyValue(name).trim() || fallback;
    return {
      line: read('--accent', '#5b8cff'),
      armed: read('--warn', '#e9b949'),
      fired: read('--faint', '#7a8397'),
    };
  }

  private lineOptions(spec: LineSpec) {
    const c = this.colors();
    const alert = spec.alert;
    const fired = alert !== null && alert.firedAt !== null;
    const color = !alert ? c.line : fired ? c.fired : c.armed;
    const arrow = alert
      ? alert.condition === 'up'
        ? ' ↑'
        : alert.condition === 'down'
          ? ' ↓'
          : ' ↕'
      : '';
    return {
      id: spec.id,
      price: spec.price,
      color,
      lineWidth: 1 as const,
      lineStyle: fired ? LineStyle.Dotted : alert ? LineStyle.Solid : LineStyle.Dashed,
      lineVisible: true,
      axisLabelVisible: true,
      // A fired line says so at the point where it fired (drawMarkers), not at the pane's right
      // edge, where the latest candles' trade markers write their labels.
      title: alert && !fired ? `alert${arrow}` : '',
    };
  }

  private drawMarkers(): void {
    const ctx = this.ctx;
    const series = this.series;
    if (!ctx || !series) return;
    const bars = ctx.bars();
    const color = this.colors().armed;
    const marks: SeriesMarker<Time>[] = [];
    for (const spec of this.specs) {
      const a = spec.alert;
      if (!a || a.firedAt === null || a.firedPrice === null) continue;
      const bar = barAt(bars, Math.floor(a.firedAt / 1000));
      if (!bar) continue;
      marks.push({
        id: spec.id,
        time: bar.time as UTCTimestamp,
        position: 'atPriceMiddle',
        price: a.firedPrice,
        shape: 'circle',
        color,
        size: 1.5,
        text: 'fired',
      });
    }
    // The plugin wants them in time order.
    marks.sort((x, y) => (x.time as number) - (y.time as number));
    if (!this.markers) {
      if (marks.length === 0) return;
      this.markers = createSeriesMarkers(series, marks);
    } else this.markers.setMarkers(marks);
    ctx.container.dataset.alertMarks = String(marks.length);
  }

  /** The line within HIT_PX of `y` (px from the chart's top), nearest first. */
  private hit(x: number, y: number): Drawn | null {
    const ctx = this.ctx;
    const series = this.series;
    if (!ctx || !series) return null;
    const pane = ctx.chart.panes()[0];
    if (!pane || y < 0 || y > pane.getHeight()) return null;
    // The lines span the plot, and their labels the price axis to its right.
    if (x < 0 || x > ctx.container.clientWidth) return null;
    let best: Drawn | null = null;
    let bestDistance = HIT_PX + 1;
    for (const d of this.drawn.values()) {
      const at = series.priceToCoordinate(d.spec.price);
      if (at === null) continue;
      const distance = Math.abs(at - y);
      if (distance < bestDistance) {
        best = d;
        bestDistance = distance;
      }
    }
    return best;
  }

  private point(e: PointerEvent | Touch): { x: number; y: number } {
    const rect = this.ctx!.container.getBoundingClientRect();
    return { x: e.clientX - rect.left, y: e.clientY - rect.top };
  }

  private updateCursor(hovering: Drawn | null): void {
    const el = this.ctx?.container;
    if (!el) return;
    const cursor = this.drag || hovering ? 'drag' : this.adding ? 'add' : '';
    // Written only on a change: every pointer move passes here, and the attribute restyles.
    if ((el.dataset.lineCursor ?? '') === cursor) return;
    if (cursor) el.dataset.lineCursor = cursor;
    else delete el.dataset.lineCursor;
  }

  private readonly onPointerDown = (e: PointerEvent) => {
    if (e.button !== 0 || !this.ctx) return;
    const { x, y } = this.point(e);
    const target = this.hit(x, y);
    if (!target) return;
    // The line takes the press: the chart must not pan (preventDefault also holds back the
    // mouse events the library listens to).
    e.preventDefault();
    e.stopPropagation();
    this.ctx.container.setPointerCapture?.(e.pointerId);
    this.drag = {
      id: target.spec.id,
      pointerId: e.pointerId,
      startY: y,
      moved: false,
      price: target.spec.price,
    };
    this.updateCursor(target);
  };

  private readonly onTouchStart = (e: TouchEvent) => {
    const t = e.touches[0];
    if (!t || e.touches.length > 1) return;
    const { x, y } = this.point(t);
    if (!this.hit(x, y)) return;
    // Pointer events drive the drag; the library must not scroll the chart under it.
    e.stopPropagation();
    e.preventDefault();
  };

  private readonly onPointerMove = (e: PointerEvent) => {
    const drag = this.drag;
    const series = this.series;
    if (!drag) {
      if (e.buttons === 0) {
        const { x, y } = this.point(e);
        this.updateCursor(this.hit(x, y));
      }
      return;
    }
    if (e.pointerId !== drag.pointerId || !series) return;
    e.stopPropagation();
    const { y } = this.point(e);
    if (!drag.moved && Math.abs(y - drag.startY) < DRAG_PX) return;
    const price = series.coordinateToPrice(y);
    if (price === null || !Number.isFinite(price) || price <= 0) return;
    drag.moved = true;
    drag.price = price;
    const d = this.drawn.get(drag.id);
    if (d) d.line.applyOptions({ price });
  };

  private readonly onPointerUp = (e: PointerEvent) => {
    const drag = this.drag;
    if (!drag || e.pointerId !== drag.pointerId) return;
    e.stopPropagation();
    this.drag = null;
    this.ctx?.container.releasePointerCapture?.(e.pointerId);
    this.updateCursor(null);
    // The pointer's price has the pixel's noise: the line keeps the chart's own rounding.
    if (drag.moved) this.events.onMove(drag.id, roundPrice(drag.price));
    else this.events.onSelect?.(drag.id);
  };

  private readonly onPointerCancel = (e: PointerEvent) => {
    const drag = this.drag;
    if (!drag || e.pointerId !== drag.pointerId) return;
    this.drag = null;
    this.updateCursor(null);
    // Back where it was.
    const d = this.drawn.get(drag.id);
    if (d) d.line.applyOptions({ price: d.spec.price });
  };

  private readonly onClick = (param: MouseEventParams) => {
    if (!this.adding || !this.series) return;
    const price = clickedPrice(param, this.series);
    if (price !== null) this.events.onAdd(price);
  };
}
