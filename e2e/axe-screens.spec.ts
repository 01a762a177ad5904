import { expect, type Locator, type Page, test } from '@playwright/test';
import { type FullDesk, seedEverything } from './full-seed';
import { openSuggestions, row, signIn, violations } from './helpers';

// Every screen a signed-in user reaches, with something on it, checked with axe for the WCAG 2.0/2.1
// A and AA rules and label-content-name-mismatch (see `violations`). Each screen is a soft assertion:
// one run names every screen that fails, with the rule and the node.

/** Many full axe passes and a seeded account: far more than the default 60 s on a busy machine. */
test.describe.configure({ timeout: 240_000 });

async function signInTo(page: Page, desk: FullDesk) {
  await signIn(page, desk.email, desk.password);
  await expect(page).toHaveURL(/\/my-desk/);
}

const toasts = (page: Page) => page.locator('.mantine-Notification-root');

/** Waits for the toasts to go: text fading in or out is at partial opacity, failing contrast. */
const settle = (page: Page) => expect(toasts(page)).toHaveCount(0, { timeout: 15_000 });

/** Waits for the screen (`ready` visible, no toast; `violations` waits for transitions) and records its serious and critical violations. */
async function check(page: Page, screen: string, ready: Locator, within?: string) {
  await expect(ready.first(), `${screen} did not show`).toBeVisible();
  await settle(page);
  let found = await violations(page, within);
  // A toast that arrived during the pass (new filing suggestions, sent live) was fading in: once more without it.
  if (found.length > 0 && (await toasts(page).count()) > 0) {
    await settle(page);
    found = await violations(page, within);
  }
  expect.soft(found, `axe on ${screen}`).toEqual([]);
}

