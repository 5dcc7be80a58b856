/**
 * The widget's HTML, written on the server (app/embed/pools/[chain_type]/[chain_id]/[pool_address]/route.ts):
 * the header with the pair, DEX, live price and 24 h change, the controls, the chart's frame with
 * its loading skeleton, the inlined stylesheet (lib/embed/styles.ts), the first candles as JSON and
 * one module script (lib/embed/widget.ts, bundled by scripts/build-widget.mjs). No framework runtime:
 * the page's JavaScript is that one script and lightweight-charts inside it.
 *
 * The Content-Security-Policy of /embed/* (proxy.ts) allows scripts by nonce only; every script tag
 * here carries the request's nonce, and no inline event handler is written.
 */
import { poolPath } from '../contracts/pool-ref';
import { shorten } from '../core/format/text';
import { iconHue, iconInitials, logoSrc } from '../core/logo';
import { INTERVAL_LABELS, KLINE_INTERVALS } from '../chart/rules/intervals';
import { formatChartPrice, priceDecimals } from '../core/format/price';
import { formatChangePercent } from '../chart/rules/price-format';
import { paletteFor } from '../features/pools/contrast';
import { baseUsdFromClose, dexName, type PoolSummary } from '../features/pools/summary';
import { pickQuoteUsd } from '../features/pools/pricing';
import { SKELETON_BARS } from '../chart/rules/skeleton';
import { BOOT_ID, ROOT_ID, type WidgetBoot } from './boot';
import { widgetCss } from './styles';
import { escapeHtml } from './text';

export interface WidgetAssets {
  /** the widget's module script, e.g. `/widget/widget-3F2A….js` */
  script: string;
  /** chunks the script imports at once (modulepreload) */
  preload: readonly string[];
  /** the Inter font file, or null to use the system's sans-serif */
  font: string | null;
}

/** JSON that cannot end its `<script>` element early (`</script>`, `<!--`). */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const attr = (nonce: string | null) => (nonce ? ` nonce="${escapeHtml(nonce)}"` : '');

function head(title: string, assets: WidgetAssets | null, nonce: string | null): string {
  const font = assets?.font ?? null;
  return (
    `<!doctype html><html lang="en" data-theme="dark"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="robots" content="noindex, nofollow">` +
    `<meta name="referrer" content="strict-origin-when-cross-origin">` +
    `<title>${escapeHtml(title)}</title>` +
    // The app's icon (app/icon.svg): without a link the browser asks for /favicon.ico, a 404.
    `<link rel="icon" href="/icon.svg" type="image/svg+xml">` +
    (font
      ? `<link rel="preload" href="${escapeHtml(font)}" as="font" type="font/woff2" crossorigin>`
      : '') +
    (assets
      ? assets.preload
          .map((p) => `<link rel="modulepreload" href="${escapeHtml(p)}"${attr(nonce)}>`)
          .join('')
      : '') +
    `<style>${widgetCss(font)}</style></head>`
  );
}

/** A token logo over its initials on a colour of its own (the initials stay when the image fails). */
function tokenIcon(symbol: string, src: string): string {
  const initials = iconInitials(symbol);
  // Through the logo proxy (/api/logo): sized, cached, and the host never sees the viewer.
  const safe = logoSrc(src, 20) ?? '';
  return (
    `<span class="ti" aria-hidden="true" style="background:hsl(${iconHue(symbol)} 45% 27%)">${escapeHtml(initials)}` +
    (safe
      ? `<img src="${escapeHtml(safe)}" alt="" width="20" height="20" loading="lazy" decoding="async" referrerpolicy="no-referrer">`
      : '') +
    `</span>`
  );
}

/**
 * The header's price: the last candle's close in USD when known (at the quote token's live quote,
 * else its hourly snapshot: lib/features/pools/pricing.ts), else the hourly snapshot's.
 */
export function headerPrice(boot: WidgetBoot): number | null {
  const last = boot.candles?.at(-1);
  const quote = pickQuoteUsd(boot.summary?.quoteUsd, boot.quote);
  const live = baseUsdFromClose(last?.[4], quote?.usd);
  if (live !== null) return live;
  const snapshot = boot.summary ? Number(boot.summary.baseUsd) : NaN;
  return Number.isFinite(snapshot) ? snapshot : null;
}

