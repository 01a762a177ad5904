import { expect, type Page, test } from '@playwright/test';
import { signedInNewUser, violations } from './helpers';

const tokenOf = (page: Page) =>
  page.evaluate(
    () => (JSON.parse(localStorage.getItem('user') ?? '{}') as { access_token: string }).access_token,
  );

test('notification preferences are kept with the account', async ({ page, request }) => {
  await signedInNewUser(page, request);
  await page.goto('/profile/notification');
  const toggle = page.getByRole('switch', { name: 'Tell me when new filing suggestions are ready' });
  await expect(toggle).toBeChecked();
  await expect(toggle).toBeEnabled();
  await toggle.click({ force: true });
  await expect(toggle).not.toBeChecked();
  await page.reload();
  await expect(toggle).not.toBeChecked();
  expect(await violations(page)).toEqual([]);
});

test('the user sees where they are signed in, signs one device out, then every other', async ({
  page,
  request,
}) => {
  const user = await signedInNewUser(page, request);
  const before = await tokenOf(page);
  const signInElsewhere = async () => {
    const res = await request.post('/api/auth/token', {
      form: { username: user.email, password: user.password },
    });
    return ((await res.json()) as { access_token: string }).access_token;
  };
  const works = async (token: string) =>
    (await request.get('/api/auth/users/me/', { headers: { authorization: `Bearer ${token}` } })).status() ===
    200;

  const phone = await signInElsewhere();
  await page.goto('/profile/userManagement');
  await expect(page.getByText(`Signed in as ${user.email}.`)).toBeVisible();
  const signIns = page.getByRole('table', { name: 'Where you are signed in' });
  await expect(signIns.getByRole('row')).toHaveCount(3);
  await expect(signIns.getByText('This device')).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await signIns.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByText('That device is signed out')).toBeVisible();
  await expect(signIns.getByRole('row')).toHaveCount(2);
  expect(await works(phone)).toBe(false);
  expect(await works(before)).toBe(true);

  const laptop = await signInElsewhere();
  await page.waitForTimeout(1100); // token times have one-second resolution
  await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(page.getByText('Signed out of every other device')).toBeVisible();
  expect(await works(laptop)).toBe(false);
  expect(await works(before)).toBe(false);
  expect(await tokenOf(page)).not.toBe(before);
  expect(await works(await tokenOf(page))).toBe(true);
  await page.goto('/my-desk');
  await expect(page.getByRole('heading', { name: 'My Desk' })).toBeVisible();
});

test('the connected accounts turn WhatsApp off; help answers questions', async ({ page, request }) => {
  await signedInNewUser(page, request);
  await page.goto('/settings/sources');
  await page.getByLabel('WhatsApp number').fill('9876543210');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(
    page.getByRole('group', { name: 'WhatsApp' }).getByText('connected', { exact: true }),
  ).toBeVisible();

  await page.goto('/profile/accounts');
  const whatsapp = page.getByRole('button', { name: 'Disconnect WhatsApp' });
  await expect(page.getByText(/^\+\d+9876543210$/)).toBeVisible();
  await whatsapp.click();
  await expect(whatsapp).toBeHidden();
  // Google Drive, Gmail, Google Calendar, Dropbox and now WhatsApp.
  await expect(page.getByText('not connected')).toHaveCount(5);

  await page.goto('/profile/help');
  await page.getByRole('button', { name: 'How do I get everything out, or leave?' }).click();
  await expect(page.getByText('Settings › Your data downloads one ZIP', { exact: false })).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test('team and permissions say plainly they are not available yet, with nothing to press', async ({
  page,
  request,
}) => {
  await signedInNewUser(page, request);
  await page.goto('/settings/team');
  const main = page.getByRole('main');
  await expect(main.getByText('Not available yet', { exact: true })).toBeVisible();
  await expect(main).toContainText('no one else can see what you keep');
  await expect(main.getByRole('table')).toHaveCount(0);
  await expect(main.getByRole('button', { name: 'Add Member' })).toHaveCount(0);
  expect(await violations(page)).toEqual([]);
  await page.goto('/settings/permissions');
  await expect(main.getByText('Not available yet', { exact: true })).toBeVisible();
  await expect(main.getByRole('switch')).toHaveCount(0);
  expect(await violations(page)).toEqual([]);
});

test('a user sets a profile picture, seen in the top bar, and removes it', async ({ page, request }) => {
  await signedInNewUser(page, request);
  await page.goto('/profile');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Change picture' }).click();
  await (await chooser).setFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    ),
  });
  await expect(page.getByText('Picture saved')).toBeVisible();
  const topBarPicture = page.getByRole('banner').getByRole('img');
  await expect(topBarPicture).toHaveAttribute('src', /^data:image\/webp;base64,/);
  await page.getByRole('button', { name: 'Remove picture' }).click();
  await expect(page.getByText('Picture removed')).toBeVisible();
  await expect(page.getByRole('banner').locator('img[src^="data:"]')).toHaveCount(0);
});
