'use client';
/**
 * "Also when Pulse is closed": whether this browser's alerts are held on the server too, and with
 * which push subscription (its id is a capability: whoever holds it can read and change the list,
 * so it stays in this browser's storage and is sent only to this app). Two switches share one
 * subscription: price alerts (the Lines panel, the Markets bell) and wallet alerts (Wallets). The
 * work itself (subscribing, keeping the server's list in step) is lib/features/alerts/push-client.ts,
 * loaded when needed; this store is small enough for every page.
 */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { isRecord } from '../../core/values';

const PUSH_STORAGE_KEY = 'pulse-push';

/** What the browser allows: no push at all, notifications refused, not asked yet, or allowed. */
export type PushSupport = 'unsupported' | 'denied' | 'default' | 'granted';

export interface WalletTarget {
  address: string;
  chainType: string;
  label?: string;
}

type PushStatus = { kind: 'idle' } | { kind: 'busy' } | { kind: 'error'; message: string };

interface PushState {
  /** the subscription's capability, once the server holds one for this browser */
  id: string | null;
  prices: boolean;
  wallets: boolean;
  /** the wallets the server watches for this browser (set while Wallets shows them) */
  walletTargets: WalletTarget[];
  /** ids of this browser's alerts (and wallet addresses) taken off the server's list by hand */
  excluded: string[];
  /** the endpoint last sent: a renewed browser subscription is sent again */
  endpoint: string | null;
  status: PushStatus;
  set: (patch: Partial<Omit<PushState, 'set'>>) => void;
}

const MAX_TARGETS = 50;
const MAX_EXCLUDED = 200;

function readTargets(raw: unknown): WalletTarget[] {
  if (!Array.isArray(raw)) return [];
  const out: WalletTarget[] = [];
  for (const item of raw.slice(0, MAX_TARGETS)) {
    if (!isRecord(item)) continue;
    const { address, chainType, label } = item;
    if (typeof address !== 'string' || !/^[A-Za-z0-9]{20,100}$/.test(address)) continue;
    if (typeof chainType !== 'string' || !/^[a-z]{2,12}$/.test(chainType)) continue;
    out.push({
      address,
      chainType,
      ...(typeof label === 'string' && label ? { label: label.slice(0, 64) } : {}),
    });
  }
  return out;
}

export const usePush = create<PushState>()(
  persist(
    (set) => ({
      id: null,
      prices: false,
      wallets: false,
      walletTargets: [],
      excluded: [],
      endpoint: null,
      status: { kind: 'idle' },
      set: (patch) => set(patch),
    }),
    {
      name: PUSH_STORAGE_KEY,
      version: 1,
      partialize: ({ id, prices, wallets, walletTargets, excluded, endpoint }) => ({
        id,
        prices,
        wallets,
        walletTargets,
        excluded,
        endpoint,
      }),
      // What another tab, an older version or a visitor's own hand left in storage is kept only as
      // far as it is valid.
      merge: (persisted, current) => {
        // Nothing kept (a first visit): the initial state itself, the server render's objects.
        if (!isRecord(persisted)) return current;
        const p = persisted;
        return {
          ...current,
          id: typeof p.id === 'string' && /^[A-Za-z0-9_-]{22}$/.test(p.id) ? p.id : null,
          prices: p.prices === true,
          wallets: p.wallets === true,
          walletTargets: readTargets(p.walletTargets),
          excluded: Array.isArray(p.excluded)
            ? p.excluded
                .filter((x): x is string => typeof x === 'string' && x.length <= 120)
                .slice(-MAX_EXCLUDED)
            : [],
          endpoint: typeof p.endpoint === 'string' && p.endpoint.length <= 2048 ? p.endpoint : null,
        };
      },
    },
  ),
);

/** What this browser can do about push, now (no prompt). */
export function pushSupport(): PushSupport {
  if (
    typeof window === 'undefined' ||
    !window.isSecureContext ||
    !('serviceWorker' in navigator) ||
    !('PushManager' in window) ||
    typeof Notification === 'undefined'
  )
    return 'unsupported';
  return Notification.permission;
}
