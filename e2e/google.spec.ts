import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { createUser, row, signIn } from './helpers';

// These journeys run against the second test server, configured for Google, whose Google is a
// loopback stand-in (a real OpenID provider and the Drive API) that tests steer through /__test/.
const BASE = Number(process.env.E2E_PORT ?? 3100);
const FAKE_GOOGLE = `http://127.0.0.1:${BASE + 99}`;
test.use({ baseURL: `http://localhost:${BASE + 1}` });
// One stand-in Google, whose next account is set per test: these run one after another.
test.describe.configure({ mode: 'default' });

let n = 0;
/** The Google account the stand-in signs in as next: new each time. */
async function nextGoogleAccount(request: APIRequestContext, name: string) {
  n += 1;
  const tag = `${Date.now().toString(36)}${process.pid.toString(36)}${n}`;
  const account = { sub: `sub-${tag}`, email: `g_${tag}@example.com`, name };
  const res = await request.post(`${FAKE_GOOGLE}/__test/account`, { data: account });
  expect(res.ok()).toBe(true);
  return account;
}

async function addDriveFiles(
  request: APIRequestContext,
  folder: string,
  files: { name: string; content: string }[],
) {
  const res = await request.post(`${FAKE_GOOGLE}/__test/files`, { data: { folder, files } });
  expect(res.ok()).toBe(true);
}

const noSessionInAddress = async (page: Page) => expect(page).not.toHaveURL(/access_token|code=|state=/);

test('signs in with Google from the login screen, a new account made on the way', async ({
  page,
  request,
}) => {
  const account = await nextGoogleAccount(request, 'Katherine Johnson');
  await page.goto('/login');
  await page.getByRole('link', { name: 'Sign in with Google' }).click();
  await expect(page).toHaveURL(/\/my-desk/);
  await noSessionInAddress(page);
  await expect(page.getByText(/Welcome,? Katherine\.johnson/i)).toBeVisible();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null'));
  expect(stored.email).toBe(account.email);
});

test('signs up with Google from the wizard, connects Google Drive in step 3, and finishes on the desk', async ({
  page,
  request,
}) => {
  await nextGoogleAccount(request, 'Dorothy Vaughan');
  const tag = Date.now().toString(36);
  await addDriveFiles(request, 'Wizard', [
    { name: `wizard-notes-${tag}.txt`, content: 'notes from the wizard' },
  ]);
  await page.goto('/signup');
  // Google's sign-up needs the age question answered first, as the password sign-up does.
  await page.getByRole('link', { name: 'Sign up with Google' }).click();
  await expect(
    page.getByText('Confirm that you are 18 or over, or that a parent or guardian consents'),
  ).toBeVisible();
  await expect(page.getByRole('radio', { name: 'I am 18 or over' })).toBeFocused();
  await page.getByRole('radio', { name: 'I am 18 or over' }).check();
  await page.getByRole('link', { name: 'Sign up with Google' }).click();
  // Back in the wizard with the account made: on to the services.
  await expect(page.getByRole('checkbox', { name: 'Google Drive' })).toBeVisible();
  await noSessionInAddress(page);
  await page.getByRole('checkbox', { name: 'Google Drive' }).check();
  await page.getByRole('button', { name: 'Next Step' }).click();

  await page.getByRole('button', { name: 'Connect Google Drive' }).click();
  await expect(page.getByText('Google Drive connected')).toBeVisible();
  await noSessionInAddress(page);
  await expect(page.getByText('Your drive is being imported onto your desk.')).toBeVisible();
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page).toHaveURL(/\/my-desk/);

  await page.goto('/my-desk/drive');
  await expect(row(page, `wizard-notes-${tag}.txt`)).toBeVisible();
});

test('connects Google Drive from My Sources: progress, a failed file retried, its items, then disconnect and delete', async ({
  page,
  request,
}) => {
  const user = await createUser(request);
  await nextGoogleAccount(request, 'Mary Jackson');
  const tag = Date.now().toString(36);
  await addDriveFiles(request, `Taxes ${tag}`, [
    { name: `return-${tag}.txt`, content: 'tax return' },
    { name: `receipt-${tag}.txt`, content: 'receipt' },
  ]);
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/my-desk/);
  await page.goto('/my-source');
  const card = page.getByRole('region', { name: 'Google Drive' });
  await expect(card.getByText('Not connected')).toBeVisible();
  // One download fails once.
  await request.post(`${FAKE_GOOGLE}/__test/fail-download`, {
    data: {
      name: `receipt-${tag}.txt`,
      status: 403,
      body: JSON.stringify({ error: { code: 403, message: 'This file cannot be downloaded' } }),
      count: 1,
    },
  });
  await card.getByRole('button', { name: 'Connect Google Drive' }).click();
  await expect(page.getByText('Google Drive connected')).toBeVisible();
  await noSessionInAddress(page);
  await expect(card.getByText('Connected', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(card.getByText(/Last sync:/)).toBeVisible();
  await expect(card.getByText(/Account: .*@example\.com/)).toBeVisible();

  // The failure is listed with its reason, and a retry imports it.
  await card.getByRole('button', { name: /could not be imported/ }).click();
  const failures = card.getByRole('list', { name: 'Items that could not be imported' });
  await expect(failures).toContainText('Google answered 403: This file cannot be downloaded');
  await failures.getByRole('button', { name: /^Retry / }).click();
  await expect(page.getByText('1 item imported')).toBeVisible();
  await expect(card.getByRole('button', { name: /could not be imported/ })).toBeHidden();

  await card.getByRole('link', { name: 'See its items' }).click();
  await expect(page).toHaveURL(/\/my-desk\/drive$/);
  await expect(page.getByRole('region', { name: 'Google Drive sync' })).toContainText(/Synced .*2026/);
  await expect(page.getByText(`return-${tag}.txt`)).toBeVisible();
  await expect(page.getByText(`receipt-${tag}.txt`)).toBeVisible();

  await page.goto('/my-source');
  await card.getByRole('button', { name: 'Disconnect' }).click();
  const dialog = page.getByRole('dialog', { name: 'Disconnect Google Drive?' });
  await dialog.getByRole('checkbox', { name: /Also delete the \d+ items it imported/ }).check();
  await dialog.getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByText(/Google Drive disconnected; \d+ items? deleted/)).toBeVisible();
  await expect(card.getByText('Not connected')).toBeVisible();
  await page.goto('/my-desk/drive');
  await expect(page.getByText(/Connect Google Drive from My Sources/)).toBeVisible();
});

