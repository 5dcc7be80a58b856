/**
 * The query strings of the pool page and the widget: every view is a URL. Unknown or malformed values
 * fall back to the defaults (a link with a typo still opens the pool), and URLs are written with only
 * the values that differ from the defaults, so links stay short.
 */
import { DEFAULT_INTERVAL, intervalOrLabel, type KlineInterval } from '../../chart/rules/intervals';
import { parseZone, type TimeZoneMode } from '../../core/format/zone';
import type { PoolWindow } from '../../contracts/price/schema';
import { formatStudies, parseStudies, type StudySpec } from '../../chart/rules/studies';
import { parseScale, type ScaleMode } from '../../chart/rules/scale';
import { formatCompare, parseCompare } from '../../chart/rules/compare';
import type { PoolRef } from '../../contracts/pool-ref';

export type ChartStyle = 'candles' | 'line' | 'area';
type Theme = 'dark' | 'light';
export type SearchParamsLike = Record<string, string | string[] | undefined> | URLSearchParams;

function read(params: SearchParamsLike, name: string): string | undefined {
  if (params instanceof URLSearchParams) return params.get(name) ?? undefined;
  const value = params[name];
  return Array.isArray(value) ? value[0] : value;
}

const pick = <T extends string>(
  value: string | undefined,
  allowed: readonly T[],
  fallback: T,
): T =>
  value !== undefined && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;

const flag = (value: string | undefined, fallback: boolean): boolean =>
  value === '1' ? true : value === '0' ? false : fallback;

export const CHART_STYLES: readonly ChartStyle[] = ['candles', 'line', 'area'];
// Spelled out here: importing the value from the zod schema module would put zod in the widget's bundle.
export const POOL_WINDOWS: readonly PoolWindow[] = ['m5', 'm15', 'm30', 'h1', 'h6', 'h24'];

// ---- the pool page ----

export interface PoolViewParams {
  interval: KlineInterval;
  chart: ChartStyle;
  /** null: the user's preference (Settings); `utc`, `local` or an IANA zone (`Asia/Tokyo`) */
  tz: TimeZoneMode | null;
  volume: boolean;
  window: PoolWindow;
  token: 'base' | 'quote';
  /** indicators, `studies=ema:20,rsi:14` */
  studies: StudySpec[];
  /** the price scale, `scale=log|pct` */
  scale: ScaleMode;
  /** other pools on the chart, `compare=evm:1:0x…,svm:501:58oQ…` (at most three) */
  compare: PoolRef[];
}

export const POOL_VIEW_DEFAULTS: PoolViewParams = {
  interval: DEFAULT_INTERVAL,
  chart: 'candles',
  tz: null,
  volume: true,
  window: 'h24',
  token: 'base',
  studies: [],
  scale: 'linear',
  compare: [],
};

/** `self`: the page's own pool, never compared with itself. */
export function parsePoolView(params: SearchParamsLike, self?: PoolRef): PoolViewParams {
  const interval = read(params, 'interval');
  return {
    interval: intervalOrLabel(interval) ?? DEFAULT_INTERVAL,
    chart: pick(read(params, 'chart'), CHART_STYLES, 'candles'),
    tz: parseZone(read(params, 'tz')),
    volume: flag(read(params, 'volume'), true),
    window: pick(read(params, 'window'), POOL_WINDOWS, 'h24'),
    token: pick(read(params, 'token'), ['base', 'quote'] as const, 'base'),
    studies: parseStudies(read(params, 'studies')),
    scale: parseScale(read(params, 'scale')),
    compare: parseCompare(read(params, 'compare'), self),
  };
}

export function poolViewQuery(view: PoolViewParams): string {
  const q = new URLSearchParams();
  if (view.interval !== DEFAULT_INTERVAL) q.set('interval', view.interval);
  if (view.chart !== 'candles') q.set('chart', view.chart);
  if (view.tz) q.set('tz', view.tz);
  if (!view.volume) q.set('volume', '0');
  if (view.window !== 'h24') q.set('window', view.window);
  if (view.token !== 'base') q.set('token', view.token);
  if (view.studies.length > 0) q.set('studies', formatStudies(view.studies));
  if (view.scale !== 'linear') q.set('scale', view.scale);
  if (view.compare.length > 0) q.set('compare', formatCompare(view.compare));
  const s = q.toString();
  return s ? `?${s}` : '';
}

