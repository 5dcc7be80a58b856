/**
 * The studies a chart draws (lib/chart/rules/indicators.ts computes them): moving averages, Bollinger
 * Bands and VWAP as lines on the price pane; RSI (with its 30 and 70 lines, scale 0 to 100) and
 * MACD (line, signal and histogram) each in a pane of its own under the price. History through
 * `setData` (one pass), live bars through `update` (one step per study), so a chart with several
 * studies stays as quick on a live tick as one without.
 */
import {
  HistogramSeries,
  LineSeries,
  LineStyle,
  createTextWatermark,
  type IChartApi,
  type ISeriesApi,
  type ITextWatermarkPluginApi,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import type { Candle } from '../rules/candles';
import { formatChartPrice } from '../../core/format/price';
import { OVERLAY, formatStudy, studyLabel, type StudySpec } from '../rules/studies';
import { createStudy, type Study, type StudyPoint } from '../rules/indicators';
import { withAlpha, type ChartColors } from './theme';

/** Line colours in the order studies are added; distinct from up, down and the accent. */
const PALETTE = [
  '#f5a524',
  '#a78bfa',
  '#22d3ee',
  '#f472b6',
  '#a3e635',
  '#fb923c',
  '#60a5fa',
  '#e879f9',
];
const PANE_STRETCH = 0.3;
/**
 * The lowest pane carries the chart library's attribution logo (bottom left, 19 px high, 10 px
 * from the edge; its licence asks for the attribution). A study pane that ends up lowest keeps
 * that strip free: its scale stops above it, so no line runs under the logo.
 */
const LOGO_ROOM = { top: 0.12, bottom: 0.32 };
const PANE_MARGINS = { top: 0.12, bottom: 0.1 };

export interface StudyLegendEntry {
  key: string;
  /** `EMA 20`, `RSI 14`, `MACD 12 26 9` */
  label: string;
  color: string;
  /** the values at the bar, formatted (`1,834.12`; BB: upper, middle, lower) */
  values: string[];
}

interface Drawn {
  spec: StudySpec;
  key: string;
  color: string;
  study: Study;
  /** one value per bar, aligned with the chart's bars */
  values: StudyPoint[];
  lines: [name: string, series: ISeriesApi<'Line'> | ISeriesApi<'Histogram'>][];
  /** the name written in the study's own pane (RSI, MACD) */
  paneLabel: ITextWatermarkPluginApi<Time> | null;
}

export class ChartStudies {
  private drawn: Drawn[] = [];
  private specs: StudySpec[] = [];
  private decimals = 2;
  private daily = false;

  constructor(
    private readonly chart: IChartApi,
    private colors: ChartColors,
  ) {}

  get list(): readonly StudySpec[] {
    return this.specs;
  }

  /** `daily`: the bars are a day or longer (VWAP then spans the loaded history). */
  setInterval(daily: boolean): void {
    this.daily = daily;
  }

  setDecimals(decimals: number): void {
    this.decimals = decimals;
  }

  /** New theme colours: the histogram's points are drawn again from the values held (no recomputation). */
  setColors(colors: ChartColors, bars: readonly Candle[]): void {
    this.colors = colors;
    for (const d of this.drawn) this.draw(d, bars);
  }

  /** Draws `specs` over `bars`, replacing what was drawn. */
  set(specs: readonly StudySpec[], bars: readonly Candle[]): void {
    this.clear();
    this.specs = [...specs];
    this.drawn = this.specs.map((spec, i) =>
      this.add(spec, PALETTE[i % PALETTE.length] ?? '#f5a524'),
    );
    const panes = this.drawn.filter((d) => !OVERLAY[d.spec.kind]);
    panes.forEach((d, i) =>
      d.lines[0]?.[1]
        .priceScale()
        .applyOptions({ scaleMargins: i === panes.length - 1 ? LOGO_ROOM : PANE_MARGINS }),
    );
    this.setData(bars);
  }

  /** Removes every study series (and their panes); `set` draws them again. */
  clear(): void {
    for (const d of [...this.drawn].reverse()) {
      d.paneLabel?.detach();
      for (const [, s] of d.lines) this.chart.removeSeries(s);
    }
    this.drawn = [];
  }

  setData(bars: readonly Candle[]): void {
    for (const d of this.drawn) {
      d.study = createStudy(d.spec, this.daily);
      d.values = bars.map((b) => d.study.push(b));
      this.draw(d, bars);
    }
  }

  private draw(d: Drawn, bars: readonly Candle[]): void {
    for (const [name, series] of d.lines)
      series.setData(bars.map((b, i) => this.point(d, name, b.time, d.values[i] ?? null)));
  }

  /** A live bar: the last one changed (`replace`) or a new one. */
  update(bar: Candle, replace: boolean): void {
    for (const d of this.drawn) {
      const value = replace ? d.study.replaceLast(bar) : d.study.push(bar);
      if (replace && d.values.length > 0) d.values[d.values.length - 1] = value;
      else d.values.push(value);
      for (const [name, series] of d.lines) series.update(this.point(d, name, bar.time, value));
    }
  }

  /** The legend's entries at bar `index` (the last bar when null). */
  legend(index: number | null): StudyLegendEntry[] {
    return this.drawn.map((d) => {
      const v = d.values[index ?? d.values.length - 1] ?? null;
      const fmt = (n: number | undefined) =>
        n === undefined
          ? '—'
          : d.spec.kind === 'rsi'
            ? n.toFixed(2)
            : formatChartPrice(
                n,
                d.spec.kind === 'macd' ? Math.max(this.decimals, 2) : this.decimals,
              );
      const names =
        d.spec.kind === 'bb'
          ? ['upper', 'middle', 'lower']
          : d.spec.kind === 'macd'
            ? ['macd', 'signal', 'histogram']
            : ['value'];
      return {
        key: d.key,
        label: studyLabel(d.spec),
        color: d.color,
        values: names.map((n) => fmt(v?.[n])),
      };
    });
  }

  private point(d: Drawn, name: string, time: number, value: StudyPoint) {
    const t = time as UTCTimestamp;
    const v = value?.[name];
    if (v === undefined || !Number.isFinite(v)) return { time: t };
    if (name === 'histogram')
      return {
        time: t,
        value: v,
        color: withAlpha(v >= 0 ? this.colors.up : this.colors.down, 0.6),
      };
    return { time: t, value: v };
  }

  private add(spec: StudySpec, color: string): Drawn {
    const key = formatStudy(spec);
    const line = {
      lineWidth: 1 as const,
      priceLineVisible: false,
      lastValueVisible: false,
      crosshairMarkerVisible: false,
    };
    const priceFormat = {
      type: 'custom' as const,
      minMove: 10 ** -Math.min(this.decimals, 10),
      formatter: (p: number) => formatChartPrice(p, this.decimals),
    };
    const lines: Drawn['lines'] = [];
    let paneLabel: Drawn['paneLabel'] = null;
    if (OVERLAY[spec.kind]) {
      if (spec.kind === 'bb') {
        const band = {
          ...line,
          color: withAlpha(color, 0.8),
          lineStyle: LineStyle.Dashed,
          priceFormat,
        };
        lines.push(['upper', this.chart.addSeries(LineSeries, band, 0)]);
        lines.push([
          'middle',
          this.chart.addSeries(LineSeries, { ...line, color, priceFormat }, 0),
        ]);
        lines.push(['lower', this.chart.addSeries(LineSeries, band, 0)]);
      } else {
        lines.push(['value', this.chart.addSeries(LineSeries, { ...line, color, priceFormat }, 0)]);
      }
    } else {
      const pane = this.chart.panes().length;
      if (spec.kind === 'rsi') {
        const rsi = this.chart.addSeries(
          LineSeries,
          {
            ...line,
            color,
            lastValueVisible: true,
            priceFormat: {
              type: 'custom',
              minMove: 0.01,
              // The scale runs on below 0 when the pane keeps room for the logo: no label there.
              formatter: (p: number) => (p < 0 || p > 100 ? '' : p.toFixed(2)),
            },
            autoscaleInfoProvider: () => ({ priceRange: { minValue: 0, maxValue: 100 } }),
          },
          pane,
        );
        // 70 and 30 as dotted lines without axis badges: in a short pane three badges (70, the
        // value, 30) pile over the scale's own labels.
        for (const level of [70, 30])
          rsi.createPriceLine({
            price: level,
            color: this.colors.faint,
            lineWidth: 1,
            lineStyle: LineStyle.Dotted,
            axisLabelVisible: false,
            title: '',
          });
        lines.push(['value', rsi]);
      } else {
        const macdFormat = {
          type: 'custom' as const,
          minMove: 10 ** -Math.min(Math.max(this.decimals, 2), 10),
          formatter: (p: number) => formatChartPrice(p, Math.max(this.decimals, 2)),
        };
        lines.push([
          'histogram',
          this.chart.addSeries(
            HistogramSeries,
            { priceLineVisible: false, lastValueVisible: false, priceFormat: macdFormat },
            pane,
          ),
        ]);
        lines.push([
          'macd',
          this.chart.addSeries(LineSeries, { ...line, color, priceFormat: macdFormat }, pane),
        ]);
        lines.push([
          'signal',
          this.chart.addSeries(
            LineSeries,
            { ...line, color: this.colors.accent, priceFormat: macdFormat },
            pane,
          ),
        ]);
      }
      const own = this.chart.panes()[pane];
      own?.setStretchFactor(PANE_STRETCH);
      // Its name in its top left corner, drawn by the chart (so the PNG snapshot carries it too).
      paneLabel = own
        ? createTextWatermark(own, {
            horzAlign: 'left',
            vertAlign: 'top',
            lines: [
              {
                text: studyLabel(spec),
                color: withAlpha(color, 0.9),
                fontSize: 11,
                lineHeight: 18,
                fontFamily: '"Inter Variable", ui-sans-serif, system-ui, sans-serif',
                fontStyle: '500',
              },
            ],
          })
        : null;
    }
    return {
      spec,
      key,
      color,
      study: createStudy(spec, this.daily),
      values: [],
      lines,
      paneLabel,
    };
  }
}
