import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { HeadRow, type HeadColumn } from './head-row';

/**
 * A small table of figures that scrolls sideways below its `minWidth` (a `min-w-[…]` class): the
 * transaction page's token transfers and instructions, the WebSocket clients. `columns` are the
 * heading row's cells (each with `head`'s classes and its own), `children` the body's rows.
 */
export function ScrollTable({
  label,
  minWidth,
  columns,
  head = 'py-2 font-medium',
  children,
}: {
  label: string;
  minWidth: string;
  columns: readonly HeadColumn[];
  head?: string;
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto">
      <table className={clsx('num w-full', minWidth, 'text-12')} aria-label={label}>
        <thead className="text-2xs uppercase tracking-wide text-muted">
          <HeadRow className="border-b border-border" head={head} columns={columns} />
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
