import { expect, test } from '@playwright/test';
import { ImapFlow } from 'imapflow';
import { nestedMessage, plainMessage } from '../apps/server/src/test/mail-messages';
import { createUser, row, signIn, violations } from './helpers';

// Against the second test server, which reads mail from a real Dovecot on loopback.
const BASE = Number(process.env.E2E_PORT ?? 3100);
const IMAP_PORT = BASE + 101;
test.use({ baseURL: `http://localhost:${BASE + 1}` });

async function putMail(mailbox: string, ...messages: string[]) {
  const client = new ImapFlow({
    host: '127.0.0.1',
    port: IMAP_PORT,
    secure: false,
    auth: { user: mailbox, pass: 'app-pass' },
    logger: false,
  });
  await client.connect();
  for (const raw of messages) await client.append('INBOX', raw);
  await client.logout();
}

test('connects a mailbox over IMAP: a wrong password said, then its e-mails on the mail page, shown safely, rules edited and the password updated', async ({
  page,
  request,
}) => {
  const tag = Date.now().toString(36);
  await putMail(
    'mailbox1',
    nestedMessage(`invoice-${tag}@example.org`),
    plainMessage({ id: `hello-${tag}@example.org`, subject: `Hello ${tag}` }),
  );
  const user = await createUser(request);
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/my-desk/);
  await page.goto('/my-source');
  const card = page.getByRole('region', { name: 'Mail (IMAP)' });
  await card.getByRole('button', { name: 'Connect a mailbox' }).click();
  const form = card.getByRole('form', { name: 'Connect a mailbox' });
  await form.getByLabel('E-mail address or user name').fill('mailbox1');
  await form.getByLabel(/^Password/).fill('not-the-password');
  await form.getByLabel('Server').fill('127.0.0.1');
  await form.getByRole('textbox', { name: 'Port' }).fill(String(IMAP_PORT));
  await form.getByRole('combobox', { name: 'Security' }).click();
  await page.getByRole('option', { name: /STARTTLS/ }).click();
  // The first import's folders and age are chosen before it starts.
  await expect(form.getByRole('combobox', { name: 'Folders to import' })).toBeVisible();
  await expect(form.getByText('INBOX', { exact: true })).toBeVisible();
  await form.getByLabel('Messages from the last (days)').fill('30');
  expect(await violations(page, 'form[aria-label="Connect a mailbox"]')).toEqual([]);
  await form.getByRole('button', { name: 'Connect mailbox' }).click();
  await expect(form.getByText(/refused this user name and password/)).toBeVisible();

  await form.getByLabel(/^Password/).fill('app-pass');
  await form.getByRole('button', { name: 'Connect mailbox' }).click();
  await expect(page.getByText('Connected mailbox1@127.0.0.1: the import has started')).toBeVisible();
  await expect(card.getByText('Connected', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(card.getByText(/Folders: INBOX · the last 30 days · whole messages/)).toBeVisible();

  await card.getByRole('link', { name: 'See its items' }).click();
  await expect(page).toHaveURL(/\/my-desk\/mail$/);
  await expect(row(page, `Hello ${tag}`)).toBeVisible({ timeout: 15_000 });
  await expect(row(page, 'Rechnung für November.pdf').first()).toBeVisible();
  await row(page, 'Rechnung für November (Café)').first().dblclick();
  const viewer = page.getByRole('dialog', { name: 'Rechnung für November (Café)' });
  await expect(viewer.getByText('Café Müller <cafe@example.org>')).toBeVisible();
  const body = viewer.locator('iframe[title="The e-mail as sent"]');
  await expect(body).toHaveAttribute('sandbox', 'allow-popups allow-popups-to-escape-sandbox');
  await expect(body.contentFrame().getByText('Rechnung', { exact: true })).toBeVisible();
  expect(await body.getAttribute('srcdoc')).not.toMatch(/<script|onclick|tracker\.example/);
  await viewer.getByText('Plain text').click();
  await expect(viewer.getByText('Ihre Rechnung für November liegt bei.')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto('/my-source');
  await card.getByRole('button', { name: 'Edit rules' }).click();
  const rules = card.getByRole('region', { name: 'Import rules' });
  await rules.getByLabel('Subject contains').fill('Rechnung');
  await rules.getByLabel('Attachments only (not the messages themselves)').check();
  await rules.getByLabel('Mark imported messages as read').check();
  await rules.getByRole('button', { name: 'Save rules' }).click();
  await expect(page.getByText('Saved: the mailbox syncs with your rules now')).toBeVisible();
  await expect(
    card.getByText(/subject “Rechnung” · the last 30 days · attachments only · marked read after import/),
  ).toBeVisible();

  // A new password: refused when the server refuses it, kept (with the rules) when it signs in.
  await card.getByRole('button', { name: 'Update password' }).click();
  const passwordForm = card.getByRole('form', { name: 'Update the mailbox password' });
  expect(await violations(page, 'form[aria-label="Update the mailbox password"]')).toEqual([]);
  await passwordForm.getByLabel(/^New password/).fill('not-the-password');
  await passwordForm.getByRole('button', { name: 'Update password' }).click();
  await expect(passwordForm.getByText(/refused this user name and password/)).toBeVisible();
  await passwordForm.getByLabel(/^New password/).fill('app-pass');
  await passwordForm.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByText('Password updated: the mailbox syncs again')).toBeVisible();
  await expect(passwordForm).toBeHidden();
  await expect(card.getByText(/subject “Rechnung” · the last 30 days · attachments only/)).toBeVisible();
});

test('imports an .mbox archive from My Sources, and the messages are found on the mail page', async ({
  page,
  request,
}) => {
  const tag = Date.now().toString(36);
  const mbox = [
    `From a@x Mon Nov  2 10:00:00 2026\n${plainMessage({ id: `one-${tag}@x`, subject: `Archived one ${tag}` })}`,
    `From b@x Mon Nov  2 11:00:00 2026\n${plainMessage({ id: `two-${tag}@x`, subject: `Archived two ${tag}` })}`,
  ].join('\n');
  const user = await createUser(request);
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/my-desk/);
  await page.goto('/my-source');
  const card = page.getByRole('region', { name: 'Mail (IMAP)' });
  const chooser = page.waitForEvent('filechooser');
  await card.getByRole('button', { name: 'Import .eml or .mbox files' }).click();
  await (await chooser).setFiles({
    name: 'old-mail.mbox',
    mimeType: 'application/mbox',
    buffer: Buffer.from(mbox),
  });
  await expect(page.getByText('2 messages read, 2 items imported')).toBeVisible();
  await page.goto('/my-desk/mail');
  await expect(row(page, `Archived one ${tag}`)).toBeVisible();
  await expect(row(page, `Archived two ${tag}`)).toBeVisible();
});