/** Opens an item of the listing in the viewer, checks the viewer, and closes it. */
async function checkViewer(page: Page, screen: string, name: string, dialogName: string | RegExp = name) {
  await expect(row(page, name), `${name} is listed`).toBeVisible();
  await row(page, name).dblclick();
  const viewer = page.getByRole('dialog', { name: dialogName });
  await check(page, screen, viewer);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

test('the desk, a binder, search and the viewer have no serious or critical violations', async ({
  page,
  request,
}) => {
  const desk = await seedEverything(request);
  await signInTo(page, desk);

  await check(page, 'desk list', row(page, 'tax-receipt.txt'));
  await page.getByText('Grid', { exact: true }).click();
  await check(page, 'desk grid', page.getByRole('gridcell', { name: 'Finance' }));
  await page.getByText('List', { exact: true }).click();
  await row(page, 'tax-receipt.txt').getByRole('checkbox', { name: 'Select tax-receipt.txt' }).check();
  await check(page, 'desk list with a selection', page.getByText('1 selected'));
  await row(page, 'tax-receipt.txt').getByRole('checkbox', { name: 'Select tax-receipt.txt' }).uncheck();
  await check(page, 'desk with its filing suggestions', await openSuggestions(page));
  await page.getByRole('button', { name: /^Suggestions/ }).click();

  await page.goto(`/my-desk/my-content/${desk.binder}`);
  await check(page, 'binder', row(page, 'Tax return notes'));
  await page.getByText('Grid', { exact: true }).click();
  await check(page, 'binder grid', page.getByRole('gridcell', { name: 'eiffel.jpg' }));
  await page.getByText('List', { exact: true }).click();
  await checkViewer(page, 'viewer of a note', 'Tax return notes');
  await checkViewer(page, 'viewer of a link', 'Tax portal');
  await checkViewer(page, 'viewer of a place', 'Tax office');
  await checkViewer(page, 'viewer of a text file', 'receipt-scan.txt');
  await checkViewer(page, 'viewer of an e-mail', 'invoice.eml');
  await checkViewer(page, 'viewer of a calendar file', 'family.ics');
  await checkViewer(page, 'viewer of an event', 'Garden party');
  await checkViewer(page, 'viewer of a photo', 'eiffel.jpg');

  await page.goto('/my-desk/search?q=tax');
  await check(
    page,
    'search results',
    page
      .getByRole('region', { name: 'Easio and the extension' })
      .getByRole('button', { name: 'Tax return notes' }),
  );
  await page.getByRole('combobox', { name: 'Search your desk' }).fill('invoice');
  await check(page, 'search suggestions', page.getByRole('option', { name: /^Invoice for March/ }));
});

test('every source page has no serious or critical violations', async ({ page, request }) => {
  const desk = await seedEverything(request);
  await signInTo(page, desk);

  await page.goto('/my-desk/mail');
  await check(page, 'mail', row(page, 'Invoice for March'));
  await checkViewer(page, 'viewer of an imported e-mail', 'Invoice for March');
  await page.goto('/my-desk/calender');
  await check(page, 'calendar list', page.getByText('Garden party'));
  await page.goto('/my-desk/calender?view=month');
  await check(page, 'calendar month', page.getByRole('button', { name: /Garden party/ }));
  await page.goto(`/my-desk/calender?view=week&day=${desk.partyDay}`);
  await check(page, 'calendar week', page.getByRole('button', { name: /Garden party/ }));
  await page.goto('/my-desk/calender?view=week&day=2020-01-01');
  await check(page, 'calendar week without events', page.getByText('No events this week'));
  await page.goto('/my-desk/gallery');
  await check(
    page,
    'gallery',
    page.getByRole('grid', { name: 'Gallery' }).getByRole('gridcell', { name: 'eiffel.jpg' }),
  );
  await page.goto('/my-desk/gallery?view=map');
  await check(page, 'gallery map', page.getByRole('group', { name: 'Map of where your photos were taken' }));
  await page.goto('/my-desk/whatsApp');
  await check(page, 'WhatsApp', row(page, 'Flat papers are at https://example.com/flat'));
  for (const [path, title] of [
    ['drive', 'Google Drive'],
    ['dropBox', 'Dropbox'],
    ['extension', 'Extension'],
  ] as const) {
    await page.goto(`/my-desk/${path}`);
    await check(page, title, page.getByText(`Nothing from ${title} yet`));
  }
});

test('Trash, My Sources, My Workspace, Settings, Profile and Help have no serious or critical violations', async ({
  page,
  request,
}) => {
  const desk = await seedEverything(request);
  await signInTo(page, desk);

  const pages: [string, string][] = [
    ['/trash', 'Old shopping list'],
    ['/my-source', 'Calendar files and subscriptions'],
    ['/my-workspace', 'My Workspace'],
    ['/shared-workspace', 'Shared Workspace'],
    ['/team-desk', 'Team Desk'],
    ['/team-content', 'Team Content'],
    ['/settings', 'Your data'],
    ['/settings/sources', 'Your WhatsApp number, and where each source stands'],
    ['/settings/permissions', 'Permissions'],
    ['/settings/team', 'Team'],
    ['/profile', 'Profile'],
    ['/profile/notification', 'Notifications'],
    ['/profile/userManagement', 'User Management'],
    ['/profile/accounts', 'Accounts'],
    ['/profile/help', 'Help'],
  ];
  for (const [path, text] of pages) {
    await page.goto(path);
    await check(page, path, page.getByRole('main').getByText(text, { exact: false }));
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

  test('the desk, its menu and the viewer have no serious or critical violations', async ({
    page,
    request,
  }) => {
    const desk = await seedEverything(request);
    await signInTo(page, desk);
    const item = page.getByRole('row').filter({ hasText: 'tax-receipt.txt' });
    await check(page, 'phone desk', item);
    await page.getByRole('button', { name: 'Toggle sidebar' }).tap();
    await check(page, 'phone sidebar', page.getByRole('navigation', { name: 'Sidebar' }));
    await page.getByRole('button', { name: 'Toggle sidebar' }).tap();
    await item.tap();
    await check(page, 'phone viewer', page.getByRole('dialog', { name: 'tax-receipt.txt' }));
  });
});
