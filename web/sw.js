// dicehall service worker (template: build.py fills in the cache name and the precache list).
// Precaches the whole site in one versioned cache; the page is served from it, versioned files from the HTTP
// cache first (they never change) with the precache as the offline fallback, so the games work offline.
// A new version installs beside the old one and waits: the page offers "update" (host:update posts
// SKIP_WAITING), it never reloads by itself, so an open game is not broken.
const CACHE = __CACHE_NAME__;
const PRECACHE = __PRECACHE__;
// Versioned/fingerprinted files may come from the HTTP cache (no second download after a first visit);
// the others are revalidated.
const IMMUTABLE = new Set(__IMMUTABLE__);
const scope = self.registration.scope;
const urls = new Set(PRECACHE.map((u) => new URL(u, scope).href));
const INDEX = new URL("./index.html", scope).href;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) =>
    cache.addAll(PRECACHE.map((u) => new Request(u, { cache: IMMUTABLE.has(u) ? "default" : "no-cache" })))));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith("dicehall-") && k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET") return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin) return;          // never touch other origins
  let key = null;
  if (req.mode === "navigate" && (url.href.split(/[?#]/)[0] === scope || url.href.split(/[?#]/)[0] === INDEX)) {
    key = INDEX;                                            // the page, whatever its query string
  } else {
    const bare = url.origin + url.pathname;
    if (urls.has(bare)) key = bare;
  }
  if (!key) return;                                         // not ours: plain network
  if (key.endsWith(".wasm")) {
    // The runtime's wasm from our cache first: Chromium keeps the code it compiled from a response of Cache
    // Storage beside it, and serves it at the next compilation of the same URL (not for one the service worker
    // fetched); the worker compiles it from this URL on every visit but the first (web/host/boot.js).
    event.respondWith(caches.open(CACHE).then((cache) => cache.match(key)).then((hit) => hit || fetch(req)));
    return;
  }
  if (IMMUTABLE.has("./" + key.slice(scope.length))) {
    // Versioned files: the browser's HTTP cache first (no network once cached), our cache when that fails
    // (offline).
    event.respondWith(fetch(req).catch(() => caches.open(CACHE).then((cache) => cache.match(key)))
      .then((res) => res && res.ok ? res : caches.open(CACHE).then((cache) => cache.match(key)).then((hit) => hit || res)));
    return;
  }
  event.respondWith(caches.open(CACHE)
    .then((cache) => cache.match(key))
    .then((hit) => hit || fetch(req)));
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "SKIP_WAITING") self.skipWaiting();
});
