'use client';
import { useState, type FormEvent } from 'react';
import { checkAddress } from '@/lib/core/address';
import { shorten } from '@/lib/core/format/text';
import { ADDRESS_CHAIN_TYPES, chainLabel, familyOf } from '@/lib/features/wallets/chains';
import type { Watch } from './use-live-feed';
import { ChainOptions } from './chain-options';

/** Follow an address that is not on the monitored list, in this tab only (`tx:{chain}:{address}`). */
export function WatchControl({
  watch,
  error,
  onWatch,
}: {
  watch: Watch | null;
  error: string | null;
  onWatch: (watch: Watch | null) => void;
}) {
  const [open, setOpen] = useState(false);
  const [chainType, setChainType] = useState('ethereum');
  const [address, setAddress] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  if (watch) {
    return (
      <span className="ml-auto inline-flex items-center gap-1.5" data-testid="watching">
        <span className={error ? 'text-down' : 'text-accent'}>
          {error ? `Watch refused: ${error}` : 'Watching'}
        </span>
        <span className="font-mono text-text" title={watch.address}>
          {shorten(watch.address)}
        </span>
        <span>on {chainLabel(watch.chainType)} (this tab)</span>
        <button
          type="button"
          className="rounded px-1 text-muted hover:bg-raised hover:text-text"
          onClick={() => onWatch(null)}
          aria-label="Stop watching"
        >
          ✕
        </button>
      </span>
    );
  }
  if (!open) {
    return (
      <button
        type="button"
        className="ml-auto font-medium text-accent hover:underline"
        onClick={() => setOpen(true)}
      >
        Watch an address…
      </button>
    );
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const family = familyOf(chainType);
    const check = family ? checkAddress(family, address) : null;
    if (!check?.ok) {
      setProblem(check ? `Not a valid ${chainType} address: ${check.reason}.` : 'Choose a chain.');
      return;
    }
    setProblem(null);
    setOpen(false);
    setAddress('');
    onWatch({ chainType, address: address.trim() });
  }

  return (
    <form
      onSubmit={submit}
      className="ml-auto flex flex-wrap items-center gap-1.5"
      aria-label="Watch an address in this tab"
    >
      <select
        aria-label="Watch chain"
        value={chainType}
        onChange={(e) => setChainType(e.target.value)}
        className="h-6 rounded border border-border bg-bg px-1 text-11"
      >
        <ChainOptions chains={ADDRESS_CHAIN_TYPES} />
      </select>
      <input
        autoFocus
        aria-label="Address to watch"
        aria-invalid={!!problem}
        value={address}
        onChange={(e) => setAddress(e.target.value)}
        onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}
        placeholder="Address, for this tab only"
        spellCheck={false}
        className="h-6 w-64 rounded border border-border bg-bg px-1.5 font-mono text-11 focus:border-accent focus:outline-none aria-[invalid=true]:border-down"
      />
      <button
        type="submit"
        className="h-6 rounded bg-[color-mix(in_srgb,var(--accent)_78%,black)] px-2 text-11 font-medium text-white"
      >
        Watch
      </button>
      <button
        type="button"
        className="h-6 rounded px-1.5 text-11 text-muted hover:text-text"
        onClick={() => setOpen(false)}
      >
        Cancel
      </button>
      {problem && (
        <span role="alert" className="w-full text-down">
          {problem}
        </span>
      )}
    </form>
  );
}
