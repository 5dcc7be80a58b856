/**
 * The toolbar's Compare, Price line and Lines buttons, drawn once: the live controls
 * (compare-control.tsx, price-lines-control.tsx) render them with their handlers, and the
 * placeholders below render them disabled while that code loads after the page, so nothing moves
 * when the real ones take their place.
 */
import { clsx } from 'clsx';
import type { ButtonHTMLAttributes, Ref } from 'react';
import { PriceLineIcon, BellIcon } from '@/components/ui/icons';

type Props = ButtonHTMLAttributes<HTMLButtonElement> & { ref?: Ref<HTMLButtonElement> };

const BUTTON = 'flex h-7 items-center gap-1 rounded border px-2 text-control font-medium';
/**
 * A button's word, read out but not shown in a workspace cell 36 to 48rem wide (its `cell`
 * container, components/workspace/desk-cell.tsx): the icon and the title say it there, and the
 * cell's toolbar keeps to one line with two charts side by side. A phone's narrower cell wraps
 * its toolbar anyway, so it keeps the words.
 */
const WORD = '@xl/cell:@max-3xl/cell:sr-only';
const tone = (on: boolean) =>
  on ? 'border-border bg-raised text-text' : 'border-border bg-panel text-muted hover:text-text';

export function CompareButton({ count, ...rest }: Props & { count: number }) {
  return (
    <button type="button" className={clsx(BUTTON, tone(count > 0))} {...rest}>
      Compare{count > 0 ? ` · ${count}` : ''}
    </button>
  );
}

export function PriceLineButton({ adding, ...rest }: Props & { adding: boolean }) {
  return (
    <button
      type="button"
      className={clsx(
        BUTTON,
        'disabled:opacity-50',
        adding ? 'border-accent bg-raised text-text' : tone(false),
      )}
      {...rest}
    >
      <PriceLineIcon />
      <span className={WORD}>Price line</span>
    </button>
  );
}

export function LinesButton({ count, armed, ...rest }: Props & { count: number; armed: number }) {
  return (
    <button type="button" className={clsx(BUTTON, tone(count > 0))} {...rest}>
      <BellIcon size={12} filled={armed > 0} className={armed > 0 ? 'text-warn' : undefined} />
      <span className={WORD}>Lines{count > 0 ? ' · ' : ''}</span>
      {count > 0 ? count : ''}
    </button>
  );
}

export function ComparePlaceholder({ count }: { count: number }) {
  return <CompareButton count={count} disabled />;
}

export function PriceLinesPlaceholder() {
  return (
    <span className="relative flex items-center gap-1.5">
      <PriceLineButton adding={false} disabled />
      <LinesButton count={0} armed={0} disabled />
    </span>
  );
}
