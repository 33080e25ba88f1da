// VMark service worker: the app shell works offline after the first visit.
// Navigations are network-first (so updates arrive), hashed assets cache-first.
const CACHE = 'vmark-shell-v1';
// The built assets, filled in by `vite build` (web/vite.config.ts): the lazy chunks (highlighting,
// KaTeX, Mermaid) are fetched at install, so rendering works offline before first use too.
const PRECACHE_ASSETS = [];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      Promise.all([
        cache.addAll(['/', '/manifest.webmanifest', '/icon.svg']),
        // best effort: one asset that fails to load must not keep the shell from installing
        ...PRECACHE_ASSETS.map((asset) => cache.add(asset).catch(() => undefined)),
      ]),
    ),
  );
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys().then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k)))).then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request)
        .then((response) => {
          const copy = response.clone();
          caches.open(CACHE).then((cache) => cache.put('/', copy));
          return response;
        })
        .catch(() => caches.match('/')),
    );
    return;
  }
  event.respondWith(
    caches.match(request).then(
      (cached) =>
        cached ||
        fetch(request).then((response) => {
          if (response.ok) {
            const copy = response.clone();
            caches.open(CACHE).then((cache) => cache.put(request, copy));
          }
          return response;
        }),
    ),
  );
});
