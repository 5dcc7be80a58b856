'use client';
/**
 * Wallet alerts with Pulse closed: the switch, and while it is on, the server's wallets kept to the
 * addresses this list shows (added in this browser, then seen in the live feed), with their labels.
 * An address seen once stays on the server's list until taken off on /alerts.
 */
import { useEffect, useRef } from 'react';
import { PushSwitch } from '@/components/alerts/push-switch';
import { usePush, type WalletTarget } from '@/lib/features/alerts/push-store';
import { useFeedStore } from '@/lib/features/wallets/feed-store';
import { labelKey, useLabels } from '@/lib/features/wallets/labels';
import { useWalletBook } from '@/lib/features/wallets/store';

const key = (t: { chainType: string; address: string }) => `${t.chainType}:${labelKey(t.address)}`;

export function WalletPush() {
  const on = usePush((s) => s.wallets);
  const entries = useWalletBook((s) => s.entries);
  const seen = useFeedStore((s) => s.seen);
  const labels = useLabels((s) => s.labels);
  const lastBook = useRef<Set<string> | null>(null);

  useEffect(() => {
    const book = new Set(entries.map(key));
    // Removed from the list here since the last look: off the server's list too.
    const removed = [...(lastBook.current ?? [])].filter((k) => !book.has(k));
    lastBook.current = book;
    if (!on) return;
    const targets = new Map<string, WalletTarget>();
    const add = (chainType: string, address: string) => {
      const label = labels[labelKey(address)];
      targets.set(key({ chainType, address }), { chainType, address, ...(label ? { label } : {}) });
    };
    for (const e of entries) add(e.chainType, e.address);
    for (const s of Object.values(seen)) add(s.chainType, s.address);
    // Seen before: kept, the feed of this tab may not have met it yet.
    for (const t of usePush.getState().walletTargets)
      if (!removed.includes(key(t))) add(t.chainType, t.address);
    const next = [...targets.values()].slice(0, 50);
    if (JSON.stringify(next) !== JSON.stringify(usePush.getState().walletTargets))
      usePush.getState().set({ walletTargets: next });
  }, [on, entries, seen, labels]);

  return (
    <div className="border-b border-border px-3 py-1">
      <PushSwitch which="wallets" />
    </div>
  );
}
