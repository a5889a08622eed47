// The tablet's service worker: when the hall's Wi-Fi drops, a reload of the tablet page still
// opens it. Network first, always: a page or file from the cache is only ever the fallback, and
// the page then brings itself up to date from what the device remembers (tablet.js snapshot).
const CACHE = "tablet-v1";
const TABLET = /^\/games\/(\d+\/tablet|t\/[^/]+)\/$/;
// The tablet's own engine (Pyodide under /static/, the engine's files as one zip): kept too.
const ENGINE = ["/games/tablet-engine.zip", "/games/tablet-engine-worker.js"];

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const page = request.mode === "navigate" && TABLET.test(url.pathname);
  if (!page && !ENGINE.includes(url.pathname) && !url.pathname.startsWith("/static/")) return;
  const key = page ? url.origin + url.pathname : request;
  // Offline the copy this device kept is shown, whatever it Varies on (language, cookie): a
  // worker's script request, for one, does not carry the page's Accept-Language.
  event.respondWith(fetch(request).then((response) => {
    if (response.ok) {
      const copy = response.clone();
      caches.open(CACHE).then((cache) => cache.put(key, copy));
    }
    return response;
  }).catch(() => caches.match(key, { ignoreVary: true }).then((hit) => hit || Response.error())));
});
