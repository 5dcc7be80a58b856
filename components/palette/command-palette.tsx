'use client';
/**
 * The command palette (Ctrl/Cmd-K): one field for a symbol, a name, a contract or pool address, a
 * transaction hash or a wallet, and the app's pages and commands. A native modal <dialog> (the
 * browser traps focus and makes the page inert; Escape closes it) around cmdk's combobox list, with
 * our own ranking (`shouldFilter={false}`). Loaded on first use (palette-launcher.tsx), so none of
 * this is in a page's first-load JavaScript.
 */
import { Command } from 'cmdk';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { usePrefs } from '@/lib/client/stores/prefs';
import { buildGroups, type Entry } from '@/lib/features/palette/groups';
import { usePaletteStore } from '@/lib/features/palette/store';
import { targetHref } from '@/lib/features/palette/targets';
import type { PoolRef } from '@/lib/contracts/pool-ref';
import { NAV_ITEMS } from '@/components/layout/nav-links';
import { SearchIcon } from '@/components/ui/icons';
import { PaletteRow } from './palette-row';
import { usePaletteLookups, type Lookups } from './use-palette-lookups';

const NO_POOLS: readonly PoolRef[] = [];

export interface CommandPaletteProps {
  open: boolean;
  onClose: () => void;
  /** what was typed while the palette's code loaded */
  initialText?: string;
  /** the featured pools (server config), matched with the watchlist by a typed symbol */
  featured?: readonly PoolRef[];
}

export default function CommandPalette({
  open,
  onClose,
  initialText = '',
  featured = NO_POOLS,
}: CommandPaletteProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (open && !el.open) {
      el.showModal();
      // showModal focuses the first focusable element (cmdk's root): the field is what is wanted.
      el.querySelector<HTMLInputElement>('[cmdk-input]')?.focus();
    }
    if (!open && el.open) el.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-label="Command palette"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === ref.current) onClose();
      }}
      className="mx-auto mt-[10vh] w-[calc(100vw-16px)] max-w-[640px] overflow-hidden rounded-lg border border-border bg-panel p-0 text-text shadow-2xl backdrop:bg-black/55 max-sm:mt-2"
    >
      {open && <PaletteBody onClose={onClose} initialText={initialText} featured={featured} />}
    </dialog>
  );
}

function status(l: Lookups, count: number): string {
  if (l.pending > 0) {
    if (l.q.kind === 'hash') return `Looking up the transaction on ${l.tried.txs} chains…`;
    if (l.q.kind === 'address') return 'Looking up pools and tokens…';
  }
  if (l.indexLoading) return 'Loading the token list…';
  if (l.failed) return 'A look-up failed: the service did not answer. Try again in a moment.';
  if (l.q.kind === 'hash' && l.txs.length === 0)
    return `No transaction with this hash on the ${l.tried.txs} chains of its format.`;
  return count === 1 ? '1 result' : `${count} results`;
}

function PaletteBody({
  onClose,
  initialText,
  featured,
}: {
  onClose: () => void;
  initialText: string;
  featured: readonly PoolRef[];
}) {
  const router = useRouter();
  const [text, setText] = useState(initialText);
  const theme = usePrefs((s) => s.theme);
  const setTheme = usePrefs((s) => s.setTheme);
  const recent = usePaletteStore((s) => s.recent);
  const remember = usePaletteStore((s) => s.remember);
  const lookups = usePaletteLookups(text, featured);

  const groups = buildGroups({
    q: lookups.q,
    recent,
    tokens: lookups.tokens,
    pools: lookups.pools,
    txs: lookups.txs,
    pages: NAV_ITEMS,
    theme,
  });
  const values = groups.flatMap((g) => g.entries.map((e) => e.value));

  // The first row is active until the user moves (arrows or pointer): a pool found after the
  // wallet rows were listed takes the top, and Enter opens it.
  const byUser = useRef(false);
  const [picked, setPicked] = useState('');
  const value = picked && values.includes(picked) ? picked : (values[0] ?? '');

  const run = (entry: Entry) => {
    switch (entry.kind) {
      case 'theme':
        setTheme(entry.next);
        onClose();
        return;
      case 'page':
      case 'search':
        onClose();
        router.push(entry.href);
        return;
      default:
        remember(entry.target);
        onClose();
        router.push(targetHref(entry.target));
    }
  };

  const count = values.length;
  return (
    <Command
      label="Search tokens, pools, transactions and wallets, or type a command"
      shouldFilter={false}
      vimBindings={false}
      loop
      value={value}
      onValueChange={(v) => {
        if (byUser.current) setPicked(v);
      }}
      onKeyDown={(e) => {
        if (['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(e.key)) byUser.current = true;
      }}
      onPointerMoveCapture={() => {
        byUser.current = true;
      }}
      className="flex max-h-[min(560px,80vh)] flex-col"
    >
      <div className="flex h-12 shrink-0 items-center gap-2.5 border-b border-border px-3.5 focus-within:border-accent/60">
        <SearchIcon className="shrink-0 text-faint" />
        <Command.Input
          value={text}
          onValueChange={(v) => {
            setText(v);
            byUser.current = false;
            setPicked('');
          }}
          spellCheck={false}
          autoComplete="off"
          placeholder="Symbol, name, address, tx hash or page…"
          // The field is always focused while the palette is open: the row's accent border shows it.
          style={{ outline: 'none' }}
          className="h-full min-w-0 flex-1 bg-transparent text-14 text-text placeholder:text-faint"
        />
        <kbd className="hidden shrink-0 rounded border border-border px-1.5 py-0.5 text-2xs text-faint sm:block">
          Esc
        </kbd>
      </div>
      <Command.List
        label="Results"
        className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-1.5 py-1.5 [&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:pt-2 [&_[cmdk-group-heading]]:text-2xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:uppercase [&_[cmdk-group-heading]]:tracking-wide [&_[cmdk-group-heading]]:text-faint"
      >
        {groups.map((group) => (
          <Command.Group key={group.id} heading={group.heading}>
            {group.entries.map((entry) => (
              <Command.Item
                key={entry.value}
                value={entry.value}
                onSelect={() => run(entry)}
                data-testid={`palette-${entry.kind}`}
                className="group flex h-9 cursor-pointer items-center gap-2.5 rounded px-2 text-13 data-[selected=true]:bg-raised"
              >
                <PaletteRow entry={entry} />
              </Command.Item>
            ))}
          </Command.Group>
        ))}
        {count === 0 && (
          <p className="px-3 py-6 text-center text-12 text-muted">
            {lookups.pending > 0 || lookups.indexLoading
              ? 'Looking…'
              : 'Nothing matches. Try a symbol, a contract or wallet address, or a transaction hash.'}
          </p>
        )}
      </Command.List>
      <div className="flex h-8 shrink-0 items-center gap-3 border-t border-border px-3.5 text-2xs text-faint">
        <p role="status" aria-live="polite" className="min-w-0 flex-1 truncate">
          {status(lookups, count)}
        </p>
        <span aria-hidden className="hidden shrink-0 gap-3 sm:flex">
          <span>
            <kbd className="font-sans">↑↓</kbd> move
          </span>
          <span>
            <kbd className="font-sans">↵</kbd> open
          </span>
          <span>
            <kbd className="font-sans">Esc</kbd> close
          </span>
        </span>
      </div>
    </Command>
  );
}
