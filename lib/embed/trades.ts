/**
 * The widget's latest trades (`trades=1`), loaded as a chunk of its own only then: the public trades
 * endpoint for the list, then new trades from the tab's stream (the server polls the endpoint once
 * per pool for every viewer); after a reconnect the list is fetched again and merged. Each row's
 * content is the pool page's (lib/chart/trades/trade-row.ts, shared with
 * components/pools/trades-table.tsx), in its compact columns; only the HTML is drawn here.
 */
import { USD } from '../core/format/number';
import type { StreamMessage } from '../client/stream';
import type { PoolRef } from '../contracts/pool-ref';
import type { TimeZoneMode } from '../chart/rules/time-format';
import { tradeRowView, type TradeRowMoney } from '../chart/trades/trade-row';
import { fetchTrades, type PoolTrade } from '../features/pools/api';
import type { PoolSummary } from '../features/pools/summary';
import { mergeTrades, tradeKey } from '../features/pools/trades';
import { escapeHtml } from './text';

const LIMIT = 30;
/** The widget shows USD as the trades endpoint's prices give it (no display fiat). */
const IN_USD: TradeRowMoney = { format: USD, of: (usd) => usd };

/**
 * Shows the list in `section` and loads it; returns the handler of the pool's `trades:` stream topic,
 * which the widget subscribes to at start (lib/embed/widget.ts) so that the tab's one stream opens
 * once with every topic, not again when this chunk arrives.
 */
export function mountTrades(
  section: HTMLElement,
  pool: PoolRef,
  summary: PoolSummary,
  tz: TimeZoneMode,
  /** the quote token's USD price now (the widget's live quote, else the snapshot's) */
  quoteUsd: () => string | null,
): (message: StreamMessage) => void {
  let trades: PoolTrade[] = [];
  let status: 'loading' | 'ready' | 'error' = 'loading';
  let error: string | null = null;
  const fresh = new Set<string>();
  let controller: AbortController | null = null;

  const row = (tx: PoolTrade): string => {
    const quote = quoteUsd() ?? summary.quoteUsd;
    const r = tradeRowView(
      tx,
      summary,
      { base: summary.baseUsd, quote },
      { money: IN_USD, tz, fresh: fresh.has(tradeKey(tx)) },
    );
    const side = r.sideText
      ? `<span class="nw"><span aria-hidden="true" class="ar">${r.sideText.arrow}</span>${r.sideText.word}</span>`
      : '—';
    return (
      `<tr${r.flash ? ` class="flash-${r.flash}"` : ''}>` +
      `<td${r.iso ? ` title="${r.iso}"` : ''}>${r.time}</td>` +
      `<td class="${r.tone}">${side}</td>` +
      `<td class="${r.tone}">${escapeHtml(r.price)}</td>` +
      `<td>${escapeHtml(r.base)}</td>` +
      `<td data-col="value">${escapeHtml(r.value)}</td>` +
      `</tr>`
    );
  };

  const render = () => {
    if (status === 'error') {
      section.innerHTML = `<p role="alert" class="terr">Trades are unavailable: ${escapeHtml(error ?? '')} <button type="button" class="link" id="w-trades-retry">Retry</button></p>`;
      section.querySelector('#w-trades-retry')?.addEventListener('click', load);
      return;
    }
    const body =
      status === 'loading' && trades.length === 0
        ? Array.from(
            { length: 5 },
            () => `<tr><td colspan="5"><span class="skeleton skr"></span></td></tr>`,
          ).join('')
        : trades.map(row).join('');
    // A live trade flashes once, in the render that shows it first.
    fresh.clear();
    section.innerHTML =
      `<table class="num tt" aria-label="Recent trades"><thead><tr>` +
      `<th scope="col">Time</th><th scope="col">Type</th><th scope="col">Price</th>` +
      `<th scope="col">${escapeHtml(summary.base.symbol)}</th><th scope="col" data-col="value">Value</th>` +
      `</tr></thead><tbody>${body}</tbody></table>`;
  };

  const merge = (incoming: PoolTrade[]) => {
    trades = mergeTrades(trades, incoming, LIMIT);
  };

  function load(): void {
    controller?.abort();
    const current = new AbortController();
    controller = current;
    fetchTrades(pool, LIMIT, current.signal).then(
      (items) => {
        merge(items);
        status = 'ready';
        error = null;
        render();
      },
      (e: unknown) => {
        if (current.signal.aborted) return;
        error = e instanceof Error ? e.message : 'The trades could not be loaded.';
        status = trades.length > 0 ? 'ready' : 'error';
        render();
      },
    );
  }

  render();
  load();
  return (m) => {
    if (m.kind === 'event') {
      if (m.event !== 'trade') return;
      fresh.add(tradeKey(m.data));
      merge([m.data]);
      if (status === 'error') status = 'ready';
      error = null;
      render();
    } else if (m.kind === 'reconnected') {
      load();
    }
  };
}
