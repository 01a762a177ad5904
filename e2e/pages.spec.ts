import { expect, test } from '@playwright/test';
import { createUser, signIn } from './helpers';

test('an unknown path shows the not-found page', async ({ page }) => {
  await page.goto('/there/is/nothing/here');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('the landing page pitches Easio and links to sign-up, login and privacy', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: /sign up/i }).first()).toHaveAttribute('href', '/signup');
  await expect(page.getByRole('link', { name: /log ?in|sign in/i }).first()).toHaveAttribute(
    'href',
    '/login',
  );
  await expect(page.getByRole('link', { name: /privacy/i }).first()).toHaveAttribute('href', '/privacy');
  await page
    .getByRole('link', { name: /privacy/i })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'Privacy Notice' })).toBeVisible();
});

test('Why, About and Contact open their sections of the landing page, with the operator to write to', async ({
  page,
}) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Why' }).click();
  await expect(page).toHaveURL(/\/#why$/);
  await expect(page.getByRole('heading', { name: 'Why Easio' })).toBeInViewport();
  await page.goto('/about');
  await expect(page.getByRole('heading', { name: 'About', exact: true })).toBeInViewport();
  await page.goto('/contact');
  const contact = page.getByRole('region', { name: 'Contact' });
  await expect(contact).toBeInViewport();
  await expect(contact.getByRole('link', { name: 'privacy@easio.example' })).toHaveAttribute(
    'href',
    'mailto:privacy@easio.example',
  );
  await expect(contact).toContainText('1 Quay Street, Dublin');
  await expect(page.getByText(/waitlist/i)).toHaveCount(0);

  await page.goto('/privacy#contact');
  await expect(
    page
      .getByRole('region', { name: /How can you contact us/ })
      .getByRole('link', { name: 'privacy@easio.example' }),
  ).toBeVisible();
});

test('a signed-in person keeps a way into the app from the public pages and a dead link', async ({
  page,
  request,
}) => {
  const user = await createUser(request);
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/my-desk/);

  await page.goto('/there/is/nothing/here');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'My Workspace' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to my desk' }).click();
  await expect(page).toHaveURL(/\/my-desk/);

  await page.goto('/privacy');
  await page.getByRole('link', { name: 'Go to my desk' }).click();
  await expect(page).toHaveURL(/\/my-desk/);

  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Sign up' })).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Go to my desk' }).click();
  await expect(page).toHaveURL(/\/my-desk/);
});

test('the sidebar reaches every page, and coming-soon entries are blocked', async ({ page, request }) => {
  const user = await createUser(request);
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/my-desk/);
  await page.getByRole('link', { name: 'My Sources' }).click();
  await expect(page).toHaveURL(/\/my-source$/);
  await page.getByRole('link', { name: 'My Desk' }).click();
  await expect(page).toHaveURL(/\/my-desk\/my-content$/);
  const teamDesk = page.getByRole('button', { name: /Team Desk/ });
  await expect(teamDesk).toHaveAttribute('aria-disabled', 'true');
  await teamDesk.click({ force: true });
  await expect(page).toHaveURL(/\/my-desk\/my-content$/);
  await page.getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText(user.email)).toBeVisible();
});

test('a user edits the profile, changes the password, signs out and back in with it', async ({
  page,
  request,
}) => {
  const user = await createUser(request);
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/my-desk/);
  await page.goto('/settings');
  await page.getByLabel('Full Name').fill('Ada Lovelace');
  await page.getByLabel('Current Password').fill(user.password);
  await page.getByLabel('New Password').fill('Newpass12!');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile saved')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Full Name')).toHaveValue('Ada Lovelace');

  await page.getByRole('link', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, user.email, user.password);
  await expect(page.getByText('Incorrect username or password')).toBeVisible();
  await signIn(page, user.email, 'Newpass12!');
  await expect(page).toHaveURL(/\/my-desk/);
});
