'use client';
/**
 * The live feed of this tab, outside React so it survives switching between the feed and the history
 * tabs, and so rows arrive in batches (one state change per flush, not per push).
 */
import { create } from 'zustand';
import {
  emptyFeed,
  ingest,
  setPaused,
  clearFeed,
  rowTime,
  type FeedRow,
  type FeedState,
} from './feed';
import { addressKey } from '../../core/address/key';
import { familyOf } from './chains';
import { feedOf, loadFeed, saveFeed } from './feed-session';
import { useSeenWallets } from './seen-wallets';

export interface SeenWallet {
  chainType: string;
  /** the chain of its latest transaction (an EVM wallet is seen on Base, Arbitrum…) */
  chainId?: number | null;
  address: string;
  lastAt: number;
}

const SEEN_REFRESH_MS = 5_000;

interface FeedStore {
  feed: FeedState;
  /** addresses the feed has matched (listenAddress), by chain family + address */
  seen: Record<string, SeenWallet>;
  /**
   * Wallets removed from the monitored list in this tab, by key: when (Unix ms). A transaction of
   * theirs from before that moment (one the service sent just before the removal, arriving just
   * after) shows in the feed but does not list the wallet again.
   */
  forgotten: Record<string, number>;
  startedAt: number;
  /** keys of the rows of the latest batch: they flash once */
  freshKeys: ReadonlySet<string>;
  add: (rows: readonly FeedRow[]) => number;
  pause: (paused: boolean) => void;
  clear: () => void;
  /** Drops a wallet from the matched list (it was removed from the monitored list). */
  forget: (chainType: string, address: string) => void;
  /** Brings back the feed this tab showed before a reload, once; returns when it was saved. */
  restore: () => number | null;
  /** Keeps the feed for a reload of this tab (lib/wallets/feed-session.ts). */
  save: () => void;
}

const SAVE_AFTER_MS = 1_000;
let saveTimer: ReturnType<typeof setTimeout> | null = null;
let restored = false;

export function seenKey(chainType: string, address: string): string {
  const family = familyOf(chainType);
  return `${family ?? chainType}:${addressKey(family, address)}`;
}

export const useFeedStore = create<FeedStore>()((set, get) => ({
  feed: emptyFeed(),
  seen: {},
  forgotten: {},
  startedAt: Date.now(),
  freshKeys: new Set(),
  add: (rows) => {
    const before = get().feed;
    const freshKeys = new Set(rows.filter((r) => !before.seen.has(r.key)).map((r) => r.key));
    const after = ingest(before, rows);
    if (after === before) return 0;
    const added = after.received - before.received;
    // The list of seen wallets changes only for a new wallet or a "last tx" older than a few
    // seconds, so that a busy feed does not re-render the address list on every batch.
    let seen = get().seen;
    const { forgotten } = get();
    for (const row of rows) {
      for (const address of row.tx.listenAddress ?? []) {
        const key = seenKey(row.tx.chain_type, address);
        const removedAt = forgotten[key];
        if (removedAt !== undefined && rowTime(row) * 1000 <= removedAt) continue;
        const prev = seen[key];
        if (
          prev &&
          prev.chainId === row.tx.chain_id &&
          row.receivedAt - prev.lastAt < SEEN_REFRESH_MS
        )
          continue;
        seen = {
          ...seen,
          [key]: {
            chainType: row.tx.chain_type,
            chainId: row.tx.chain_id,
            address,
            lastAt: row.receivedAt,
          },
        };
      }
    }
    set({ feed: after, seen, freshKeys });
    // Wallets the feed matched for the first time are remembered beyond this tab (the charts'
    // "Your trades" use them); the known ones change nothing.
    const known = useSeenWallets.getState().wallets;
    const fresh = Object.values(seen).filter(
      (w) => !known.some((k) => k.chainType === w.chainType && k.address === w.address),
    );
    if (fresh.length > 0)
      useSeenWallets
        .getState()
        .saw(fresh.map(({ chainType, address, lastAt }) => ({ chainType, address, lastAt })));
    scheduleSave();
    return added;
  },
  pause: (paused) => {
    set((s) => ({ feed: setPaused(s.feed, paused) }));
    scheduleSave();
  },
  clear: () => {
    set((s) => ({ feed: clearFeed(s.feed) }));
    scheduleSave();
  },
  forget: (chainType, address) => {
    const key = seenKey(chainType, address);
    const forgotten = { ...get().forgotten, [key]: Date.now() };
    if (!(key in get().seen)) return set({ forgotten });
    const seen = { ...get().seen };
    delete seen[key];
    set({ seen, forgotten });
    scheduleSave();
  },
  restore: () => {
    if (restored) return null;
    restored = true;
    const saved = loadFeed();
    if (!saved || get().feed.received > 0) return null;
    set({ feed: feedOf(saved), seen: saved.seen });
    return saved.savedAt;
  },
  save: () => {
    if (saveTimer) clearTimeout(saveTimer);
    saveTimer = null;
    saveFeed(get().feed, get().seen, Date.now());
  },
}));

/** Batches of pushes are saved at most once a second, not on every flush. */
function scheduleSave(): void {
  if (typeof window === 'undefined' || saveTimer) return;
  saveTimer = setTimeout(() => useFeedStore.getState().save(), SAVE_AFTER_MS);
}
