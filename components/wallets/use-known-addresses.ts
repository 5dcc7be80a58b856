'use client';
import { useMemo } from 'react';
import { useWalletBook } from '@/lib/features/wallets/store';
import { useFeedStore } from '@/lib/features/wallets/feed-store';

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
