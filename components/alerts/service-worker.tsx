'use client';
/**
 * Registers the service worker (public/sw.js) on every page, after the page has loaded: it makes
 * Pulse installable, shows the offline page and receives pushes. It caches no live data.
 */
import { useEffect } from 'react';

export function ServiceWorkerRegistration() {
  useEffect(() => {
    if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
    const register = () =>
      void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
    if (document.readyState === 'complete') register();
    else window.addEventListener('load', register, { once: true });
    return () => window.removeEventListener('load', register);
  }, []);
  return null;
}
