import { createServer, type Server } from 'node:http';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { tokenOf } from './desk-seed';
import { createUser, row, signedInNewUser, violations } from './helpers';

// The rest of the suite blocks service workers (playwright.config.ts): this file tests Easio's.
test.use({ serviceWorkers: 'allow' });

/** A 1×1 PNG, as a phone's photo would come (70 bytes). */
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const BASE = Number(process.env.E2E_PORT ?? 3100);
/** Another site (another origin on loopback) whose page posts to Easio's share target. */
const OTHER_SITE_PORT = BASE + 2;

/** Waits for the service worker to be installed, then reloads so it controls the page. */
async function underServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/**
 * "Share → Easio": the browser POSTs the manifest's share target as multipart form data, as a page
 * navigation, and opens where the answer sends it. The Share menu's own navigation (started by the
 * browser, `Origin: null`) cannot be started from a test; a form posted from Easio's own page
 * (`Origin` Easio's) is the other kind the service worker takes, and goes the same way from there.
 */
async function share(page: Page, fields: { title?: string; text?: string; url?: string; png?: string }) {
  const before = page.url();
  await page.evaluate(
    ({ fields, png }) => {
      const form = document.createElement('form');
      form.method = 'post';
      form.action = '/share';
      form.enctype = 'multipart/form-data';
      form.hidden = true;
      for (const key of ['title', 'text', 'url'] as const) {
        const field = document.createElement('textarea');
        field.name = key;
        field.value = fields[key] ?? '';
        form.append(field);
      }
      const files = document.createElement('input');
      files.type = 'file';
      files.name = 'files';
      if (fields.png) {
        const picked = new DataTransfer();
        const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
        picked.items.add(new File([bytes], fields.png, { type: 'image/png' }));
        files.files = picked.files;
      }
      form.append(files);
      document.body.append(form);
      form.submit();
    },
    { fields, png: PNG_BASE64 },
  );
  // A new share's page: /share?id=… (a new id each time), or the sign-in page on the way to it.
  await page.waitForURL((url) => url.href !== before && /^\/(share|login)$/.test(url.pathname));
}

