'use client';
import { clsx } from 'clsx';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { MAX_COMPARE, readPoolInput } from '@/lib/chart/rules/compare';
import { poolQuery } from '@/lib/features/pools/queries';
import { poolKey, type PoolRef } from '@/lib/contracts/pool-ref';
import type { PoolObject } from '@/lib/contracts/price/schema';
import { POPOVER_PANEL, usePopover } from './use-popover';
import { CompareButton } from './toolbar-placeholders';
import { nameOf, shortKey } from './pool-name';

function Suggestion({
  pool,
  name,
  disabled,
  onAdd,
}: {
  pool: PoolRef;
  name: string;
  disabled: boolean;
  onAdd: (pool: PoolRef) => void;
}) {
  return (
    <li>
      <button
        type="button"
        disabled={disabled}
        onClick={() => onAdd(pool)}
        title={poolKey(pool)}
        className="flex h-7 w-full items-center gap-2 rounded px-2 text-left text-12 text-text hover:bg-raised disabled:opacity-50"
      >
        <span aria-hidden className="text-muted">
          +
        </span>
        <span className="truncate">{name}</span>
      </button>
    </li>
  );
}

/**
 * Compare: a button with how many pools are compared, and a panel to add one (by address, key or
 * pool link, or from the suggestions: pools with a token in common first) or remove one. Every change
 * goes to the URL (`compare=`), so a shared link shows the same chart.
 */
export function CompareControl({
  pool,
  compare,
  onChange,
  suggestions,
  initialOpen = false,
}: {
  /** the pool on screen: a bare address is taken on its chain */
  pool: PoolRef;
  compare: readonly PoolRef[];
  onChange: (pools: PoolRef[]) => void;
  suggestions: readonly PoolRef[];
  /** opened by the press that loaded it: the field takes the focus */
  initialOpen?: boolean;
}) {
  const { open, root, panelId, trigger, onKeyDown } = usePopover(initialOpen);
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (initialOpen) field.current?.focus();
  }, [initialOpen]);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const full = compare.length >= MAX_COMPARE;

  const taken = new Set([poolKey(pool), ...compare.map(poolKey)]);
  const add = (ref: PoolRef) => {
    if (taken.has(poolKey(ref)))
      return setError(
        poolKey(ref) === poolKey(pool)
          ? 'That is the pool on the chart.'
          : 'That pool is already compared.',
      );
    if (full) return setError(`At most ${MAX_COMPARE} pools at once.`);
    setError(null);
    setText('');
    onChange([...compare, ref]);
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const r = readPoolInput(text, pool);
    if (!r.ok) return setError(r.reason);
    add(r.ref);
  };
  // The suggestions' names, asked when the panel opens (the gateway holds them for an hour); pools
  // with a token in common with the one on screen come first, pools the service does not know go.
  const main = useQuery({ ...poolQuery(pool), enabled: false }).data;
  const looked = useQueries({
    queries: suggestions.map((s) => ({ ...poolQuery(s), refetchInterval: false, enabled: open })),
  });
  const tokens = new Set(
    main ? [main.base_token.address, main.quote_token.address].map((a) => a.toLowerCase()) : [],
  );
  const shared = (p: PoolObject | null | undefined) =>
    p
      ? Number(tokens.has(p.base_token.address.toLowerCase())) +
        Number(tokens.has(p.quote_token.address.toLowerCase()))
      : 0;
  const offered = suggestions
    .map((ref, i) => ({ ref, q: looked[i] }))
    .filter(({ ref, q }) => !taken.has(poolKey(ref)) && !q?.isError && q?.data !== null)
    .sort((a, b) => shared(b.q?.data) - shared(a.q?.data));

  return (
    <div ref={root} className="sm:relative" onKeyDown={onKeyDown}>
      <CompareButton
        {...trigger}
        count={compare.length}
        title="Compare with other pools (percent scale)"
      />
      {open && (
        <div
          id={panelId}
          role="group"
          aria-label="Compare pools"
          className={clsx(POPOVER_PANEL, 'sm:w-72')}
        >
          <form onSubmit={submit} noValidate className="flex flex-col gap-1">
            <label htmlFor={`${id}-pool`} className="text-12 font-medium text-muted">
              Pool to compare
            </label>
            <div className="flex gap-1">
              <input
                ref={field}
                id={`${id}-pool`}
                value={text}
                onChange={(e) => setText(e.target.value)}
                placeholder="0x… or evm:1:0x…"
                spellCheck={false}
                autoComplete="off"
                disabled={full}
                aria-invalid={error ? true : undefined}
                aria-describedby={`${id}-note`}
                className="h-7 min-w-0 flex-1 rounded border border-border bg-bg px-2 font-mono text-12 text-text placeholder:text-faint disabled:opacity-60"
              />
              <button
                type="submit"
                disabled={full}
                className="h-7 rounded border border-border bg-raised px-2 text-11 font-medium text-text hover:border-accent disabled:opacity-50"
              >
                Add
              </button>
            </div>
            <p
              id={`${id}-note`}
              role={error ? 'alert' : undefined}
              className={clsx('text-2xs', error ? 'text-down' : 'text-muted')}
            >
              {error ??
                (full
                  ? `At most ${MAX_COMPARE} pools at once: remove one to add another.`
                  : 'An address (on this chain), chain_type:chain_id:address, or a pool link.')}
            </p>
          </form>
          {offered.length > 0 && (
            <>
              <p className="mt-2 px-0.5 text-2xs font-medium uppercase tracking-wide text-muted">
                Suggestions
              </p>
              <ul className="mt-1 max-h-48 overflow-y-auto" aria-label="Suggested pools">
                {offered.map(({ ref, q }) => (
                  <Suggestion
                    key={poolKey(ref)}
                    pool={ref}
                    name={q?.data ? nameOf(q.data) : shortKey(ref)}
                    disabled={full}
                    onAdd={add}
                  />
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </div>
  );
}
