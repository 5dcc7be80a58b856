'use client';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

/**
 * A toolbar button's panel (Indicators, Compare, Lines, the phone's More menu): open and closed,
 * closed by a press outside it, and by Escape from any control in it (also one that has just gone,
 * such as a remove button: the panel then holds the focus), with the focus handed back to its
 * button. Spread `onKeyDown` on the root that holds both the button and the panel, `trigger` on the
 * button (its ref, state and toggle), and give the panel the id `panelId`. `initialOpen`:
 * a panel whose code loaded at the press that opens it (components/chart/lazy-compare.tsx).
 */
export function usePopover(initialOpen = false) {
  const [open, setOpen] = useState(initialOpen);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    // Escape with the focus nowhere (the control that had it is gone): the panel still closes.
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      if (e.target !== document.body && e.target !== document.documentElement) return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && open) {
      e.stopPropagation();
      setOpen(false);
      button.current?.focus();
    }
  };

  const trigger = {
    ref: button,
    'aria-expanded': open,
    'aria-controls': panelId,
    onClick: () => setOpen((o) => !o),
  };

  return { open, setOpen, root, panelId, trigger, onKeyDown };
}

/** Panels of the toolbar: under their button from `sm` up; on a phone, the width of the More menu. */
export const POPOVER_PANEL =
  'absolute inset-x-0 top-full z-50 mt-1 rounded-md border border-border bg-panel p-2 shadow-lg sm:inset-x-auto sm:left-0 sm:top-8 sm:mt-0';
