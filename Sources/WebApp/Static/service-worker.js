// The service worker, served at /service-worker.js so that its scope is the whole app. The server
// puts VERSION (the static files' directory) and SHELL (their URLs) before this text.
//
// It keeps two things, both dropped when the version changes: the shell (stylesheet, modules,
// icons), and the last list page the signed-in user saw, which it shows when a page cannot be
// reached. It keeps only a page the server marks with X-Offline-Copy (a GET of the signed-in
// user's list that sets no cookie), never a POST, and forgets it once a page is the login page.
// Logging out also clears everything (the server's Clear-Site-Data).
/* global VERSION, SHELL */

const SHELL_CACHE = `shell ${VERSION}`;
const PAGES_CACHE = `pages ${VERSION}`;
const LIST = '/contacts';

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  const current = [SHELL_CACHE, PAGES_CACHE];
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((name) => !current.includes(name)).map((name) => caches.delete(name))))
    .then(() => self.clients.claim()));
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== location.origin) return;
  if (SHELL.includes(url.pathname)) event.respondWith(fromShell(request));
  else if (request.mode === 'navigate') event.respondWith(navigate(event));
});

/** A static file from the shell; from the network if it is somehow missing. */
async function fromShell(request) {
  return (await caches.match(request, { cacheName: SHELL_CACHE })) ?? fetch(request);
}

/** A page from the network, kept when it is the list; the kept list when there is no network. */
async function navigate(event) {
  let response;
  try {
    response = await fetch(event.request);
  } catch (error) {
    const kept = await caches.match(LIST, { cacheName: PAGES_CACHE });
    if (kept) return kept;
    throw error;
  }
  if (response.ok && response.headers.get('X-Offline-Copy') === 'list') {
    event.waitUntil(keep(response.clone()));
  } else if (new URL(response.url).pathname === '/login') {
    event.waitUntil(caches.delete(PAGES_CACHE));
  }
  return response;
}

/** Keeps the list page, marked as the copy (`data-offline-copy`) so that it shows the offline banner. */
async function keep(response) {
  const html = (await response.text()).replace('<html ', '<html data-offline-copy ');
  const cache = await caches.open(PAGES_CACHE);
  await cache.put(LIST, new Response(html, { headers: response.headers }));
}
