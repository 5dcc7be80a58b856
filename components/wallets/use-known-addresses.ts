'use client';
import { useMemo } from 'react';
import { useWalletBook } from '@/lib/stores/wallets';
import { useFeedStore } from '@/lib/wallets/feed-store';

/** Addresses this browser knows: added here, then seen in the live feed (for pickers and suggestions). */
export function useKnownAddresses(): string[] {
  const entries = useWalletBook((s) => s.entries);
  const seen = useFeedStore((s) => s.seen);
  return useMemo(
    () => [
      ...new Set([...entries.map((e) => e.address), ...Object.values(seen).map((s) => s.address)]),
    ],
    [entries, seen],
  );
}
