import { defineConfig } from 'wxt';
import { easioManifest } from './src/manifest';

// The Easio browser extension: Manifest V3 for Chromium-based browsers and Firefox.
export default defineConfig({
  srcDir: '.',
  entrypointsDir: 'entrypoints',
  outDir: 'dist',
  manifest: ({ browser }) => easioManifest(browser),
});
