import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { publicConfigSchema } from '@easio/shared';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app.js';

describe('the extension handed out to load unpacked', () => {
  let t: TestApp;
  const dist = mkdtempSync(path.join(tmpdir(), 'easio-extension-'));

  beforeAll(async () => {
    mkdirSync(path.join(dist, 'chrome-mv3', 'icon'), { recursive: true });
    writeFileSync(path.join(dist, 'chrome-mv3', 'manifest.json'), '{"manifest_version":3,"name":"Easio"}');
    writeFileSync(path.join(dist, 'chrome-mv3', 'icon', '16.png'), 'png');
    t = await buildTestApp('pglite', { extensionDistDir: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('is offered for the browsers it is built for, as a ZIP of the build', async () => {
    const config = publicConfigSchema.parse((await t.app.inject({ url: '/api/config' })).json());
    expect(config.extension.packages).toEqual({ chrome: true, firefox: false });

    const res = await t.app.inject({ url: '/api/extension-package/chrome' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain('easio-extension-chrome.zip');
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(
      Object.keys(files)
        .filter((name) => !name.endsWith('/'))
        .sort(),
    ).toEqual(['easio-chrome/icon/16.png', 'easio-chrome/manifest.json']);
    expect(new TextDecoder().decode(files['easio-chrome/manifest.json'])).toContain('"Easio"');
  });

  it('answers 404 for a build it does not have and 422 for a browser it does not know', async () => {
    const missing = await t.app.inject({ url: '/api/extension-package/firefox' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'The extension is not built on this server' });
    const unknown = await t.app.inject({ url: '/api/extension-package/netscape' });
    expect(unknown.statusCode).toBe(422);
  });
});
