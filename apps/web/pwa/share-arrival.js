/*
 * Which POST /share the service worker keeps: a share from the Share menu, or a form posted from Easio's
 * own pages; not what another site's page posts, as far as the browser lets the worker tell. The build
 * (pwa/service-worker-plugin.ts) puts this file in front of sw.js without its `export`, which is here for
 * the unit tests; it is type-checked (apps/web/tsconfig.json, checkJs).
 *
 * What Chromium lets a service worker see of such a POST (observed in Chromium 156; see
 * docs/architecture.md, *Installable app and share target*): never a `Sec-Fetch-*` header (the network
 * layer adds them after the worker); the `Origin` header on every navigation POST: Easio's own for a
 * form on its pages, the other page's origin for another site's (same-site ones too), and "null" for a
 * navigation the browser starts itself, which the Share menu's is, but also for a page that hides its
 * origin (no-referrer, or a sandboxed frame); and `request.referrer`, empty in those "null" cases.
 */

/**
 * @typedef {object} ShareArrival
 * @property {string} mode `request.mode`: a share is always a page navigation (`navigate`).
 * @property {string | null} secFetchSite the `Sec-Fetch-Site` header, when the browser shows it.
 * @property {string | null} origin the `Origin` header.
 * @property {string} referrer `request.referrer` ('' when none).
 */

/** @param {string} address */
function originOf(address) {
  try {
    return new URL(address).origin;
  } catch {
    return null;
  }
}

/**
 * True when the POST came from the Share menu or from Easio itself. Where the browser shows
 * `Sec-Fetch-Site`, only `none` (started by the browser) and `same-origin` pass; where it does not
 * (Chromium), the `Origin` header decides: Easio's own passes, and so does "null" with no referrer
 * (the Share menu), while another origin, a missing one, or a referrer from elsewhere does not.
 *
 * @param {ShareArrival} arrival
 * @param {string} appOrigin the worker's own origin
 * @returns {boolean}
 */
export function isShareFromUser(arrival, appOrigin) {
  if (arrival.mode !== 'navigate') return false;
  if (arrival.secFetchSite !== null) {
    return arrival.secFetchSite === 'none' || arrival.secFetchSite === 'same-origin';
  }
  const from = arrival.referrer ? originOf(arrival.referrer) : null;
  if (arrival.referrer && from !== appOrigin) return false;
  if (arrival.origin === appOrigin) return true;
  return arrival.origin === 'null' && from === null;
}
