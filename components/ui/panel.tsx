import { clsx } from 'clsx';
import type { CSSProperties, ReactNode } from 'react';

export function Panel({
  title,
  actions,
  children,
  className = '',
  bodyClassName = '',
  style,
}: {
  title?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  bodyClassName?: string;
  style?: CSSProperties;
}) {
  return (
    <section className={clsx('rounded-md border border-border bg-panel', className)} style={style}>
      {(title || actions) && (
        <header className="flex min-h-9 items-center justify-between gap-2 border-b border-border px-3 py-1.5">
          {title && (
            <h2 className="text-12 font-semibold uppercase tracking-wide text-muted">{title}</h2>
          )}
          {actions && <div className="flex items-center gap-2">{actions}</div>}
        </header>
      )}
      <div className={bodyClassName}>{children}</div>
    </section>
  );
}
