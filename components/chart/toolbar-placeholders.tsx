/**
 * The toolbar's Compare, Price line and Lines buttons, drawn once: the live controls
 * (compare-control.tsx, price-lines-control.tsx) render them with their handlers, and the
 * placeholders below render them disabled while that code loads after the page, so nothing moves
 * when the real ones take their place.
 */
import { clsx } from 'clsx';
import type { ButtonHTMLAttributes, Ref } from 'react';

type Props = ButtonHTMLAttributes<HTMLButtonElement> & { ref?: Ref<HTMLButtonElement> };

const BUTTON = 'flex h-7 items-center gap-1 rounded border px-2 text-11 font-medium';
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
      <svg
        width="13"
        height="13"
        viewBox="0 0 24 24"
        aria-hidden
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M2 12h20" />
        <path d="M18 5v4M16 7h4" />
      </svg>
      Price line
    </button>
  );
}

export function LinesButton({ count, armed, ...rest }: Props & { count: number; armed: number }) {
  return (
    <button type="button" className={clsx(BUTTON, tone(count > 0))} {...rest}>
      <svg
        width="12"
        height="12"
        viewBox="0 0 24 24"
        aria-hidden
        fill={armed > 0 ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
        className={armed > 0 ? 'text-warn' : undefined}
      >
        <path d="M6 8a6 6 0 1 1 12 0c0 7 3 8 3 8H3s3-1 3-8M10 20a2 2 0 0 0 4 0" />
      </svg>
      Lines{count > 0 ? ` · ${count}` : ''}
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
