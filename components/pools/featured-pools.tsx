'use client';
import { clsx } from 'clsx';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { formatCompact, formatPrice } from '@/lib/core/format/number';
import { useHydrated } from '@/lib/client/hooks/use-hydrated';
import { poolKey, type PoolRef } from '@/lib/contracts/pool-ref';
import { usePoolWatchlist, type SortDir, type WatchSortKey } from '@/lib/features/pools/watchlist';
import { useMoney } from '@/lib/features/fiats/use-money';
import { dexName, type PoolSummary } from '@/lib/features/pools/summary';
import { Change } from '@/components/ui/change';
import { MoneyNote } from '@/components/ui/money-note';
import { Skeleton } from '@/components/ui/skeleton';
import { SortHeader } from '@/components/ui/sort-header';
import { StarIcon } from '@/components/ui/icons';
import { PairIcons } from '@/components/ui/token-icon';
import { RetryButton } from './retry-button';
import { TableArrowNav } from './table-arrow-nav';

export interface FeaturedRow {
  /** the pool, for its star (Watch) */
  ref?: PoolRef;
  href: string;
  address: string;
  network: string;
  lookup:
    | { kind: 'found'; pool: PoolSummary }
    | { kind: 'missing' }
    | { kind: 'error'; message: string }
    | { kind: 'loading'; pair: string };
}

export interface TableSort {
  key: WatchSortKey | null;
  dir: SortDir;
  onSort: (key: WatchSortKey) => void;
}

const SNAPSHOT_TITLE =
  "The price service's pool object, refreshed hourly. Each pool page shows its live price from the latest candle; Markets shows market quotes, which aggregate venues.";

/**
 * The featured pools (and the watched ones) with the figures of their hourly snapshot, in the
 * display fiat (the server renders USD; the chosen fiat follows once its rate is known). Each row
 * has a star: Watch (the featured list) or remove (the watchlist). The watchlist can be sorted.
 */
export function FeaturedPools({
  rows,
  label = 'Featured pools',
  note = true,
  onRemove,
  sort,
}: {
  rows: readonly FeaturedRow[];
  /** the table's accessible name */
  label?: string;
  /** the line naming where the figures come from */
  note?: boolean;
  /** a remove button per row (the watchlist); otherwise a Watch star where the row has its pool */
  onRemove?: (row: FeaturedRow) => void;
  /** sortable Pool, price and 24 h columns */
  sort?: TableSort;
}) {
  const money = useMoney();
  const head = 'px-3 py-2 font-medium';
  const th = (key: WatchSortKey, text: ReactNode, align: 'left' | 'right', extra = '') => {
    if (!sort)
      return (
        <th
          scope="col"
          className={clsx(head, align === 'right' ? 'text-right' : 'text-left', extra)}
        >
          {text}
        </th>
      );
    return (
      <SortHeader
        active={sort.key === key}
        dir={sort.dir}
        align={align}
        onSort={() => sort.onSort(key)}
        className={extra}
      >
        {text}
      </SortHeader>
    );
  };
  return (
    <>
      {note && (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-border px-3 py-1.5 text-12 text-muted">
          <span title={SNAPSHOT_TITLE} data-testid="pools-source">
            Prices and figures: hourly pool snapshot of the price service. Open a pool for its live
            price.
          </span>
          <MoneyNote money={money} />
        </div>
      )}
      {/* Positioned, so what it holds (a hidden column name too) scrolls inside it, never widens the page. */}
      <TableArrowNav className="relative overflow-x-auto">
        <table
          className="num w-full min-w-[540px] border-separate border-spacing-0 whitespace-nowrap text-13 md:min-w-[760px]"
          aria-label={label}
        >
          <thead className="text-2xs uppercase tracking-wide text-muted">
            <tr>
              {th('name', 'Pool', 'left', 'sticky left-0 z-10 bg-panel')}
              <th scope="col" className={clsx(head, 'hidden text-left md:table-cell')}>
                DEX
              </th>
              <th scope="col" className={clsx(head, 'hidden text-left md:table-cell')}>
                Network
              </th>
              {th(
                'price',
                <span title={SNAPSHOT_TITLE}>
                  Pool price{' '}
                  <span className="hidden normal-case tracking-normal md:inline">(snapshot)</span>
                </span>,
                'right',
              )}
              {th('change', '24h', 'right')}
              <th scope="col" className={clsx(head, 'text-right')}>
                Volume 24h
              </th>
              <th scope="col" className={clsx(head, 'text-right')}>
                Liquidity
              </th>
              <th scope="col" className={clsx(head, 'w-10')}>
                <span className="sr-only">{onRemove ? 'Remove' : 'Watch'}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <Row key={row.href} row={row} money={money} onRemove={onRemove} />
            ))}
          </tbody>
        </table>
      </TableArrowNav>
    </>
  );
}

