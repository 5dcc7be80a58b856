'use client';
import { AlertToasts } from './alert-toasts';
import { AlertWatcherMount } from './alert-watcher';
import { PushSync } from './push-sync';
import { ServiceWorkerRegistration } from './service-worker';

/**
 * What every page of the app carries for alerts: the watcher, the toasts that say what fired, the
 * service worker, and the server's copy of the alerts kept in step.
 */
export default function AlertsRuntime() {
  return (
    <>
      <AlertWatcherMount />
      <AlertToasts />
      <ServiceWorkerRegistration />
      <PushSync />
    </>
  );
}
