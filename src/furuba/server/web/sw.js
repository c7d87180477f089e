// furuba's service worker. The server fills in VERSION (a hash of the front end's files), so a new
// release brings a new cache and the old one is deleted. The offline app's files (Pyodide, the
// core, the offline pages) are kept in a cache of their own, `furuba-offline-<version>`, which the
// offline page fills (with a progress bar) and replaces when a new release changes them: this
// worker never deletes it, and answers from it when the network is gone.
const VERSION = '__VERSION__';
const CACHE = `furuba-${VERSION}`;
const OFFLINE = '/static/offline.html';
const SHELL = ['/', OFFLINE, '/static/css/furuba.css', '/static/favicon.svg',
  '/static/icons/icon-192.png', '/manifest.webmanifest', __ASSETS__];

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith('furuba-') && !k.startsWith('furuba-offline-') && k !== CACHE)
      .map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/ws/') || url.pathname === '/metrics') return;
  if (url.pathname === '/offline' || url.pathname.startsWith('/offline/')) {
    // The offline app: the live file when the server answers (a newer release), else the kept
    // one; a table page is the same file whatever table its query names.
    event.respondWith(fetch(request).then((response) => (response.ok ? response : Promise.reject(response)))
      .catch(async (failed) => (await caches.match(request, { ignoreSearch: true }))
        || (request.mode === 'navigate' && await caches.match(OFFLINE))   // not kept yet: say so
        || (failed instanceof Response ? failed : Response.error())));
    return;
  }
  if (request.mode === 'navigate') {
    // Pages: always the live one when the server answers; the offline page when it cannot.
    event.respondWith(fetch(request).catch(async () => (await caches.match(OFFLINE)) || Response.error()));
    return;
  }
  if (url.pathname.startsWith('/static/') || url.pathname === '/manifest.webmanifest') {
    // The front end: from the cache at once (it is versioned), else from the network, kept.
    event.respondWith(caches.match(request).then((hit) => hit || fetch(request).then((response) => {
      if (response.ok && !url.pathname.startsWith('/static/vendor/')) {  // Pyodide: the offline cache's
        const copy = response.clone();
        caches.open(CACHE).then((cache) => cache.put(request, copy));
      }
      return response;
    })));
  }
});
