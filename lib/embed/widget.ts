/**
 * The embeddable pool chart's one script, framework-free (bundled by scripts/build-widget.mjs): it
 * takes over the server's HTML (lib/embed/html.ts), draws the chart with the app's one chart
 * implementation (lib/chart/draw/controller.ts) starting from the candles inlined in the page, follows the
 * tab's one stream (lib/client/stream.ts), and talks to the host page over postMessage
 * (lib/embed/messages.ts). No cookie, no storage: third-party cookie blocking changes nothing.
 */
import type { StudyLegendEntry } from '../chart/draw/study-series';
import { ChartController } from '../chart/draw/controller';
import type { ChartHover } from '../chart/draw/controller-options';
import type { TradeMarkerHover } from '../chart/draw/trade-markers';
import { legendOf, type LegendTone } from '../chart/rules/legend';
import { liveInterrupted, streamClient, type StreamMessage } from '../client/stream';
import { topicKey } from '../contracts/stream/topics';
import { formatAge, shorten } from '../core/format/text';
import { isStale } from '../core/freshness';
import { unpackCandles } from '../chart/rules/candles';
import type { FeedSnapshot } from '../chart/rules/feed';
import { INTERVAL_LABELS, type KlineInterval } from '../chart/rules/intervals';
import { formatChartPrice, priceDecimals } from '../core/format/price';
import { formatMoment } from '../chart/rules/time-format';
import { fetchCandles } from '../features/pools/api';
import { paletteFor } from '../features/pools/contrast';
import { baseUsdFromClose } from '../features/pools/summary';
import { pickQuoteUsd, quotePath, type QuoteUsd } from '../features/pools/pricing';
import { api } from '../client/api';
import type { QuoteLatestItem } from '../contracts/price/schema';
import { BOOT_ID, ROOT_ID, type WidgetBoot } from './boot';
import { postToHost, readCommand, reportHeight } from './messages';
import { escapeHtml } from './text';

const $ = <T extends HTMLElement = HTMLElement>(id: string) =>
  document.getElementById(id) as T | null;

