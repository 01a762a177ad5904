import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { createUser, signIn, violations } from './helpers';

// Against the second test server, which may fetch calendar addresses on loopback.
const BASE = Number(process.env.E2E_PORT ?? 3100);
test.use({ baseURL: `http://localhost:${BASE + 1}` });

const now = new Date();
const day = (d: number) =>
  `${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, '0')}${String(d).padStart(2, '0')}`;
const calendar = (name: string, ...events: [string, string][]) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `X-WR-CALNAME:${name}`,
    ...events.flatMap(([uid, summary]) => [
      'BEGIN:VEVENT',
      `UID:${uid}`,
      `DTSTART:${day(12)}T090000Z`,
      `DTEND:${day(12)}T100000Z`,
      `SUMMARY:${summary}`,
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
  ].join('\r\n');

test('subscribes to a calendar address and imports an .ics file from My Sources, then unsubscribes with its events', async ({
  page,
  request,
}) => {
  const tag = Date.now().toString(36);
  const feed = http.createServer((req, res) => {
    if (req.url === '/team.ics') {
      res
        .writeHead(200, { 'content-type': 'text/calendar' })
        .end(calendar(`Team ${tag}`, [`t-${tag}`, `Planning ${tag}`]));
    } else res.writeHead(200, { 'content-type': 'text/html' }).end('<p>not a calendar</p>');
  });
  await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', () => resolve()));
  const feedUrl = `http://127.0.0.1:${(feed.address() as AddressInfo).port}`;
  try {
    const user = await createUser(request);
    await signIn(page, user.email, user.password);
    await expect(page).toHaveURL(/\/my-desk/);
    await page.goto('/my-source');
    const card = page.getByRole('region', { name: 'Calendar files and subscriptions' });
    await expect(card.getByRole('button', { name: 'Import an .ics file' })).toBeVisible();
    expect(await violations(page, 'section[aria-label="Calendar files and subscriptions"]')).toEqual([]);

    const address = card.getByLabel('Calendar address');
    await address.fill('ftp://example.org/x.ics');
    await card.getByRole('button', { name: 'Subscribe' }).click();
    await expect(card.getByText('Enter an address starting with https:// or webcal://')).toBeVisible();
    await address.fill(`${feedUrl}/page.html`);
    await card.getByRole('button', { name: 'Subscribe' }).click();
    await expect(card.getByText('That address does not hold a calendar (an .ics feed)')).toBeVisible();
    await address.fill(`${feedUrl}/team.ics`);
    await card.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByText(`Subscribed to Team ${tag}: its events are on their way`)).toBeVisible();
    const list = card.getByRole('list', { name: 'Calendar subscriptions' });
    await expect(list.getByText('1 event · refreshed', { exact: false })).toBeVisible({ timeout: 15_000 });

    const chooser = page.waitForEvent('filechooser');
    await card.getByRole('button', { name: 'Import an .ics file' }).click();
    await (await chooser).setFiles({
      name: 'family.ics',
      mimeType: 'text/calendar',
      buffer: Buffer.from(calendar(`Family ${tag}`, [`f-${tag}`, `Dinner ${tag}`])),
    });
    await expect(page.getByText(`Family ${tag}: 1 event, 1 imported`)).toBeVisible();
    // The same calendar again, its dinner moved to lunch: the dinner leaves.
    const again = page.waitForEvent('filechooser');
    await card.getByRole('button', { name: 'Import an .ics file' }).click();
    await (await again).setFiles({
      name: 'family.ics',
      mimeType: 'text/calendar',
      buffer: Buffer.from(calendar(`Family ${tag}`, [`l-${tag}`, `Lunch ${tag}`])),
    });
    await expect(page.getByText(`Family ${tag}: 1 event, 1 imported, 1 removed`)).toBeVisible();

    await card.getByRole('link', { name: 'See your calendar' }).click();
    await expect(page).toHaveURL(/\/my-desk\/calender$/);
    await expect(page.getByText(`Lunch ${tag}`).first()).toBeVisible();
    await expect(page.getByText(`Dinner ${tag}`)).toHaveCount(0);
    await expect(page.getByText(`Planning ${tag}`).first()).toBeVisible();
    await page.goto('/my-source');

    await list.getByRole('button', { name: `Unsubscribe from Team ${tag}` }).click();
    const dialog = page.getByRole('dialog', { name: `Unsubscribe from Team ${tag}?` });
    await dialog.getByLabel('Also delete its 1 event from your desk').check();
    await dialog.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByText(`Unsubscribed from Team ${tag}; 1 event deleted`)).toBeVisible();
    await expect(card.getByRole('list', { name: 'Calendar subscriptions' })).toHaveCount(0);
  } finally {
    await new Promise((resolve) => feed.close(resolve));
  }
});
