import { expect, test } from '@playwright/test';
import { uniqueUser } from './helpers';

test('a newcomer signs up through the four-step wizard and lands on the desk', async ({ page }) => {
  const user = uniqueUser();
  await page.goto('/signup');
  await expect(page.getByRole('button', { name: 'Previous Step' })).toBeDisabled();

  // Step 1: Register — the rules of spec section 5 are shown before anything is sent.
  await page.getByRole('button', { name: 'Next Step' }).click();
  await expect(page.getByText('username required')).toBeVisible();
  await expect(page.getByText('email required')).toBeVisible();

  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('combobox', { name: 'Region' }).fill('India');
  await page.getByRole('option', { name: /India \(\+91\)/ }).click();
  await page.getByLabel('Password', { exact: true }).fill('weak');
  await page.getByLabel('Confirm password').fill('different');
  await page.getByRole('button', { name: 'Next Step' }).click();
  await expect(
    page.getByText(
      'Needs 12 or more characters, or else 8 or more characters, an uppercase letter, a digit and a symbol',
    ),
  ).toBeVisible();
  await expect(page.getByText('Passwords must match')).toBeVisible();
  await expect(
    page.getByText('Confirm that you are 18 or over, or that a parent or guardian consents'),
  ).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm password').fill(user.password);
  await page.getByRole('radio', { name: 'I am 18 or over' }).check();
  await page.getByRole('button', { name: 'Next Step' }).click();

  // Step 2: Create Profile — at least one service.
  await expect(page.getByRole('checkbox', { name: 'Google Drive' })).toBeVisible();
  await page.getByRole('button', { name: 'Next Step' }).click();
  await expect(page.getByText('Please check one checkbox')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Google Drive' }).check();
  await page.getByRole('checkbox', { name: 'Dropbox' }).check();

  // The wizard survives a reload (a Google redirect would do the same).
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Google Drive' })).toBeChecked();
  await page.getByRole('button', { name: 'Next Step' }).click();

  // Step 3: Link Accounts — connectors this server lacks say so plainly.
  await expect(page.getByText('Google is not configured on this server')).toBeVisible();
  await expect(page.getByText('Dropbox is not configured on this server')).toBeVisible();
  await page.getByRole('button', { name: 'Finish' }).click();

  // Step 4: SetupFiles, then automatic sign-in into the desk.
  await expect(page).toHaveURL(/\/my-desk/);
  await expect(
    page.getByText(`Welcome, ${user.username[0]?.toUpperCase()}${user.username.slice(1)}`),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'My Desk' })).toBeVisible();
});

test('signing up with an e-mail that already has an account shows the server reason and stays on step 1', async ({
  page,
  request,
}) => {
  const user = uniqueUser();
  await request.post('/api/auth/signup', {
    data: {
      username: `${user.username}x`,
      email: user.email,
      hashed_password: user.password,
      region: '',
      age_confirmation: 'adult',
    },
  });
  await page.goto('/signup-org');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm password').fill(user.password);
  await page.getByRole('radio', { name: 'I am 18 or over' }).check();
  await page.getByRole('button', { name: 'Next Step' }).click();
  await expect(page.getByText('An account with this email already exists')).toBeVisible();
  await expect(page.getByLabel('Username')).toBeVisible();
});

test('the country is preselected from the server’s guess, else the browser’s language, else left for the visitor', async ({
  page,
}) => {
  const region = page.getByRole('combobox', { name: 'Region' });
  // The server places the visitor's address in India.
  await page.route('**/api/geo/country', (route) => route.fulfill({ json: { country: 'IN' } }));
  await page.goto('/signup');
  await expect(region).toHaveValue(/India \(\+91\)/);

  // It cannot place it: the browser's language (en-US here) decides.
  await page.unroute('**/api/geo/country');
  await page.route('**/api/geo/country', (route) => route.fulfill({ json: { country: null } }));
  await page.reload();
  await expect(region).toHaveValue(/United States \(\+1\)/);

  // The lookup fails: logged, and the country is left unset.
  await page.unroute('**/api/geo/country');
  const logged = page.waitForEvent(
    'console',
    (m) => m.type() === 'error' && m.text().includes('Could not guess'),
  );
  await page.route('**/api/geo/country', (route) => route.abort());
  await page.reload();
  await logged;
  await expect(region).toHaveValue('');
});
