'use client';
/**
 * Keeps the server's alerts in step with this browser's while "also when Pulse is closed" is on
 * (lib/features/alerts/push-client.ts): the list is sent again when the alerts change, and what the
 * server fired while no tab was open is marked fired here, on load, when the tab comes back, and
 * when the service worker says a push arrived.
 */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAlerts } from '@/lib/features/alerts/store';
import { usePush } from '@/lib/features/alerts/push-store';
import { heldAlertsQuery, pushApi, reconcile, sync } from '@/lib/features/alerts/push-client';

const SYNC_DELAY_MS = 800;

export function PushSync() {
  const client = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const later = () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        if (!usePush.getState().id) return;
        void sync().then(() => client.invalidateQueries({ queryKey: ['push', 'held'] }));
      }, SYNC_DELAY_MS);
    };
    const check = async () => {
      const id = usePush.getState().id;
      if (!id) return;
      try {
        const held = await pushApi.get(id);
        client.setQueryData(heldAlertsQuery(id).queryKey, held);
        reconcile(held.alerts);
      } catch {
        // The next change or visit checks again; a lost subscription is made again by sync().
      }
      later();
    };
    void check();
    const stopAlerts = useAlerts.subscribe(later);
    const stopPush = usePush.subscribe((s, prev) => {
      if (
        s.prices !== prev.prices ||
        s.wallets !== prev.wallets ||
        s.walletTargets !== prev.walletTargets ||
        s.excluded !== prev.excluded
      )
        later();
    });
    const onVisible = () => {
      if (document.visibilityState === 'visible') void check();
    };
    const onMessage = (e: MessageEvent) => {
      if ((e.data as { type?: unknown } | null)?.type === 'pulse-push') void check();
    };
    document.addEventListener('visibilitychange', onVisible);
    navigator.serviceWorker?.addEventListener('message', onMessage);
    return () => {
      if (timer) clearTimeout(timer);
      stopAlerts();
      stopPush();
      document.removeEventListener('visibilitychange', onVisible);
      navigator.serviceWorker?.removeEventListener('message', onMessage);
    };
  }, [client]);
  return null;
}
