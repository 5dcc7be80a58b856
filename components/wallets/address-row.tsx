'use client';
import { clsx } from 'clsx';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { CopyButton } from '@/components/ui/copy-button';
import { ApiError } from '@/lib/client/api';
import { formatAge } from '@/lib/core/format/text';
import { useNow } from '@/lib/client/hooks/use-now';
import { containsQuery, removeMonitored } from '@/lib/features/wallets/queries';
import { MAX_LABEL_LENGTH, useLabel, useLabels } from '@/lib/features/wallets/labels';
import { useWalletBook } from '@/lib/features/wallets/store';
import { useFeedStore } from '@/lib/features/wallets/feed-store';
import { ChainBadge } from '@/components/tx/tx-cells';
import { chainLabel } from '@/lib/features/wallets/chains';
import { useAccess } from '@/components/settings/use-access';
import { WalletAddress } from './wallet-address';
import { Svg, type IconProps } from '@/components/ui/icons';

export interface ListEntry {
  chainType: string;
  address: string;
  source: 'added' | 'feed';
  lastAt: number | null;
  /** the chain of its latest transaction in the feed, when the feed has seen one */
  lastChainId: number | null;
}

const iconButton =
  'inline-grid h-6 min-w-6 place-items-center rounded px-1 text-11 text-muted hover:bg-raised hover:text-text disabled:opacity-40';

function LabelEditor({ address, onDone }: { address: string; onDone: () => void }) {
  const current = useLabel(address) ?? '';
  const setLabel = useLabels((s) => s.setLabel);
  const [text, setText] = useState(current);
  return (
    <input
      autoFocus
      aria-label={`Label for ${address}`}
      value={text}
      maxLength={MAX_LABEL_LENGTH}
      placeholder="Label"
      onChange={(e) => setText(e.target.value)}
      onBlur={() => {
        setLabel(address, text);
        onDone();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          setLabel(address, text);
          onDone();
        } else if (e.key === 'Escape') {
          e.stopPropagation();
          onDone();
        }
      }}
      className="h-6 w-full rounded border border-accent bg-bg px-1.5 text-12 focus:outline-none"
    />
  );
}

/** A pencil: edit a label. */
const PencilIcon = ({ size = 11, ...p }: IconProps) => (
  <Svg size={size} {...p}>
    <path d="M4 20h4L19 9l-4-4L4 16v4z" />
  </Svg>
);

