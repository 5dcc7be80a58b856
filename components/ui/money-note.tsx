import { clsx } from 'clsx';
import type { Money } from '@/lib/features/fiats/usd';
import { formatFixed } from '@/lib/core/format/number';

/**
 * Says what currency the figures around it are in: `in EUR at 1 USD = 0.91641412 EUR` when they were
 * converted, `in USD: the price service has no VES rate` when the chosen fiat could not be used.
 * Nothing for USD itself.
 */
export function MoneyNote({ money, className = '' }: { money: Money; className?: string }) {
  const { state, format } = money;
  if (state.kind === 'usd' || state.kind === 'loading') return null;
  if (state.kind === 'converted') {
    return (
      <span
        className={clsx('num text-2xs text-muted', className)}
        title="Converted from the USD figures with the price service's rate"
        data-testid="money-note"
      >
        in {format.code} at 1 USD = {formatFixed(state.rate, state.rate.split('.')[1]?.length ?? 0)}{' '}
        {format.code}
      </span>
    );
  }
  return (
    <span
      className={clsx('rounded bg-raised px-1.5 py-px text-2xs text-text', className)}
      role="note"
      data-testid="money-note"
    >
      Figures in USD: {state.reason}.
    </span>
  );
}
