'use client';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';

/**
 * A toolbar button's panel (Indicators, Compare, Lines): open and closed, closed by a press outside
 * it, and by Escape with the focus handed back to its button. Spread `onKeyDown` on the root that
 * holds both the button and the panel.
 */
export function usePopover() {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && open) {
      e.stopPropagation();
      setOpen(false);
      button.current?.focus();
    }
  };

  return { open, setOpen, root, button, onKeyDown };
}
