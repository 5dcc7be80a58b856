'use client';
/**
 * Registers the service worker (public/sw.js) on every page, once the page has loaded and the
 * browser has an idle moment: it makes Pulse installable, shows the offline page and receives
 * pushes, none of which the first screen needs. It caches no live data.
 */
import { useEffect } from 'react';

/** Past this, the worker is registered even if the browser never idles (a busy live page). */
const IDLE_TIMEOUT_MS = 3_000;

export function ServiceWorkerRegistration() {
  useEffect(() => {
    if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
    let idle: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const register = () =>
      void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
    const whenIdle = () => {
      if (typeof window.requestIdleCallback === 'function')
        idle = window.requestIdleCallback(register, { timeout: IDLE_TIMEOUT_MS });
      else timer = setTimeout(register, 0);
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
    return () => {
      window.removeEventListener('load', whenIdle);
      if (idle !== undefined) window.cancelIdleCallback(idle);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, []);
  return null;
}
