import { describe, expect, it } from 'vitest';
import { isShareFromUser, type ShareArrival } from './share-arrival.js';

const EASIO = 'https://easio.example';

/** A POST /share navigation as Chromium shows it to the worker: no Sec-Fetch-Site, an Origin, a referrer. */
const arrival = (seen: Partial<ShareArrival>): ShareArrival => ({
  mode: 'navigate',
  secFetchSite: null,
  origin: 'null',
  referrer: '',
  ...seen,
});

describe('isShareFromUser', () => {
  it("keeps the Share menu's navigation: started by the browser, no origin, no referrer", () => {
    expect(isShareFromUser(arrival({}), EASIO)).toBe(true);
  });

  it("keeps a form posted from Easio's own page", () => {
    expect(isShareFromUser(arrival({ origin: EASIO, referrer: `${EASIO}/my-desk` }), EASIO)).toBe(true);
  });

  it('refuses a form another site posts, same-site ones too', () => {
    for (const other of ['https://evil.example', 'https://other.easio.example', 'http://easio.example']) {
      expect(isShareFromUser(arrival({ origin: other, referrer: `${other}/` }), EASIO), other).toBe(false);
    }
  });

  it('refuses a post that hides its origin but not its page, and one without the Origin a POST carries', () => {
    expect(isShareFromUser(arrival({ referrer: 'https://evil.example/' }), EASIO)).toBe(false);
    expect(isShareFromUser(arrival({ origin: null }), EASIO)).toBe(false);
    expect(isShareFromUser(arrival({ origin: EASIO, referrer: 'https://evil.example/' }), EASIO)).toBe(false);
  });

  it('refuses what is not a page navigation (a share always is one)', () => {
    expect(isShareFromUser(arrival({ mode: 'cors', origin: EASIO }), EASIO)).toBe(false);
    expect(isShareFromUser(arrival({ mode: 'no-cors' }), EASIO)).toBe(false);
  });

  it('goes by Sec-Fetch-Site where the browser shows it: none and same-origin only', () => {
    expect(isShareFromUser(arrival({ secFetchSite: 'none' }), EASIO)).toBe(true);
    expect(isShareFromUser(arrival({ secFetchSite: 'same-origin', origin: EASIO }), EASIO)).toBe(true);
    for (const site of ['cross-site', 'same-site', '']) {
      expect(isShareFromUser(arrival({ secFetchSite: site, origin: EASIO }), EASIO), site).toBe(false);
    }
  });
});
