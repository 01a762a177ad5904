import { expect, type Page, test } from '@playwright/test';
import { row, signedInNewUser, signUpToStep3, uniqueUser, violations } from './helpers';

/** Types a number into the WhatsApp box and saves it. */
async function saveNumber(page: Page, number: string) {
  await page.getByLabel('WhatsApp number').fill(number);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
}

test('a newcomer saves a WhatsApp number in the wizard: required, digits only, then locked and connected', async ({
  page,
}) => {
  const user = uniqueUser();
  await signUpToStep3(page, user, ['WhatsApp']);

  // The country chosen in step 1 gives the dial code.
  await expect(page.getByRole('combobox', { name: 'Country code' })).toHaveValue(/India \(\+91\)/);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Phone number is required')).toBeVisible();
  await saveNumber(page, '98765ab');
  await expect(page.getByText('Invalid number')).toBeVisible();
  await saveNumber(page, '1234567');
  await expect(page.getByText('Invalid number')).toBeVisible();
  await saveNumber(page, '9876543210');
  await expect(
    page.getByRole('group', { name: 'WhatsApp' }).getByText('connected', { exact: true }),
  ).toBeVisible();
  await expect(page.getByLabel('WhatsApp number')).toHaveValue('+91 9876543210');
  await expect(page.getByLabel('WhatsApp number')).toBeDisabled();

  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page).toHaveURL(/\/my-desk/);
  // The account keeps it: the sources settings show it connected.
  await page.goto('/settings/sources');
  await expect(
    page.getByRole('group', { name: 'WhatsApp' }).getByText('connected', { exact: true }),
  ).toBeVisible();
  await expect(page.getByLabel('WhatsApp number')).toHaveValue('+91 9876543210');
});

test('a user changes the WhatsApp number on the sources settings, with another country', async ({
  page,
  request,
}) => {
  await signedInNewUser(page, request);
  await page.goto('/settings/sources');
  await expect(page.getByLabel('WhatsApp number')).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await page.getByRole('combobox', { name: 'Country code' }).fill('United Kingdom');
  await page.getByRole('option', { name: /United Kingdom \(\+44\)/ }).click();
  await saveNumber(page, '7700900123');
  await expect(
    page.getByRole('group', { name: 'WhatsApp' }).getByText('connected', { exact: true }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Change number' }).click();
  await saveNumber(page, '7700900456');
  await expect(page.getByLabel('WhatsApp number')).toHaveValue('+44 7700900456');
  await page.reload();
  await expect(page.getByLabel('WhatsApp number')).toHaveValue('+44 7700900456');
  const sources = page.getByRole('table', { name: 'Sources and their state' });
  await expect(sources.getByRole('row', { name: /^WhatsApp connected/ })).toBeVisible();
  await expect(
    sources.getByRole('row', { name: /^Dropbox not connected not configured on this server/ }),
  ).toBeVisible();
});

test('a user imports a WhatsApp chat export, keeping one person’s messages, and finds them on the WhatsApp page', async ({
  page,
  request,
}) => {
  await signedInNewUser(page, request);
  await page.goto('/my-desk/whatsApp');
  const chat = [
    '31/12/2023, 21:41 - Ana: Happy new year!',
    '01/01/2024, 09:05 - Ravi: Flat papers are at https://example.com/flat',
    '01/01/2024, 09:06 - Ravi: location: https://maps.google.com/?q=18.5204,73.8567',
  ].join('\n');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import a chat export' }).click();
  await (await chooser).setFiles({
    name: 'WhatsApp Chat with Ravi.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from(chat),
  });
  const dialog = page.getByRole('dialog', { name: 'Import a WhatsApp chat' });
  await expect(dialog.getByText('WhatsApp Chat with Ravi.txt: 3 messages.')).toBeVisible();
  await dialog.getByRole('checkbox', { name: 'Ana (1)' }).uncheck();
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByText('2 messages imported')).toBeVisible();
  await expect(row(page, 'Flat papers are at https://example.com/flat')).toBeVisible();
  await expect(row(page, '18.52040, 73.85670')).toBeVisible();
  await expect(page.getByText('Happy new year!')).toHaveCount(0);
});
