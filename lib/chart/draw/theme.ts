/**
 * The chart's colours come from the same CSS variables as the rest of the app (app/globals.css; the widget: lib/embed/styles.ts), read
 * from the chart's own container: dark, light and the widget's `bg` are one switch.
 */
import {
  ColorType,
  CrosshairMode,
  LineStyle,
  type DeepPartial,
  type ChartOptions,
} from 'lightweight-charts';

export interface ChartColors {
  background: string;
  text: string;
  faint: string;
  border: string;
  raised: string;
  up: string;
  down: string;
  accent: string;
}

const FALLBACK: ChartColors = {
  background: '#10141c',
  text: '#8b93a6',
  faint: '#5d6679',
  border: '#222936',
  raised: '#171c26',
  up: '#19c37d',
  down: '#f0495b',
  accent: '#5b8cff',
};

export function readColors(element: Element, backgroundVar = '--panel'): ChartColors {
  const style = getComputedStyle(element);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    background: read(backgroundVar, FALLBACK.background),
    text: read('--muted', FALLBACK.text),
    faint: read('--faint', FALLBACK.faint),
    border: read('--border', FALLBACK.border),
    raised: read('--raised', FALLBACK.raised),
    up: read('--up', FALLBACK.up),
    down: read('--down', FALLBACK.down),
    accent: read('--accent', FALLBACK.accent),
  };
}

/** `#19c37d` at `alpha` as rgba(); other colour syntaxes are returned unchanged. */
export function withAlpha(color: string, alpha: number): string {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color)?.[1];
  if (!hex) return color;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  const n = parseInt(full, 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
}

export function themeOptions(c: ChartColors): DeepPartial<ChartOptions> {
  return {
    layout: {
      background: { type: ColorType.Solid, color: c.background },
      textColor: c.text,
      panes: {
        separatorColor: c.border,
        separatorHoverColor: withAlpha(c.accent, 0.25),
        enableResize: true,
      },
    },
    grid: {
      vertLines: { color: withAlpha(c.border, 0.55) },
      horzLines: { color: withAlpha(c.border, 0.55) },
    },
    crosshair: {
      vertLine: { color: c.faint, labelBackgroundColor: c.raised, style: LineStyle.Dashed },
      horzLine: { color: c.faint, labelBackgroundColor: c.raised, style: LineStyle.Dashed },
    },
    rightPriceScale: { borderColor: c.border },
    timeScale: { borderColor: c.border },
  };
}

/** The price scale's margins; with the volume under the price, lib/chart/draw/series.ts widens the bottom one. */
export const PRICE_MARGINS = { top: 0.12, bottom: 0.08 };

/** Options fixed for the chart's life: set once at creation. */
export function baseOptions(c: ChartColors): DeepPartial<ChartOptions> {
  const theme = themeOptions(c);
  return {
    ...theme,
    autoSize: true,
    layout: {
      ...theme.layout,
      fontFamily: '"Inter Variable", ui-sans-serif, system-ui, sans-serif',
      fontSize: 11,
      // The library's licence asks for attribution; its logo stays visible on every chart.
      attributionLogo: true,
    },
    crosshair: { ...theme.crosshair, mode: CrosshairMode.Normal },
    rightPriceScale: {
      ...theme.rightPriceScale,
      scaleMargins: PRICE_MARGINS,
      minimumWidth: 72,
    },
    timeScale: { ...theme.timeScale, rightOffset: 6, barSpacing: 7, minBarSpacing: 0.5 },
    handleScale: { axisPressedMouseMove: { time: true, price: true } },
  };
}
