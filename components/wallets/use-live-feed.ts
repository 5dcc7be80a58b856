'use client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { formatTokenAmount } from '@/lib/core/format/units';
import { shorten } from '@/lib/core/format/text';
import { useTransactionStream } from '@/lib/client/hooks/use-stream';
import { searchTransfers } from '@/lib/features/wallets/queries';
import { useWalletBook } from '@/lib/features/wallets/store';
import { alertNewTransactions } from '@/lib/features/wallets/alerts';
import { chainLabel } from '@/lib/features/wallets/chains';
import { toRow, type FeedRow } from '@/lib/features/wallets/feed';
import { useFeedStore } from '@/lib/features/wallets/feed-store';

const FLUSH_MS = 250;
const REFILL_ADDRESSES = 10;
const REFILL_SLACK_SEC = 120;

export interface Watch {
  chainType: string;
  address: string;
}

/** Addresses a push without listenAddress (webhook-fed) can be matched to. */
function knownAddresses(watch: Watch | null): string[] {
  const book = useWalletBook.getState().entries.map((e) => e.address);
  const seen = Object.values(useFeedStore.getState().seen).map((s) => s.address);
  return [...(watch ? [watch.address] : []), ...book, ...seen];
}

function summary(row: FeedRow): string {
  const dir = row.direction === 'in' ? 'In' : row.direction === 'out' ? 'Out' : 'Self';
  const amount = formatTokenAmount(row.tx.amount, row.tx.decimals, 4);
  return `${dir} ${amount} ${row.tx.symbol ?? ''} · ${chainLabel(row.tx.chain_type, row.tx.chain_id)} · ${row.wallet ? shorten(row.wallet) : ''}`;
}

/**
 * Follows the `tx` topic (and `tx:{chain}:{address}` for a watch) while mounted: rows are batched
 * into the feed store every 250 ms; after an outage the gap is refilled from transfers/search.
 */
export function useLiveFeed(watch: Watch | null): { watchError: string | null } {
  const buffer = useRef<FeedRow[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** time of the last push (0: none yet, the mount time is used) */
  const lastEventAt = useRef(0);
  const mountedAt = useRef(0);
  // An error belongs to the watch it was about: a new watch starts without one.
  const [watchError, setWatchError] = useState<{ key: string; message: string } | null>(null);
  const watchKey = watch ? `${watch.chainType}:${watch.address}` : '';
  const watchRef = useRef(watch);
  useEffect(() => {
    watchRef.current = watch;
  }, [watch]);
  useEffect(() => {
    mountedAt.current = Date.now();
  }, []);

  const flush = useCallback(() => {
    timer.current = null;
    const rows = buffer.current;
    buffer.current = [];
    if (rows.length === 0) return;
    const added = useFeedStore.getState().add(rows);
    const last = rows.at(-1);
    if (added > 0 && last)
      alertNewTransactions(useWalletBook.getState().alerts, added, summary(last));
  }, []);

  const push = useCallback(
    (rows: FeedRow[]) => {
      buffer.current.push(...rows);
      timer.current ??= setTimeout(flush, FLUSH_MS);
    },
    [flush],
  );

  const refill = useCallback(async () => {
    const since = Math.floor((lastEventAt.current || mountedAt.current) / 1000) - REFILL_SLACK_SEC;
    const addresses = [...new Set(knownAddresses(watchRef.current))].slice(0, REFILL_ADDRESSES);
    const pages = await Promise.all(
      addresses.map((a) =>
        searchTransfers(a, 20).then(
          (r) => ({ a, r }),
          () => ({ a, r: [] }),
        ),
      ),
    );
    const now = Date.now();
    const rows = pages
      .flatMap(({ a, r }) =>
        r
          .filter((x) => (x.tx_time ?? 0) >= since)
          .map((x) => ({ ...x, listenAddress: [a], is_reorg_resend: false })),
      )
      .sort((x, y) => (x.tx_time ?? 0) - (y.tx_time ?? 0))
      .map((tx) => toRow(tx, [], now));
    push(rows);
  }, [push]);

  useEffect(() => {
    // A reload shows what the feed showed (kept for this tab), and what happened meanwhile is
    // fetched as after an outage; leaving the page keeps the latest rows.
    const savedAt = useFeedStore.getState().restore();
    if (savedAt !== null) {
      lastEventAt.current = savedAt;
      void refill();
    }
    const save = () => useFeedStore.getState().save();
    window.addEventListener('pagehide', save);
    return () => window.removeEventListener('pagehide', save);
  }, [refill]);

  useTransactionStream((message) => {
    if (message.kind === 'event' && message.event === 'transaction') {
      const tx = message.data;
      lastEventAt.current = Date.now();
      push([toRow(tx, knownAddresses(watchRef.current), Date.now())]);
    } else if (message.kind === 'reconnected') {
      void refill();
    } else if (message.kind === 'error') {
      setWatchError({ key: watchKey, message: message.message });
    }
  }, watch);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  return { watchError: watchError && watchError.key === watchKey ? watchError.message : null };
}
