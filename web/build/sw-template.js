/* PowerPool's service worker (docs/screens.md#installable-app). This is the template: the build
 * (web/build/service-worker.ts) writes `BUILD` (the release), `PRECACHE` (the first page's
 * scripts and styles) and the push handlers' `notificationFromPush` and `notificationTarget`
 * (web/src/lib/push-notification.ts) above it and emits the result as /sw.js, so every release is
 * a new worker. */
const CACHE = `powerpool-${BUILD}`;
const OFFLINE_PAGE = '/offline.html';
/** The app shell: the offline page, the manifest and icons, the first page's code (hashed names). */
const SHELL = [OFFLINE_PAGE, '/manifest.webmanifest', '/favicon.svg', '/icons/icon-192.png', ...PRECACHE];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(SHELL))
      .then(() => self.skipWaiting()),
  );
});

/** A new release takes over at once and drops the caches of the old ones. */
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith('powerpool-') && key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

/** Never from the cache: the API (every reply is someone's live data), sign-in and the dev identity provider. */
const isLiveData = (path) => path === '/api' || path.startsWith('/api/') || path.startsWith('/dev-idp');

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || isLiveData(url.pathname)) return;
  if (request.mode === 'navigate') {
    // Pages always from the network, so a release is never served stale; the offline page when there is none.
    event.respondWith(fetch(request).catch(() => caches.match(OFFLINE_PAGE)));
    return;
  }
  // Hashed assets never change under their name: the cache first. Other files: the network first.
  event.respondWith(url.pathname.startsWith('/assets/') ? cacheFirst(request) : networkFirst(request));
});

async function cacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') {
    const cache = await caches.open(CACHE);
    await cache.put(request, response.clone());
  }
  return response;
}

async function networkFirst(request) {
  try {
    return await fetch(request);
  } catch (err) {
    const cached = await caches.match(request);
    if (cached) return cached;
    throw err;
  }
}

/** A push (docs/screens.md#push-notifications): its payload { title, body, url, tag? } shown as a notification. */
self.addEventListener('push', (event) => {
  const { title, options } = notificationFromPush(event.data ? event.data.text() : null);
  event.waitUntil(self.registration.showNotification(title, options));
});

/** A tap on a notification: PowerPool at the notification's screen, in the open window if there is one. */
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data;
  event.waitUntil(openAt(notificationTarget(data && data.url)));
});

async function openAt(path) {
  const url = new URL(path, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => client.focused) || windows[0];
  if (!open) return self.clients.openWindow(url);
  // Focus is allowed in answer to a tap; navigate in any case (a window this worker does not control cannot be: open one).
  const focused = await open.focus().catch(() => open);
  if (focused.url === url) return focused;
  return focused.navigate(url).catch(() => self.clients.openWindow(url));
}
