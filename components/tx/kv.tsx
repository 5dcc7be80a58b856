import { clsx } from 'clsx';
import type { ReactNode } from 'react';

/** A dense key/value grid: labels muted on the left, values on the right, two columns on wide screens. */
export function KeyValues({ children, columns = 2 }: { children: ReactNode; columns?: 1 | 2 }) {
  return (
    <dl className={clsx('grid grid-cols-1 gap-x-8 px-3 py-1', columns === 2 && 'lg:grid-cols-2')}>
      {children}
    </dl>
  );
}

export function KV({
  label,
  children,
  hint,
}: {
  label: string;
  children: ReactNode;
  hint?: string;
}) {
  return (
    <div className="grid min-h-9 grid-cols-[140px_minmax(0,1fr)] items-center gap-3 border-b border-border/50 py-1.5 text-13 last:border-0 sm:grid-cols-[170px_minmax(0,1fr)]">
      <dt className="text-12 text-muted" title={hint}>
        {label}
      </dt>
      <dd className="num min-w-0 break-words">{children}</dd>
    </div>
  );
}

export function None() {
  return <span className="text-muted">—</span>;
}