export function AddressRow({
  entry,
  onFilter,
  onHistory,
}: {
  entry: ListEntry;
  onFilter: (address: string) => void;
  onHistory: (entry: ListEntry) => void;
}) {
  const client = useQueryClient();
  const { canChange, reason } = useAccess();
  const removeFromBook = useWalletBook((s) => s.remove);
  const contains = useQuery(containsQuery(entry.chainType, entry.address));
  const now = useNow(5_000);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const removal = useMutation({
    mutationFn: () => removeMonitored(client, entry.chainType, entry.address),
    onSuccess: (stillMonitored) => {
      if (stillMonitored) return;
      if (entry.source === 'added') removeFromBook(entry.chainType, entry.address);
      // The feed's matches of it are no reason to list it any more (they are kept across reloads).
      useFeedStore.getState().forget(entry.chainType, entry.address);
    },
  });
  const message = removal.error
    ? removal.error instanceof ApiError
      ? removal.error.message
      : 'The address could not be removed.'
    : removal.data
      ? 'Still monitored: it is also listed under another chain type (e.g. evm).'
      : null;

  function remove() {
    setConfirming(false);
    removal.mutate();
  }

  const monitored = contains.data?.is_exist;
  // The chain of its latest transaction where the badge does not already say it (`evm` → Base).
  const seenOn =
    entry.source === 'added' &&
    entry.lastChainId != null &&
    chainLabel(entry.chainType, entry.lastChainId) !== chainLabel(entry.chainType)
      ? chainLabel(entry.chainType, entry.lastChainId)
      : null;
  const origin =
    (entry.source === 'added' ? 'added here' : 'seen in feed') +
    (entry.lastAt
      ? ` · last tx ${formatAge(Math.max(0, now - entry.lastAt))}${seenOn ? ` on ${seenOn}` : ''}`
      : '');
  return (
    <li
      className="group border-b border-border/60 px-3 py-1.5 last:border-0 hover:bg-raised/40"
      data-testid="wallet-entry"
      data-address={entry.address}
      data-source={entry.source}
    >
      <div className="flex h-6 min-w-0 items-center gap-2">
        {editing ? (
          <LabelEditor address={entry.address} onDone={() => setEditing(false)} />
        ) : (
          <div className="flex min-w-0 flex-1 items-center gap-1">
            <button
              type="button"
              onClick={() => onFilter(entry.address)}
              className="min-w-0 truncate text-left"
              title="Show this wallet in the live feed"
            >
              <WalletAddress value={entry.address} copy={false} head={8} tail={6} />
            </button>
            <CopyButton value={entry.address} className="opacity-60 group-hover:opacity-100" />
            <button
              type="button"
              className={clsx(iconButton, 'opacity-60 group-hover:opacity-100')}
              aria-label={`Edit label of ${entry.address}`}
              title="Edit label"
              onClick={() => setEditing(true)}
            >
              <PencilIcon />
            </button>
          </div>
        )}
        <span className="ml-auto shrink-0">
          {/* Added under `evm` it is monitored on any EVM chain; seen in the feed, it is named by
              the chain of its transaction (Base, Arbitrum…), as the feed names it. */}
          <ChainBadge
            chainType={entry.chainType}
            chainId={entry.source === 'feed' ? entry.lastChainId : null}
          />
        </span>
        <span
          className="inline-flex shrink-0 items-center"
          data-testid="monitored"
          data-state={
            contains.isPending ? 'checking' : contains.isError ? 'error' : monitored ? 'yes' : 'no'
          }
        >
          {contains.isPending ? (
            <span className="skeleton inline-block h-4 w-16" aria-label="Checking" />
          ) : contains.isError ? (
            <Badge tone="down" title={contains.error.message}>
              Check failed
            </Badge>
          ) : monitored ? (
            <Badge tone="up">Monitored</Badge>
          ) : (
            <Badge>Not monitored</Badge>
          )}
        </span>
      </div>
      <div className="flex h-6 items-center gap-1 text-11 text-muted">
        <span className="truncate" title={origin}>
          {origin}
        </span>
        <span className="ml-auto flex shrink-0 items-center">
          <button
            type="button"
            className={iconButton}
            aria-label={`Re-check ${entry.address}`}
            title="Check again with the service"
            disabled={contains.isFetching}
            onClick={() => void contains.refetch()}
          >
            Re-check
          </button>
          <button
            type="button"
            className={iconButton}
            onClick={() => onHistory(entry)}
            aria-label={`History of ${entry.address}`}
          >
            History
          </button>
          {confirming ? (
            <>
              <button
                type="button"
                className={clsx(iconButton, 'text-down')}
                onClick={remove}
                aria-label={`Confirm removing ${entry.address}`}
              >
                Confirm remove
              </button>
              <button type="button" className={iconButton} onClick={() => setConfirming(false)}>
                Cancel
              </button>
            </>
          ) : (
            <button
              type="button"
              className={clsx(iconButton, 'hover:text-down')}
              disabled={!canChange || monitored === false}
              title={
                !canChange
                  ? (reason ?? undefined)
                  : monitored === false
                    ? 'Not on the monitored list'
                    : 'Remove from the monitored list'
              }
              onClick={() => setConfirming(true)}
              aria-label={`Remove ${entry.address}`}
            >
              Remove
            </button>
          )}
        </span>
      </div>
      {message && (
        <p className="pb-1 text-12 text-down" role="alert">
          {message}{' '}
          <button
            type="button"
            className="text-accent hover:underline"
            onClick={() => removal.reset()}
          >
            Dismiss
          </button>
        </p>
      )}
    </li>
  );
}
