'use client';
/**
 * The app's toasts, bottom right: a polite live region (screen readers hear each one), each
 * dismissible, gone by itself after a while on a visible tab unless the pointer or the focus is on it.
 */
import { clsx } from 'clsx';
import Link from 'next/link';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useToasts, type Toast } from '@/lib/features/alerts/toasts';
import { CloseIcon } from '@/components/ui/icons';

const HIDE_MS = 10_000;

const onVisibility = (listener: () => void) => {
  document.addEventListener('visibilitychange', listener);
  return () => document.removeEventListener('visibilitychange', listener);
};

function ToastItem({ toast }: { toast: Toast }) {
  const dismiss = useToasts((s) => s.dismiss);
  const [held, setHeld] = useState(false);
  // An alert that fired in a background tab waits there until the trader comes back to see it.
  const hidden = useSyncExternalStore(
    onVisibility,
    () => document.hidden,
    () => false,
  );
  const remaining = useRef(HIDE_MS);
  useEffect(() => {
    if (held || hidden) return;
    const started = Date.now();
    const timer = setTimeout(() => dismiss(toast.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(2_000, remaining.current - (Date.now() - started));
    };
  }, [held, hidden, dismiss, toast.id]);
  const tone =
    toast.tone === 'up'
      ? 'border-l-up'
      : toast.tone === 'down'
        ? 'border-l-down'
        : 'border-l-accent';
  const arrow = toast.tone === 'up' ? '▲' : toast.tone === 'down' ? '▼' : null;
  return (
    <li
      className={clsx(
        'pointer-events-auto flex items-start gap-2 rounded-md border border-l-4 border-border bg-panel px-3 py-2 text-13 shadow-xl',
        tone,
      )}
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
      data-testid="toast"
    >
      {arrow && (
        <span
          aria-hidden
          className={clsx('mt-0.5 text-2xs', toast.tone === 'up' ? 'text-up' : 'text-down')}
        >
          {arrow}
        </span>
      )}
      <div className="min-w-0 flex-1">
        <p className="num font-medium text-text">{toast.title}</p>
        {toast.body && <p className="num mt-0.5 text-12 text-muted">{toast.body}</p>}
        {toast.href && (
          <Link
            href={toast.href}
            prefetch={false}
            onClick={() => dismiss(toast.id)}
            className="mt-1 inline-block text-12 text-accent hover:underline"
          >
            Open chart
          </Link>
        )}
      </div>
      <button
        type="button"
        onClick={() => dismiss(toast.id)}
        aria-label="Dismiss"
        className="grid h-6 w-6 shrink-0 place-items-center rounded text-muted hover:bg-raised hover:text-text"
      >
        <CloseIcon />
      </button>
    </li>
  );
}

export function AlertToasts() {
  const toasts = useToasts((s) => s.toasts);
  return (
    <div
      role="status"
      aria-live="polite"
      aria-label="Alerts"
      className="pointer-events-none fixed inset-x-3 bottom-3 z-50 sm:inset-x-auto sm:right-4 sm:bottom-4 sm:w-[340px]"
    >
      <ul className="flex flex-col gap-2">
        {toasts.map((t) => (
          <ToastItem key={t.id} toast={t} />
        ))}
      </ul>
    </div>
  );
}
