import { expect, test } from '@playwright/test';
import { createUser, signIn, violations } from './helpers';

test('public pages label every field and link', async ({ page }) => {
  await page.goto('/contact');
  await expect(page.getByRole('heading', { name: 'Contact' })).toBeInViewport();
  expect(await violations(page), '/').toEqual([]);
  for (const [path, ready] of [
    ['/login', 'Username (e-mail)'],
    ['/signup', 'Confirm password'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByLabel(ready)).toBeVisible();
    expect(await violations(page), path).toEqual([]);
  }
});

test('the signed-in pages label every field', async ({ page, request }) => {
  const user = await createUser(request);
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/my-desk/);
  expect(await violations(page), '/my-desk').toEqual([]);
  await page.goto('/settings');
  await expect(page.getByLabel('Full Name')).toBeVisible();
  expect(await violations(page), '/settings').toEqual([]);
});

test('the desk labels every control, in the list, the grid, the dialogs and the viewer', async ({
  page,
  request,
}) => {
  // A dozen full axe passes over the desk, the viewer and search: more than the default 30 s on a busy machine.
  test.setTimeout(150_000);
  // A toast fading in or out has text at partial opacity: check once the toasts have gone.
  const settled = () => expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
  const user = await createUser(request);
  await signIn(page, user.email, user.password);
  await expect(page.getByRole('button', { name: 'Upload files' })).toBeVisible();

  // An empty desk, then one with a drawer and a note.
  expect(await violations(page), 'empty desk').toEqual([]);
  await page.getByRole('button', { name: 'New drawer' }).click();
  expect(await violations(page), 'new drawer dialog').toEqual([]);
  await page.getByRole('dialog', { name: 'New drawer' }).getByLabel('Name').fill('Letters');
  await page.getByRole('button', { name: 'Create' }).click();
  await page.getByRole('button', { name: 'Add' }).click();
  await page.getByRole('menuitem', { name: 'New note' }).click();
  await page.getByRole('dialog', { name: 'New note' }).getByLabel('Note').fill('Call the bank');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('checkbox', { name: 'Select Call the bank' })).toBeVisible();
  await settled();
  expect(await violations(page), '/my-desk list').toEqual([]);

  await page.getByText('Grid', { exact: true }).click();
  await expect(page.getByRole('gridcell', { name: 'Letters' })).toBeVisible();
  await settled();
  expect(await violations(page), '/my-desk grid').toEqual([]);
  await page.getByText('List', { exact: true }).click();

  // A selection puts its actions where the tools were.
  await page.getByRole('checkbox', { name: 'Select Call the bank' }).check();
  await expect(page.getByText('1 selected')).toBeVisible();
  expect(await violations(page), '/my-desk list with a selection').toEqual([]);

  await page.getByRole('button', { name: 'Move to…' }).click();
  await expect(page.getByRole('radio', { name: 'Letters' })).toBeVisible();
  await settled();
  expect(await violations(page), 'move dialog').toEqual([]);
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Open', exact: true }).click();
  // A note never named: titled as such, its text shown once below.
  await expect(page.getByRole('dialog', { name: 'Untitled note' })).toBeVisible();
  await settled();
  expect(await violations(page), 'viewer').toEqual([]);
  await page.keyboard.press('Escape');

  // Search: the suggestions, the filter popup and the results page.
  await page.getByRole('combobox', { name: 'Search your desk' }).fill('bank');
  await expect(page.getByRole('option', { name: /^Call the bank/ })).toBeVisible();
  await settled();
  expect(await violations(page), 'search suggestions').toEqual([]);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('checkbox', { name: 'Select Call the bank' })).toBeVisible();
  await settled();
  expect(await violations(page), '/my-desk/search').toEqual([]);
  await page.getByRole('button', { name: 'Search filters' }).click();
  await page.getByRole('dialog', { name: 'Search filters' }).getByRole('radio', { name: 'Custom' }).check();
  await expect(page.getByLabel('From')).toBeVisible();
  expect(await violations(page), 'search filters').toEqual([]);
  await page.keyboard.press('Escape');

  await page.goto('/my-desk/gallery');
  await expect(page.getByText('No photos yet', { exact: true })).toBeVisible();
  expect(await violations(page), '/my-desk/gallery').toEqual([]);
  await page.goto('/my-source');
  await expect(page.getByRole('region', { name: 'Uploads' })).toBeVisible();
  expect(await violations(page), '/my-source').toEqual([]);
});