/** The names of everything on the signed-in user's desk, read through the API. */
async function deskNames(page: Page, request: APIRequestContext) {
  const res = await request.get('/api/desk/items', {
    headers: { authorization: `Bearer ${await tokenOf(page)}` },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { items: { name: string }[] }).items.map((item) => item.name).sort();
}

/** What the service worker keeps in the share inbox. */
const inbox = (page: Page) =>
  page.evaluate(async () => (await (await caches.open('easio-share-inbox')).keys()).map((r) => r.url));

/**
 * A page on another site that posts a link, a text and a Word file to Easio's share target as soon as
 * it opens; `?hidden` also hides where it comes from (`Referrer-Policy: no-referrer`).
 */
async function otherSite(): Promise<Server> {
  const site = createServer((req, res) => {
    const hidden = (req.url ?? '').includes('hidden');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html>
      <html lang="en"><head><title>Win a prize</title>
      ${hidden ? '<meta name="referrer" content="no-referrer">' : ''}</head><body>
      <form id="f" method="post" action="http://localhost:${BASE}/share" enctype="multipart/form-data">
        <input name="title" value="Your account is locked">
        <input name="url" value="https://easio-login.example/verify">
        <input name="text" value="Sign in again here to keep your documents">
        <input id="file" type="file" name="files">
      </form>
      <script>
        const picked = new DataTransfer();
        picked.items.add(new File(['PK not really a document'], 'invoice.docx', {
          type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        }));
        document.getElementById('file').files = picked.files;
        document.getElementById('f').submit();
      </script></body></html>`);
  });
  await new Promise<void>((resolve) => site.listen(OTHER_SITE_PORT, '127.0.0.1', resolve));
  return site;
}

/** `LAYOUT_SHOTS=dir` keeps a picture of each screen checked, to look at. */
async function shot(page: Page, name: string) {
  const dir = process.env.LAYOUT_SHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/** The list of what a share will save, one item of it by the words it shows, and its Remove button. */
const planned = (page: Page) => page.getByRole('list', { name: 'What you shared' });
const plannedItem = (page: Page, text: string) =>
  planned(page).getByRole('listitem').filter({ hasText: text });
const removeButton = (page: Page, text: string) =>
  plannedItem(page, text).getByRole('button', { name: /^Remove/ });

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

test('a share made signed out waits for sign-in, shows what arrived and saves it only on Save; one with nothing usable says so', async ({
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
  await expect(plannedItem(page, 'A shared page')).toContainText('https://news.example/story');
  await expect(plannedItem(page, 'shared.png')).toContainText('image/png');
  await expect(plannedItem(page, 'shared.png')).toContainText('70 B');
  expect(await violations(page)).toEqual([]);
  // Nothing reaches the desk before Save.
  expect(await deskNames(page, request)).toEqual([]);

  await page.getByRole('button', { name: 'Save to my desk' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved to your desk: 2 items' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'A shared page' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'shared.png' })).toBeVisible();
  expect(await deskNames(page, request)).toEqual(['A shared page', 'shared.png']);

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

test('a page on another site puts nothing on the desk: it is refused, or, hiding where it comes from, only shown', async ({
  page,
  request,
}) => {
  await signedInNewUser(page, request);
  await underServiceWorker(page);
  const site = await otherSite();
  try {
    await page.goto(`http://127.0.0.1:${OTHER_SITE_PORT}/`);
    await expect(page).toHaveURL(`http://localhost:${BASE}/share?error=other-site`);
    await expect(page.getByText('Something tried to send items to Easio from another site')).toBeVisible();
    await expect(page.getByText('Nothing was saved')).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await shot(page, 'share-refused-1440');
    expect(await inbox(page)).toEqual([]);
    expect(await deskNames(page, request)).toEqual([]);

    // Hidden, it looks to the worker like the Share menu itself (no origin, no referrer): it is kept
    // and shown, and nothing reaches the desk unless the person saves it.
    await page.goto(`http://127.0.0.1:${OTHER_SITE_PORT}/?hidden`);
    await expect(page).toHaveURL(/\/share\?id=/);
    await expect(plannedItem(page, 'Your account is locked')).toContainText(
      'https://easio-login.example/verify',
    );
    await expect(plannedItem(page, 'invoice.docx')).toContainText('Document');
    expect(await deskNames(page, request)).toEqual([]);
    await page.getByRole('button', { name: 'Discard' }).click();
    await expect(page.getByText('Discarded: nothing was saved')).toBeVisible();
    expect(await inbox(page)).toEqual([]);
    expect(await deskNames(page, request)).toEqual([]);
  } finally {
    site.close();
  }
});

test.describe('at 1440×900', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('an item removed from the list is not saved, and a discarded share leaves nothing', async ({
    page,
    request,
  }) => {
    await signedInNewUser(page, request);
    await underServiceWorker(page);

    await share(page, {
      title: 'Shop receipt',
      text: 'Paid in cash',
      url: 'https://shop.example/order/1',
      png: 'receipt.png',
    });
    await expect(planned(page).getByRole('listitem')).toHaveCount(2);
    await expect(plannedItem(page, 'Shop receipt')).toContainText('Paid in cash');
    await shot(page, 'share-preview-1440');
    await removeButton(page, 'receipt.png').click();
    await expect(planned(page).getByRole('listitem')).toHaveCount(1);
    await expect(removeButton(page, 'Shop receipt')).toBeFocused();
    // All removed, nothing can be saved until something is put back.
    await removeButton(page, 'Shop receipt').click();
    await expect(page.getByText('You removed everything')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save to my desk' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Put back what you removed (2)' })).toBeFocused();
    await page.getByRole('button', { name: 'Put back what you removed (2)' }).click();
    await expect(planned(page).getByRole('listitem')).toHaveCount(2);
    await removeButton(page, 'receipt.png').click();
    await expect(planned(page).getByRole('listitem')).toHaveCount(1);
    await page.getByRole('button', { name: 'Save to my desk' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved to your desk: 1 item' })).toBeVisible();
    await shot(page, 'share-saved-1440');
    expect(await deskNames(page, request)).toEqual(['Shop receipt']);
    expect(await inbox(page)).toEqual([]);

    await share(page, { text: 'Call the plumber', png: 'second.png' });
    await expect(planned(page).getByRole('listitem')).toHaveCount(2);
    await page.getByRole('button', { name: 'Discard' }).click();
    await expect(page.getByText('Discarded: nothing was saved')).toBeVisible();
    expect(await inbox(page)).toEqual([]);
    expect(await deskNames(page, request)).toEqual(['Shop receipt']);
  });
});

test.describe('on a 360 px phone, by touch', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

  test('the list of what arrived fits the screen, and items are removed and saved with a tap', async ({
    page,
    request,
  }) => {
    await signedInNewUser(page, request);
    await underServiceWorker(page);

    await share(page, {
      title: 'A very long title for a page about renewing a passport at the regional office',
      url: 'https://www.passports.example/renewal/appointments/2026/regional-office-and-what-to-bring',
      png: 'IMG_20260301_094512_passport_photo.png',
    });
    await expect(planned(page).getByRole('listitem')).toHaveCount(2);
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(await violations(page)).toEqual([]);
    await shot(page, 'share-preview-360');

    await removeButton(page, 'IMG_20260301').tap();
    await expect(planned(page).getByRole('listitem')).toHaveCount(1);
    await page.getByRole('button', { name: 'Save to my desk' }).tap();
    await expect(page.getByRole('status').filter({ hasText: 'Saved to your desk: 1 item' })).toBeVisible();
    expect(await noSidewaysScroll(page)).toBe(true);
    await shot(page, 'share-saved-360');
    expect(await deskNames(page, request)).toEqual([
      'A very long title for a page about renewing a passport at the regional office',
    ]);
  });
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
