'use client';
import { clsx } from 'clsx';

/** A row of mutually exclusive options (intervals, chart styles): a radio group with arrow keys. */
export function Segmented<T extends string>({
  options,
  value,
  onChange,
  label,
  size = 'md',
  disabled = false,
}: {
  options: readonly { value: T; label: string; title?: string }[];
  value: T;
  onChange: (value: T) => void;
  label: string;
  size?: 'sm' | 'md';
  /** shown but not choosable (the title of the group says why) */
  disabled?: boolean;
}) {
  const index = options.findIndex((o) => o.value === value);
  return (
    <div
      role="radiogroup"
      aria-label={label}
      aria-disabled={disabled || undefined}
      className={clsx(
        'inline-flex items-center rounded border border-border bg-panel p-0.5',
        disabled && 'opacity-60',
      )}
      onKeyDown={(e) => {
        if (disabled || (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft')) return;
        e.preventDefault();
        const next =
          options[(index + (e.key === 'ArrowRight' ? 1 : options.length - 1)) % options.length];
        if (next) onChange(next.value);
      }}
    >
      {options.map((o) => {
        const active = o.value === value;
        return (
          <button
            key={o.value}
            type="button"
            role="radio"
            aria-checked={active}
            tabIndex={active ? 0 : -1}
            title={o.title}
            disabled={disabled}
            onClick={() => onChange(o.value)}
            className={clsx(
              'rounded-sm font-medium transition-colors',
              size === 'sm' ? 'h-6 px-1.5 text-11 max-[359px]:px-1' : 'h-7 px-2 text-12',
              active ? 'bg-raised text-text' : 'text-muted hover:text-text',
            )}
          >
            {o.label}
          </button>
        );
      })}
    </div>
  );
}
