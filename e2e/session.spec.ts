import { expect, test } from '@playwright/test';
import { createUser, signIn } from './helpers';

test('a visitor on a protected page is sent to the login page', async ({ page }) => {
  await page.goto('/my-desk');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/trash');
  await expect(page).toHaveURL(/\/login\?next=%2Ftrash$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});

test('the login form shows its helper texts and needs both fields, but not the sign-up rule', async ({
  page,
}) => {
  await page.goto('/login');
  await expect(page.getByText('Enter username')).toBeVisible();
  await expect(page.getByText('Enter password')).toBeVisible();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('username required')).toBeVisible();
  await expect(page.getByText('password required')).toBeVisible();
  // A short password is the server's to refuse (accounts made under an earlier rule keep theirs).
  await page.getByLabel('Username (e-mail)').fill('someone');
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Incorrect username or password' })).toBeVisible();
});

test('a wrong password shows the failure message and stays on the login page', async ({ page, request }) => {
  const user = await createUser(request);
  await signIn(page, user.email, 'wrongpass1!');
  await expect(page.getByText('Incorrect username or password')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('a user signs in with a differently cased username, and is sent from /login to the desk', async ({
  page,
  request,
}) => {
  const user = await createUser(request);
  await signIn(page, `  ${user.username.toUpperCase()} `, user.password);
  await expect(page).toHaveURL(/\/my-desk/);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/my-desk/);
  await page.goto('/signup');
  await expect(page).toHaveURL(/\/my-desk/);
});

test('Sign Out clears the session', async ({ page, request }) => {
  const user = await createUser(request);
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/my-desk/);
  await page.getByRole('link', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => [localStorage.getItem('user'), localStorage.getItem('info')])).toEqual([
    null,
    null,
  ]);
  await page.goto('/my-desk');
  await expect(page).toHaveURL(/\/login$/);
});

test('Google sign-in on a server without Google says so', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByText('Google sign-in is not configured on this server')).toBeVisible();
});