function start(): void {
  const bootEl = $(BOOT_ID);
  const root = $(ROOT_ID);
  const container = $('w-canvas');
  const figure = root?.querySelector('figure');
  if (!bootEl || !root || !container || !figure) return;
  const boot = JSON.parse(bootEl.textContent ?? 'null') as WidgetBoot;
  const { pool, options, summary } = boot;
  let interval: KlineInterval = options.interval;
  let theme = options.theme;
  let snapshot: FeedSnapshot | null = null;
  let hover: ChartHover | null = null;
  let decimals = 2;
  let liveError: string | null = null;
  const told = { ready: false, error: null as string | null };
  /** the markers' card (`markers=1`), once its chunk is here */
  let onTradeHover: ((hover: TradeMarkerHover | null) => void) | null = null;

  const legendEl = $('w-legend');
  const skeleton = $('w-skeleton');
  const overlay = $('w-overlay');
  const freshEl = $('w-fresh');
  const priceEl = $('w-price');
  const liveErrorEl = $('w-live-error');
  const olderEl = $('w-older');
  const select = $<HTMLSelectElement>('w-select');
  const title = options.info ? undefined : boot.title;

  // ---- theme: on a host's own background the text follows its luminance, not the theme ----
  const applyPalette = () => {
    const palette = options.bg ? paletteFor(options.bg) : theme;
    document.documentElement.dataset.theme = palette;
    root.dataset.theme = palette;
  };

  // ---- the chart ----
  const chart = new ChartController({
    container,
    figure,
    style: options.chart,
    volume: options.volume,
    tz: options.tz,
    studies: options.studies,
    scale: options.scale,
    backgroundVar: '--bg',
    fetchHistory: fetchCandles,
    onSnapshot: (s, i) => {
      if (i !== interval) return;
      snapshot = s;
      renderChartState();
      renderLegend();
      renderPrice();
      renderFreshness();
      if (!told.ready && (s.state === 'ready' || s.state === 'empty')) {
        told.ready = true;
        postToHost({ type: 'pulse:ready', pool: boot.key, interval });
      }
      const error = s.state === 'error' ? (s.error ?? 'The candles could not be loaded.') : null;
      if (error && error !== told.error) postToHost({ type: 'pulse:error', message: error });
      told.error = error;
    },
    onHover: (h) => {
      hover = h;
      renderLegend();
    },
    onLiveError: (message) => {
      liveError = message;
      if (liveErrorEl) {
        liveErrorEl.hidden = message === null;
        liveErrorEl.title = message ?? '';
      }
      renderFreshness();
    },
    onDecimals: (d) => {
      decimals = d;
    },
    onStudies: (entries) => {
      studyLegend = entries;
      renderLegend();
    },
    onTradeHover: (hover) => onTradeHover?.(hover),
  });

  function renderChartState(): void {
    const s = snapshot;
    if (!s) return;
    figure!.dataset.state = s.state;
    figure!.dataset.interval = interval;
    figure!.dataset.bars = String(s.bars);
    figure!.dataset.last = s.last ? `${s.last.time}:${s.last.close}:${s.last.volume}` : '';
    if (skeleton) skeleton.hidden = s.state !== 'loading';
    if (olderEl) olderEl.hidden = !s.loadingOlder;
    if (!overlay) return;
    const key =
      s.state === 'error'
        ? `error:${s.error ?? ''}`
        : s.state === 'empty'
          ? `empty:${interval}`
          : '';
    if (overlay.dataset.key === key) return;
    overlay.dataset.key = key;
    overlay.hidden = key === '';
    if (s.state === 'error') {
      overlay.innerHTML = `<div class="es" role="alert"><p class="t err">The candles could not be loaded.</p>${s.error ? `<p class="b">${escapeHtml(s.error)}</p>` : ''}<button type="button" class="btn">Retry</button></div>`;
      overlay.querySelector('button')?.addEventListener('click', () => chart.retry());
    } else if (s.state === 'empty') {
      overlay.innerHTML = `<div class="es"><p class="t">No ${INTERVAL_LABELS[interval]} candles for this pool yet.</p><p class="b">New candles appear here as the pool trades; a longer interval may already have some.</p></div>`;
    } else {
      overlay.innerHTML = '';
    }
  }

  const TONES: Record<LegendTone, string> = { up: 'up', down: 'down', muted: 'muted' };
  let studyLegend: StudyLegendEntry[] = [];
  function renderLegend(): void {
    if (!legendEl) return;
    const shown =
      hover && hover.interval === interval
        ? hover
        : { bar: snapshot?.last ?? null, previousClose: snapshot?.previousClose ?? null };
    const head = title ? `<span class="ttl">${escapeHtml(title)}</span>` : '';
    if (!shown.bar) {
      legendEl.innerHTML = head;
      legendEl.removeAttribute('data-testid');
      return;
    }
    const l = legendOf(shown.bar, shown.previousClose, decimals);
    legendEl.dataset.testid = 'chart-legend';
    legendEl.innerHTML =
      head +
      `<span class="contents" data-legend-values>` +
      l.prices
        .map(
          (p) =>
            `<span><span class="muted">${p.label}</span> <span class="${TONES[p.tone]}">${p.value}</span></span>`,
        )
        .join('') +
      `<span class="${TONES[l.change.tone]}" data-testid="legend-change">${l.change.text}</span>` +
      `<span><span class="muted">${l.volume.label}</span> <span class="muted">${l.volume.value}</span></span>` +
      `</span>` +
      studyLegend
        .map(
          (s) =>
            `<span class="study" data-testid="legend-study"><span style="color:${escapeHtml(s.color)}">${escapeHtml(s.label)}</span> ${s.values.map(escapeHtml).join('  ')}</span>`,
        )
        .join('');
  }

  // ---- the quote token's USD price: its live quote, polled every 3 s while shown ----
  let quote: QuoteUsd | null = pickQuoteUsd(summary?.quoteUsd, boot.quote);
  const tokenId = boot.quote?.tokenId ?? null;
  if (tokenId !== null)
    setInterval(() => {
      if (document.visibilityState === 'hidden') return;
      api<{ items: QuoteLatestItem[] }>('price', quotePath(tokenId)).then(
        (data) => {
          const item = data.items.find((q) => q.token_id === tokenId);
          if (!item) return;
          quote = pickQuoteUsd(summary?.quoteUsd, { usd: item.price });
          renderPrice();
        },
        // The last quote stays until the next poll answers.
        () => undefined,
      );
    }, 3_000);

  // ---- the header's live price, flashing up or down as it moves ----
  let shownPrice = priceEl?.textContent ?? '';
  let lastPrice: number | null = null;
  let flashes = 0;
  function renderPrice(): void {
    if (!priceEl) return;
    const live = baseUsdFromClose(snapshot?.last?.close, quote?.usd);
    if (priceEl.dataset.quoteSource !== (quote?.source ?? ''))
      priceEl.dataset.quoteSource = quote?.source ?? '';
    if (live === null) return;
    const text = `$${formatChartPrice(live, priceDecimals(live))}`;
    if (text === shownPrice) return;
    shownPrice = text;
    priceEl.textContent = text;
    if (lastPrice !== null && live !== lastPrice) {
      flashes++;
      priceEl.className = `num price ${live > lastPrice ? 'flash-up' : 'flash-down'}${flashes % 2 === 0 ? ' flash-again' : ''}`;
    }
    lastPrice = live;
  }

  // ---- "● live · updated 2 s ago", or stale with a retry ----
  const stream = streamClient();
  let freshKey = '';
  function renderFreshness(): void {
    if (!freshEl) return;
    const s = snapshot;
    if (!s || s.state === 'loading') {
      if (freshKey !== '') freshEl.innerHTML = '';
      freshKey = '';
      return;
    }
    const interrupted = liveInterrupted(stream.getStatus(), 'kline');
    const updatedAt = s.updatedAt;
    let html: string;
    if (!updatedAt) {
      html = `<span class="faint">connecting…</span>`;
    } else {
      const age = Date.now() - updatedAt;
      const stale = isStale(age, s.error !== null || liveError !== null || interrupted);
      html =
        `<span class="fresh" data-testid="freshness" data-stale="${stale}"><span aria-hidden="true" class="dot${stale ? ' off' : ''}"></span>` +
        (stale
          ? `<span class="tag">stale</span><span data-freshness-age>updated ${formatAge(age)}</span><button type="button" class="link" data-retry>Retry</button>`
          : `<span>live<span data-freshness-age> · updated <span class="num">${formatAge(age)}</span></span></span>`) +
        `</span>`;
    }
    if (html === freshKey) return;
    freshKey = html;
    freshEl.innerHTML = html;
    freshEl.querySelector('[data-retry]')?.addEventListener('click', () => chart.retry());
  }
  setInterval(renderFreshness, 1000);
  stream.onStatus(renderFreshness);

  // ---- controls ----
  function radioGroup(id: string, onPick: (value: string) => void): (value: string) => void {
    const group = $(id);
    const buttons = group
      ? [...group.querySelectorAll<HTMLButtonElement>('button[role=radio]')]
      : [];
    const mark = (value: string) => {
      for (const b of buttons) {
        const on = b.dataset.value === value;
        b.setAttribute('aria-checked', String(on));
        b.tabIndex = on ? 0 : -1;
      }
    };
    for (const b of buttons) b.addEventListener('click', () => onPick(b.dataset.value ?? ''));
    group?.addEventListener('keydown', (e) => {
      if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
      e.preventDefault();
      const index = buttons.findIndex((b) => b.getAttribute('aria-checked') === 'true');
      const next =
        buttons[(index + (e.key === 'ArrowRight' ? 1 : buttons.length - 1)) % buttons.length];
      if (next) {
        onPick(next.dataset.value ?? '');
        next.focus();
      }
    });
    return mark;
  }

  const markInterval = radioGroup('w-intervals', (v) => switchInterval(v as KlineInterval));
  select?.addEventListener('change', () => switchInterval(select.value as KlineInterval));
  const markView = radioGroup('w-show', (v) => {
    root.dataset.view = v === 'trades' ? 'trades' : 'chart';
    markView(root.dataset.view);
  });

  function switchInterval(next: KlineInterval): void {
    if (next === interval) return;
    interval = next;
    markInterval(next);
    if (select) select.value = next;
    figure!.dataset.interval = next;
    figure!.setAttribute(
      'aria-label',
      `${title ? `${title} ` : ''}price chart, ${INTERVAL_LABELS[next]} ${options.chart === 'candles' ? 'candles' : options.chart}`,
    );
    hover = null;
    chart.load(pool, next);
  }

  // ---- the host page: commands only from the parent window ----
  window.addEventListener('message', (event: MessageEvent) => {
    if (event.source !== window.parent || window.parent === window) return;
    const command = readCommand(event.data);
    if (!command) return;
    if ('error' in command) postToHost({ type: 'pulse:error', message: command.error });
    else if (command.type === 'pulse:setInterval') switchInterval(command.interval);
    else {
      theme = command.theme;
      applyPalette();
      chart.applyColors();
    }
  });
  reportHeight(root);

  // ---- token logos: shown once loaded, the initials stay when one fails ----
  for (const img of root.querySelectorAll<HTMLImageElement>('.ti img')) {
    const settle = () => {
      // The logo proxy answers "no logo" with one transparent pixel.
      if (img.naturalWidth > 1) img.classList.add('ok');
      else img.remove();
    };
    if (img.complete) settle();
    else {
      img.addEventListener('load', settle);
      img.addEventListener('error', () => img.remove());
    }
  }

  applyPalette();
  chart.load(pool, interval, boot.initialTo, boot.candles ? unpackCandles(boot.candles) : null);

  const tradesEl = $('w-trades');
  const listTrades = tradesEl && summary && options.trades;
  const markTrades = summary && options.markers && options.wallets.length > 0;
  if (summary && (listTrades || markTrades)) {
    // The trades topic is followed now, with the chart's, so the tab's stream opens once with it
    // (a second open when a chunk arrives would count twice against the per-client limit); what
    // arrives before a chunk waits for it.
    const handlers: ((m: StreamMessage) => void)[] = [];
    const early: StreamMessage[] = [];
    stream.subscribe(topicKey.trades(pool.chainType, pool.chainId, pool.address), (m) => {
      if (early.length < 200) early.push(m);
      for (const h of handlers) h(m);
    });
    const follow = (handler: (m: StreamMessage) => void) => {
      for (const message of early) handler(message);
      handlers.push(handler);
    };
    if (tradesEl && listTrades)
      void import('./trades').then((m) =>
        follow(m.mountTrades(tradesEl, pool, summary, options.tz, () => quote?.usd ?? null)),
      );
    if (markTrades)
      void import('./markers').then((m) => {
        const mounted = m.mountMarkers(
          figure,
          pool,
          summary,
          options.wallets,
          { time: (seconds) => formatMoment(seconds, options.tz), short: (v) => shorten(v) },
          (t) => chart.setTradeMarkers(t),
        );
        onTradeHover = mounted.onHover;
        follow(mounted.onStream);
      });
  }
}

start();
