import { expect, type Page, test } from '@playwright/test';
import { createUser, signedInNewUser, signIn, signUpToStep3, uniqueUser } from './helpers';

/** The checklist item with this label, as its text ends: '(done)' or '(not yet)'. */
const item = (page: Page, label: string) => page.getByRole('listitem').filter({ hasText: label });

async function expectChecklist(page: Page, done: string[], notYet: string[]) {
  for (const label of done) await expect(item(page, label)).toContainText('(done)');
  for (const label of notYet) await expect(item(page, label)).toContainText('(not yet)');
}

const stored = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

test('sign-up shows the password rule as a live checklist, and accepts a passphrase', async ({ page }) => {
  await page.goto('/signup');
  const password = page.getByLabel('Password', { exact: true });
  await password.fill('short1!');
  await expectChecklist(
    page,
    ['A lowercase letter', 'A digit', 'A symbol'],
    ['12 or more characters', '8 or more characters', 'An uppercase letter'],
  );
  await expect(page.getByRole('status').filter({ hasText: 'meets the rule' })).toHaveCount(0);

  // Shorter than 12: the mixed rule carries it (the - is a symbol).
  await password.fill('Horse-42');
  await expectChecklist(
    page,
    ['8 or more characters', 'An uppercase letter', 'A lowercase letter', 'A digit', 'A symbol'],
    ['12 or more characters'],
  );
  await expect(page.getByText('Your password meets the rule')).toBeVisible();
  await password.fill('Correct-Horse-42');
  await expectChecklist(page, ['12 or more characters', 'An uppercase letter', 'A symbol'], []);

  await password.fill('correct horse battery staple');
  await expectChecklist(page, ['12 or more characters'], ['An uppercase letter', 'A digit']);
  await expect(page.getByText('Your password meets the rule')).toBeVisible();
  // The box is described by its checklist, for screen readers.
  await expect(password).toHaveAccessibleDescription(/12 or more characters/);

  // The passphrase signs up.
  const user = { ...uniqueUser(), password: 'correct horse battery staple' };
  await signUpToStep3(page, user, ['Dropbox']);
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page).toHaveURL(/\/my-desk/);
});

test('the settings password change shows the same checklist once a new password is typed', async ({
  page,
  request,
}) => {
  await signedInNewUser(page, request);
  await page.goto('/settings');
  const next = page.getByLabel('New Password');
  await expect(next).toBeVisible();
  await expect(item(page, 'An uppercase letter')).toHaveCount(0);
  await next.fill('abcdefgh');
  await expectChecklist(
    page,
    ['8 or more characters', 'A lowercase letter'],
    ['An uppercase letter', 'A symbol'],
  );
  await next.fill('Éléphant rose 7');
  await expect(page.getByText('Your password meets the rule')).toBeVisible();
});

test('a wrong password is explained on the form, and the password box takes the focus', async ({
  page,
  request,
}) => {
  const user = await createUser(request);
  await signIn(page, user.email, 'Wrong-pass-1');
  const alert = page.getByRole('alert').filter({ hasText: 'Incorrect username or password' });
  await expect(alert).toBeVisible();
  await expect(page.getByLabel('Password')).toBeFocused();
  await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Username (e-mail)')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/login$/);
  // Typing again clears it.
  await page.getByLabel('Password').fill(user.password);
  await expect(alert).toHaveCount(0);
});

test('a throttled sign-in says how long to wait and keeps Sign in off until then', async ({ page }) => {
  const detail = 'Too many failed sign-in attempts. Try again in 3 seconds.';
  await page.route('**/api/auth/token', (route) =>
    route.fulfill({ status: 429, headers: { 'retry-after': '3' }, json: { detail } }),
  );
  await signIn(page, 'someone@example.com', 'Whatever-123');
  const alert = page.getByRole('alert').filter({ hasText: detail });
  await expect(alert).toBeVisible();
  await expect(alert).toBeFocused();
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled({ timeout: 6000 });
  await expect(alert).toHaveCount(0);
});

test('a server out of reach is explained on the form', async ({ page }) => {
  await page.route('**/api/auth/token', (route) => route.abort('connectionrefused'));
  await signIn(page, 'someone@example.com', 'Whatever-123');
  const alert = page.getByRole('alert').filter({ hasText: 'Easio could not be reached' });
  await expect(alert).toBeVisible();
  await expect(alert).toBeFocused();
});

test('a deep link survives signing in, and ?next= never leaves the app', async ({ page, request }) => {
  const user = await createUser(request);
  await page.goto('/settings/sources');
  await expect(page).toHaveURL(/\/login\?next=%2Fsettings%2Fsources$/);
  await page.getByLabel('Username (e-mail)').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/settings\/sources$/);

  // Signed in, /login?next= goes straight there; another origin is never followed.
  await page.goto('/login?next=%2Fprofile');
  await expect(page).toHaveURL(/\/profile$/);
  await page.goto('/signout');
  await expect(page).toHaveURL(/\/login$/);
  for (const next of ['https://example.org/', '//example.org/x', '/\\example.org']) {
    await page.goto(`/login?next=${encodeURIComponent(next)}`);
    await page.getByLabel('Username (e-mail)').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/my-desk/);
    await page.goto('/signout');
    await expect(page).toHaveURL(/\/login$/);
  }
});

test('a leftover wizard never switches the signed-in account, and signing in or out clears it', async ({
  page,
  context,
  request,
}) => {
  // A abandons the wizard after registering: their session waits under tempUser.
  const abandoned = uniqueUser();
  await signUpToStep3(page, abandoned, ['Dropbox']);
  await expect(page.getByRole('button', { name: 'Finish' })).toBeVisible();
  const leftover = await stored(page, 'tempUser');
  expect(leftover).toContain(abandoned.email);

  // B signs in on this browser: the leftover wizard is dropped.
  const owner = await createUser(request);
  await signIn(page, owner.email, owner.password);
  await expect(page).toHaveURL(/\/my-desk/);
  expect(await stored(page, 'tempUser')).toBeNull();
  expect(await stored(page, 'activeStep')).toBeNull();

  // Even wizard data put back (another tab's, an old version's) does not open the wizard for B.
  await page.evaluate((temp) => {
    localStorage.setItem('tempUser', temp as string);
    localStorage.setItem('activeStep', '2');
  }, leftover);
  await page.goto('/signup');
  await expect(page).toHaveURL(/\/my-desk/);
  expect(JSON.parse((await stored(page, 'user')) ?? '{}').email).toBe(owner.email);

  // Signing out clears it too.
  await page.goto('/signout');
  await expect(page).toHaveURL(/\/login$/);
  expect(await stored(page, 'tempUser')).toBeNull();

  // A wizard open in one tab while someone signs in in another: Finish keeps that person signed in.
  const third = uniqueUser();
  await signUpToStep3(page, third, ['Dropbox']);
  const other = await context.newPage();
  await signIn(other, owner.email, owner.password);
  await expect(other).toHaveURL(/\/my-desk/);
  await expect(page).toHaveURL(/\/my-desk/);
  expect(JSON.parse((await stored(page, 'user')) ?? '{}').email).toBe(owner.email);
  expect(await stored(page, 'tempUser')).toBeNull();
  await other.close();
});
