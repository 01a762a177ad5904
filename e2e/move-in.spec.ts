import { expect, test } from '@playwright/test';
import { CHROME_BOOKMARKS } from '../apps/server/src/test/move-in-samples';
import { signedInNewUser, violations } from './helpers';

test('moves a browser bookmarks file in from My Sources, listing the bookmark it could not take', async ({
  page,
  request,
}) => {
  await signedInNewUser(page, request);
  await page.goto('/my-source');
  const card = page.getByRole('region', { name: 'Import from another app' });
  const chooser = page.waitForEvent('filechooser');
  await card.getByRole('button', { name: 'Browser bookmarks (.html)' }).click();
  await (await chooser).setFiles({
    name: 'bookmarks_27_11_2026.html',
    mimeType: 'text/html',
    buffer: Buffer.from(CHROME_BOOKMARKS),
  });
  await expect(page.getByText('5 entries read, 9 items imported, 1 could not be imported')).toBeVisible();
  await card.getByRole('button', { name: /1 entry from Browser bookmarks could not be imported/ }).click();
  await expect(card.getByText('Say hi')).toBeVisible();
  await expect(card.getByText(/Not a web address/)).toBeVisible();
  expect(await violations(page), 'the card with its failures shown').toEqual([]);

  // The same file again adds nothing.
  const again = page.waitForEvent('filechooser');
  await card.getByRole('button', { name: 'Browser bookmarks (.html)' }).click();
  await (await again).setFiles({
    name: 'bookmarks_27_11_2026.html',
    mimeType: 'text/html',
    buffer: Buffer.from(CHROME_BOOKMARKS),
  });
  await expect(page.getByText(/0 items imported, 9 already on your desk/)).toBeVisible();

  await page.goto('/my-desk');
  await expect(page.getByText('Recipes', { exact: true }).first()).toBeVisible();
});
