'use client';
import { clsx } from 'clsx';
import { useEffect, useRef, type ReactNode } from 'react';
import { CloseIcon } from '@/components/ui/icons';

/**
 * A modal dialog on the native <dialog> element: focus is trapped by the browser, Escape closes it,
 * a click on the backdrop closes it.
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  wide = false,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  wide?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (open && !el.open) el.showModal();
    if (!open && el.open) el.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-label={title}
      onClose={onClose}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === ref.current) onClose();
      }}
      className={clsx(
        'm-auto w-[calc(100vw-24px)] rounded-lg border border-border bg-panel p-0 text-text shadow-2xl backdrop:bg-black/60',
        wide ? 'max-w-4xl' : 'max-w-lg',
      )}
    >
      {open && (
        <div className="flex max-h-[85vh] flex-col">
          <header className="flex items-center justify-between border-b border-border px-4 py-2.5">
            <h2 className="text-sm font-semibold">{title}</h2>
            <button
              type="button"
              onClick={onClose}
              aria-label="Close"
              className="grid h-7 w-7 place-items-center rounded text-muted hover:bg-raised hover:text-text"
            >
              <CloseIcon size={14} />
            </button>
          </header>
          <div className="overflow-auto p-4">{children}</div>
        </div>
      )}
    </dialog>
  );
}
