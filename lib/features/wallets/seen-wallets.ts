'use client';
/**
 * The monitored addresses the live feed has matched (its `listenAddress`), kept in this browser: the
 * service cannot list its monitored addresses, so these and the ones added here are what the browser
 * knows of the list. The pool charts' "Your trades" use them (lib/features/pools/my-wallets.ts), so
 * the demo's own monitored wallet has markers once the feed has shown it. Bounded, checked on read.
 */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { keptField } from '../../client/stores/kept-field';
import { isRecord } from '../../core/values';

const SEEN_WALLETS_KEY = 'pulse-seen-wallets';
const MAX_SEEN_WALLETS = 20;

export interface SeenMonitored {
  chainType: string;
  address: string;
  /** when the feed last matched it (ms) */
  lastAt: number;
}

export function sanitizeSeen(raw: unknown): SeenMonitored[] {
  if (!Array.isArray(raw)) return [];
  const out: SeenMonitored[] = [];
  for (const item of raw.slice(0, MAX_SEEN_WALLETS * 2)) {
    if (!isRecord(item)) continue;
    const { chainType, address, lastAt } = item;
    if (typeof chainType !== 'string' || !/^[a-z]{2,20}$/.test(chainType)) continue;
    if (typeof address !== 'string' || !/^[A-Za-z0-9]{20,100}$/.test(address)) continue;
    if (typeof lastAt !== 'number' || !Number.isFinite(lastAt)) continue;
    if (out.some((w) => w.chainType === chainType && w.address === address)) continue;
    out.push({ chainType, address, lastAt });
  }
  return out.sort((a, b) => b.lastAt - a.lastAt).slice(0, MAX_SEEN_WALLETS);
}

interface SeenState {
  wallets: SeenMonitored[];
  /** the feed matched these (newer ones replace the entry of the same wallet) */
  saw: (wallets: readonly SeenMonitored[]) => void;
}

export const useSeenWallets = create<SeenState>()(
  persist(
    (set) => ({
      wallets: [],
      saw: (seen) =>
        set((s) => {
          const fresh = seen.filter(
            (w) => !s.wallets.some((x) => x.chainType === w.chainType && x.address === w.address),
          );
          if (fresh.length === 0) return s;
          return { wallets: sanitizeSeen([...fresh, ...s.wallets]) };
        }),
    }),
    keptField(SEEN_WALLETS_KEY, 'wallets', sanitizeSeen),
  ),
);