/** The featured list's star: watch the pool (or stop), as its page's Watch button does. */
function WatchCell({ row, name }: { row: FeaturedRow; name: string }) {
  const hydrated = useHydrated();
  const ref = row.ref;
  const watched = usePoolWatchlist(
    (s) => !!ref && s.pools.some((p) => poolKey(p) === poolKey(ref)),
  );
  const toggle = usePoolWatchlist((s) => s.toggle);
  if (!ref) return <td className="h-10 border-b border-border/60 px-2" />;
  const on = hydrated && watched;
  return (
    <td className="h-10 border-b border-border/60 px-2 text-right">
      <button
        type="button"
        onClick={() => toggle({ ...ref, pair: name })}
        aria-pressed={on}
        aria-label={`Watch ${name}`}
        title={on ? 'Remove from the pool watchlist' : 'Add to the pool watchlist'}
        className={clsx(
          'grid h-7 w-7 place-items-center rounded hover:bg-raised',
          on ? 'text-warn' : 'text-muted hover:text-text',
        )}
      >
        <StarIcon filled={on} />
      </button>
    </td>
  );
}

function RemoveCell({
  row,
  name,
  onRemove,
}: {
  row: FeaturedRow;
  name: string;
  onRemove?: (row: FeaturedRow) => void;
}) {
  if (!onRemove) return <WatchCell row={row} name={name} />;
  return (
    <td className="h-10 border-b border-border/60 px-2 text-right">
      <button
        type="button"
        onClick={() => onRemove(row)}
        aria-label={`Remove ${name} from the watchlist`}
        title="Remove from the watchlist"
        className="grid h-7 w-7 place-items-center rounded text-warn hover:bg-raised"
      >
        <StarIcon filled />
      </button>
    </td>
  );
}

function Row({
  row,
  money,
  onRemove,
}: {
  row: FeaturedRow;
  money: ReturnType<typeof useMoney>;
  onRemove?: (row: FeaturedRow) => void;
}) {
  const cell = 'h-10 border-b border-border/60 px-3';
  const { lookup } = row;
  if (lookup.kind === 'loading') {
    return (
      <tr data-testid="featured-pool">
        <td className={clsx(cell, 'sticky left-0 bg-panel')}>
          <Link href={row.href} className="font-medium hover:text-accent">
            {lookup.pair || `${row.address.slice(0, 10)}…`}
          </Link>
        </td>
        <td className={cell} colSpan={6}>
          <Skeleton className="h-3 w-full max-w-md" />
        </td>
        <RemoveCell row={row} name={lookup.pair || row.address} onRemove={onRemove} />
      </tr>
    );
  }
  if (lookup.kind !== 'found') {
    return (
      <tr>
        <td className={clsx(cell, 'sticky left-0 bg-panel')}>
          <Link href={row.href} className="font-mono text-12 hover:text-accent">
            {row.address.slice(0, 10)}…
          </Link>
        </td>
        <td className={clsx(cell, 'text-muted')} colSpan={6}>
          {lookup.kind === 'missing'
            ? 'The upstream does not know this pool.'
            : `Figures unavailable: ${lookup.message}.`}{' '}
          {lookup.kind === 'error' && <RetryButton />}
        </td>
        <RemoveCell row={row} name={row.address} onRemove={onRemove} />
      </tr>
    );
  }
  const p = lookup.pool;
  const fee = /(\d+(\.\d+)?%)$/.exec(p.name)?.[1] ?? '';
  return (
    <tr className="group hover:bg-raised/50" data-testid="featured-pool">
      <td className={clsx(cell, 'sticky left-0 bg-panel group-hover:bg-raised')}>
        <Link href={row.href} className="flex items-center gap-2 hover:text-accent">
          <PairIcons base={p.base} quote={p.quote} size={20} />
          <span className="flex flex-col leading-tight md:flex-row md:items-baseline md:gap-2">
            <span className="font-medium">
              {p.base.symbol}
              <span className="text-muted"> / {p.quote.symbol}</span>
            </span>
            {fee && <span className="hidden text-2xs text-muted md:inline">{fee}</span>}
            {/* On a phone the DEX and network columns give way to the figures. */}
            <span className="block max-w-[9.5rem] truncate text-2xs text-muted md:hidden">
              {dexName(p.dex)} · {row.network}
            </span>
          </span>
        </Link>
      </td>
      <td className={clsx(cell, 'hidden text-muted md:table-cell')}>{dexName(p.dex)}</td>
      <td className={clsx(cell, 'hidden text-muted md:table-cell')}>{row.network}</td>
      <td className={clsx(cell, 'text-right')} data-testid="featured-price">
        {formatPrice(money.of(p.baseUsd), money.format)}
      </td>
      <td className={clsx(cell, 'text-right')}>
        <Change value={p.change24h} />
      </td>
      <td className={clsx(cell, 'text-right')}>
        {formatCompact(money.of(p.volume24h), money.format)}
      </td>
      <td className={clsx(cell, 'text-right')}>
        {formatCompact(money.of(p.liquidity), money.format)}
      </td>
      <RemoveCell row={row} name={`${p.base.symbol}/${p.quote.symbol}`} onRemove={onRemove} />
    </tr>
  );
}