test('connects Gmail and Google Calendar from My Sources: e-mails with attachments, events with attendees', async ({
  page,
  request,
}) => {
  const user = await createUser(request);
  await nextGoogleAccount(request, 'Annie Easley');
  const tag = Date.now().toString(36);
  await request.post(`${FAKE_GOOGLE}/__test/mail`, {
    data: {
      from: 'Landlord <landlord@example.com>',
      subject: `Lease ${tag}`,
      text: 'The lease is renewed.',
      attachment: `lease-${tag}.txt`,
    },
  });
  await request.post(`${FAKE_GOOGLE}/__test/event`, {
    data: {
      summary: `Dentist ${tag}`,
      location: '12 High Street, Pune',
      start: { dateTime: '2026-03-02T10:00:00+05:30' },
      end: { dateTime: '2026-03-02T10:30:00+05:30' },
      attendees: [{ email: 'clinic@example.com', displayName: 'Clinic', responseStatus: 'accepted' }],
    },
  });
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/my-desk/);

  await page.goto('/my-source');
  const gmail = page.getByRole('region', { name: 'Gmail' });
  await gmail.getByRole('button', { name: 'Connect Gmail' }).click();
  await expect(page.getByText('Gmail connected')).toBeVisible();
  await expect(gmail.getByText('Connected', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(gmail.getByText('Labels: everything but spam and trash')).toBeVisible();

  const calendar = page.getByRole('region', { name: 'Google Calendar' });
  await calendar.getByRole('button', { name: 'Connect Google Calendar' }).click();
  await expect(page.getByText('Google Calendar connected')).toBeVisible();
  await expect(calendar.getByText('Connected', { exact: true })).toBeVisible({ timeout: 15_000 });

  await page.goto('/my-desk/mail');
  await expect(row(page, `Lease ${tag}`)).toBeVisible();
  await expect(row(page, `lease-${tag}.txt`)).toBeVisible();
  await row(page, `Lease ${tag}`).dblclick();
  const viewer = page.getByRole('dialog', { name: `Lease ${tag}` });
  await expect(viewer.getByText('Landlord <landlord@example.com>')).toBeVisible();
  await expect(viewer.getByText('The lease is renewed.')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto('/my-desk/calender');
  await row(page, `Dentist ${tag}`).dblclick();
  const event = page.getByRole('dialog', { name: `Dentist ${tag}` });
  await expect(event.getByText('Clinic (accepted)')).toBeVisible();
  await expect(event.getByText('12 High Street, Pune')).toBeVisible();
});

test('connects and disconnects Google Drive from Settings › Sources, keeping what it imported', async ({
  page,
  request,
}) => {
  const user = await createUser(request);
  await nextGoogleAccount(request, 'Christine Darden');
  const tag = Date.now().toString(36);
  await addDriveFiles(request, `Kept ${tag}`, [{ name: `kept-${tag}.txt`, content: 'kept' }]);
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/my-desk/);
  await page.goto('/settings/sources');
  const table = page.getByRole('table', { name: 'Sources and their state' });
  await table.getByRole('button', { name: 'Connect Google Drive' }).click();
  // Google's consent screen sends the browser back to My Sources, connected.
  await expect(page).toHaveURL(/\/my-source/);
  await expect(page.getByText('Google Drive connected')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Google Drive' }).getByText('Connected', { exact: true }),
  ).toBeVisible({
    timeout: 15_000,
  });

  await page.goto('/settings/sources');
  await expect(table.getByRole('row', { name: /^Google Drive connected/ })).toBeVisible();
  await table.getByRole('button', { name: 'Disconnect Google Drive' }).click();
  const dialog = page.getByRole('dialog', { name: 'Disconnect Google Drive?' });
  await expect(
    dialog.getByRole('checkbox', { name: /Also delete the \d+ items? it imported/ }),
  ).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByText('Google Drive disconnected', { exact: true })).toBeVisible();
  await expect(table.getByRole('row', { name: /^Google Drive not connected/ })).toBeVisible();
  await page.goto('/my-desk/drive');
  await expect(row(page, `kept-${tag}.txt`)).toBeVisible();
});
