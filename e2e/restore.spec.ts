import { expect, test } from '@playwright/test';
import { strToU8, zipSync } from 'fflate';
import { accountOn, crashableServer, importUnderWay, signInOn } from './crash-server';
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

test('a restore cut off by a server crash says so under Your data with Resume, which finishes it', async ({
  page,
  request,
}) => {
  test.setTimeout(420_000);
  const notes = 2000;
  const objects = [
    { id: 'desk', parent_id: null, data_type: 'root_object', name: 'My Desk', tags: [], metadata: {} },
    ...Array.from({ length: notes }, (_, i) => ({
      id: `note-${i}`,
      parent_id: 'desk',
      data_type: 'note_object',
      name: `Note ${i}`,
      content: `What I wrote down, number ${i}`,
      tags: [],
      metadata: {},
      item_date: '2024-01-02T03:04:05.000Z',
      folder_path: 'My Desk',
    })),
  ];
  const manifest = { format: 'easio-export', version: 1, exported_at: '2024-01-03T00:00:00Z', objects };
  const zip = Buffer.from(zipSync({ 'easio.json': strToU8(JSON.stringify(manifest)) }));
  const server = crashableServer(3);
  try {
    await server.start();
    const user = await accountOn(request, server.base);
    const upload = {
      path: '/api/account/restore',
      name: 'easio-export.zip',
      mimeType: 'application/zip',
      buffer: zip,
    };
    await importUnderWay(request, server.base, user.auth, upload, 3);
    await server.crash();
    await server.start();

    await signInOn(page, server.base, user);
    await page.goto(`${server.base}/settings`);
    const interrupted = page.getByRole('region', {
      name: 'Import interrupted: easio-export.zip (Easio export)',
    });
    await expect(interrupted).toBeVisible();
    await expect(interrupted).toContainText('imported so far');
    expect(await violations(page), 'an interrupted restore').toEqual([]);
    await interrupted.getByRole('button', { name: 'Resume' }).click();
    await expect(page.getByRole('region', { name: /easio-export\.zip/ })).toHaveCount(0, {
      timeout: 120_000,
    });
    const sources = await request.get(`${server.base}/api/sources`, { headers: user.auth });
    const restored = (
      (await sources.json()) as { connections: { service: string; items: number }[] }
    ).connections.find((c) => c.service === 'easio_export');
    expect(restored?.items, 'every note once').toBe(notes);
  } finally {
    await server.stop();
  }
});
