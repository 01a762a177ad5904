import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { unzipSync } from 'fflate';
import { PASSWORD, signedInNewUser, signIn, violations } from './helpers';

const tokenOf = (page: Page) =>
  page.evaluate(
    () => (JSON.parse(localStorage.getItem('user') ?? '{}') as { access_token: string }).access_token,
  );

test('a user downloads all their data, then deletes the account and cannot sign in again', async ({
  page,
  request,
}) => {
  const user = await signedInNewUser(page, request);
  const headers = { authorization: `Bearer ${await tokenOf(page)}` };
  const note = await request.post('/api/desk/items', {
    headers,
    data: { data_type: 'note_object', name: 'Bank', content: 'Call the bank about the loan' },
  });
  expect(note.status()).toBe(200);
  const upload = await request.post('/api/desk/uploads', {
    headers,
    multipart: {
      files: { name: 'lease.txt', mimeType: 'text/plain', buffer: Buffer.from('Flat lease, 12 months') },
    },
  });
  expect(upload.status()).toBe(200);

  await page.goto('/settings');
  const yourData = page.getByRole('heading', { name: 'Your data' });
  await expect(yourData).toBeVisible();
  expect(await violations(page)).toEqual([]);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^easio-export-\d{4}-\d{2}-\d{2}\.zip$/);
  await expect(page.getByRole('status').filter({ hasText: 'Your download has started' })).toContainText(
    '3 items and 1 files',
  );
  const entries = unzipSync(new Uint8Array(await readFile((await download.path()) as string)));
  expect(Object.keys(entries).sort()).toEqual(['easio.json', 'files/My Desk/lease.txt']);
  const data = JSON.parse(Buffer.from(entries['easio.json'] ?? []).toString()) as {
    account: { email: string };
    objects: { name: string; content: string | null }[];
  };
  expect(data.account.email).toBe(user.email);
  expect(data.objects.find((o) => o.name === 'Bank')?.content).toBe('Call the bank about the loan');

  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByRole('button', { name: 'Delete for good' }).click();
  await expect(dialog.getByText('Enter your password')).toBeVisible();
  await dialog.getByLabel('Password').fill('Wrong-password1!');
  await dialog.getByRole('button', { name: 'Delete for good' }).click();
  await expect(dialog.getByText('Password is incorrect')).toBeVisible();
  await dialog.getByLabel('Password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Delete for good' }).click();
  await expect(page.getByText('Your account and everything on your desk were deleted')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  expect((await request.get('/api/auth/users/me/', { headers })).status()).toBe(401);
  await signIn(page, user.email, user.password);
  await expect(page.getByText('Incorrect username or password')).toBeVisible();
});

test('a date of birth under 18 is refused unless a parent or guardian consents', async ({
  page,
  request,
}) => {
  await signedInNewUser(page, request);
  await page.goto('/settings');
  const minor = `${new Date().getUTCFullYear() - 12}-03-04`;
  await page.getByLabel('Date of Birth').fill(minor);
  const consent = page.getByLabel(
    "I am this person's parent or guardian, and I consent to their use of Easio",
  );
  await expect(consent).toBeVisible();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Easio is for people of 18 and over', { exact: false })).toBeVisible();
  await consent.check();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile saved')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Date of Birth')).toHaveValue(minor);
});
