'use client';
/** Starred tokens, kept in this browser only. */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { WATCHLIST_STORAGE_KEY } from '../../client/stores/keys';

interface WatchlistState {
  ids: number[];
  toggle: (id: number) => void;
}

export const useWatchlist = create<WatchlistState>()(
  persist(
    (set) => ({
      ids: [],
      toggle: (id) =>
        set((s) => ({ ids: s.ids.includes(id) ? s.ids.filter((x) => x !== id) : [...s.ids, id] })),
    }),
    { name: WATCHLIST_STORAGE_KEY, version: 1 },
  ),
);
