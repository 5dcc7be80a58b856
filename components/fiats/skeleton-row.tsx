import { clsx } from 'clsx';
import { Skeleton } from '@/components/ui/skeleton';

/**
 * A fiat table's row while its data loads: the pinned first cell an icon and a code, each other
 * cell one bar of the width and alignment its figure will take.
 */
export function SkeletonRow({
  cell,
  code,
  bars,
}: {
  /** the table's cell classes */
  cell: string;
  /** the first cell's text width, px */
  code: number;
  bars: readonly (readonly [width: number, align?: 'text-center' | 'text-right'])[];
}) {
  return (
    <tr aria-hidden>
      <td className={clsx(cell, 'sticky left-0 bg-panel')}>
        <span className="flex items-center gap-2">
          <Skeleton width={18} height={18} className="!rounded-full" />
          <Skeleton width={code} />
        </span>
      </td>
      {bars.map(([width, align], i) => (
        <td key={i} className={clsx(cell, align)}>
          <Skeleton width={width} />
        </td>
      ))}
    </tr>
  );
}
