/**
 * The widget's trade markers (`markers=1&wallets=0x..,0x..`), a chunk of its own loaded only then.
 * The widget lives on other sites and keeps no storage, so the addresses come from its URL
 * (lib/features/pools/params.ts, at most MAX_WIDGET_WALLETS) and carry no labels. The same sources
 * and rules as the pool page (components/pools/use-my-trades.ts): the pool's public trades and one
 * transfers/search page per address, then the pool's trades topic. The card's content is the pool
 * page's (lib/chart/trades/trade-card.ts), written here as plain DOM.
 */
import type { TradeMarkerHover } from '../chart/draw/trade-markers';
import type { StreamMessage } from '../client/stream';
import { api } from '../client/api';
import type { PoolRef } from '../contracts/pool-ref';
import { fetchTrades, type PoolTrade } from '../features/pools/api';
import {
  joinTrades,
  poolFamily,
  walletSearchBody,
  type MarkerTrade,
} from '../features/pools/my-trades';
import type { PoolSummary } from '../features/pools/summary';
import { tradeCard, type CardFormat, type TradeCardRow } from '../chart/trades/trade-card';
import { escapeHtml } from './text';

const MAX_RECORDS = 2_000;

const CARD_WIDTH = 240;

function row(r: TradeCardRow): string {
  return (
    `<li><div class="mk-h"><span class="${r.buy ? 'up' : 'down'}"><span aria-hidden="true">${r.buy ? '▲' : '▼'} </span>${r.buy ? 'Buy' : 'Sell'}</span>` +
    `<time class="muted" datetime="${r.iso}">${escapeHtml(r.time)}</time></div>` +
    `<div>${escapeHtml(r.base)}<span class="muted"> for </span>${escapeHtml(r.quote)}</div>` +
    `<div class="mk-h"><span class="muted">at ${escapeHtml(r.price)}</span>` +
    `<a class="link" href="${escapeHtml(r.href)}" target="_blank" rel="noopener">Transaction<span class="sr-only"> ${escapeHtml(r.txShort)}</span> ↗</a></div>` +
    `<div class="muted mono" title="${escapeHtml(r.wallet)}">${escapeHtml(r.walletShort)}</div></li>`
  );
}

/**
 * Loads the trades of `wallets` in the pool and hands them to `draw` (the chart's setTradeMarkers);
 * returns the handlers of the pool's trades topic and of the chart's marker hover.
 */
export function mountMarkers(
  figure: HTMLElement,
  pool: PoolRef,
  summary: PoolSummary,
  wallets: readonly string[],
  /** a trade's time in the widget's zone (`tz=`) and a short address: the widget's own formatters,
   * passed in so that their modules stay in the widget's script instead of a chunk both would load */
  format: CardFormat,
  draw: (trades: MarkerTrade[]) => void,
): {
  onStream: (message: StreamMessage) => void;
  onHover: (hover: TradeMarkerHover | null) => void;
} {
  const marked = wallets.map((address) => ({ address, label: null }));
  const family = poolFamily(pool);
  let records: PoolTrade[] = [];
  const update = (items: readonly PoolTrade[]) => {
    records = [...records, ...items].slice(-MAX_RECORDS);
    draw(joinTrades(records, summary, marked, family));
  };
  const searches = wallets.map((wallet) => {
    const body = walletSearchBody(wallet, pool, summary.base.address);
    return body ? api<PoolTrade[]>('tx', '/transfers/search', { method: 'POST', body }) : null;
  });
  for (const source of [fetchTrades(pool, 100), ...searches]) {
    source?.then(
      (items) => Array.isArray(items) && update(items),
      () => undefined,
    );
  }

  const card = document.createElement('div');
  card.className = 'mk';
  card.dataset.testid = 'trade-tooltip';
  card.setAttribute('role', 'group');
  card.hidden = true;
  figure.appendChild(card);
  let hideTimer: ReturnType<typeof setTimeout> | undefined;
  card.addEventListener('pointerenter', () => clearTimeout(hideTimer));
  card.addEventListener('pointerleave', () => (card.hidden = true));

  return {
    onStream: (message) => {
      if (message.kind !== 'event' || message.event !== 'trade') return;
      if (joinTrades([message.data], summary, marked, family).length > 0) update([message.data]);
    },
    onHover: (hover) => {
      clearTimeout(hideTimer);
      if (!hover) {
        hideTimer = setTimeout(() => (card.hidden = true), 250);
        return;
      }
      const symbols = { base: summary.base.symbol, quote: summary.quote.symbol };
      const bounds = { width: figure.clientWidth, height: figure.clientHeight };
      const c = tradeCard(hover.bucket, hover, bounds, CARD_WIDTH, symbols, format);
      card.setAttribute('aria-label', `Trades of the named wallets on this candle`);
      card.innerHTML =
        `<div class="mk-t"><span>${c.count === 1 ? 'Trade' : `${c.count} trades`}</span><span class="${c.buy ? 'up' : 'down'}">${c.buy ? 'Buys' : 'Sells'}</span></div>` +
        `<ul>${c.rows.map(row).join('')}</ul>` +
        (c.more > 0 ? `<p class="muted">and ${c.more} earlier on this candle</p>` : '');
      // In the half with more room, never past the chart's edges (as the pool page's card).
      card.style.left = `${c.left}px`;
      card.style.top = c.top === undefined ? '' : `${c.top}px`;
      card.style.bottom = c.bottom === undefined ? '' : `${c.bottom}px`;
      card.style.maxHeight = `${c.maxHeight}px`;
      card.hidden = false;
    },
  };
}
