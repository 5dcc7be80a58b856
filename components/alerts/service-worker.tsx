'use client';
/**
 * Registers the service worker (public/sw.js) on every page, once the page has loaded and the
 * browser has an idle moment: it makes Pulse installable, shows the offline page and receives
 * pushes, none of which the first screen needs. It caches no live data.
 */
import { useEffect } from 'react';
import { afterLoadIdle } from '@/lib/client/after-load-idle';

/** Past this, the worker is registered even if the browser never idles (a busy live page). */
const IDLE_TIMEOUT_MS = 3_000;

export function ServiceWorkerRegistration() {
  useEffect(() => {
    if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
    return afterLoadIdle(
      () => void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined),
      IDLE_TIMEOUT_MS,
    );
  }, []);
  return null;
}
