/**
 * One row of a pool's latest trades, as data: what the pool page's table
 * (components/pools/trades-table.tsx, React) and the widget's list (lib/embed/trades.ts, plain DOM)
 * both show: time in the chosen zone, buy or sell, price and value in the shown money, the amounts,
 * the trader and the transaction with where each leads. One implementation, two renderers: a fix
 * lands once.
 */
import {
  formatCompact,
  formatPrice,
  type FiatFormat,
  type Numeric,
} from '../../core/format/number';
import type { PoolTrade } from '../../features/pools/api';
import { inUsd } from '../../features/pools/live';
import {
  readTrade,
  tradeAmount,
  tradeKey,
  type TradePool,
  type TradeSide,
} from '../../features/pools/trades';
import { formatClock, type TimeZoneMode } from '../rules/time-format';

/** How figures are shown: the page's chosen fiat (lib/features/fiats/usd.ts `Money`), the widget's USD. */
export interface TradeRowMoney {
  format: FiatFormat;
  /** a USD value in the shown money, null when it is not a number */
  of: (usd: Numeric) => Numeric | null;
}

export interface TradeRowView {
  key: string;
  /** null: the trade touches the pool in no way we read (failed, or an unknown shape) */
  side: TradeSide | null;
  /** the side in words and shape as well as colour (▲ Buy, ▼ Sell), null without a side */
  sideText: { arrow: '▲' | '▼'; word: 'Buy' | 'Sell' } | null;
  /** the colour: up for a buy, down for a sell */
  tone: 'up' | 'down' | 'muted';
  /** flashes once in the render that first shows a trade that arrived live */
  flash: 'up' | 'down' | null;
  /** the clock time in the chosen zone (— without a time), and the moment as ISO for its tooltip */
  time: string;
  iso: string | null;
  /** the base token's price in the shown money (— without one) */
  price: string;
  /** amounts in whole tokens */
  base: string;
  quote: string;
  /** the trade's value in the shown money, compact (— without one) */
  value: string;
  /** the trader with where the address leads (its history, or an explorer), null when unknown */
  trader: { address: string; href: string | undefined } | null;
  tx: { hash: string; href: string | undefined };
}

const BUY = { arrow: '▲', word: 'Buy' } as const;
const SELL = { arrow: '▼', word: 'Sell' } as const;

export function tradeRowView(
  tx: PoolTrade,
  pool: TradePool,
  /** USD prices of both tokens (decimal strings) */
  usd: { base: Numeric; quote: Numeric },
  shown: {
    money: TradeRowMoney;
    tz: TimeZoneMode;
    fresh: boolean;
    traderHref?: (address: string) => string | undefined;
    txHref?: (hash: string) => string | undefined;
  },
): TradeRowView {
  const t = readTrade(tx, pool, usd);
  const { money } = shown;
  const priceUsd =
    t.price !== null && usd.quote != null ? inUsd(t.price, { usd: String(usd.quote) }) : null;
  const price = priceUsd ? money.of(priceUsd) : null;
  const value = money.of(t.valueUsd);
  return {
    key: tradeKey(tx),
    side: t.side,
    sideText: t.side ? (t.side === 'buy' ? BUY : SELL) : null,
    tone: t.side === 'buy' ? 'up' : t.side === 'sell' ? 'down' : 'muted',
    flash: shown.fresh ? (t.side === 'sell' ? 'down' : 'up') : null,
    time: t.time ? formatClock(t.time, shown.tz) : '—',
    iso: t.time ? new Date(t.time * 1000).toISOString() : null,
    price: price ? formatPrice(price, money.format) : '—',
    base: tradeAmount(t.baseAmount),
    quote: tradeAmount(t.quoteAmount),
    value: value ? formatCompact(value, money.format) : '—',
    trader: t.trader ? { address: t.trader, href: shown.traderHref?.(t.trader) } : null,
    tx: { hash: t.txHash, href: shown.txHref?.(t.txHash) },
  };
}
