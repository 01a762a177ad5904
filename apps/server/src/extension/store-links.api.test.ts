import { extensionStoreUrl, publicConfigSchema } from '@easio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';
const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36';

describe('the extension’s store pages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite', {
      env: {
        EXTENSION_STORE_URL: 'https://chromewebstore.google.com/detail/easio',
        EXTENSION_FIREFOX_STORE_URL: 'https://addons.mozilla.org/firefox/addon/easio/',
      },
    });
  });
  afterAll(() => t.close());

  it('are both in the public config, and Firefox users are sent to addons.mozilla.org', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    const config = publicConfigSchema.parse(res.json());
    expect(config.extension).toEqual({
      store_url: 'https://chromewebstore.google.com/detail/easio',
      firefox_store_url: 'https://addons.mozilla.org/firefox/addon/easio/',
      packages: { chrome: false, firefox: false },
    });
    expect(extensionStoreUrl(config.extension, FIREFOX)).toBe(
      'https://addons.mozilla.org/firefox/addon/easio/',
    );
    expect(extensionStoreUrl(config.extension, CHROME)).toBe(
      'https://chromewebstore.google.com/detail/easio',
    );
  });

  it('fall back to the one store page, and a bad address is refused at start-up', () => {
    expect(
      extensionStoreUrl(
        {
          store_url: 'https://store.example/easio',
          firefox_store_url: null,
          packages: { chrome: false, firefox: false },
        },
        FIREFOX,
      ),
    ).toBe('https://store.example/easio');
    expect(
      extensionStoreUrl(
        { store_url: null, firefox_store_url: null, packages: { chrome: false, firefox: false } },
        FIREFOX,
      ),
    ).toBeNull();
    expect(() => loadConfig({ EXTENSION_FIREFOX_STORE_URL: 'addons.mozilla.org' })).toThrow(
      'EXTENSION_FIREFOX_STORE_URL',
    );
  });
});
