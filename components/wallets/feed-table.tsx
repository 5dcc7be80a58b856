'use client';
import { clsx } from 'clsx';
import { useVirtualizer } from '@tanstack/react-virtual';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { memo, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Badge } from '@/components/ui/badge';
import { Address } from '@/components/ui/address';
import { txPath } from '@/lib/features/wallets/explorer';
import type { FeedRow } from '@/lib/features/wallets/feed';
import { formatClock, formatDateTime, type Zone } from '@/lib/features/wallets/time';
import { SpacerRow, virtualPadding, withRows } from '@/components/ui/virtual-rows';
import { TransferCells } from './transfer-cells';

const ROW_HEIGHT = 36;

/**
 * 1,014 px in all: at 1440 px the feed's panel shows every column without scrolling sideways, its
 * vertical scroll bar included.
 */
const COLUMNS = [
  { label: 'Time', width: 74, align: 'left' },
  { label: 'Chain', width: 92, align: 'left' },
  { label: 'Wallet', width: 116, align: 'left' },
  { label: 'Dir', width: 62, align: 'left' },
  { label: 'Counterparty', width: 116, align: 'left' },
  { label: 'Amount', width: 140, align: 'right' },
  { label: 'Tokens', width: 72, align: 'left' },
  { label: 'Status', width: 74, align: 'left' },
  { label: 'Fee', width: 122, align: 'right' },
  { label: 'Tx', width: 146, align: 'left' },
] as const;
const TABLE_WIDTH = COLUMNS.reduce((sum, c) => sum + c.width, 0);

/**
 * The feed's rows, virtualised (only the visible rows are in the DOM, whatever the count). New rows
 * arrive on top; a reader scrolled down keeps the rows in view where they were.
 */
export function FeedTable({
  rows,
  zone,
  freshKeys,
}: {
  rows: readonly FeedRow[];
  zone: Zone;
  freshKeys: ReadonlySet<string>;
}) {
  const router = useRouter();
  const scrollRef = useRef<HTMLDivElement>(null);
  // Selection follows the row, not its position: rows arriving on top do not move it.
  const [activeKey, setActiveKey] = useState<string | null>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer returns fresh functions by design
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    getItemKey: (i) => rows[i]?.key ?? i,
  });

  const firstKey = useRef<string | null>(null);
  useLayoutEffect(() => {
    const el = scrollRef.current;
    const previous = firstKey.current;
    firstKey.current = rows[0]?.key ?? null;
    if (!el || !previous || el.scrollTop < 4) return;
    const shifted = rows.findIndex((r) => r.key === previous);
    if (shifted > 0) el.scrollTop += shifted * ROW_HEIGHT;
  }, [rows]);

  const found = activeKey ? rows.findIndex((r) => r.key === activeKey) : -1;
  const active = found >= 0 ? found : 0;

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    if (rows.length === 0) return;
    let next = active;
    if (e.key === 'ArrowDown') next = Math.min(rows.length - 1, active + 1);
    else if (e.key === 'ArrowUp') next = Math.max(0, active - 1);
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = rows.length - 1;
    else if (e.key === 'Enter') {
      const row = rows[active];
      if (row) router.push(txPath(row.tx));
      return;
    } else return;
    e.preventDefault();
    setActiveKey(rows[next]?.key ?? null);
    virtualizer.scrollToIndex(next, { align: 'auto' });
  }

  const items = virtualizer.getVirtualItems();
  const padding = virtualPadding(items, virtualizer.getTotalSize());

  return (
    <div
      ref={scrollRef}
      tabIndex={0}
      role="region"
      aria-label="Live transactions (arrow keys move, Enter opens)"
      onKeyDown={onKeyDown}
      className="relative h-[max(420px,calc(100vh-300px))] overflow-auto [contain:strict] focus-visible:outline-offset-[-2px]"
    >
      <table className="num table-fixed text-12" style={{ width: TABLE_WIDTH, minWidth: '100%' }}>
        <colgroup>
          {COLUMNS.map((c) => (
            <col key={c.label} style={{ width: c.width }} />
          ))}
        </colgroup>
        <thead className="sticky top-0 z-20 bg-panel text-2xs uppercase tracking-wide text-muted shadow-[0_1px_0_var(--border)]">
          <tr>
            {COLUMNS.map((c, i) => (
              <th
                key={c.label}
                scope="col"
                className={clsx(
                  'h-8 px-2 font-medium',
                  c.align === 'right' ? 'text-right' : 'text-left',
                  i === 0 && 'sticky left-0 z-10 bg-panel pl-3',
                )}
              >
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <SpacerRow height={padding.top} columns={COLUMNS.length} />
          {withRows(items, rows).map(({ item, row }) => (
            <FeedRowView
              key={row.key}
              row={row}
              selected={item.index === active}
              fresh={freshKeys.has(row.key)}
              zone={zone}
              onSelect={setActiveKey}
            />
          ))}
          <SpacerRow height={padding.bottom} columns={COLUMNS.length} />
        </tbody>
      </table>
    </div>
  );
}

/** One row; memoised, so a batch of arrivals renders only the new rows. */
const FeedRowView = memo(function FeedRowView({
  row,
  selected,
  fresh,
  zone,
  onSelect,
}: {
  row: FeedRow;
  selected: boolean;
  fresh: boolean;
  zone: Zone;
  onSelect: (key: string) => void;
}) {
  const tx = row.tx;
  return (
    <tr
      aria-selected={selected}
      data-testid="feed-row"
      data-hash={tx.tx_hash}
      data-time={tx.tx_time ?? undefined}
      onClick={() => onSelect(row.key)}
      className={clsx(
        'border-b border-border/50',
        selected ? 'bg-raised/60' : 'hover:bg-raised/40',
        fresh && 'flash-up',
      )}
      style={{ height: ROW_HEIGHT }}
    >
      <td
        className={clsx(
          'sticky left-0 z-10 pl-3 pr-2 text-muted',
          selected ? 'bg-raised' : 'bg-panel',
        )}
        title={`${formatDateTime(tx.tx_time, zone)} · received ${formatClock(row.receivedAt / 1000, zone)}`}
      >
        {formatClock(tx.tx_time, zone)}
      </td>
      <TransferCells
        tx={tx}
        wallet={row.wallet}
        direction={row.direction}
        counterparty={row.counterparty}
        fixed
      />
      <td className="px-2">
        <span className="inline-flex items-center gap-1 whitespace-nowrap">
          <Link
            href={txPath(tx)}
            prefetch={false}
            tabIndex={-1}
            className="font-mono text-12 text-accent hover:underline"
            title={tx.tx_hash}
          >
            <Address value={tx.tx_hash} copy={false} head={6} tail={4} />
          </Link>
          {tx.is_reorg_resend && (
            <Badge tone="warn" title="Re-sent after a chain reorganisation">
              reorg
            </Badge>
          )}
        </span>
      </td>
    </tr>
  );
});
