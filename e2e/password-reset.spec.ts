import { type APIRequestContext, expect, test } from '@playwright/test';
import { createUser, signIn, violations } from './helpers';

// Against the second test server, whose mail goes to a real SMTP server; what arrived is read from
// its inbox (scripts/e2e-providers.mjs).
const BASE = Number(process.env.E2E_PORT ?? 3100);
const APP = `http://localhost:${BASE + 1}`;
const INBOX = `http://127.0.0.1:${BASE + 98}`;
const NEW_PASSWORD = 'new-start42!';

interface Mail {
  subject: string;
  text: string;
  links: string[];
}

/** The newest mail to `address` with this subject, once it has arrived. */
async function mailTo(request: APIRequestContext, address: string, subject: string): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`${INBOX}/messages?to=${encodeURIComponent(address)}`);
        found = ((await res.json()) as Mail[]).filter((m) => m.subject === subject).at(-1);
        return found !== undefined;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found as Mail;
}

const linkIn = (mail: Mail, path: string) => {
  const link = mail.links.find((l) => l.startsWith(`${APP}${path}?token=`));
  expect(link, mail.text).toBeDefined();
  return link as string;
};

test.describe('with a mail server', () => {
  test.use({ baseURL: APP });

  test('a forgotten password: the link by mail, a new password, and only the new one signs in', async ({
    page,
    request,
  }) => {
    const user = await createUser(request);
    // A device signed in before the reset is signed out by it.
    const before = await request.post('/api/auth/token', {
      form: { username: user.email, password: user.password },
    });
    const { access_token: earlier } = (await before.json()) as { access_token: string };

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    expect(await violations(page), 'axe on the forgot-password screen').toEqual([]);
    await page.getByLabel('E-mail address').fill(user.email);
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await expect(page.getByText("If an account uses that address, we've sent it a link")).toBeVisible();

    const mail = await mailTo(request, user.email, 'Reset your Easio password');
    await page.goto(linkIn(mail, '/reset-password'));
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    expect(await violations(page), 'axe on the new-password screen').toEqual([]);
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill('not-the-same1!');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expect(page.getByText('Passwords must match')).toBeVisible();
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Your password is changed')).toBeVisible();

    const me = await request.get('/api/auth/users/me/', { headers: { authorization: `Bearer ${earlier}` } });
    expect(me.status()).toBe(401);
    await signIn(page, user.email, user.password);
    await expect(page.getByText('Incorrect username or password')).toBeVisible();
    await signIn(page, user.email, NEW_PASSWORD);
    await expect(page).toHaveURL(/\/my-desk/);

    // The link worked once.
    await page.goto(linkIn(mail, '/reset-password'));
    await page.getByLabel('New password', { exact: true }).fill('third-try-of-77!');
    await page.getByLabel('Confirm new password').fill('third-try-of-77!');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expect(page.getByText('This link has expired or was already used.')).toBeVisible();
  });

  test('the profile shows the address unverified until the mailed link is opened', async ({
    page,
    request,
  }) => {
    const user = await createUser(request);
    await signIn(page, user.email, user.password);
    await expect(page).toHaveURL(/\/my-desk/);
    await page.goto('/profile');
    await expect(page.getByText('Unverified')).toBeVisible();
    expect(await violations(page), 'axe on the profile with an unverified address').toEqual([]);
    await page.getByRole('button', { name: 'Send again' }).click();
    await expect(page.getByText(`We've sent a new link to ${user.email}.`)).toBeVisible();

    const mail = await mailTo(request, user.email, 'Confirm your e-mail address for Easio');
    await page.goto(linkIn(mail, '/verify-email'));
    await expect(page.getByText(`Thank you: ${user.email} is confirmed.`)).toBeVisible();
    expect(await violations(page), 'axe on the address-confirmed screen').toEqual([]);
    await page.getByRole('link', { name: 'Go to your desk' }).click();
    await page.goto('/profile');
    await expect(page.getByText('Verified', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send again' })).toHaveCount(0);
  });
});

test('a server without mail says to ask its operator for a reset', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByText('This server sends no e-mail')).toBeVisible();
  await expect(page.getByText(/Ask the person who runs this Easio server \(its operator\)/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send me a link' })).toHaveCount(0);
  expect(await violations(page), 'axe on the no-mail screen').toEqual([]);
});
