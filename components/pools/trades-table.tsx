'use client';
import { clsx } from 'clsx';
import { memo, type ReactNode } from 'react';
import type { Numeric } from '@/lib/core/format/number';
import type { Money } from '@/lib/features/fiats/usd';
import { useMoney } from '@/lib/features/fiats/use-money';
import type { PoolTrade } from '@/lib/features/pools/api';
import type { Explorer } from '@/lib/features/chains/explorer';
import { tradeKey, type TradePool } from '@/lib/features/pools/trades';
import type { TimeZoneMode } from '@/lib/chart/rules/time-format';
import { tradeRowView } from '@/lib/chart/trades/trade-row';
import { Address } from '@/components/ui/address';
import { Skeleton } from '@/components/ui/skeleton';

const CELL = 'px-3 h-9';
const HEAD = 'px-3 py-2 font-medium';

/**
 * Recent trades, newest first: time, buy or sell (arrow and word as well as colour), price, amounts,
 * value (in the display fiat), trader and transaction.
 */
export function TradesTable({
  trades,
  pool,
  usd,
  tz,
  fresh,
  loading,
  explorer = null,
  traderHref,
}: {
  trades: readonly PoolTrade[];
  pool: TradePool;
  /** USD prices of both tokens (decimal strings from the pool object) */
  usd: { base: Numeric; quote: Numeric };
  tz: TimeZoneMode;
  fresh: ReadonlySet<string>;
  loading: boolean;
  explorer?: Explorer | null;
  /** where a trader's address leads (its history on the Wallets page); its explorer page otherwise */
  traderHref?: (address: string) => string;
}) {
  const money = useMoney();
  return (
    <table
      className="num w-full min-w-[680px] border-separate border-spacing-0 text-12"
      aria-label="Recent trades"
    >
      <thead className="sticky top-0 z-10 bg-panel text-2xs uppercase tracking-wide text-muted">
        <tr>
          <Th className="sticky left-0 z-10 bg-panel">Time</Th>
          <Th>Type</Th>
          <Th right>Price</Th>
          <Th right>{pool.base.symbol}</Th>
          <Th right>{pool.quote.symbol}</Th>
          <Th right col="value">
            Value
          </Th>
          <Th>Trader</Th>
          <Th>Tx</Th>
        </tr>
      </thead>
      <tbody>
        {loading && trades.length === 0
          ? Array.from({ length: 10 }, (_, i) => (
              <tr key={`s${i}`}>
                <td className={clsx(CELL, 'border-b border-border/60')} colSpan={8}>
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
                explorer={explorer}
                traderHref={traderHref}
              />
            ))}
      </tbody>
    </table>
  );
}

/** A column's head, aligned as its cells are. */
function Th({
  right = false,
  col,
  className,
  children,
}: {
  right?: boolean;
  /** names the column for tests and styles (`data-col`) */
  col?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <th
      scope="col"
      className={clsx(HEAD, className, right ? 'text-right' : 'text-left')}
      data-col={col}
    >
      {children}
    </th>
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
  explorer,
  traderHref,
}: {
  tx: PoolTrade;
  pool: TradePool;
  usd: { base: Numeric; quote: Numeric };
  money: Money;
  tz: TimeZoneMode;
  fresh: boolean;
  explorer: Explorer | null;
  traderHref?: (address: string) => string;
}) {
  // What the row says is the widget's too (lib/chart/trades/trade-row.ts); here only how it looks.
  const row = tradeRowView(tx, pool, usd, {
    money,
    tz,
    fresh,
    traderHref: traderHref ?? ((a) => explorer?.address(a)),
    txHref: (h) => explorer?.tx(h),
  });
  const tone = row.tone === 'up' ? 'text-up' : row.tone === 'down' ? 'text-down' : 'text-muted';
  const flash = row.flash ? `flash-${row.flash}` : '';
  return (
    <tr className={clsx(flash, 'hover:bg-raised/60')}>
      <td
        className={clsx(CELL, 'sticky left-0 border-b border-border/60 bg-panel text-muted')}
        title={row.iso ?? undefined}
      >
        {row.time}
      </td>
      <td className={clsx(CELL, 'border-b border-border/60 font-medium', tone)}>
        {row.sideText ? (
          <span className="whitespace-nowrap">
            <span aria-hidden className="mr-1 text-9">
              {row.sideText.arrow}
            </span>
            {row.sideText.word}
          </span>
        ) : (
          '—'
        )}
      </td>
      <td className={clsx(CELL, 'border-b border-border/60 text-right', tone)}>{row.price}</td>
      <td className={clsx(CELL, 'border-b border-border/60 text-right')}>{row.base}</td>
      <td className={clsx(CELL, 'border-b border-border/60 text-right')}>{row.quote}</td>
      <td className={clsx(CELL, 'border-b border-border/60 text-right')} data-col="value">
        {row.value}
      </td>
      <td className={clsx(CELL, 'border-b border-border/60')}>
        {row.trader ? (
          <Address
            value={row.trader.address}
            href={row.trader.href}
            external={!traderHref}
            head={6}
            tail={4}
          />
        ) : (
          '—'
        )}
      </td>
      <td className={clsx(CELL, 'border-b border-border/60')}>
        <Address value={row.tx.hash} href={row.tx.href} external head={8} tail={4} />
      </td>
    </tr>
  );
});
