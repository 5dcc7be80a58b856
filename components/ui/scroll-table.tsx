import { clsx } from 'clsx';
import type { ReactNode } from 'react';

/**
 * A small table of figures that scrolls sideways below its `minWidth` (a `min-w-[…]` class): the
 * transaction page's token transfers and instructions, the WebSocket clients. `head` is the heading
 * row's cells, `children` the body's rows.
 */
export function ScrollTable({
  label,
  minWidth,
  head,
  children,
}: {
  label: string;
  minWidth: string;
  head: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto">
      <table className={clsx('num w-full', minWidth, 'text-12')} aria-label={label}>
        <thead className="text-2xs uppercase tracking-wide text-muted">
          <tr className="border-b border-border">{head}</tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
