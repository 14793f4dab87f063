// Offline use: the page's files are cached when the service worker installs, and every file fetched
// later too; the network is asked first (so a new build is never hidden behind an old one) and the cache
// answers when the network cannot be reached.
//
// Every answer also carries the two headers that make the page cross-origin isolated (it loads nothing
// from another origin), so that it may share memory with its worker: Cancel then stops the engine through
// a shared flag instead of ending the worker (app.js). A page is isolated from its first load under this
// service worker on, that is from the second visit.
const CACHE = 'mythos-playground-v1';
const FILES = ['./', 'index.html', 'style.css', 'app.js', 'worker.js', 'pkg/mythos_web.js', 'pkg/mythos_web_bg.wasm'];

self.addEventListener('install', (e) => {
  e.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES)).then(() => self.skipWaiting()));
});
self.addEventListener('activate', (e) => e.waitUntil(self.clients.claim()));

function isolated(r) {
  if (r.status === 0 || r.type === 'opaqueredirect') return r;
  const headers = new Headers(r.headers);
  headers.set('Cross-Origin-Opener-Policy', 'same-origin');
  headers.set('Cross-Origin-Embedder-Policy', 'require-corp');
  return new Response(r.body, { status: r.status, statusText: r.statusText, headers });
}

self.addEventListener('fetch', (e) => {
  const url = new URL(e.request.url);
  if (e.request.method !== 'GET' || url.origin !== self.location.origin) return;
  e.respondWith((async () => {
    const cache = await caches.open(CACHE);
    try {
      const fresh = await fetch(e.request);
      if (fresh.ok) cache.put(e.request, fresh.clone());
      return isolated(fresh);
    } catch (err) {
      const kept = await cache.match(e.request, { ignoreSearch: true });
      if (kept) return isolated(kept);
      throw err;
    }
  })());
});
