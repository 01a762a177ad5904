import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
/**
 * A second server, with Google and Dropbox configured against loopback stand-ins (e2e/google.spec.ts,
 * e2e/dropbox.spec.ts), and a mail server for what it sends.
 */
const GOOGLE_PORT = PORT + 1;
const FAKE_GOOGLE_PORT = PORT + 99;
/** Where the second server's outgoing mail can be read (e2e/password-reset.spec.ts). */
const MAIL_INBOX_PORT = PORT + 98;

const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/** Browser tests: Debian's Chromium against the built app served by the real server. */
export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // Journeys of 15–25 s alone take twice that with two workers on two cores.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    // Recording a trace (its DOM snapshots and screencast) doubles the browser's CPU time, enough to make
    // tests time out on a two-core machine: record one with `npx playwright test --trace on` when needed.
    trace: 'off',
    screenshot: 'only-on-failure',
    // The app's service worker would serve pages and scripts itself, out of reach of `page.route` and
    // request counts: only e2e/pwa.spec.ts, which tests it, lets it run.
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: '**/phone/**',
      use: { ...devices['Desktop Chrome'], launchOptions },
    },
    {
      // The main journeys again on a phone's screen, by touch.
      name: 'phone',
      testMatch: '**/phone/**/*.spec.ts',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
        launchOptions,
      },
    },
  ],
  webServer: [
    {
      command: 'node scripts/e2e-server.mjs',
      url: `http://localhost:${PORT}/api/health`,
      env: {
        PORT: String(PORT),
        PRIVACY_CONTACT_EMAIL: 'privacy@easio.example',
        PRIVACY_POSTAL_ADDRESS: 'Easio Privacy Desk\\n1 Quay Street, Dublin',
      },
      reuseExistingServer: false,
      timeout: 60_000,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    },
    {
      command: 'node --import tsx scripts/e2e-providers.mjs',
      url: `http://localhost:${GOOGLE_PORT}/api/health`,
      env: {
        PORT: String(GOOGLE_PORT),
        FAKE_GOOGLE_PORT: String(FAKE_GOOGLE_PORT),
        MAIL_INBOX_PORT: String(MAIL_INBOX_PORT),
      },
      reuseExistingServer: false,
      timeout: 60_000,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    },
  ],
});
