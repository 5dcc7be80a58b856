'use client';
/**
 * The addresses this browser added to the monitored list. The tx service has no endpoint that lists
 * the monitored addresses (only add, delete, PATCH and contains) and the dashboard keeps no database,
 * so "the list" is what this browser knows, each entry checked with `contains`.
 */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { addressKey } from '../../core/address/key';
import { familyOf } from './chains';
import { WALLETS_STORAGE_KEY } from '../../client/stores/keys';

interface BookEntry {
  chainType: string;
  address: string;
  addedAt: number;
}

export type AlertMode = 'off' | 'sound' | 'notify';

/** The service keeps an entry per chain_type (`ethereum` and `evm` are two entries), so does the book. */
function entryKey(chainType: string, address: string): string {
  return `${chainType}:${addressKey(familyOf(chainType), address)}`;
}

interface WalletsState {
  entries: BookEntry[];
  alerts: AlertMode;
  add: (chainType: string, addresses: readonly string[]) => void;
  remove: (chainType: string, address: string) => void;
  setAlerts: (mode: AlertMode) => void;
}

export const useWalletBook = create<WalletsState>()(
  persist(
    (set) => ({
      entries: [],
      alerts: 'off',
      add: (chainType, addresses) =>
        set((s) => {
          const now = Date.now();
          const known = new Set(s.entries.map((e) => entryKey(e.chainType, e.address)));
          const added = addresses
            .filter((a) => !known.has(entryKey(chainType, a)))
            .map((address) => ({ chainType, address, addedAt: now }));
          return added.length ? { entries: [...added, ...s.entries] } : s;
        }),
      remove: (chainType, address) =>
        set((s) => {
          const key = entryKey(chainType, address);
          return { entries: s.entries.filter((e) => entryKey(e.chainType, e.address) !== key) };
        }),
      setAlerts: (alerts) => set({ alerts }),
    }),
    { name: WALLETS_STORAGE_KEY, version: 1 },
  ),
);
