/**
 * What a push says: the notification's title and body, where a click leads, and the tag that makes
 * a newer notification of the same alert replace the older one on screen (the service worker,
 * public/sw.js, shows exactly this). A price alert names the pair (or token) and the price; a wallet
 * alert names the wallet (its label) and the amount. The payload is JSON of at most a few hundred
 * bytes, far below what push services carry (about 4 KB).
 */
import 'server-only';
import { formatLevel, formatNear } from '../../core/format/price';
import { formatTokenAmount } from '../../core/format/units';
import { shorten } from '../../core/format/text';
import type { CrossDirection } from '../../core/crossing';
import type { LiveTransaction } from '../../contracts/stream/events';
import type { PoolPriceAlert, TokenPriceAlert, WalletAlert } from './schema';

export interface PushMessage {
  v: 1;
  title: string;
  body: string;
  /** a path of this app: the pool page, the token page or the transaction page */
  url: string;
  /** the notification's tag: one per alert (the browser's own id when it sent one) */
  tag: string;
  /** when it happened, ms */
  ts: number;
}

const ARROW = { up: '↑', down: '↓' } as const;

function tagOf(alert: { ref?: string }, key: string): string {
  // The tab's own notification of the same alert uses `pulse-alert-<its id>` (alert-watcher.tsx).
  return alert.ref ? `pulse-alert-${alert.ref}` : `pulse-push-${key}`;
}

export function poolMessage(
  alert: PoolPriceAlert,
  key: string,
  close: number,
  direction: CrossDirection,
  at: number,
): PushMessage {
  const name = alert.label || `Pool ${shorten(alert.pool_address)}`;
  const level = formatLevel(alert.price);
  const path = `/pools/${alert.chain_type}/${alert.chain_id}/${encodeURIComponent(alert.pool_address)}`;
  return {
    v: 1,
    title: `${name} crossed ${level} ${ARROW[direction]}`,
    body: `1-minute candle closed at ${formatNear(close, alert.price)} (${direction === 'up' ? 'up through' : 'down through'} ${level}).`,
    // The 1-minute chart: the candle that fired is among its latest (the page takes no time).
    url: `${path}?interval=1m`,
    tag: tagOf(alert, key),
    ts: at,
  };
}

export function tokenMessage(
  alert: TokenPriceAlert,
  key: string,
  price: number,
  direction: CrossDirection,
  symbol: string | null,
  at: number,
): PushMessage {
  const name = alert.label || symbol || `Token ${alert.token_id}`;
  const level = `${formatLevel(alert.price)} ${alert.fiat}`;
  return {
    v: 1,
    title: `${name} crossed ${level} ${ARROW[direction]}`,
    body: `Price ${direction === 'up' ? 'rose' : 'fell'} to ${formatNear(price, alert.price)} ${alert.fiat}.`,
    url: `/tokens/${alert.token_id}`,
    tag: tagOf(alert, key),
    ts: at,
  };
}

const same = (a: string | null | undefined, b: string) =>
  !!a && (/^0x/i.test(b) || /^bc1/i.test(b) ? a.toLowerCase() === b.toLowerCase() : a === b);

/** The amount a transaction moved for the wallet: its token transfer of the wallet, else the native amount. */
function amountOf(tx: LiveTransaction, wallet: string): { text: string; verb: string } {
  const transfer = tx.token_transfers.find(
    (t) => same(t.from_address, wallet) || same(t.to_address, wallet),
  );
  const sent = transfer ? same(transfer.from_address, wallet) : same(tx.sender, wallet);
  const received = transfer ? same(transfer.to_address, wallet) : same(tx.receiver, wallet);
  const verb = sent && received ? 'moved' : sent ? 'sent' : received ? 'received' : 'moved';
  const amount = transfer
    ? formatTokenAmount(transfer.amount, transfer.decimals)
    : formatTokenAmount(tx.amount, tx.decimals);
  const symbol = (transfer ? transfer.symbol : tx.symbol) ?? '';
  return { text: `${amount}${symbol ? ` ${symbol}` : ''}`, verb };
}

export function walletMessage(
  alert: WalletAlert,
  key: string,
  tx: LiveTransaction,
  at: number,
): PushMessage {
  const name = alert.label || shorten(alert.address);
  const { text, verb } = amountOf(tx, alert.address);
  return {
    v: 1,
    title: `${name} ${verb} ${text}`,
    body: `${tx.chain_type} · transaction ${shorten(tx.tx_hash)}${tx.tx_status && tx.tx_status !== 'success' ? ` (${tx.tx_status})` : ''}.`,
    url: `/tx/${encodeURIComponent(tx.chain_type)}/${tx.chain_id}/${encodeURIComponent(tx.tx_hash)}`,
    tag: tagOf(alert, key),
    ts: at,
  };
}
