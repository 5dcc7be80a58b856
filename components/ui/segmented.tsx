'use client';
import { clsx } from 'clsx';
import type { ReactNode } from 'react';

export interface SegmentedOption<T extends string | number> {
  value: T;
  /** the visible text, or the accessible name (and tooltip) of an icon option */
  label: string;
  title?: string;
  /** a picture instead of the text; it may show the choice (drawn filled when active) */
  icon?: (active: boolean) => ReactNode;
}

/** A row of mutually exclusive options (intervals, chart styles, layouts): a radio group with arrow keys. */
export function Segmented<T extends string | number>({
  options,
  value,
  onChange,
  label,
  size = 'md',
  disabled = false,
}: {
  options: readonly SegmentedOption<T>[];
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
        const at = (index + (e.key === 'ArrowRight' ? 1 : options.length - 1)) % options.length;
        const next = options[at];
        if (!next) return;
        onChange(next.value);
        // The focus follows the choice, as in a native radio group.
        (e.currentTarget.children[at] as HTMLElement | undefined)?.focus();
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
            aria-label={o.icon && o.label}
            tabIndex={active ? 0 : -1}
            title={o.title ?? (o.icon && o.label)}
            disabled={disabled}
            onClick={() => onChange(o.value)}
            className={clsx(
              'rounded-sm transition-colors',
              o.icon
                ? 'grid h-6 w-7 place-items-center'
                : size === 'sm'
                  ? 'h-6 px-1.5 text-control font-medium max-[359px]:px-1'
                  : 'h-7 px-2 text-12 font-medium',
              active ? 'bg-raised text-text' : 'text-muted hover:text-text',
            )}
          >
            {o.icon ? o.icon(active) : o.label}
          </button>
        );
      })}
    </div>
  );
}
