import { expect, type Page, test } from '@playwright/test';
import { openSuggestions, row, signedInNewUser, violations } from './helpers';

const invoice = (n: number) =>
  `ACME Corporation invoice ${n}. Amount due for cloud hosting, payment within thirty days, bank transfer to ACME.`;
const trip = (what: string) =>
  `Trip to Goa in December: ${what}. Beach hut in Palolem, flight to Goa airport.`;

async function uploadFiles(page: Page, files: { name: string; text: string }[]) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload files' }).click();
  await (await chooser).setFiles(
    files.map((f) => ({ name: f.name, mimeType: 'text/plain', buffer: Buffer.from(f.text) })),
  );
  await expect(
    page.getByText(`${files.length} ${files.length === 1 ? 'file' : 'files'} uploaded`),
  ).toBeVisible();
  await page.getByRole('region', { name: 'Uploads' }).getByRole('button', { name: 'Close uploads' }).click();
}

test('a user generates filing suggestions, renames one, takes an item out, accepts it and dismisses another', async ({
  page,
  request,
}) => {
  await signedInNewUser(page, request);
  const toggle = page.getByRole('button', { name: /^Suggestions/ });
  // The desk comes first: the suggestions wait beside it until asked for.
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  const panel = await openSuggestions(page);
  await expect(panel.getByText('No suggestions right now.', { exact: false })).toBeVisible();
  await expect(toggle).toContainText('0');

  await uploadFiles(page, [
    { name: 'acme-invoice-1.txt', text: invoice(1) },
    { name: 'acme-invoice-2.txt', text: invoice(2) },
    { name: 'acme-invoice-3.txt', text: invoice(3) },
    { name: 'goa-hotel.txt', text: trip('hotel booking') },
    { name: 'goa-flight.txt', text: trip('flight tickets') },
  ]);
  await expect(row(page, 'acme-invoice-3.txt')).toBeVisible();

  await panel.getByRole('button', { name: 'Generate now' }).click();
  const invoices = panel.getByRole('article').filter({ hasText: 'acme-invoice-1.txt' });
  await expect(invoices).toBeVisible({ timeout: 20_000 });
  await expect(toggle).toContainText('2');
  await expect(panel.getByText(/Last look: 2 new suggestions for 5 unfiled items/)).toBeVisible();

  // Name the drawer and binder, take the third invoice out of the move.
  await invoices.getByRole('textbox', { name: 'Drawer' }).fill('Finance');
  await invoices.getByRole('textbox', { name: 'Binder' }).fill('ACME bills');
  await invoices.getByRole('checkbox', { name: 'Move acme-invoice-3.txt' }).uncheck();
  await expect(invoices).toContainText('2 of 3 items → Finance / ACME bills');
  await invoices.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByText('Files Move Successfully')).toBeVisible();
  await expect(invoices).toHaveCount(0);

  // The two invoices are in the new binder; the one taken out still lies on the desk.
  await expect(row(page, 'acme-invoice-1.txt')).toHaveCount(0);
  await expect(row(page, 'acme-invoice-3.txt')).toBeVisible();
  await row(page, 'Finance').dblclick();
  await row(page, 'ACME bills').dblclick();
  await expect(page.getByRole('heading', { name: 'ACME bills' })).toBeVisible();
  await expect(row(page, 'acme-invoice-1.txt')).toBeVisible();
  await expect(row(page, 'acme-invoice-2.txt')).toBeVisible();
  await expect(row(page, 'acme-invoice-3.txt')).toHaveCount(0);

  // Dismiss the trip suggestion: it leaves, and the count follows.
  const goa = panel.getByRole('article').filter({ hasText: 'goa-hotel.txt' });
  await goa.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByText('Suggestion dismissed: it will not be proposed again')).toBeVisible();
  await expect(goa).toHaveCount(0);
  await expect(toggle).toContainText('0');

  // One more trip file arrives: the dismissed pair is not proposed together again, and the invoice
  // taken out is not put back into ACME bills.
  await page.getByRole('navigation', { name: 'Folder path' }).getByRole('link', { name: 'My Desk' }).click();
  await expect(row(page, 'goa-hotel.txt')).toBeVisible();
  await uploadFiles(page, [{ name: 'goa-scooter.txt', text: trip('scooter rental') }]);
  await panel.getByRole('button', { name: 'Generate now' }).click();
  await expect(
    panel.getByText(/Last look: (\d+ new suggestions?|nothing new to suggest) for 4 unfiled items/),
  ).toBeVisible({
    timeout: 20_000,
  });
  await expect(
    panel.getByRole('article').filter({ hasText: 'goa-hotel.txt' }).filter({ hasText: 'goa-flight.txt' }),
  ).toHaveCount(0);
  await expect(
    panel.getByRole('article').filter({ hasText: 'acme-invoice-3.txt' }).filter({ hasText: 'ACME bills' }),
  ).toHaveCount(0);
  for (const card of await panel.getByRole('article').all()) {
    await card.getByRole('button', { name: 'Dismiss' }).click();
    await expect(card).toHaveCount(0);
  }
  await expect(toggle).toContainText('0');

  // The review's open state is kept across visits.
  await page.reload();
  await expect(panel).toBeVisible();
  await toggle.click();
  await expect(panel).toBeHidden();
  await page.reload();
  await expect(page.getByRole('button', { name: /^Suggestions/ })).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('region', { name: 'Filing suggestions' })).toBeHidden();
});

