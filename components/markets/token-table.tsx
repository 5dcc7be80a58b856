'use client';
import { clsx } from 'clsx';
import { observeElementOffset, useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useRef, type KeyboardEvent } from 'react';
import type { FiatFormat } from '@/lib/core/format/number';
import type { QuoteStore } from '@/lib/features/markets/quote-store';
import type { Row, SortDir, SortKey } from '@/lib/features/markets/table';
import type { ChainItem } from '@/lib/contracts/price/schema';
import { SortHeader } from '@/components/ui/sort-header';
import { SpacerRow, virtualPadding, withRows } from '@/components/ui/virtual-rows';
import { COLUMNS, ROW_HEIGHT, TOKEN_COLUMN_MIN_WIDTH } from './columns';
import { TokenRow } from './token-row';

// A fixed table is at least as wide as its columns; the floor is the narrowest token column's, so
// the wider ones (set per breakpoint on the first `<col>`) take their room from the sum, not more.
const TOTAL_WIDTH = TOKEN_COLUMN_MIN_WIDTH + COLUMNS.reduce((a, c) => a + c.width, 0);
const HEAD_CELL = 'h-8 border-b border-border bg-panel';

/** The widths of the table and of its loading stand-in alike, so the swap moves nothing. */
const Columns = () => (
  <colgroup>
    <col className="w-[148px] min-[400px]:w-[196px] sm:w-[264px]" />
    {COLUMNS.map((c) => (
      <col key={c.key} style={{ width: c.width }} />
    ))}
  </colgroup>
);

/**
 * The virtualiser starts at offset 0 and, on attaching, scrolls its element there: a trader who
 * scrolled the server-rendered rows before hydration was thrown back to the top. Reporting where the
 * element already is first keeps that scroll, and the rows follow it.
 */
const keepEarlyScroll: typeof observeElementOffset = (instance, report) => {
  const el = instance.scrollElement;
  if (el) report(el.scrollTop, false);
  return observeElementOffset(instance, report);
};

/**
 * The token table: a real <table> (screen readers, sticky header, pinned first column) whose rows are
 * virtualised, so 1,000 rows scroll as smoothly as 20. Reports the rows in view, whose quotes are the
 * ones polled.
 */
export function TokenTable({
  rows,
  store,
  fiat,
  starred,
  onStar,
  chains,
  sort,
  dir,
  onSort,
  onRange,
}: {
  rows: readonly Row[];
  store: QuoteStore;
  fiat: FiatFormat;
  starred: ReadonlySet<number>;
  onStar: (id: number) => void;
  chains: ReadonlyMap<number, ChainItem>;
  sort: SortKey;
  dir: SortDir;
  onSort: (key: SortKey) => void;
  onRange: (first: number, last: number) => void;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer returns fresh functions by design
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    initialRect: { width: 1200, height: 720 },
    observeElementOffset: keepEarlyScroll,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? -1;
  useEffect(() => onRange(first, last), [first, last, onRange]);

  const padding = virtualPadding(items, virtualizer.getTotalSize());

  // Arrow keys walk the token links, scrolling the virtual list as they go.
  const onKeyDown = useCallback(
    (e: KeyboardEvent<HTMLDivElement>) => {
      if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
      const active = document.activeElement as HTMLElement | null;
      const tr = active?.closest('tr[data-token-id]');
      if (!tr) return;
      const id = Number(tr.getAttribute('data-token-id'));
      const index = rows.findIndex((r) => r.token.id === id);
      if (index < 0) return;
      e.preventDefault();
      const next = Math.max(0, Math.min(rows.length - 1, index + (e.key === 'ArrowDown' ? 1 : -1)));
      const nextId = rows[next]?.token.id;
      virtualizer.scrollToIndex(next, { align: 'auto' });
      requestAnimationFrame(() => {
        scroller.current
          ?.querySelector<HTMLAnchorElement>(
            `tr[data-token-id="${nextId}"] a[data-testid="token-link"]`,
          )
          ?.focus();
      });
    },
    [rows, virtualizer],
  );

  return (
    <div
      ref={scroller}
      onKeyDown={onKeyDown}
      className="relative h-[max(420px,calc(100dvh-13.5rem))] overflow-auto overscroll-contain [contain:strict]"
      data-testid="token-scroller"
      tabIndex={-1}
    >
      <table
        className="num w-full table-fixed border-separate border-spacing-0 text-13"
        style={{ minWidth: TOTAL_WIDTH }}
        aria-rowcount={rows.length + 1}
      >
        <Columns />
        <thead className="sticky top-0 z-[3] text-2xs text-muted">
          <tr>
            <SortHeader
              title="Rank and name: sort"
              active={sort === 'rank' || sort === 'name'}
              dir={dir}
              align="left"
              onSort={() => onSort(sort === 'rank' ? 'name' : 'rank')}
              className={clsx(HEAD_CELL, 'sticky left-0 z-[2]')}
            >
              # Token
            </SortHeader>
            {COLUMNS.map((c) => (
              <SortHeader
                key={c.key}
                title={`${c.title}: sort`}
                active={sort === c.key}
                dir={dir}
                align={c.align}
                onSort={() => onSort(c.key)}
                className={HEAD_CELL}
              >
                {c.label}
              </SortHeader>
            ))}
          </tr>
        </thead>
        <tbody>
          <SpacerRow height={padding.top} columns={COLUMNS.length + 1} />
          {withRows(items, rows).map(({ row }) => (
            <TokenRow
              key={row.token.id}
              row={row}
              store={store}
              fiat={fiat}
              starred={starred.has(row.token.id)}
              onStar={onStar}
              chain={chains.get(row.token.chain_id)}
            />
          ))}
          <SpacerRow height={padding.bottom} columns={COLUMNS.length + 1} />
        </tbody>
      </table>
    </div>
  );
}

/** The table's final layout while the list loads: same header, same row height. */
export function TokenTableSkeleton({ rows = 14 }: { rows?: number }) {
  return (
    <div
      className="h-[max(420px,calc(100dvh-13.5rem))] overflow-hidden"
      aria-busy="true"
      aria-label="Loading tokens"
    >
      <table
        className="w-full table-fixed border-separate border-spacing-0 text-13"
        style={{ minWidth: TOTAL_WIDTH }}
      >
        <Columns />
        <thead className="text-2xs uppercase tracking-wide text-muted">
          <tr>
            <th scope="col" className="h-8 border-b border-border px-3 text-left font-medium">
              # Token
            </th>
            {COLUMNS.map((c) => (
              <th
                key={c.key}
                scope="col"
                className={clsx(
                  'h-8 border-b border-border px-3 font-medium',
                  c.align === 'right' ? 'text-right' : 'text-left',
                )}
              >
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: rows }, (_, i) => (
            <tr key={i} className="h-9 border-b border-border/60">
              <td className="px-3">
                <span className="flex items-center gap-2">
                  <span className="skeleton h-5 w-5 rounded-full" />
                  <span className="skeleton h-3 w-32" />
                </span>
              </td>
              {COLUMNS.map((c) => (
                <td key={c.key} className={clsx('px-3', c.align === 'right' && 'text-right')}>
                  <span className="skeleton inline-block h-3 w-14 align-middle" />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
