'use client';
import { clsx } from 'clsx';
import { useRef, useState, type ReactNode } from 'react';
import { useSlashFocus } from '@/lib/client/hooks/use-slash-focus';
import { SearchIcon } from '@/components/ui/icons';
import { PAGE_SIZES } from '@/lib/features/markets/table';
import type { ChainItem } from '@/lib/contracts/price/schema';
import type { MarketsView } from '@/lib/features/markets/view';
import { formatCount } from '@/lib/core/format/number';

type Patch = Record<string, string | null>;

const selectClass =
  'h-7 rounded border border-border bg-panel px-2 text-12 text-text hover:bg-raised focus-visible:outline-2 focus-visible:outline-accent';

function Tab({
  active,
  onClick,
  children,
  testId,
}: {
  active: boolean;
  onClick: () => void;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <button
      type="button"
      aria-pressed={active}
      onClick={onClick}
      data-testid={testId}
      className={clsx(
        'h-7 rounded px-2.5 text-12 font-medium',
        active ? 'bg-raised text-text' : 'text-muted hover:text-text',
      )}
    >
      {children}
    </button>
  );
}

/** Search (exact, `/` to focus), watchlist, chain filter, page size and pages, freshness. */
export function MarketsToolbar({
  view,
  chains,
  pager,
  loadedAll,
  watchCount,
  shown,
  freshness,
  onChange,
}: {
  view: MarketsView;
  chains: ChainItem[] | undefined;
  /** the page in view, how many there are and how many tokens they hold (null until known) */
  pager: { page: number; pages: number | null; total: number | null };
  loadedAll: { loaded: number; total: number | null; walking: boolean } | null;
  watchCount: number;
  shown: number;
  freshness: ReactNode;
  onChange: (patch: Patch) => void;
}) {
  const { mode, q: query, chainId, limit, pinStarred } = view;
  const { page, pages, total } = pager;
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(query);
  const [shownQuery, setShownQuery] = useState(query);
  if (shownQuery !== query) {
    // The URL changed the search (back button, "Clear"): the box follows it.
    setShownQuery(query);
    setText(query);
  }
  useSlashFocus(input);

  const listMode = mode === 'page' || mode === 'all';
  return (
    <div className="flex flex-wrap items-center gap-2 border-b border-border px-3 py-2">
      <form
        role="search"
        className="relative"
        onSubmit={(e) => {
          e.preventDefault();
          const value = text.trim();
          onChange({ q: value || null, page: null });
        }}
      >
        <label htmlFor="token-search" className="sr-only">
          Search tokens by contract address, name or symbol
        </label>
        <SearchIcon className="pointer-events-none absolute left-2 top-1/2 -translate-y-1/2 text-faint" />
        <input
          ref={input}
          id="token-search"
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && query) onChange({ q: null });
          }}
          placeholder="Address, name or symbol"
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          className="h-7 w-64 rounded border border-border bg-bg pl-7 pr-8 text-12 text-text placeholder:text-faint focus-visible:outline-2 focus-visible:outline-accent"
        />
        {/* The search asks the price service, so it runs on Enter, not on every key: while the box
            holds a search not yet run, its hint says so. */}
        <kbd
          data-testid="search-hint"
          className="pointer-events-none absolute right-2 top-1/2 -translate-y-1/2 rounded border border-border px-1 text-10 text-faint"
        >
          {text.trim() && text.trim() !== query ? '↵' : '/'}
        </kbd>
      </form>

      <div className="flex items-center gap-0.5 rounded border border-border p-0.5">
        <Tab active={listMode} onClick={() => onChange({ view: null, q: null })}>
          All tokens
        </Tab>
        <Tab
          active={mode === 'watchlist'}
          onClick={() => onChange({ view: 'watchlist', q: null })}
          testId="watchlist-tab"
        >
          ★ Watchlist
          {watchCount > 0 ? <span className="num ml-1 text-muted">{watchCount}</span> : null}
        </Tab>
      </div>

      {mode === 'search' && (
        <span className="flex items-center gap-2 text-12 text-muted">
          <span>
            <span className="num">{shown}</span> record{shown === 1 ? '' : 's'} for “
            <span className="text-text">{query}</span>”
          </span>
          <button
            type="button"
            className="font-medium text-accent hover:underline"
            onClick={() => onChange({ q: null })}
          >
            Clear
          </button>
        </span>
      )}

      <label className="flex items-center gap-1.5 text-12 text-muted">
        Chain
        <select
          className={selectClass}
          value={chainId === null ? '' : String(chainId)}
          onChange={(e) => onChange({ chain: e.target.value || null })}
          data-testid="chain-filter"
        >
          <option value="">All chains</option>
          {chains?.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </label>

      <label className="flex items-center gap-1.5 text-12 text-muted">
        <input
          type="checkbox"
          checked={pinStarred}
          onChange={(e) => onChange({ starred: e.target.checked ? 'first' : null })}
          className="h-3.5 w-3.5 accent-[var(--accent)]"
        />
        Starred first
      </label>

      <div className="ml-auto flex flex-wrap items-center gap-2">
        {freshness}
        {listMode && (
          <>
            <label className="flex items-center gap-1.5 text-12 text-muted">
              Rows
              <select
                className={selectClass}
                value={limit}
                onChange={(e) =>
                  onChange({ limit: e.target.value === '100' ? null : e.target.value, page: null })
                }
                disabled={mode === 'all'}
                data-testid="page-size"
              >
                {PAGE_SIZES.map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </label>
            {mode === 'page' ? (
              <nav aria-label="Pages" className="flex items-center gap-1 text-12">
                <button
                  type="button"
                  className={clsx(selectClass, 'disabled:opacity-40')}
                  disabled={page <= 1}
                  onClick={() => onChange({ page: page - 1 > 1 ? String(page - 1) : null })}
                  aria-label="Previous page"
                >
                  ‹
                </button>
                <span className="num min-w-[92px] text-center text-muted" data-testid="page-of">
                  {pages === null ? '…' : `Page ${page} of ${pages}`}
                </span>
                <button
                  type="button"
                  className={clsx(selectClass, 'disabled:opacity-40')}
                  disabled={pages === null || page >= pages}
                  onClick={() => onChange({ page: String(page + 1) })}
                  aria-label="Next page"
                >
                  ›
                </button>
                <button
                  type="button"
                  className={selectClass}
                  onClick={() => onChange({ all: '1', page: null })}
                  title={
                    total === null
                      ? 'Load every page'
                      : `Load all ${formatCount(total)} tokens, page by page`
                  }
                >
                  All pages
                </button>
              </nav>
            ) : (
              <span className="flex items-center gap-2 text-12 text-muted" data-testid="all-pages">
                {chainId !== null ? (
                  // A chain filter reads every page: the count is the chain's, not a page's.
                  <span className="num" data-testid="chain-count">
                    {`${formatCount(shown)} ${shown === 1 ? 'token' : 'tokens'} on ${
                      chains?.find((c) => c.id === chainId)?.name ?? 'this chain'
                    }`}
                    {loadedAll?.walking ? ' · loading…' : ''}
                  </span>
                ) : (
                  <>
                    <span className="num">
                      {loadedAll && loadedAll.total !== null
                        ? `${formatCount(loadedAll.loaded)} of ${formatCount(loadedAll.total)}`
                        : '…'}
                      {loadedAll?.walking ? ' loading…' : ' loaded'}
                    </span>
                    <button
                      type="button"
                      className={selectClass}
                      onClick={() => onChange({ all: null })}
                    >
                      Paged
                    </button>
                  </>
                )}
              </span>
            )}
          </>
        )}
      </div>
    </div>
  );
}
