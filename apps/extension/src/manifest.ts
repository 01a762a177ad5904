import type { UserManifest } from 'wxt';

/**
 * Firefox's default policy for extension pages adds upgrade-insecure-requests, which turns calls to a
 * self-hosted Easio on plain http (http://nas.lan:3000) into https ones that fail. This is the same
 * policy without it.
 */
export const FIREFOX_EXTENSION_PAGES_CSP = "script-src 'self'; object-src 'self'";

/**
 * What the extension sends to the user's Easio server, as addons.mozilla.org asks it declared: the
 * pages and selections saved (their address, title, description and text) and, when asked, where you are.
 */
export const FIREFOX_DATA_COLLECTION = {
  required: ['browsingActivity', 'websiteContent', 'locationInfo'],
};

/** The manifest for one browser (`chrome` and the other Chromium-based ones, or `firefox`). */
export function easioManifest(browser: string): UserManifest {
  // Built apart from the literal: WXT 0.21's type of `gecko` does not know data_collection_permissions yet.
  const gecko = {
    id: 'extension@easio.app',
    strict_min_version: '128.0',
    data_collection_permissions: FIREFOX_DATA_COLLECTION,
  };
  return {
    name: 'Easio',
    description: 'Save the page, a selection, a note or where you are to your Easio desk.',
    // activeTab: the page is read only when you ask (toolbar, context menu, shortcut), and only that page.
    permissions: ['storage', 'contextMenus', 'activeTab', 'scripting', 'alarms', 'geolocation'],
    // The user's own Easio server, asked for at sign-in: calls to it then need nothing from its CORS.
    optional_host_permissions: ['http://*/*', 'https://*/*'],
    action: { default_title: 'Save to Easio' },
    commands: {
      'save-page': {
        suggested_key: { default: 'Alt+Shift+S' },
        description: 'Save this page to Easio',
      },
    },
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: { gecko },
          content_security_policy: { extension_pages: FIREFOX_EXTENSION_PAGES_CSP },
        }
      : {}),
  };
}
