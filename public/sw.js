/*
 * Pulse's service worker (registered by components/alerts/service-worker.tsx, scope /):
 *
 * - push: shows the notification the server sent (lib/server/push/message.ts: title, body, the
 *   page to open, a tag per alert so a newer firing replaces the older one on screen).
 * - notificationclick: opens that page, in a window of Pulse already open when there is one.
 * - offline: a page load that fails for want of a network gets the offline page. Nothing else is
 *   cached, live data least of all: every other request goes to the network untouched.
 */
const CACHE = 'pulse-offline-v1';
const OFFLINE = '/offline.html';
const ICON = '/icons/icon-192.png';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([OFFLINE, ICON]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (key !== CACHE) await caches.delete(key);
      // The page load and the worker's start run side by side instead of one after the other.
      if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  if (event.request.mode !== 'navigate') return;
  event.respondWith(
    (async () => {
      try {
        return (await event.preloadResponse) || (await fetch(event.request));
      } catch {
        return (await caches.match(OFFLINE)) || Response.error();
      }
    })(),
  );
});

/** A path of this app, or the home page: a push never sends the browser elsewhere. */
function safePath(value) {
  try {
    const url = new URL(typeof value === 'string' ? value : '/', self.location.origin);
    return url.origin === self.location.origin ? url.pathname + url.search : '/';
  } catch {
    return '/';
  }
}

function text(value, max) {
  return typeof value === 'string' ? value.slice(0, max) : '';
}

/** The notification a push asks for, from untrusted bytes (a malformed one still says something). */
function notificationOf(data) {
  let message = {};
  try {
    message = data ? data.json() : {};
  } catch {
    message = {};
  }
  const title = text(message.title, 120) || 'Pulse alert';
  return {
    title,
    options: {
      body: text(message.body, 300),
      tag: text(message.tag, 80) || 'pulse-push',
      // A newer firing of the same alert replaces the older one and alerts again.
      renotify: true,
      icon: ICON,
      badge: ICON,
      timestamp: Number.isFinite(message.ts) ? message.ts : Date.now(),
      data: { url: safePath(message.url) },
    },
  };
}

self.addEventListener('push', (event) => {
  const { title, options } = notificationOf(event.data);
  event.waitUntil(
    Promise.all([
      self.registration.showNotification(title, options),
      // An open tab marks what fired (components/alerts/push-sync.tsx).
      self.clients
        .matchAll({ type: 'window' })
        .then((windows) => windows.forEach((w) => w.postMessage({ type: 'pulse-push' }))),
    ]),
  );
});

/** Shows `path` in a window of Pulse already open (navigated there), else in a new one. */
async function openPage(path) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const url = new URL(path, self.location.origin).href;
  const same = windows.find((w) => w.url === url);
  if (same) return same.focus().catch(() => same);
  const mine = windows.find((w) => new URL(w.url).origin === self.location.origin);
  if (mine && 'navigate' in mine) {
    const shown = await mine.navigate(url).catch(() => null);
    if (shown) return shown.focus().catch(() => shown);
  }
  return self.clients.openWindow(url);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const opened = openPage(safePath(event.notification.data && event.notification.data.url));
  // A click the browser dispatched keeps the worker alive until the page is shown.
  if (event.isTrusted) event.waitUntil(opened);
});
