'use client';
import { AlertToasts } from './alert-toasts';
import { AlertWatcherMount } from './alert-watcher';

/** What every page of the app carries for alerts: the watcher and the toasts that say what fired. */
export default function AlertsRuntime() {
  return (
    <>
      <AlertWatcherMount />
      <AlertToasts />
    </>
  );
}
