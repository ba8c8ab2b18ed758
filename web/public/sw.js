/*
 * Raseed's service worker. Caches only what is the same for everyone: the Arabic offline page,
 * the manifest and icons (precached), and the hashed build files under /assets/ (cache-first:
 * their names change with their content). Pages are always fetched from the network; when it
 * is down the offline page is shown. API replies (/public/api, /admin/api), media and receipts
 * are never cached: they carry personal data. It also shows web pushes and opens their page.
 */
const CACHE = 'raseed-v1';
const PRECACHE = ['/offline.html', '/manifest.webmanifest', '/icons/192.png', '/icons/512.png'];
/** Hashed files of older releases are dropped, oldest first, beyond this many. */
const MAX_ASSETS = 80;

async function trimAssets(cache) {
  const assets = (await cache.keys()).filter((r) => new URL(r.url).pathname.startsWith('/assets/'));
  await Promise.all(assets.slice(0, Math.max(0, assets.length - MAX_ASSETS)).map((r) => cache.delete(r)));
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(fetch(request).catch(() => caches.match('/offline.html')));
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(
      caches.open(CACHE).then(async (cache) => {
        const hit = await cache.match(request);
        if (hit) return hit;
        const res = await fetch(request);
        if (res.ok) event.waitUntil(cache.put(request, res.clone()).then(() => trimAssets(cache)));
        return res;
      }),
    );
  }
  // Everything else (API, media, receipts, the event stream): straight to the network.
});

self.addEventListener('push', (event) => {
  let message = { title: 'رصيد', body: '', url: '/notifications' };
  try {
    message = { ...message, ...event.data.json() };
  } catch {
    if (event.data) message.body = event.data.text();
  }
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      dir: 'rtl',
      lang: 'ar',
      icon: '/icons/192.png',
      badge: '/icons/192.png',
      tag: message.tag,
      data: { url: message.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || '/', self.location.origin);
  if (target.origin !== self.location.origin) return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      for (const w of windows) {
        if (new URL(w.url).origin === target.origin && 'focus' in w) {
          w.navigate(target.href);
          return w.focus();
        }
      }
      return self.clients.openWindow(target.href);
    }),
  );
});
