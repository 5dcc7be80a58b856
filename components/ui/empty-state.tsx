import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { Button } from './button';

/** One sentence on what happened and what to do, with the action as a button. */
export function EmptyState({
  title,
  children,
  action,
  tone = 'neutral',
}: {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  tone?: 'neutral' | 'error';
}) {
  return (
    <div
      role={tone === 'error' ? 'alert' : undefined}
      className="flex flex-col items-center justify-center gap-2 px-4 py-12 text-center"
    >
      <p className={clsx('text-sm font-medium', tone === 'error' ? 'text-down' : 'text-text')}>
        {title}
      </p>
      {children && <p className="max-w-md text-12 text-muted">{children}</p>}
      {action && <div className="mt-2">{action}</div>}
    </div>
  );
}

/** A load that failed: what failed, why (`children`), and a Retry button. */
export function LoadError({
  title,
  onRetry,
  size,
  children,
}: {
  title: string;
  onRetry: () => void;
  size?: 'sm' | 'md';
  children?: ReactNode;
}) {
  return (
    <EmptyState
      tone="error"
      title={title}
      action={
        <Button size={size} onClick={onRetry}>
          Retry
        </Button>
      }
    >
      {children}
    </EmptyState>
  );
}
