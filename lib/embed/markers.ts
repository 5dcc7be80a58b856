/**
 * The widget's trade markers (`markers=1&wallets=0x..,0x..`), a chunk of its own loaded only then.
 * The widget lives on other sites and keeps no storage, so the addresses come from its URL
 * (lib/features/pools/params.ts, at most MAX_WIDGET_WALLETS) and carry no labels. The same sources
 * and rules as the pool page (components/pools/use-my-trades.ts): the pool's public trades and one
 * transfers/search page per address, then the pool's trades topic; the card is plain DOM.
 */
import type { TradeMarkerHover } from '../chart/trade-markers';
import type { StreamMessage } from '../client/stream';
import { api } from '../client/api';
import type { PoolRef } from '../contracts/pool-ref';
import { formatPrice } from '../core/format/number';
import { fetchTrades, type PoolTrade } from '../features/pools/api';
import {
  joinTrades,
  poolFamily,
  walletSearchBody,
  type MarkerTrade,
} from '../features/pools/my-trades';
import type { PoolSummary } from '../features/pools/summary';
import { tradeAmount } from '../features/pools/trades';
import { escapeHtml } from './text';

const MAX_RECORDS = 2_000;

/**
 * `0x88e6…5640` (lib/core/format/text.ts `shorten`, written again here: a module that both the
 * widget and this chunk import becomes a chunk of its own, loaded with every widget).
 */
const short = (a: string) => (a.length <= 11 ? a : `${a.slice(0, 6)}…${a.slice(-4)}`);
const CARD_WIDTH = 240;

function row(t: MarkerTrade, summary: PoolSummary, time: (seconds: number) => string): string {
  const buy = t.side === 'buy';
  const href = `/tx/${encodeURIComponent(t.chainType)}/${t.chainId}/${encodeURIComponent(t.txHash)}`;
  return (
    `<li><div class="mk-h"><span class="${buy ? 'up' : 'down'}"><span aria-hidden="true">${buy ? '▲' : '▼'} </span>${buy ? 'Buy' : 'Sell'}</span>` +
    `<span class="muted">${escapeHtml(time(t.time))}</span></div>` +
    `<div>${escapeHtml(tradeAmount(t.baseAmount))} ${escapeHtml(summary.base.symbol)}<span class="muted"> for </span>${escapeHtml(tradeAmount(t.quoteAmount))} ${escapeHtml(summary.quote.symbol)}</div>` +
    `<div class="mk-h"><span class="muted">at ${t.price ? escapeHtml(formatPrice(t.price)) : '—'} ${escapeHtml(summary.quote.symbol)}</span>` +
    `<a class="link" href="${escapeHtml(href)}" target="_blank" rel="noopener">Transaction ↗</a></div>` +
    `<div class="muted mono" title="${escapeHtml(t.wallet)}">${escapeHtml(short(t.wallet))}</div></li>`
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
  /** a trade's time in the widget's zone (`tz=`): the chart's formatter, passed in so that its
   * module stays in the widget's script instead of a chunk both would load */
  time: (seconds: number) => string,
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
      const { bucket, x, y } = hover;
      const n = bucket.trades.length;
      card.setAttribute('aria-label', `Trades of the named wallets on this candle`);
      card.innerHTML =
        `<div class="mk-t"><span>${n === 1 ? 'Trade' : `${n} trades`}</span><span class="${bucket.side === 'buy' ? 'up' : 'down'}">${bucket.side === 'buy' ? 'Buys' : 'Sells'}</span></div>` +
        `<ul>${bucket.trades
          .slice(-4)
          .reverse()
          .map((t) => row(t, summary, time))
          .join('')}</ul>`;
      const width = figure.clientWidth;
      const height = figure.clientHeight;
      card.style.left = `${x + 14 + CARD_WIDTH <= width ? x + 14 : Math.max(4, x - 14 - CARD_WIDTH)}px`;
      // In the half with more room, never past the chart's edges (as the pool page's card).
      const below = y <= height / 2;
      card.style.top = below ? `${Math.max(4, y - 12)}px` : '';
      card.style.bottom = below ? '' : `${Math.max(4, height - y - 12)}px`;
      card.style.maxHeight = `${Math.max(80, below ? height - y + 8 : y - 16)}px`;
      card.hidden = false;
    },
  };
}
