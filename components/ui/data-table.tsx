import { clsx } from 'clsx';
import { Fragment, type ReactNode } from 'react';
import { HeadRow, type HeadColumn } from './head-row';
import { Skeleton } from './skeleton';

/**
 * A dense table with a sticky heading: one row a item, or, while `rows` is not there yet,
 * `placeholders` copies of `skeleton` (rows of the final size, so nothing shifts when data lands).
 */
export function DataTable<T>({
  label,
  columns,
  rows,
  placeholders,
  skeleton,
  className,
  children,
}: {
  label: string;
  columns: readonly HeadColumn[];
  rows: readonly T[] | null | undefined;
  placeholders: number;
  skeleton: ReactNode;
  /** the table's minimum width (it scrolls sideways below it) */
  className: string;
  children: (row: T) => ReactNode;
}) {
  return (
    <table
      className={clsx(
        'num w-full border-separate border-spacing-0 whitespace-nowrap text-13',
        className,
      )}
      aria-label={label}
      aria-busy={rows ? undefined : true}
    >
      <thead className="sticky top-0 z-20 text-2xs uppercase tracking-wide text-muted">
        <HeadRow head="bg-panel px-3 py-2 font-medium" columns={columns} />
      </thead>
      <tbody>
        {rows
          ? rows.map(children)
          : Array.from({ length: placeholders }, (_, i) => <Fragment key={i}>{skeleton}</Fragment>)}
      </tbody>
    </table>
  );
}

/** A skeleton cell: the bar's width, the cell's own classes, the bar's height (12 by default). */
export type SkeletonCell = readonly [width: number, className?: string, height?: number];

/**
 * A loading row: the sticky first cell an icon's circle and a bar, then one bar a cell. `cell` is the
 * table's cell classes, so the row has the height of a loaded one.
 */
export function SkeletonRow({
  cell,
  icon,
  label,
  cells,
}: {
  cell: string;
  icon: number;
  label: number;
  cells: readonly SkeletonCell[];
}) {
  return (
    <tr aria-hidden>
      <td className={clsx(cell, 'sticky left-0 bg-panel')}>
        <span className="flex items-center gap-2">
          <Skeleton width={icon} height={icon} className="!rounded-full" />
          <Skeleton width={label} />
        </span>
      </td>
      {cells.map(([width, className, height], i) => (
        <td key={i} className={clsx(cell, className)}>
          <Skeleton width={width} height={height} />
        </td>
      ))}
    </tr>
  );
}
