'use client';
/**
 * Token search from every page, as you type: symbols and names by prefix over the token list held
 * once in the tab (loaded on first focus, kept ten minutes), an address through the price
 * service's exact look-up. A combobox (WAI-ARIA pattern): arrows walk the results, Enter opens
 * one, Escape closes; `/` focuses it wherever the page has no search of its own. On a phone it is
 * a button that opens a full-width field under the header.
 */
import { clsx } from 'clsx';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useCallback, useDeferredValue, useId, useMemo, useRef, useState } from 'react';
import { useSlashFocus } from '@/lib/client/hooks/use-slash-focus';
import { platformSearchQuery, tokenIndexQuery } from '@/lib/features/markets/queries';
import { looksLikeAddress, matchTokens } from '@/lib/features/tokens/search';
import type { TokenItem } from '@/lib/contracts/price/schema';
import { SearchIcon } from '@/components/ui/icons';
import { TokenIcon } from '@/components/ui/token-icon';

const MAX_RESULTS = 8;

type Option = { kind: 'token'; token: TokenItem } | { kind: 'all'; query: string };

export function HeaderSearch() {
  const router = useRouter();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  // On a phone the field is hidden until asked for (the button, or `/`).
  const [shown, setShown] = useState(false);
  const [active, setActive] = useState(0);
  const [wanted, setWanted] = useState(false);

  // Stable, so the header stays under a page's own search in the `/` order (use-slash-focus.ts).
  const focus = useCallback(() => {
    setShown(true);
    setWanted(true);
    // On a phone the field only now becomes visible: focus it once it is laid out.
    requestAnimationFrame(() => input.current?.focus());
  }, []);
  useSlashFocus(focus);

  const query = useDeferredValue(text.trim());
  const address = looksLikeAddress(query);
  const index = useQuery({ ...tokenIndexQuery, enabled: wanted });
  const exact = useQuery({ ...platformSearchQuery(query), enabled: wanted && address });
  const tokens = useMemo(
    () =>
      address ? (exact.data ?? []).slice(0, MAX_RESULTS) : matchTokens(index.data ?? [], query),
    [address, exact.data, index.data, query],
  );
  const options: Option[] = query
    ? [...tokens.map((token) => ({ kind: 'token' as const, token })), { kind: 'all', query }]
    : [];
  const pending = address ? exact.isPending : index.isPending;
  const failed = address ? exact.isError : index.isError;
  const expanded = open && query.length > 0;
  const current = Math.min(active, Math.max(0, options.length - 1));

  const go = (option: Option | undefined) => {
    if (!option) return;
    setOpen(false);
    setShown(false);
    setText('');
    input.current?.blur();
    router.push(
      option.kind === 'token'
        ? `/tokens/${option.token.id}`
        : `/?q=${encodeURIComponent(option.query)}`,
    );
  };

  const listId = `${id}-results`;
  const optionId = (i: number) => `${id}-option-${i}`;
  return (
    <div className="relative flex items-center md:w-56 lg:w-64">
      <button
        type="button"
        className="grid h-8 w-8 place-items-center rounded border border-border text-muted hover:bg-raised hover:text-text md:hidden"
        aria-label="Search tokens"
        aria-expanded={shown}
        onClick={() => (shown ? setShown(false) : focus())}
      >
        <SearchIcon />
      </button>
      <div
        role="search"
        className={clsx(
          shown
            ? 'fixed inset-x-0 top-[calc(3rem+1px)] z-40 border-b border-border bg-bg p-2'
            : 'hidden',
          'md:static md:block md:w-full md:border-0 md:bg-transparent md:p-0',
        )}
      >
        <div className="relative">
          <span className="pointer-events-none absolute left-2 top-1/2 -translate-y-1/2 text-faint">
            <SearchIcon />
          </span>
          <input
            ref={input}
            id={`${id}-input`}
            type="text"
            role="combobox"
            aria-label="Search tokens by name, symbol or address"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={expanded && options.length > 0 ? optionId(current) : undefined}
            value={text}
            placeholder="Search tokens"
            autoComplete="off"
            spellCheck={false}
            onFocus={() => {
              setWanted(true);
              setOpen(true);
            }}
            onBlur={() => {
              setOpen(false);
              // On a phone an empty field folds back into its button.
              if (!text.trim()) setShown(false);
            }}
            onChange={(e) => {
              setText(e.target.value);
              setActive(0);
              setOpen(true);
            }}
            onKeyDown={(e) => {
              if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
                e.preventDefault();
                if (!options.length) return;
                setOpen(true);
                const step = e.key === 'ArrowDown' ? 1 : -1;
                setActive((current + step + options.length) % options.length);
              } else if (e.key === 'Enter') {
                e.preventDefault();
                go(options[current]);
              } else if (e.key === 'Escape') {
                if (expanded) setOpen(false);
                else {
                  setText('');
                  setShown(false);
                  input.current?.blur();
                }
              }
            }}
            className="h-8 w-full rounded border border-border bg-panel pl-7 pr-7 text-12 text-text placeholder:text-faint focus-visible:outline-2 focus-visible:outline-accent md:h-7"
          />
          <kbd className="pointer-events-none absolute right-2 top-1/2 hidden -translate-y-1/2 rounded border border-border px-1 text-10 text-faint md:block">
            /
          </kbd>
        </div>
        <ul
          id={listId}
          role="listbox"
          aria-label="Matching tokens"
          hidden={!expanded}
          className="absolute inset-x-2 top-full z-50 mt-1 max-h-[70vh] overflow-auto rounded border border-border bg-panel py-1 shadow-lg md:inset-x-0"
          // Keep the field focused while a result is clicked.
          onMouseDown={(e) => e.preventDefault()}
        >
          {options.map((option, i) => (
            <li
              key={option.kind === 'token' ? `t${option.token.id}` : 'all'}
              id={optionId(i)}
              role="option"
              aria-selected={i === current}
              data-testid={option.kind === 'token' ? 'search-result' : 'search-all'}
              onMouseEnter={() => setActive(i)}
              onClick={() => go(option)}
              className={clsx(
                'flex h-9 cursor-pointer items-center gap-2 px-2.5 text-12',
                i === current && 'bg-raised',
              )}
            >
              {option.kind === 'token' ? (
                <>
                  <TokenIcon src={option.token.logo_url} symbol={option.token.symbol} size={18} />
                  <span className="shrink-0 font-medium text-text">{option.token.symbol}</span>
                  <span className="min-w-0 truncate text-muted">{option.token.name}</span>
                  <span className="ml-auto shrink-0 text-2xs text-faint">
                    {option.token.chain_name}
                  </span>
                </>
              ) : (
                <span className="text-muted">
                  {tokens.length === 0 && !pending
                    ? failed
                      ? 'The token list is unavailable: search on Markets'
                      : 'No token starts with that: search on Markets'
                    : 'Every match on Markets'}{' '}
                  <span className="text-text">“{option.query}”</span>
                </span>
              )}
            </li>
          ))}
          {pending && (
            <li role="presentation" className="px-2.5 py-2 text-12 text-faint">
              Loading the token list…
            </li>
          )}
        </ul>
      </div>
    </div>
  );
}
