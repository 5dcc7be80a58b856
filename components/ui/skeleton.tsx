import { clsx } from 'clsx';
/** A placeholder of the final layout's size while data loads: no spinner, no layout shift. */
export function Skeleton({
  className = '',
  width,
  height = 12,
}: {
  className?: string;
  width?: number | string;
  height?: number | string;
}) {
  return (
    <span
      aria-hidden
      className={clsx('skeleton inline-block align-middle', className)}
      style={{ width, height }}
    />
  );
}
