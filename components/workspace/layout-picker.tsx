'use client';
import { clsx } from 'clsx';
import type { DeskLayout } from '@/lib/features/workspace/params';
import { LayoutIcon } from '@/components/ui/icons';

const OPTIONS: readonly { value: DeskLayout; label: string; cells: string[] }[] = [
  { value: 1, label: '1 chart', cells: ['M3 3h18v18H3z'] },
  { value: 2, label: '2 charts', cells: ['M3 3h8v18H3z', 'M13 3h8v18h-8z'] },
  {
    value: 4,
    label: '4 charts',
    cells: ['M3 3h8v8H3z', 'M13 3h8v8h-8z', 'M3 13h8v8H3z', 'M13 13h8v8h-8z'],
  },
];

/** One, two or four charts: a radio group of pictures, with arrow keys as every radio group. */
export function LayoutPicker({
  value,
  onChange,
}: {
  value: DeskLayout;
  onChange: (layout: DeskLayout) => void;
}) {
  const index = OPTIONS.findIndex((o) => o.value === value);
  return (
    <div
      role="radiogroup"
      aria-label="Layout"
      className="inline-flex items-center rounded border border-border bg-panel p-0.5"
      onKeyDown={(e) => {
        if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
        e.preventDefault();
        const step = e.key === 'ArrowRight' ? 1 : OPTIONS.length - 1;
        const next = OPTIONS[(index + step) % OPTIONS.length];
        if (next) {
          onChange(next.value);
          // The focus follows the choice, as in a native radio group.
          const group = e.currentTarget;
          requestAnimationFrame(() =>
            group.querySelector<HTMLElement>('[aria-checked="true"]')?.focus(),
          );
        }
      }}
    >
      {OPTIONS.map((o) => {
        const active = o.value === value;
        return (
          <button
            key={o.value}
            type="button"
            role="radio"
            aria-checked={active}
            aria-label={o.label}
            title={o.label}
            tabIndex={active ? 0 : -1}
            onClick={() => onChange(o.value)}
            className={clsx(
              'grid h-6 w-7 place-items-center rounded-sm transition-colors',
              active ? 'bg-raised text-text' : 'text-muted hover:text-text',
            )}
          >
            <LayoutIcon cells={o.cells} active={active} />
          </button>
        );
      })}
    </div>
  );
}
