/*
 * Easio's service worker. The build (pwa/service-worker-plugin.ts) puts `VERSION` and `PRECACHE`, the
 * app shell's files, and `isShareFromUser` (pwa/share-arrival.js) in front of this file.
 *
 * - The app shell (index.html, the built scripts and styles, icons, fonts) is kept per version, so the
 *   app opens without a network and says it is offline.
 * - Nothing else is ever cached: not /api or /v1 (private data, answers), not other origins (signed
 *   storage addresses), not any request carrying Authorization.
 * - POST /share (the Web Share Target) is taken here: a share from the Share menu (or a form on Easio's
 *   own pages) is kept in the share inbox and the browser is sent to /share?id=…, where the signed-in
 *   app shows it and saves it, with its own token, when the person says so. A POST another site's
 *   page made is not read: the browser is sent to /share?error=other-site, which says so.
 */
/* global VERSION, PRECACHE, isShareFromUser */

const SHELL_PREFIX = 'easio-shell-';
const SHELL_CACHE = `${SHELL_PREFIX}${VERSION}`;
const SHARE_INBOX = 'easio-share-inbox';
const SHELL_PAGE = '/index.html';
/** A share not picked up within a day (never signed in) is dropped. */
const SHARE_KEEP_MS = 24 * 60 * 60 * 1000;
const NEVER_CACHED = /^\/(api|v1)(\/|$)/;
const PRECACHED = new Set(PRECACHE);

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(PRECACHE.map((path) => new Request(path, { cache: 'reload' }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith(SHELL_PREFIX) && name !== SHELL_CACHE)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === 'POST' && url.pathname === '/share') {
    event.respondWith(receiveShare(request));
    return;
  }
  if (request.method !== 'GET' || NEVER_CACHED.test(url.pathname) || request.headers.has('authorization')) {
    return;
  }
  if (request.mode === 'navigate') {
    event.respondWith(networkThenShell(request));
  } else if (PRECACHED.has(url.pathname) && url.search === '') {
    event.respondWith(shellFile(request));
  }
});

/** Pages always come from the server when it answers; offline, the cached shell draws them. */
async function networkThenShell(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const shell = await caches.match(SHELL_PAGE, { cacheName: SHELL_CACHE });
    if (shell) return shell;
    throw error;
  }
}

async function shellFile(request) {
  const cached = await caches.match(request, { cacheName: SHELL_CACHE });
  return cached ?? fetch(request);
}

const redirectTo = (path) => Response.redirect(new URL(path, self.location.origin).href, 303);

async function receiveShare(request) {
  const arrival = {
    mode: request.mode,
    secFetchSite: request.headers.get('sec-fetch-site'),
    origin: request.headers.get('origin'),
    referrer: request.referrer,
  };
  if (!isShareFromUser(arrival, self.location.origin)) return redirectTo('/share?error=other-site');
  let form;
  try {
    form = await request.formData();
  } catch {
    return redirectTo('/share?error=unreadable');
  }
  const inbox = await caches.open(SHARE_INBOX);
  await dropOldShares(inbox);
  const id = self.crypto.randomUUID();
  const stored = new Response(form, { headers: { 'x-shared-at': String(Date.now()) } });
  await inbox.put(`/share-inbox/${id}`, stored);
  return redirectTo(`/share?id=${id}`);
}

async function dropOldShares(inbox) {
  const now = Date.now();
  for (const key of await inbox.keys()) {
    const response = await inbox.match(key);
    const at = Number(response?.headers.get('x-shared-at'));
    if (!(now - at < SHARE_KEEP_MS)) await inbox.delete(key);
  }
}
