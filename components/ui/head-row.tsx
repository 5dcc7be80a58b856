import { clsx } from 'clsx';
import type { ReactNode } from 'react';

/** A column's heading and the classes it adds to the table's own heading classes. */
export type HeadColumn = readonly [label: ReactNode, className: string];

/** A table's heading row: one `<th scope="col">` a column, each with `head`'s classes and its own. */
export function HeadRow({
  head = 'px-3 py-2 font-medium',
  columns,
  className,
}: {
  head?: string;
  columns: readonly HeadColumn[];
  className?: string;
}) {
  return (
    <tr className={className}>
      {columns.map(([label, className], i) => (
        <th key={i} scope="col" className={clsx(head, className)}>
          {label}
        </th>
      ))}
    </tr>
  );
}
