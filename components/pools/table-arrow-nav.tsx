'use client';
import type { KeyboardEvent, ReactNode } from 'react';

/**
 * Arrow keys move between the rows' main links of the table inside (the first link of each row),
 * so a keyboard user walks a list of pools as with a mouse.
 */
export function TableArrowNav({
  children,
  className = '',
}: {
  children: ReactNode;
  className?: string;
}) {
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    const links = [
      ...e.currentTarget.querySelectorAll<HTMLAnchorElement>('tbody tr td:first-child a'),
    ];
    const i = links.indexOf(document.activeElement as HTMLAnchorElement);
    if (i < 0) return;
    const next =
      links[e.key === 'ArrowDown' ? Math.min(links.length - 1, i + 1) : Math.max(0, i - 1)];
    e.preventDefault();
    next?.focus();
  };
  return (
    <div className={className} onKeyDown={onKeyDown}>
      {children}
    </div>
  );
}