// ---- the widget ----

export interface WidgetParams {
  interval: KlineInterval;
  theme: Theme;
  chart: ChartStyle;
  volume: boolean;
  /** a compact header: pair, price, 24 h change */
  info: boolean;
  /** the latest trades under the chart */
  trades: boolean;
  /** background colour, `RRGGBB` without `#` */
  bg: string | null;
  tz: TimeZoneMode;
  /** indicators, as on the pool page */
  studies: StudySpec[];
  /** the price scale, as on the pool page */
  scale: ScaleMode;
  /** your trades as markers on the chart (`markers=1`), of the addresses in `wallets` */
  markers: boolean;
  /**
   * `wallets=0x..,0x..`: the widget runs on other sites and cannot read this app's Wallets list, so
   * the embedding page names the addresses (at most MAX_WIDGET_WALLETS, each of an address's shape)
   */
  wallets: string[];
}

/** Addresses a widget may name: each is one transfers/search request per view. */
const MAX_WIDGET_WALLETS = 5;
// The shapes only (EVM hex, Base58 of Solana and Tron, bech32 and legacy Bitcoin): the full checks
// would put hashing code in the widget; the tx service checks them anyway, and a wrong one finds nothing.
const ADDRESS_SHAPE =
  /^(0x[0-9a-fA-F]{40}|[1-9A-HJ-NP-Za-km-z]{25,44}|bc1[02-9ac-hj-np-z]{11,71})$/;

function parseWallets(value: string | undefined | null): string[] {
  if (!value) return [];
  const out: string[] = [];
  for (const part of value.slice(0, 2_000).split(',')) {
    const a = part.trim();
    if (ADDRESS_SHAPE.test(a) && !out.some((b) => b.toLowerCase() === a.toLowerCase())) out.push(a);
    if (out.length >= MAX_WIDGET_WALLETS) break;
  }
  return out;
}

export const WIDGET_DEFAULTS: WidgetParams = {
  interval: DEFAULT_INTERVAL,
  theme: 'dark',
  chart: 'candles',
  volume: true,
  info: true,
  trades: false,
  bg: null,
  tz: 'local',
  studies: [],
  scale: 'linear',
  markers: false,
  wallets: [],
};

export function parseBg(value: string | undefined | null): string | null {
  const hex = value?.trim().replace(/^#/, '');
  if (!hex || !/^([0-9a-f]{3}|[0-9a-f]{6})$/i.test(hex)) return null;
  return (hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex).toLowerCase();
}

export function parseWidget(params: SearchParamsLike): WidgetParams {
  return {
    // The buttons' labels too (`1D`, `1W`), as pulse:setInterval takes them.
    interval: intervalOrLabel(read(params, 'interval')) ?? WIDGET_DEFAULTS.interval,
    theme: pick(read(params, 'theme'), ['dark', 'light'] as const, WIDGET_DEFAULTS.theme),
    chart: pick(read(params, 'chart'), CHART_STYLES, WIDGET_DEFAULTS.chart),
    volume: flag(read(params, 'volume'), WIDGET_DEFAULTS.volume),
    info: flag(read(params, 'info'), WIDGET_DEFAULTS.info),
    trades: flag(read(params, 'trades'), WIDGET_DEFAULTS.trades),
    bg: parseBg(read(params, 'bg')),
    tz: parseZone(read(params, 'tz')) ?? WIDGET_DEFAULTS.tz,
    studies: parseStudies(read(params, 'studies')),
    scale: parseScale(read(params, 'scale')),
    markers: flag(read(params, 'markers'), WIDGET_DEFAULTS.markers),
    wallets: parseWallets(read(params, 'wallets')),
  };
}

/** The widget's query string; every parameter is written, so a snippet documents itself. */
export function widgetQuery(p: WidgetParams): string {
  const q = new URLSearchParams({
    interval: p.interval,
    theme: p.theme,
    chart: p.chart,
    volume: p.volume ? '1' : '0',
    info: p.info ? '1' : '0',
    trades: p.trades ? '1' : '0',
    tz: p.tz,
    scale: p.scale,
  });
  if (p.bg) q.set('bg', p.bg);
  if (p.studies.length > 0) q.set('studies', formatStudies(p.studies));
  if (p.markers) q.set('markers', '1');
  if (p.wallets.length > 0) q.set('wallets', p.wallets.join(','));
  return `?${q.toString()}`;
}
