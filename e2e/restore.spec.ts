import { expect, test } from '@playwright/test';
import { createUser, signedInNewUser, violations } from './helpers';

test('a user restores the export of another account from Settings › Your data, twice adding nothing', async ({
  page,
  request,
}) => {
  // The account the export comes from, made and exported through the API.
  const before = await createUser(request);
  const token = await request
    .post('/api/auth/token', { form: { username: before.email, password: before.password } })
    .then((r) => r.json() as Promise<{ access_token: string }>);
  const headers = { authorization: `Bearer ${token.access_token}` };
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
  const ticket = await request
    .post('/api/account/export', { headers })
    .then((r) => r.json() as Promise<{ url: string }>);
  const zip = await (await request.get(ticket.url)).body();

  await signedInNewUser(page, request);
  await page.goto('/settings');
  const restoreFrom = async () => {
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Restore from an export' }).click();
    await (await chooser).setFiles({ name: 'easio-export.zip', mimeType: 'application/zip', buffer: zip });
  };
  await restoreFrom();
  await expect(page.getByRole('status').filter({ hasText: 'in the export' })).toHaveText(
    '2 items and 1 file in the export, 2 restored.',
  );
  expect(await violations(page)).toEqual([]);
  await restoreFrom();
  await expect(page.getByRole('status').filter({ hasText: 'in the export' })).toHaveText(
    '2 items and 1 file in the export, 0 restored, 2 already restored before.',
  );

  const broken = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Restore from an export' }).click();
  await (await broken).setFiles({
    name: 'notes.zip',
    mimeType: 'application/zip',
    buffer: zip.subarray(0, 100),
  });
  await expect(page.getByRole('alert').filter({ hasText: 'nothing was restored' })).toBeVisible();

  await page.goto('/my-desk');
  await expect(page.getByText('Bank', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('lease.txt', { exact: true }).first()).toBeVisible();
});
