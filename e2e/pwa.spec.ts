import { expect, type Page, test } from '@playwright/test';
import { createUser, row, signedInNewUser } from './helpers';

// The rest of the suite blocks service workers (playwright.config.ts): this file tests Easio's.
test.use({ serviceWorkers: 'allow' });

/** A 1×1 PNG, as a phone's photo would come. */
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** Waits for the service worker to be installed, then reloads so it controls the page. */
async function underServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/**
 * What a phone's browser does on "Share → Easio": POST the manifest's share target as multipart form
 * data, and open where the answer sends it. Sent from the page, so the service worker takes it.
 */
async function share(page: Page, fields: { title?: string; text?: string; url?: string; png?: string }) {
  const landing = await page.evaluate(
    async ({ fields, png }) => {
      const form = new FormData();
      for (const key of ['title', 'text', 'url'] as const) form.append(key, fields[key] ?? '');
      if (fields.png) {
        const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
        form.append('files', new File([bytes], fields.png, { type: 'image/png' }));
      }
      const answer = await fetch('/share', { method: 'POST', body: form });
      return { url: answer.url, redirected: answer.redirected };
    },
    { fields, png: PNG_BASE64 },
  );
  expect(landing.redirected).toBe(true);
  const to = new URL(landing.url);
  expect(to.pathname).toBe('/share');
  await page.goto(`${to.pathname}${to.search}`);
}

test('the manifest, its icons and the share target are served, and the page links them', async ({
  page,
  request,
}) => {
  const res = await request.get('/manifest.webmanifest');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/manifest+json');
  const manifest = await res.json();
  expect(manifest).toMatchObject({
    short_name: 'Easio',
    start_url: '/my-desk',
    scope: '/',
    display: 'standalone',
    theme_color: '#4959de',
    share_target: {
      action: '/share',
      method: 'POST',
      enctype: 'multipart/form-data',
      params: { title: 'title', text: 'text', url: 'url' },
    },
  });
  expect(manifest.share_target.params.files[0].accept).toEqual(
    expect.arrayContaining(['image/*', 'application/pdf']),
  );
  const purposes = new Set<string>();
  for (const icon of manifest.icons as { src: string; sizes: string; purpose: string }[]) {
    const got = await request.get(icon.src);
    expect(got.status(), icon.src).toBe(200);
    expect(got.headers()['content-type']).toBe('image/png');
    purposes.add(`${icon.sizes} ${icon.purpose}`);
  }
  expect([...purposes].sort()).toEqual([
    '192x192 any',
    '192x192 maskable',
    '512x512 any',
    '512x512 maskable',
  ]);

  const worker = await request.get('/sw.js');
  expect(worker.headers()['content-type']).toContain('javascript');
  expect(worker.headers()['cache-control']).toBe('no-cache');

  await page.goto('/');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute(
    'href',
    '/icons/apple-touch-icon.png',
  );
});

test('a share made signed out waits for sign-in, then lands on the desk; one with nothing usable says so', async ({
  page,
  request,
}) => {
  const user = await createUser(request);
  await page.goto('/');
  await underServiceWorker(page);

  await share(page, { title: 'A shared page', url: 'https://news.example/story', png: 'shared.png' });
  await expect(page).toHaveURL(/\/login\?next=%2Fshare%3Fid%3D/);
  await page.getByLabel('Username (e-mail)').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL(/\/share\?id=/);
  await expect(page.getByRole('status').filter({ hasText: 'Saved to your desk: 2 items' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'A shared page' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'shared.png' })).toBeVisible();

  // The share is saved once: opening its page again finds it gone.
  await page.reload();
  await expect(page.getByText('This share is no longer waiting')).toBeVisible();

  await page.getByRole('link', { name: 'Go to My Desk' }).click();
  await expect(row(page, 'A shared page')).toBeVisible();
  await expect(row(page, 'shared.png')).toBeVisible();

  await share(page, { title: '  ', text: '\n' });
  await expect(page.getByText('Nothing to save')).toBeVisible();
  await expect(page.getByText('no web address, text or file that Easio can keep')).toBeVisible();
});

test('offline, the app shell opens from the service worker and says it is offline', async ({
  page,
  context,
  request,
}) => {
  await signedInNewUser(page, request);
  await underServiceWorker(page);
  await expect(page.getByRole('button', { name: 'Upload files' })).toBeVisible();

  // The signed-in desk has made its API calls: none of them, nor anything private, is kept.
  const kept = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
  expect(kept).toContain('/index.html');
  expect(
    kept.filter(
      (url) => /^\/(api|v1)\//.test(url) || !/^\/(index\.html|assets\/|icons\/|[\w.-]+$)/.test(url),
    ),
  ).toEqual([]);

  await context.setOffline(true);
  const answer = await page.reload();
  expect(answer?.fromServiceWorker()).toBe(true);
  await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible();
  await expect(page.getByRole('navigation').first()).toBeVisible();
  await expect(
    page.getByText('You are offline. This will load again when the connection is back.'),
  ).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeHidden();
});
