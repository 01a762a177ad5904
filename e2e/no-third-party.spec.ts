import { expect, test } from '@playwright/test';
import { signUpToStep3, uniqueUser } from './helpers';

test('signing up, using the desk and searching call nothing but the app’s own server', async ({
  page,
  baseURL,
}) => {
  const own = new URL(baseURL as string);
  const called: string[] = [];
  page.on('request', (request) => called.push(request.url()));
  page.on('websocket', (socket) => called.push(socket.url()));
  const elsewhere = () =>
    called.filter((url) => {
      const u = new URL(url);
      if (u.protocol === 'data:' || u.protocol === 'blob:') return false;
      return u.hostname !== own.hostname || u.port !== own.port;
    });

  // Sign up through the wizard.
  const user = uniqueUser();
  await page.goto('/');
  await signUpToStep3(page, user, ['WhatsApp']);

  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page).toHaveURL(/\/my-desk/);

  // Use the desk: upload a file, open the suggestions, visit a source page and the settings.
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload files' }).click();
  await (await chooser).setFiles({
    name: 'boarding-pass.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Boarding pass BLR to DEL, seat 14C'),
  });
  await expect(page.getByText('1 file uploaded')).toBeVisible();
  await page.goto('/my-desk/gallery');
  await page.goto('/settings/sources');
  await expect(page.getByLabel('WhatsApp number')).toBeVisible();

  // Search.
  await page.goto('/my-desk');
  await page.getByRole('combobox', { name: 'Search your desk' }).fill('boarding');
  await page.getByRole('combobox', { name: 'Search your desk' }).press('Enter');
  await expect(page.getByText('boarding-pass.txt').first()).toBeVisible();
  await page.waitForLoadState('networkidle');

  expect(called.length).toBeGreaterThan(20);
  expect(elsewhere()).toEqual([]);
});
