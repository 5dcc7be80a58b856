'use client';
import { clsx } from 'clsx';
import { useId } from 'react';
import { poolKey, type PoolRef } from '@/lib/contracts/pool-ref';
import type { ChainOption } from '@/lib/features/pools/chain-options';
import { dexName } from '@/lib/features/pools/summary';
import { OpenPoolForm } from '@/components/pools/open-pool-form';
import { Dialog } from '@/components/ui/dialog';
import { PairIcons } from '@/components/ui/token-icon';
import type { FeaturedChoice } from './workspace-view';

/** A cell's pool: one of the featured pools in a click, or any pool by its chain and address. */
export function PoolPicker({
  open,
  onClose,
  title,
  current,
  featured,
  chains,
  chainNameOf,
  onPick,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  current: PoolRef | null;
  featured: FeaturedChoice[];
  chains: ChainOption[];
  chainNameOf: (ref: PoolRef) => string;
  onPick: (ref: PoolRef) => void;
}) {
  const currentKey = current ? poolKey(current) : null;
  const id = useId();
  return (
    <Dialog open={open} onClose={onClose} title={title}>
      {featured.length > 0 && (
        <section aria-labelledby={`${id}-featured`} className="mb-4">
          <h3
            id={`${id}-featured`}
            className="mb-2 text-2xs font-semibold uppercase tracking-wide text-muted"
          >
            Featured pools
          </h3>
          <ul className="grid gap-1.5 sm:grid-cols-2">
            {featured.map(({ ref, summary }) => {
              const key = poolKey(ref);
              const selected = key === currentKey;
              return (
                <li key={key}>
                  <button
                    type="button"
                    onClick={() => onPick(ref)}
                    aria-current={selected ? 'true' : undefined}
                    className={clsx(
                      'flex w-full items-center gap-2 rounded border px-2 py-1.5 text-left hover:bg-raised',
                      selected ? 'border-accent bg-raised' : 'border-border',
                    )}
                  >
                    {summary ? (
                      <PairIcons base={summary.base} quote={summary.quote} size={20} />
                    ) : null}
                    <span className="flex min-w-0 flex-col leading-tight">
                      <span className="truncate text-13 font-medium">
                        {summary ? (
                          `${summary.base.symbol}/${summary.quote.symbol}`
                        ) : (
                          <span className="font-mono text-12">{ref.address.slice(0, 12)}…</span>
                        )}
                      </span>
                      <span className="truncate text-2xs text-muted">
                        {summary ? `${dexName(summary.dex)} · ` : ''}
                        {chainNameOf(ref)}
                      </span>
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      )}
      <section aria-labelledby={`${id}-any`}>
        <h3 id={`${id}-any`} className="text-2xs font-semibold uppercase tracking-wide text-muted">
          Any pool
        </h3>
        <div className="-mx-3 -mb-3">
          <OpenPoolForm chains={chains} onOpen={onPick} submitLabel="Show this pool" />
        </div>
      </section>
    </Dialog>
  );
}
