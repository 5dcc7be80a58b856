'use client';
import { clsx } from 'clsx';
import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Flashes once, up or down, when `value` changes, then rests. Only this element re-renders for it.
 * `value` is compared as given (a decimal string compares exactly). Each change restarts the fade by
 * switching between two keyframe names, so the element and its children are never re-created.
 */
export function Flash({
  value,
  compare,
  children,
  className = '',
}: {
  value: string | number | null | undefined;
  compare?: (a: string, b: string) => number;
  children: ReactNode;
  className?: string;
}) {
  const previous = useRef(value);
  const [flash, setFlash] = useState<{ dir: 'up' | 'down'; key: number } | null>(null);
  useEffect(() => {
    const before = previous.current;
    previous.current = value;
    if (before == null || value == null || before === value) return;
    const cmp = compare ? compare(String(value), String(before)) : Number(value) - Number(before);
    if (cmp === 0 || Number.isNaN(cmp)) return;
    setFlash((f) => ({ dir: cmp > 0 ? 'up' : 'down', key: (f?.key ?? 0) + 1 }));
  }, [value, compare]);
  return (
    <span
      className={clsx(
        'rounded-sm',
        flash && (flash.dir === 'up' ? 'flash-up' : 'flash-down'),
        flash && flash.key % 2 === 0 && 'flash-again',
        className,
      )}
    >
      {children}
    </span>
  );
}
