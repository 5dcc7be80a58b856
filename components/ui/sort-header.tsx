import { clsx } from 'clsx';
import type { ReactNode } from 'react';

/** A sortable column's header: the whole cell is the button, the arrow says the direction. */
export function SortHeader({
  children,
  active,
  dir,
  align,
  onSort,
  title,
  className,
}: {
  children: ReactNode;
  /** the table is sorted by this column */
  active: boolean;
  dir: 'asc' | 'desc';
  align: 'left' | 'right';
  onSort: () => void;
  title?: string;
  /** the cell's own classes (background, border, pinning) */
  className?: string;
}) {
  return (
    <th
      scope="col"
      aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : 'none'}
      className={clsx('p-0 font-medium', className)}
    >
      <button
        type="button"
        onClick={onSort}
        title={title}
        className={clsx(
          'flex h-8 w-full items-center gap-1 px-3 uppercase tracking-wide hover:text-text',
          align === 'right' ? 'justify-end' : 'justify-start',
          active && 'text-text',
        )}
      >
        {children}
        <span aria-hidden className={clsx('text-9', active ? 'text-accent' : 'text-transparent')}>
          {active && dir === 'asc' ? '▲' : '▼'}
        </span>
      </button>
    </th>
  );
}
