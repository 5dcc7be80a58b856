'use client';
/**
 * Mounts the tab's one alert watcher (lib/features/alerts/watcher.ts) and says what fired: the
 * store marks it, a toast shows it, and a browser notification when the trader allowed them.
 */
import { useEffect } from 'react';
import { api } from '@/lib/client/api';
import { streamClient } from '@/lib/client/stream';
import type { QuoteLatestItem } from '@/lib/contracts/price/schema';
import { readEntry } from '@/lib/features/alerts/model';
import { ALERTS_STORAGE_KEY, useAlerts } from '@/lib/features/alerts/store';
import { firedMessage, targetHref } from '@/lib/features/alerts/text';
import { showNotification } from '@/lib/features/alerts/notify';
import { useToasts } from '@/lib/features/alerts/toasts';
import { AlertWatcher, type FiredAlert } from '@/lib/features/alerts/watcher';

async function fetchPrices(ids: readonly number[], fiat: string): Promise<Map<number, number>> {
  const data = await api<{ items: QuoteLatestItem[] }>(
    'price',
    `/quotes/latest?ids=${ids.join(',')}&fiat=${encodeURIComponent(fiat)}`,
  );
  const out = new Map<number, number>();
  for (const item of data.items) {
    const price = Number(item.price);
    if (Number.isFinite(price) && price > 0) out.set(item.token_id, price);
  }
  return out;
}

/** Another tab of this browser fired it first (its store is written to localStorage at once). */
function firedElsewhere(id: string): boolean {
  try {
    const raw = JSON.parse(localStorage.getItem(ALERTS_STORAGE_KEY) ?? 'null') as {
      state?: { entries?: unknown[] };
    } | null;
    const stored = raw?.state?.entries?.map(readEntry).find((e) => e?.id === id);
    return stored?.alert?.firedAt != null;
  } catch {
    return false;
  }
}

function announce({ entry, price, direction, at }: FiredAlert): void {
  if (firedElsewhere(entry.id)) {
    void useAlerts.persist.rehydrate();
    return;
  }
  useAlerts.getState().fire(entry.id, price, at);
  const { title, body } = firedMessage(entry, price, direction);
  useToasts.getState().push({ title, body, tone: direction, href: targetHref(entry.target) });
  showNotification(title, body, `pulse-alert-${entry.id}`);
}

export function AlertWatcherMount() {
  useEffect(() => {
    const watcher = new AlertWatcher({
      getEntries: () => useAlerts.getState().entries,
      subscribe: (topic, handler) => streamClient().subscribe(topic, handler),
      fetchPrices,
      onFire: announce,
    });
    watcher.sync();
    const stop = useAlerts.subscribe(() => watcher.sync());
    // Lines and alerts changed in another tab: this one follows (and fires no alert twice).
    const onStorage = (e: StorageEvent) => {
      if (e.key === ALERTS_STORAGE_KEY) void useAlerts.persist.rehydrate();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      stop();
      window.removeEventListener('storage', onStorage);
      watcher.dispose();
    };
  }, []);
  return null;
}