function formatHeaderPrice(price: number | null): string {
  return price !== null ? `$${formatChartPrice(price, priceDecimals(price))}` : '—';
}

function dayChange(summary: PoolSummary): string {
  const value = Number(summary.change24h);
  if (!Number.isFinite(value)) return '';
  const { text, dir } = formatChangePercent(value);
  const tone = dir === 'flat' ? 'muted' : dir;
  const arrow =
    dir === 'flat' ? '' : `<span aria-hidden="true" class="ar">${dir === 'up' ? '▲' : '▼'}</span>`;
  return `<span class="num chg ${tone}" title="Change over 24 hours (hourly snapshot)">${arrow}${escapeHtml(text)}</span>`;
}

function info(boot: WidgetBoot): string {
  const { summary, pool } = boot;
  const icons = summary
    ? `<span class="icons widget-roomy">${tokenIcon(summary.base.symbol, summary.base.image)}${tokenIcon(summary.quote.symbol, summary.quote.image)}</span>`
    : '';
  return (
    `<header class="hd">${icons}` +
    `<div class="pairbox"><h1 class="pair" data-testid="widget-pair">${escapeHtml(boot.title)}</h1>` +
    (summary ? `<div class="dex widget-roomy">${escapeHtml(dexName(summary.dex))}</div>` : '') +
    `</div>` +
    `<div class="pricebox" data-testid="widget-price"><span class="num price" id="w-price">${escapeHtml(formatHeaderPrice(headerPrice(boot)))}</span>` +
    (summary ? dayChange(summary) : '') +
    `</div>` +
    `<a class="open" href="${escapeHtml(poolPath(pool))}" target="_blank" rel="noopener" title="Open this pool on Pulse" aria-label="Open this pool on Pulse"><span class="widget-roomy">Pulse </span>↗</a>` +
    `</header>`
  );
}

function radios(label: string, id: string, options: [string, string][], value: string): string {
  return (
    `<div role="radiogroup" aria-label="${label}" class="seg" id="${id}">` +
    options
      .map(
        ([v, text]) =>
          `<button type="button" role="radio" data-value="${escapeHtml(v)}" aria-checked="${v === value}" tabindex="${v === value ? 0 : -1}">${escapeHtml(text)}</button>`,
      )
      .join('') +
    `</div>`
  );
}

function chartLabel(title: string | undefined, interval: string, style: string): string {
  const label = INTERVAL_LABELS[interval as keyof typeof INTERVAL_LABELS] ?? interval;
  return `${title ? `${title} ` : ''}price chart, ${label} ${style === 'candles' ? 'candles' : style}`;
}

function chart(boot: WidgetBoot, hasTrades: boolean): string {
  const { interval, chart: style, info: showInfo } = boot.options;
  const intervals = KLINE_INTERVALS.map((i): [string, string] => [i, INTERVAL_LABELS[i]]);
  const select =
    `<label class="widget-compact sel"><span class="sr-only">Interval</span>` +
    `<select class="num" id="w-select">` +
    intervals
      .map(
        ([v, text]) => `<option value="${v}"${v === interval ? ' selected' : ''}>${text}</option>`,
      )
      .join('') +
    `</select><span aria-hidden="true" class="caret">▼</span></label>`;
  const show = hasTrades
    ? `<span class="widget-compact">${radios(
        'Show',
        'w-show',
        [
          ['chart', 'Chart'],
          ['trades', 'Trades'],
        ],
        'chart',
      )}</span>`
    : '';
  const skeleton = SKELETON_BARS.map(
    (h) => `<span class="skeleton" style="height:${h}%"></span>`,
  ).join('');
  const title = showInfo ? undefined : boot.title;
  return (
    `<div class="widget-chart">` +
    `<div class="bar"><div class="tools">` +
    `<span class="widget-roomy">${radios('Interval', 'w-intervals', intervals, interval)}</span>` +
    select +
    show +
    `</div><div class="status">` +
    `<span class="warn" id="w-live-error" hidden>live updates unavailable</span>` +
    `<span class="muted" id="w-older" hidden>loading older…</span>` +
    `<span data-testid="chart-live" class="contents" id="w-fresh"></span>` +
    `</div></div>` +
    `<figure aria-label="${escapeHtml(chartLabel(title, interval, style))}" data-testid="candle-chart" data-state="loading" data-interval="${interval}" data-bars="0" data-last="">` +
    `<div class="cv" id="w-canvas"></div>` +
    `<div class="lg"><div class="num legend" id="w-legend">${title ? `<span class="ttl">${escapeHtml(title)}</span>` : ''}</div></div>` +
    `<div class="sk" id="w-skeleton" aria-hidden="true">${skeleton}</div>` +
    `<div class="ov" id="w-overlay" hidden></div>` +
    `</figure></div>`
  );
}

