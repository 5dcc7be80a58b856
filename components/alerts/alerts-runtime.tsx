'use client';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useHydrated } from '@/lib/client/hooks/use-hydrated';
import { isArmed } from '@/lib/features/alerts/model';
import { usePush } from '@/lib/features/alerts/push-store';
import { ALERTS_STORAGE_KEY, useAlerts } from '@/lib/features/alerts/store';
import { AlertToasts } from './alert-toasts';
import { ServiceWorkerRegistration } from './service-worker';

// The watcher (its stream topics, quotes polling and messages) loads once an alert is armed, in
// this tab or another: a page where none is pays nothing for it.
const AlertWatcherMount = lazy(() =>
  import('./alert-watcher').then((m) => ({ default: m.AlertWatcherMount })),
);
// The server's copy of the alerts (the push client, its API calls) loads only in a browser that has
// turned "also when Pulse is closed" on: without a subscription's id there is nothing to keep in step.
const PushSync = lazy(() => import('./push-sync').then((m) => ({ default: m.PushSync })));

/**
 * What every page of the app carries for alerts: the watcher, the toasts that say what fired, the
 * service worker, and the server's copy of the alerts kept in step.
 */
export default function AlertsRuntime() {
  // The stored alerts are this browser's: read after hydration, as the server cannot see them.
  const hydrated = useHydrated();
  const armed = useAlerts((s) => s.entries.some(isArmed)) && hydrated;
  const pushOn = usePush((s) => s.id !== null) && hydrated;
  // Once started it stays: the watcher ends its own subscriptions when the last alert goes.
  const [watching, setWatching] = useState(false);
  if (armed && !watching) setWatching(true);

  // Lines and alerts changed in another tab: this one follows (an alert armed there starts the
  // watcher here too; the watcher itself takes care of it from then on).
  useEffect(() => {
    if (watching) return;
    const onStorage = (e: StorageEvent) => {
      if (e.key === ALERTS_STORAGE_KEY) void useAlerts.persist.rehydrate();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [watching]);

  return (
    <>
      {watching && (
        <Suspense fallback={null}>
          <AlertWatcherMount />
        </Suspense>
      )}
      <AlertToasts />
      <ServiceWorkerRegistration />
      {pushOn && (
        <Suspense fallback={null}>
          <PushSync />
        </Suspense>
      )}
    </>
  );
}
