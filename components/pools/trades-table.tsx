'use client';
import { memo } from 'react';
import { formatPrice, formatCompact, USD, type Numeric } from '@/lib/core/format/number';
import { inUsd } from '@/lib/features/pools/live';
import { moneyOf, type Money } from '@/lib/features/fiats/usd';
import type { PoolTrade } from '@/lib/features/pools/api';
import type { Explorer } from '@/lib/features/chains/explorer';
import { readTrade, tradeAmount, tradeKey, type TradePool } from '@/lib/features/pools/trades';
import { formatClock, type TimeZoneMode } from '@/lib/features/chart/time-format';
import { Address } from '@/components/ui/address';
import { Skeleton } from '@/components/ui/skeleton';

const IN_USD = moneyOf({ kind: 'usd' }, USD);

/**
 * Recent trades, newest first: time, buy or sell (arrow and word as well as colour), price, amounts,
 * value (in `money`'s fiat, USD by default), trader and transaction. `compact` keeps the columns a
 * small widget has room for.
 */
export function TradesTable({
  trades,
  pool,
  usd,
  money = IN_USD,
  tz,
  fresh,
  loading,
  compact = false,
  explorer = null,
  traderHref,
}: {
  trades: readonly PoolTrade[];
  pool: TradePool;
  /** USD prices of both tokens (decimal strings from the pool object) */
  usd: { base: Numeric; quote: Numeric };
  money?: Money;
  tz: TimeZoneMode;
  fresh: ReadonlySet<string>;
  loading: boolean;
  compact?: boolean;
  explorer?: Explorer | null;
  /** where a trader's address leads (its history on the Wallets page); its explorer page otherwise */
  traderHref?: (address: string) => string;
}) {
  const cell = compact ? 'px-2 h-7' : 'px-3 h-9';
  const head = `${compact ? 'px-2 py-1.5' : 'px-3 py-2'} font-medium`;
  return (
    <table
      className={`num w-full border-separate ${compact ? '' : 'min-w-[680px]'} border-spacing-0 text-[12px]`}
      aria-label="Recent trades"
    >
      <thead className="sticky top-0 z-10 bg-panel text-2xs uppercase tracking-wide text-muted">
        <tr>
          <th scope="col" className={`${head} sticky left-0 z-10 bg-panel text-left`}>
            Time
          </th>
          <th scope="col" className={`${head} text-left`}>
            Type
          </th>
          <th scope="col" className={`${head} text-right`}>
            Price
          </th>
          <th scope="col" className={`${head} text-right`}>
            {pool.base.symbol}
          </th>
          {!compact && (
            <th scope="col" className={`${head} text-right`}>
              {pool.quote.symbol}
            </th>
          )}
          <th scope="col" className={`${head} text-right`} data-col="value">
            Value
          </th>
          {!compact && (
            <>
              <th scope="col" className={`${head} text-left`}>
                Trader
              </th>
              <th scope="col" className={`${head} text-left`}>
                Tx
              </th>
            </>
          )}
        </tr>
      </thead>
      <tbody>
        {loading && trades.length === 0
          ? Array.from({ length: compact ? 5 : 10 }, (_, i) => (
              <tr key={`s${i}`}>
                <td className={`${cell} border-b border-border/60`} colSpan={compact ? 5 : 8}>
                  <Skeleton width="100%" height={12} />
                </td>
              </tr>
            ))
          : trades.map((tx) => (
              <TradeRow
                key={tradeKey(tx)}
                tx={tx}
                pool={pool}
                usd={usd}
                money={money}
                tz={tz}
                fresh={fresh.has(tradeKey(tx))}
                compact={compact}
                explorer={explorer}
                traderHref={traderHref}
                cell={cell}
              />
            ))}
      </tbody>
    </table>
  );
}

/** One trade; memoised, so a new trade renders one row, not fifty. */
const TradeRow = memo(function TradeRow({
  tx,
  pool,
  usd,
  money,
  tz,
  fresh,
  compact,
  explorer,
  traderHref,
  cell,
}: {
  tx: PoolTrade;
  pool: TradePool;
  usd: { base: Numeric; quote: Numeric };
  money: Money;
  tz: TimeZoneMode;
  fresh: boolean;
  compact: boolean;
  explorer: Explorer | null;
  traderHref?: (address: string) => string;
  cell: string;
}) {
  const t = readTrade(tx, pool, usd);
  const tone = t.side === 'buy' ? 'text-up' : t.side === 'sell' ? 'text-down' : 'text-muted';
  const priceUsd =
    t.price !== null && usd.quote != null ? inUsd(t.price, { usd: String(usd.quote) }) : null;
  const price = priceUsd ? money.of(priceUsd) : null;
  const value = money.of(t.valueUsd);
  const flash = fresh ? (t.side === 'sell' ? 'flash-down' : 'flash-up') : '';
  return (
    <tr className={`${flash} hover:bg-raised/60`}>
      <td
        className={`${cell} sticky left-0 border-b border-border/60 bg-panel text-muted`}
        title={t.time ? new Date(t.time * 1000).toISOString() : undefined}
      >
        {t.time ? formatClock(t.time, tz) : '—'}
      </td>
      <td className={`${cell} border-b border-border/60 font-medium ${tone}`}>
        {t.side ? (
          <span className="whitespace-nowrap">
            <span aria-hidden className="mr-1 text-[9px]">
              {t.side === 'buy' ? '▲' : '▼'}
            </span>
            {t.side === 'buy' ? 'Buy' : 'Sell'}
          </span>
        ) : (
          '—'
        )}
      </td>
      <td className={`${cell} border-b border-border/60 text-right ${tone}`}>
        {price ? formatPrice(price, money.format) : '—'}
      </td>
      <td className={`${cell} border-b border-border/60 text-right`}>
        {tradeAmount(t.baseAmount)}
      </td>
      {!compact && (
        <td className={`${cell} border-b border-border/60 text-right`}>
          {tradeAmount(t.quoteAmount)}
        </td>
      )}
      <td className={`${cell} border-b border-border/60 text-right`} data-col="value">
        {value ? formatCompact(value, money.format) : '—'}
      </td>
      {!compact && (
        <>
          <td className={`${cell} border-b border-border/60`}>
            {t.trader ? (
              <Address
                value={t.trader}
                href={traderHref ? traderHref(t.trader) : explorer?.address(t.trader)}
                external={!traderHref}
                head={6}
                tail={4}
              />
            ) : (
              '—'
            )}
          </td>
          <td className={`${cell} border-b border-border/60`}>
            <Address value={t.txHash} href={explorer?.tx(t.txHash)} external head={8} tail={4} />
          </td>
        </>
      )}
    </tr>
  );
});
