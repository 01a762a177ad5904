import { defineConfig } from 'wxt';

// The Easio browser extension: Manifest V3 for Chromium-based browsers and Firefox.
export default defineConfig({
  srcDir: '.',
  entrypointsDir: 'entrypoints',
  outDir: 'dist',
  manifest: ({ browser }) => ({
    name: 'Easio',
    description: 'Save the page, a selection, a note or where you are to your Easio desk.',
    // activeTab: the page is read only when you ask (toolbar, context menu, shortcut), and only that page.
    permissions: ['storage', 'contextMenus', 'activeTab', 'scripting', 'alarms', 'geolocation'],
    action: { default_title: 'Save to Easio' },
    commands: {
      'save-page': {
        suggested_key: { default: 'Alt+Shift+S' },
        description: 'Save this page to Easio',
      },
    },
    ...(browser === 'firefox'
      ? { browser_specific_settings: { gecko: { id: 'extension@easio.app', strict_min_version: '128.0' } } }
      : {}),
  }),
});