test('an accept with an empty name says what is missing and moves nothing; a chip picks a name; the panel works by keyboard and passes axe', async ({
  page,
  request,
}) => {
  await signedInNewUser(page, request);
  await uploadFiles(page, [
    { name: 'goa-hotel.txt', text: trip('hotel booking') },
    { name: 'goa-flight.txt', text: trip('flight tickets') },
    { name: 'goa-scooter.txt', text: trip('scooter rental') },
  ]);
  const panel = await openSuggestions(page);
  await panel.getByRole('button', { name: 'Generate now' }).click();
  const goa = panel.getByRole('article').filter({ hasText: 'goa-hotel.txt' });
  await expect(goa).toBeVisible({ timeout: 20_000 });

  expect(await violations(page, '#filing-suggestions')).toEqual([]);

  const binder = goa.getByRole('textbox', { name: 'Binder' });
  const suggested = await binder.inputValue();
  await binder.fill('   ');
  await goa.getByRole('button', { name: 'Accept' }).click();
  await expect(goa.getByText('Name is required')).toBeVisible();
  await expect(row(page, 'goa-hotel.txt')).toBeVisible();

  await goa
    .getByRole('radiogroup', { name: 'Suggested binder names' })
    .getByText(suggested, { exact: true })
    .click();
  await expect(binder).toHaveValue(suggested);
  const tags = goa.getByLabel('Tags');
  await tags.fill('holiday');
  await tags.press('Enter');
  await expect(goa.getByText('holiday', { exact: true })).toBeVisible();
  // By keyboard alone: Space takes an item out, Enter on Accept files the rest.
  const scooter = goa.getByRole('checkbox', { name: 'Move goa-scooter.txt' });
  await scooter.focus();
  await page.keyboard.press('Space');
  await expect(scooter).not.toBeChecked();
  await goa.getByRole('button', { name: 'Accept' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Files Move Successfully')).toBeVisible();
  await expect(row(page, 'goa-hotel.txt')).toHaveCount(0);
  await expect(row(page, 'goa-scooter.txt')).toBeVisible();
  await row(page, 'Travel').dblclick();
  await row(page, suggested).dblclick();
  await expect(row(page, 'goa-hotel.txt')).toBeVisible();
  // The viewer shows the tags the suggestion applied.
  await row(page, 'goa-hotel.txt').dblclick();
  await expect(
    page.getByRole('dialog', { name: 'goa-hotel.txt' }).getByRole('button', { name: 'Remove tag holiday' }),
  ).toBeVisible();
});

test('an accept is undone from its message: the items are back on the desk and the suggestion is offered again', async ({
  page,
  request,
}) => {
  await signedInNewUser(page, request);
  await uploadFiles(page, [
    { name: 'goa-hotel.txt', text: trip('hotel booking') },
    { name: 'goa-flight.txt', text: trip('flight tickets') },
  ]);
  const panel = await openSuggestions(page);
  await panel.getByRole('button', { name: 'Generate now' }).click();
  const goa = panel.getByRole('article').filter({ hasText: 'goa-hotel.txt' });
  await expect(goa).toBeVisible({ timeout: 20_000 });
  await goa.getByRole('textbox', { name: 'Drawer' }).fill('Holidays');
  await goa.getByRole('textbox', { name: 'Binder' }).fill('Goa');
  await goa.getByRole('button', { name: 'Accept' }).click();

  const toast = page.locator('.mantine-Notification-root').filter({ hasText: 'Files Move Successfully' });
  await expect(toast).toBeVisible();
  await expect(row(page, 'Holidays')).toBeVisible();
  await expect(row(page, 'goa-hotel.txt')).toHaveCount(0);
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Filing undone: 2 items back on the desk')).toBeVisible();
  await expect(row(page, 'goa-hotel.txt')).toBeVisible();
  await expect(row(page, 'goa-flight.txt')).toBeVisible();
  // The drawer and binder the accept made are gone with it; the suggestion is back for review.
  await expect(row(page, 'Holidays')).toHaveCount(0);
  await expect(goa).toBeVisible();
});
