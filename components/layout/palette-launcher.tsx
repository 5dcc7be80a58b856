'use client';
/**
 * Opens the command palette: Ctrl-K or Cmd-K on every page (in a text field too: there Ctrl-K
 * does nothing a trader needs), or the header's ⌘K button (an icon on a phone). The palette's code (cmdk, the look-ups)
 * loads on first use, so it adds nothing to a page's first load; hovering or focusing the button
 * fetches it ahead. Keys typed while it loads are kept and become the palette's first text.
 * Closing it gives focus back to where it was.
 */
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import type { PoolRef } from '@/lib/contracts/pool-ref';
import { CommandIcon } from '@/components/ui/icons';

const load = () => import('@/components/palette/command-palette');
const CommandPalette = lazy(load);

const noop = () => () => {};
const isApple = () => /Mac|iPhone|iPad/.test(navigator.platform);

function isShortcut(e: KeyboardEvent): boolean {
  return (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k';
}

export function PaletteLauncher({ featured }: { featured?: readonly PoolRef[] }) {
  const [mounted, setMounted] = useState(false);
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const openRef = useRef(false);
  const returnTo = useRef<HTMLElement | null>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const apple = useSyncExternalStore(noop, isApple, () => false);

  const show = useCallback(() => {
    const active = document.activeElement;
    returnTo.current = active instanceof HTMLElement && active !== document.body ? active : null;
    openRef.current = true;
    setTyped('');
    setMounted(true);
    setOpen(true);
  }, []);

  const close = useCallback(() => {
    openRef.current = false;
    setOpen(false);
    const back = returnTo.current?.isConnected ? returnTo.current : trigger.current;
    // After the dialog has closed, or the browser puts focus back where it had it.
    requestAnimationFrame(() => back?.focus({ preventScroll: true }));
  }, []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isShortcut(e) || e.isComposing) return;
      e.preventDefault();
      if (openRef.current) close();
      else show();
    };
    window.addEventListener('keydown', onKey, true);
    // The shortcut listens from here on (after hydration): said on the button, for tests and tools.
    const button = trigger.current;
    button?.setAttribute('data-shortcut', 'on');
    return () => {
      window.removeEventListener('keydown', onKey, true);
      button?.removeAttribute('data-shortcut');
    };
  }, [close, show]);

  return (
    <>
      <button
        ref={trigger}
        type="button"
        onClick={show}
        onPointerEnter={() => void load()}
        onFocus={() => void load()}
        aria-label="Open the command palette"
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K"
        title="Jump to a token, pool, transaction or wallet"
        // A phone has no keyboard shortcut to show: there the button is an icon, like search's.
        className="grid h-8 w-8 shrink-0 place-items-center rounded border border-border text-muted hover:bg-raised hover:text-text md:flex md:h-7 md:w-[52px] md:items-center md:justify-center md:gap-1 md:text-2xs md:font-medium"
      >
        <CommandIcon className="md:hidden" />
        <span aria-hidden className="hidden md:inline">
          {apple ? '⌘' : 'Ctrl'}
        </span>
        <span aria-hidden className="hidden md:inline">
          K
        </span>
      </button>
      {mounted && (
        <Suspense fallback={<TypeAhead open={open} onType={setTyped} />}>
          <CommandPalette open={open} onClose={close} initialText={typed} featured={featured} />
        </Suspense>
      )}
    </>
  );
}

/** While the palette's code loads, what the user types is kept for its field. */
function TypeAhead({
  open,
  onType,
}: {
  open: boolean;
  onType: (f: (s: string) => string) => void;
}) {
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return;
      if (e.key.length === 1) onType((s) => s + e.key);
      else if (e.key === 'Backspace') onType((s) => s.slice(0, -1));
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [open, onType]);
  return null;
}
