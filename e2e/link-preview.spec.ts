import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { createUser, row, signIn, violations } from './helpers';

// Against the second test server, which may read pages on loopback (as a server on a LAN would).
const BASE = Number(process.env.E2E_PORT ?? 3100);
test.use({ baseURL: `http://localhost:${BASE + 1}` });

test('a saved link is named by its page, shows its site, picture and summary, and is found by what the page says', async ({
  page,
  request,
}) => {
  const tag = Date.now().toString(36);
  const icon = await sharp({ create: { width: 32, height: 32, channels: 4, background: '#e8590c' } })
    .png()
    .toBuffer();
  const cover = await sharp({ create: { width: 600, height: 300, channels: 3, background: '#1864ab' } })
    .png()
    .toBuffer();
  const site = http.createServer((req, res) => {
    if (req.url === '/icon.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(icon);
    if (req.url === '/cover.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(cover);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html><head>
      <title>Sourdough ${tag} | Bakery Notes</title>
      <meta property="og:title" content="Sourdough ${tag}">
      <meta property="og:site_name" content="Bakery Notes">
      <meta name="description" content="A starter, flour, water and patience.">
      <meta property="og:image" content="/cover.png">
      <link rel="icon" href="/icon.png">
      </head><body><article><h1>Sourdough ${tag}</h1>
      <p>Feed the starter twice a day until it doubles, then fold the dough every half hour.</p>
      <p>Bake in a lidded pot: the crust of ${tag}crumb comes from the trapped steam.</p>
      </article></body></html>`);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const address = `http://127.0.0.1:${(site.address() as AddressInfo).port}/bread`;
  try {
    const user = await createUser(request);
    await signIn(page, user.email, user.password);
    await expect(page).toHaveURL(/\/my-desk/);

    await page.getByRole('button', { name: 'Add' }).click();
    await page.getByRole('menuitem', { name: 'New link' }).click();
    const dialog = page.getByRole('dialog', { name: 'New link' });
    await dialog.getByLabel('Web address').fill(address);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('Link created')).toBeVisible();

    // The page is read in the background: the row takes its title when it is.
    const title = `Sourdough ${tag}`;
    await expect(row(page, title)).toBeVisible({ timeout: 20_000 });
    await row(page, title).dblclick();
    const viewer = page.getByRole('dialog', { name: title });
    await expect(viewer.getByText('Bakery Notes')).toBeVisible();
    await expect(viewer.getByText('A starter, flour, water and patience.')).toBeVisible();
    await expect(viewer.getByRole('link', { name: address })).toHaveAttribute('href', address);
    // The site's icon and picture come from Easio itself, never from the site.
    const icon = viewer.locator('img[src^="data:image/webp"]');
    await expect(icon).toBeVisible();
    await expect(viewer.locator('img[src*="/thumbnail"]')).toBeVisible();
    expect(await violations(page, '[role="dialog"]')).toEqual([]);
    await page.keyboard.press('Escape');

    // Search finds the link by words only the page holds.
    const box = page.getByRole('combobox', { name: 'Search your desk' });
    await box.fill(`${tag}crumb`);
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search/);
    await expect(
      page.getByRole('main').getByRole('checkbox', { name: `Select ${title}`, exact: true }),
    ).toBeVisible();
  } finally {
    await new Promise<void>((resolve) => site.close(() => resolve()));
  }
});