/** The widget page of a known pool (or of one the price service could not look up). */
export function renderWidget(boot: WidgetBoot, assets: WidgetAssets, nonce: string | null): string {
  const { options } = boot;
  const palette = options.bg ? paletteFor(options.bg) : options.theme;
  const hasTrades = options.trades && boot.summary !== null;
  const style = options.bg ? ` style="--bg:#${options.bg};--panel:#${options.bg}"` : '';
  return (
    head(`${boot.title} chart · Pulse`, assets, nonce).replace(
      'data-theme="dark"',
      `data-theme="${palette}"${style}`,
    ) +
    `<body><main id="${ROOT_ID}" class="widget" data-theme="${palette}" data-view="chart"${style}>` +
    (options.info ? info(boot) : `<h1 class="sr-only">${escapeHtml(boot.title)} chart</h1>`) +
    chart(boot, hasTrades) +
    (hasTrades
      ? // Focusable: a scrolling region must be reachable from the keyboard.
        `<section aria-label="Latest trades" class="widget-trades" id="w-trades" tabindex="0"></section>`
      : '') +
    `</main>` +
    `<script type="application/json" id="${BOOT_ID}">${scriptJson(boot)}</script>` +
    `<script type="module" src="${escapeHtml(assets.script)}"${attr(nonce)}></script>` +
    `</body></html>`
  );
}

/**
 * The frame when the embed code names no pool: one sentence, the same to the host page as
 * `pulse:error`, and the box's height as `pulse:height` (so embed.js shrinks the frame). A few
 * lines of inline script, not the widget's bundle: a frame that shows no chart loads no chart code.
 */
export function renderNotFound(
  message: string,
  opts: { nonce: string | null; bg: string | null; font: string | null; heading?: string },
): string {
  const { nonce, bg, font, heading = 'Pool not found' } = opts;
  const palette = bg ? paletteFor(bg) : 'dark';
  const style = bg ? ` style="--bg:#${bg}"` : '';
  const script =
    `(function(){var m=${scriptJson(message)};if(window.parent===window)return;` +
    `window.parent.postMessage({type:'pulse:error',message:m},'*');` +
    `var el=document.getElementById('nf'),last=0;function r(){var h=Math.ceil(el.getBoundingClientRect().height);` +
    `if(h!==last){last=h;window.parent.postMessage({type:'pulse:height',height:h},'*')}}` +
    `new ResizeObserver(r).observe(el);r()})()`;
  return (
    head(`${heading} · Pulse`, { script: '', preload: [], font }, nonce).replace(
      'data-theme="dark"',
      `data-theme="${palette}"${style}`,
    ) +
    `<body><main><div id="nf" role="alert" class="nf">` +
    `<h1 class="t">${escapeHtml(heading)}</h1><p class="b">${escapeHtml(message)}</p></div></main>` +
    `<script${attr(nonce)}>${script}</script></body></html>`
  );
}

/** The pair as the widget names it: `WETH/USDC`, or the short address when the pool is not known. */
export function widgetTitle(summary: PoolSummary | null, address: string): string {
  return summary ? `${summary.base.symbol}/${summary.quote.symbol}` : shorten(address);
}
