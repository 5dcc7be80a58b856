'use client';
import { clsx } from 'clsx';
import { memo, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
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
import { SpacerRow, virtualPadding, withRows } from '@/components/ui/virtual-rows';

const CELL = 'px-3 h-9';
/** A row's height (h-9) */
const ROW_HEIGHT = 36;
const HEAD = 'px-3 py-2 font-medium';

/**
 * Recent trades, newest first: time, buy or sell (arrow and word as well as colour), price, amounts,
 * value (in the display fiat), trader and transaction. The rows are virtualised in `scroller` (the
 * box the table scrolls in): 50 to 500 trades render the 15 in view and a few around them, not
 * 24 elements times every trade (on a phone that was half a second of the pool page's load).
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
  scroller,
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
  scroller: RefObject<HTMLDivElement | null>;
}) {
  const money = useMoney();
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer returns fresh functions by design
  const virtualizer = useVirtualizer({
    count: trades.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
    getItemKey: (i) => {
      const tx = trades[i];
      return tx ? tradeKey(tx) : i;
    },
    initialRect: { width: 680, height: 560 },
  });
  const items = virtualizer.getVirtualItems();
  // Each row's place among all the trades (the header is row 1), for a reader of the virtual table.
  // Written here rather than as a prop: a trade arriving on top moves every row's place, and the
  // rows are memoised so that a new trade renders one row, not all of them.
  const body = useRef<HTMLTableSectionElement>(null);
  useLayoutEffect(() => {
    const place = new Map(items.map((item) => [String(item.key), item.index + 2]));
    for (const tr of body.current?.querySelectorAll<HTMLTableRowElement>('tr[data-key]') ?? []) {
      const at = place.get(tr.dataset.key ?? '');
      if (at !== undefined) tr.setAttribute('aria-rowindex', String(at));
    }
  });
  const padding = virtualPadding(items, virtualizer.getTotalSize());
  return (
    <table
      className="num w-full min-w-[680px] border-separate border-spacing-0 text-12"
      aria-label="Recent trades"
      aria-rowcount={trades.length + 1}
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
      <tbody ref={body}>
        <SpacerRow height={padding.top} columns={8} />
        {loading && trades.length === 0
          ? Array.from({ length: 10 }, (_, i) => (
              <tr key={`s${i}`}>
                <td className={clsx(CELL, 'border-b border-border/60')} colSpan={8}>
                  <Skeleton width="100%" height={12} />
                </td>
              </tr>
            ))
          : withRows(items, trades).map(({ item, row: tx }) => (
              <TradeRow
                key={item.key}
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
        <SpacerRow height={padding.bottom} columns={8} />
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
    <tr data-key={row.key} className={clsx(flash, 'hover:bg-raised/60')}>
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
