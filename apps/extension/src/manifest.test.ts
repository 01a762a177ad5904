import { describe, expect, it } from 'vitest';
import { easioManifest } from './manifest';

describe('the manifest', () => {
  it('lets Firefox call Easio on plain http: no upgrade-insecure-requests in its page policy', () => {
    const firefox = easioManifest('firefox');
    const policy = (firefox.content_security_policy as { extension_pages?: string } | undefined)
      ?.extension_pages;
    expect(policy).toBe("script-src 'self'; object-src 'self'");
    expect(policy).not.toContain('upgrade-insecure-requests');
    expect(easioManifest('chrome').content_security_policy).toBeUndefined();
  });

  it('may ask for the user’s own server, on http or https, and asks for nothing more at install', () => {
    for (const browser of ['chrome', 'firefox']) {
      const manifest = easioManifest(browser);
      expect(manifest.optional_host_permissions).toEqual(['http://*/*', 'https://*/*']);
      expect(manifest.host_permissions).toBeUndefined();
    }
  });

  it('declares to addons.mozilla.org what it sends', () => {
    const gecko = easioManifest('firefox').browser_specific_settings?.gecko as Record<string, unknown>;
    expect(gecko).toMatchObject({
      id: 'extension@easio.app',
      data_collection_permissions: { required: ['browsingActivity', 'websiteContent', 'locationInfo'] },
    });
    expect(easioManifest('chrome').browser_specific_settings).toBeUndefined();
  });
});
