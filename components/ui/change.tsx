import { clsx } from 'clsx';
import { direction, formatPercent, type Numeric } from '@/lib/core/format/number';

/** A change in percent: sign and arrow as well as colour, so colour is never the only cue. */
export function Change({
  value,
  className = '',
  arrow = true,
}: {
  value: Numeric;
  className?: string;
  arrow?: boolean;
}) {
  const dir = direction(value);
  const tone = dir === 'up' ? 'text-up' : dir === 'down' ? 'text-down' : 'text-muted';
  return (
    <span className={clsx('num whitespace-nowrap', tone, className)}>
      {arrow && dir !== 'flat' && (
        <span aria-hidden className="mr-0.5 text-9">
          {dir === 'up' ? '▲' : '▼'}
        </span>
      )}
      {formatPercent(value)}
    </span>
  );
}
