import { expect, test } from '@playwright/test';
import { createUser, row, signIn, signUpToStep3, uniqueUser } from './helpers';

// Against the second test server, whose Dropbox is a loopback stand-in steered through /__test/.
const BASE = Number(process.env.E2E_PORT ?? 3100);
const FAKE_DROPBOX = `http://127.0.0.1:${BASE + 100}`;
test.use({ baseURL: `http://localhost:${BASE + 1}` });
// One after another: the refused-consent journey turns the stand-in's consent screen to refuse for a moment.
test.describe.configure({ mode: 'default' });

test('connects Dropbox from My Sources: the toast, the import, its folders kept, then disconnect', async ({
  page,
  request,
}) => {
  const user = await createUser(request);
  const tag = Date.now().toString(36);
  await request.post(`${FAKE_DROPBOX}/__test/put`, {
    data: { path: `/Taxes ${tag}/return-${tag}.txt`, content: 'return' },
  });
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/my-desk/);
  await page.goto('/my-source');
  const card = page.getByRole('region', { name: 'Dropbox' });
  await card.getByRole('button', { name: 'Connect Dropbox' }).click();
  await expect(page.getByText('dropbox successfully connected')).toBeVisible();
  await expect(page).not.toHaveURL(/dropbox=connected|code=|state=/);
  await expect(card.getByText('Connected', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(card.getByText(/Account: ada@dropbox\.example/)).toBeVisible();

  await card.getByRole('link', { name: 'See its items' }).click();
  await expect(page).toHaveURL(/\/my-desk\/dropBox$/);
  await expect(row(page, `return-${tag}.txt`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Dropbox sync' })).toContainText(/Synced/);

  await page.goto('/my-source');
  await card.getByRole('button', { name: 'Disconnect' }).click();
  await page
    .getByRole('dialog', { name: 'Disconnect Dropbox?' })
    .getByRole('button', { name: 'Disconnect' })
    .click();
  await expect(page.getByText('Dropbox disconnected', { exact: true })).toBeVisible();
  await expect(card.getByText('Not connected')).toBeVisible();
});

test('a refused Dropbox consent is said on My Sources, and the card stays unconnected', async ({
  page,
  request,
}) => {
  const user = await createUser(request);
  await request.post(`${FAKE_DROPBOX}/__test/deny`, { data: { deny: true } });
  try {
    await signIn(page, user.email, user.password);
    await expect(page).toHaveURL(/\/my-desk/);
    await page.goto('/my-source');
    const card = page.getByRole('region', { name: 'Dropbox' });
    await card.getByRole('button', { name: 'Connect Dropbox' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'The source was not connected' });
    await expect(alert).toContainText(/Dropbox/);
    await expect(page).not.toHaveURL(/error=/);
    await expect(card.getByText('Not connected')).toBeVisible();
    await alert.getByRole('button', { name: 'Dismiss' }).click();
    await expect(alert).toHaveCount(0);
  } finally {
    await request.post(`${FAKE_DROPBOX}/__test/deny`, { data: { deny: false } });
  }
});

test('connects Dropbox from the signup wizard and comes back to the same step', async ({ page }) => {
  const user = uniqueUser();
  await signUpToStep3(page, user, ['Dropbox']);
  await page.getByRole('button', { name: 'Connect Dropbox' }).click();
  await expect(page.getByText('dropbox successfully connected')).toBeVisible();
  await expect(page.getByText('Your Dropbox is being imported onto your desk.')).toBeVisible();
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page).toHaveURL(/\/my-desk/);
});
