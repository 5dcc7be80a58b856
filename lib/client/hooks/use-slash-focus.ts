'use client';
/**
 * `/` focuses search on every page: the header's token search by default, or the page's own field
 * while one is mounted (Markets' table search, the Pools page's address field). The latest field
 * registered wins; typing `/` inside a field types it.
 */
import { useEffect, type RefObject } from 'react';

type Target = () => void;
const targets: Target[] = [];
let listening = false;

function onKey(e: KeyboardEvent): void {
  const el = e.target as HTMLElement | null;
  if (e.key !== '/' || e.metaKey || e.ctrlKey || e.altKey || e.defaultPrevented) return;
  if (el?.closest('input, textarea, select, [contenteditable="true"], [contenteditable=""]'))
    return;
  const focus = targets.at(-1);
  if (!focus) return;
  e.preventDefault();
  focus();
}

/** Registers `ref` (or a callback) as where `/` leads while the calling component is mounted. */
export function useSlashFocus(target: RefObject<HTMLElement | null> | Target): void {
  useEffect(() => {
    const focus: Target = typeof target === 'function' ? target : () => target.current?.focus();
    targets.push(focus);
    if (!listening && typeof window !== 'undefined') {
      window.addEventListener('keydown', onKey);
      listening = true;
    }
    return () => {
      const i = targets.lastIndexOf(focus);
      if (i >= 0) targets.splice(i, 1);
    };
  }, [target]);
}
