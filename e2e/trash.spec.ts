import { expect, type Page, test } from '@playwright/test';
import { row, signedInNewUser, violations } from './helpers';

async function newNote(page: Page, text: string) {
  await page.getByRole('button', { name: 'Add' }).click();
  await page.getByRole('menuitem', { name: 'New note' }).click();
  const dialog = page.getByRole('dialog', { name: 'New note' });
  await dialog.getByLabel('Name').fill(text);
  await dialog.getByLabel('Note').fill(text);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, text)).toBeVisible();
}

async function deleteRow(page: Page, name: string) {
  await row(page, name).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
}

test('deleting goes to the Trash: Undo brings it back, the Trash restores it or deletes it for good', async ({
  page,
  request,
}) => {
  await signedInNewUser(page, request);
  await expect(page.getByRole('button', { name: 'Upload files' })).toBeVisible();
  await newNote(page, 'Dentist on Tuesday');
  await newNote(page, 'Old shopping list');
  await newNote(page, 'Expired coupon');

  // Undo right after deleting puts the note back where it was.
  await deleteRow(page, 'Dentist on Tuesday');
  const toast = page.locator('.mantine-Notification-root').filter({ hasText: 'Note moved to the Trash' });
  await expect(toast).toBeVisible();
  await expect(row(page, 'Dentist on Tuesday')).toHaveCount(0);
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('1 item restored')).toBeVisible();
  await expect(row(page, 'Dentist on Tuesday')).toBeVisible();

  // The dialog says where deleted things go, and for how long.
  await row(page, 'Old shopping list').getByRole('checkbox').check();
  await row(page, 'Expired coupon').getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete 2 items?' });
  await expect(confirm).toContainText('They wait in the Trash for 30 days');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('2 items moved to the Trash')).toBeVisible();
  await expect(row(page, 'Old shopping list')).toHaveCount(0);

  // The Trash lists them with where they were; one is restored, the other deleted for good.
  await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Trash' }).click();
  await expect(page.getByRole('heading', { name: 'Trash' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Deleted items' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('row', { name: /Old shopping list/ })).toContainText('My Desk');
  expect(await violations(page)).toEqual([]);
  await table.getByRole('button', { name: 'Restore Old shopping list' }).click();
  // The toast of the first restore may still be up: the newest is this one's.
  await expect(page.getByText('1 item restored').last()).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByRole('checkbox', { name: 'Choose Expired coupon' }).check();
  await page.getByRole('button', { name: 'Delete for good' }).click();
  await page
    .getByRole('dialog', { name: 'Delete 1 item for good?' })
    .getByRole('button', { name: 'Delete for good' })
    .click();
  await expect(page.getByText('1 item deleted for good')).toBeVisible();
  await expect(page.getByText('The Trash is empty')).toBeVisible();

  await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'My Desk' }).click();
  await expect(row(page, 'Old shopping list')).toBeVisible();
  await expect(row(page, 'Dentist on Tuesday')).toBeVisible();
  await expect(row(page, 'Expired coupon')).toHaveCount(0);
});

test('a move offers Undo, which puts each item back where it was', async ({ page, request }) => {
  await signedInNewUser(page, request);
  await expect(page.getByRole('button', { name: 'Upload files' })).toBeVisible();
  await page.getByRole('button', { name: 'New drawer' }).click();
  const dialog = page.getByRole('dialog', { name: 'New drawer' });
  await dialog.getByLabel('Name').fill('Health');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(row(page, 'Health')).toBeVisible();
  await newNote(page, 'Blood test results');

  await row(page, 'Blood test results').getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Move to…' }).click();
  const moveDialog = page.getByRole('dialog', { name: 'Move to…' });
  await moveDialog.getByRole('radio', { name: 'Health' }).check();
  await moveDialog.getByRole('button', { name: 'Move' }).click();
  const toast = page.locator('.mantine-Notification-root').filter({ hasText: '1 item moved to Health' });
  await expect(toast).toBeVisible();
  await expect(row(page, 'Blood test results')).toHaveCount(0);
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('1 item back where it was')).toBeVisible();
  await expect(row(page, 'Blood test results')).toBeVisible();
});
