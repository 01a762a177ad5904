import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { createUser, signIn } from './helpers';

/** An 8×8 JPEG whose EXIF says it was taken on 15 March 2020: its item date once processed. */
const OLD_PHOTO = Buffer.from(
  '/9j/4QDcRXhpZgAASUkqAAgAAAAGABIBAwABAAAAAQAAABoBBQABAAAAVgAAABsBBQABAAAAXgAAACgBAwABAAAAAgAAABMCAwABAAAAAQAAAGmHBAABAAAAZgAAAAAAAAA4YwAA6AMAADhjAADoAwAABwAAkAcABAAAADAyMTADkAIAFAAAAMAAAAABkQcABAAAAAECAwAAoAcABAAAADAxMDABoAMAAQAAAP//AAACoAQAAQAAAAgAAAADoAQAAQAAAAgAAAAAAAAAMjAyMDowMzoxNSAxMDowMDowMAD/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAAIAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAH/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAAAgX/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCgCiv/2Q==',
  'base64',
);
const PHOTO = 'Tax receipt photo.jpg';

interface Desk {
  taxes: string;
  note: string;
}

/** A fresh user, and a way to make things on their desk through the API. */
async function deskApi(request: APIRequestContext) {
  const user = await createUser(request);
  const login = await request.post('/api/auth/token', {
    form: { username: user.email, password: user.password },
  });
  expect(login.ok()).toBe(true);
  const { access_token: token } = (await login.json()) as { access_token: string };
  const headers = { Authorization: `Bearer ${token}` };
  const post = async (path: string, data: object) => {
    const res = await request.post(`/api/desk/${path}`, { headers, data });
    expect(res.ok(), await res.text()).toBe(true);
    return ((await res.json()) as { id: string }).id;
  };
  return { user, headers, post };
}

/**
 * A fresh user's desk, made through the API: a drawer "Taxes" holding a note and a binder, a link and
 * a place on My Desk, a note that doesn't match, and a photo taken in 2020 (`dated`: wait until its
 * date has been read from it).
 */
async function seedDesk(
  request: APIRequestContext,
  dated: boolean,
): Promise<Desk & { email: string; password: string }> {
  const { user, headers, post } = await deskApi(request);
  const taxes = await post('folders', { data_type: 'drawer_object', name: 'Taxes' });
  await post('folders', { data_type: 'binder_object', name: 'Receipts 2024', parent_id: taxes });
  const note = await post('items', {
    data_type: 'note_object',
    name: 'Tax return notes',
    content: 'Remember the tax office appointment on Monday',
    parent_id: taxes,
  });
  await post('items', { data_type: 'url_object', name: 'Tax portal', url: 'https://example.com/portal' });
  await post('items', {
    data_type: 'location_object',
    name: 'Tax office',
    label: 'Tax office',
    latitude: 48.8584,
    longitude: 2.2945,
  });
  await post('items', { data_type: 'note_object', name: 'Grocery list', content: 'milk and bread' });

  const upload = await request.post('/api/desk/uploads', {
    headers,
    multipart: { file: { name: PHOTO, mimeType: 'image/jpeg', buffer: OLD_PHOTO } },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  const [photo] = ((await upload.json()) as { items: { id: string }[] }).items;
  // Its date comes from its EXIF, read in the background.
  if (dated)
    await expect
      .poll(async () => {
        const res = await request.get(`/api/desk/objects/${photo?.id}`, { headers });
        return ((await res.json()) as { item_date: string }).item_date.slice(0, 10);
      })
      .toBe('2020-03-15');
  return { ...user, taxes, note };
}

async function signInTo(page: Page, user: { email: string; password: string }) {
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/my-desk/);
  // Two workers seeding desks (password hashing, photo processing) can slow the first page down.
  await expect(page.getByRole('button', { name: 'Upload files' })).toBeVisible({ timeout: 15_000 });
}

async function signedIn(page: Page, request: APIRequestContext, dated = false): Promise<Desk> {
  const desk = await seedDesk(request, dated);
  await signInTo(page, desk);
  return desk;
}

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search your desk' });
/** One result of the results page, by its name. */
const result = (page: Page, name: string) =>
  page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('checkbox', { name: `Select ${name}`, exact: true }) });
/** The group headings of the results page, in order. */
const groupTitles = (page: Page) => page.getByRole('main').locator('section h3');

// Every test seeds a desk through the API first (two of them wait for a photo to be processed).
test.describe.configure({ timeout: 60_000 });

test('the top bar suggests as you type, with / to get there, Esc to leave and Enter to open', async ({
  page,
  request,
}) => {
  const desk = await signedIn(page, request);
  const box = searchBox(page);

  // `/` from the page focuses the box; one letter suggests nothing yet.
  await page.getByRole('heading', { name: 'My content' }).click();
  await page.keyboard.press('/');
  await expect(box).toBeFocused();
  await page.keyboard.type('t');
  await expect(page.getByRole('listbox', { name: 'Suggestions' })).toBeHidden();

  // Two letters and more: suggestions with the matched word marked, the kind, source and folder.
  await page.keyboard.type('ax');
  const suggestions = page.getByRole('listbox', { name: 'Suggestions' });
  const note = suggestions.getByRole('option', { name: /^Tax return notes/ });
  await expect(note).toBeVisible();
  await expect(note.locator('mark')).toHaveText('Tax');
  await expect(note).toContainText('Note · Easio · My Desk › Taxes');
  await expect(suggestions.getByRole('option', { name: /^Tax portal/ })).toBeVisible();
  await expect(suggestions.getByRole('option', { name: /^Grocery list/ })).toHaveCount(0);

  // Esc closes the suggestions and leaves the box.
  await page.keyboard.press('Escape');
  await expect(suggestions).toBeHidden();
  await expect(box).not.toBeFocused();

  // `/` while typing elsewhere is just a character.
  await page.getByRole('button', { name: 'New drawer' }).click();
  const dialog = page.getByRole('dialog', { name: 'New drawer' });
  await dialog.getByLabel('Name').fill('a/b');
  await expect(dialog.getByLabel('Name')).toHaveValue('a/b');
  await expect(box).not.toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Arrow down and Enter open the suggestion as the desk opens items: its viewer, over its folder.
  await box.click();
  await box.fill('return');
  await expect(suggestions.getByRole('option', { name: /^Tax portal/ })).toHaveCount(0);
  await expect(suggestions.getByRole('option', { name: /^Tax return notes/ })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  const chosen = suggestions.getByRole('option', { name: /^Tax return notes/ });
  await expect(box).toHaveAttribute('aria-activedescendant', (await chosen.getAttribute('id')) ?? '');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/my-desk/my-content/${desk.taxes}\\?item=${desk.note}$`));
  const viewer = page.getByRole('dialog', { name: 'Tax return notes' });
  await expect(viewer).toBeVisible();
  await expect(viewer.getByText('Remember the tax office appointment on Monday')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Taxes' })).toBeVisible();
});

test('Enter shows every result, sorted and refined by period, kept in the address', async ({
  page,
  request,
}) => {
  await signedIn(page, request, true);
  const box = searchBox(page);
  await box.fill('tax');
  await expect(page.getByRole('option', { name: /^Tax portal/ })).toBeVisible();
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/my-desk\/search\?q=tax$/);
  await expect(page.getByRole('heading', { name: 'Results for “tax”' })).toBeVisible();
  const easio = page.getByRole('region', { name: 'Easio and the extension' });
  await expect(easio.getByText('5 results')).toBeVisible();
  for (const name of ['Taxes', 'Tax return notes', 'Tax portal', 'Tax office', PHOTO]) {
    await expect(result(page, name)).toBeVisible();
  }
  await expect(result(page, 'Grocery list')).toHaveCount(0);
  // The name and the passage that matched, marked; what and where each result is.
  const note = result(page, 'Tax return notes');
  await expect(note.getByRole('button', { name: 'Tax return notes' }).locator('mark')).toHaveText('Tax');
  await expect(note.locator('mark').filter({ hasText: /^tax$/ })).toBeVisible();
  await expect(note).toContainText('Note ·');
  await expect(note).toContainText('In My Desk › Taxes');

  // Sort by name, then Z to A; relevance is offered because there is text.
  const sort = page.getByLabel('Sort by');
  await expect(sort.locator('option')).toHaveText(['Relevance', 'Date', 'Name', 'Size']);
  await sort.selectOption('name');
  await expect(page).toHaveURL(/sort=name/);
  // Names compare naturally and byte by byte on every database: "Tax …" before "Taxes".
  const names = easio.getByRole('listitem').getByRole('button', { name: /^Tax/ });
  await expect(names).toHaveText(['Tax office', 'Tax portal', PHOTO, 'Tax return notes', 'Taxes']);
  await page.getByLabel('Order').selectOption('desc');
  await expect(page).toHaveURL(/sort=name&order=desc/);
  await expect(names).toHaveText(['Taxes', 'Tax return notes', PHOTO, 'Tax portal', 'Tax office']);

  // The period refines the search: the 2020 photo is not from this year.
  await page.getByText('This year', { exact: true }).click();
  await expect(page).toHaveURL(/period=year/);
  await expect(result(page, PHOTO)).toHaveCount(0);
  await expect(easio.getByText('4 results')).toBeVisible();

  // The address keeps it all: a reload, then Back to the search before the period.
  await page.reload();
  await expect(page.getByRole('radio', { name: 'This year' })).toBeChecked();
  await expect(result(page, 'Tax office')).toBeVisible();
  await expect(result(page, PHOTO)).toHaveCount(0);
  await page.goBack();
  await expect(result(page, PHOTO)).toBeVisible();
  await expect(page.getByLabel('Sort by')).toHaveValue('name');
});

test('a misspelt search shows the results for the user’s own spelling, and says so', async ({
  page,
  request,
}) => {
  await signedIn(page, request);
  const box = searchBox(page);
  await box.fill('grocrey');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/my-desk\/search\?q=grocrey$/);
  await expect(
    page.getByText('Nothing matched “grocrey” as typed: showing results for “grocery”.'),
  ).toBeVisible();
  const list = result(page, 'Grocery list');
  await expect(list.getByRole('button', { name: 'Grocery list' }).locator('mark')).toHaveText('Grocery');
  await expect(result(page, 'Tax portal')).toHaveCount(0);
});

test('the filter popup narrows by kind and date, and nothing found names the filters', async ({
  page,
  request,
}) => {
  await signedIn(page, request, true);
  const box = searchBox(page);
  const filters = page.getByRole('button', { name: 'Search filters' });
  const popup = page.getByRole('dialog', { name: 'Search filters' });

  // An empty filter just closes the popup.
  await box.fill('tax');
  await page.keyboard.press('Escape');
  await filters.click();
  await expect(popup).toBeVisible();
  await expect(popup.getByRole('checkbox', { name: 'Google Drive' })).toBeVisible();
  await expect(popup.getByRole('checkbox', { name: 'Easio and the extension' })).toBeVisible();
  await popup.getByRole('button', { name: 'Apply' }).click();
  await expect(popup).toBeHidden();
  await expect(page).toHaveURL(/\/my-desk(\/my-content)?$/);

  // A kind: notes only.
  await filters.click();
  await popup.getByRole('checkbox', { name: 'Notes', exact: true }).check();
  await popup.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/\/my-desk\/search\?q=tax&kind=note_object$/);
  await expect(result(page, 'Tax return notes')).toBeVisible();
  await expect(result(page, 'Tax portal')).toHaveCount(0);
  await expect(page.getByText('In Notes', { exact: true })).toBeVisible();

  // A preset: this year, every kind (the popup opens on the search shown).
  await filters.click();
  await expect(popup.getByRole('checkbox', { name: 'Notes', exact: true })).toBeChecked();
  await popup.getByRole('checkbox', { name: 'Notes', exact: true }).uncheck();
  await popup.getByRole('radio', { name: 'This year' }).check();
  await popup.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/\/my-desk\/search\?q=tax&period=year$/);
  await expect(result(page, 'Tax portal')).toBeVisible();
  await expect(result(page, PHOTO)).toHaveCount(0);

  // Custom dates: an end before the start is refused; both dates go as whole UTC days.
  await filters.click();
  await popup.getByRole('radio', { name: 'Custom' }).check();
  await popup.getByLabel('From', { exact: true }).fill('2020-03-31');
  await popup.getByLabel('To', { exact: true }).fill('2020-03-01');
  await popup.getByRole('button', { name: 'Apply' }).click();
  await expect(popup.getByText('The end date is before the start date')).toBeVisible();
  await popup.getByLabel('From', { exact: true }).fill('2020-03-01');
  await popup.getByLabel('To', { exact: true }).fill('2020-03-31');
  const sent = page.waitForRequest(
    (req) => req.url().endsWith('/api/search/items') && req.postData()?.includes('start_date') === true,
  );
  await popup.getByRole('button', { name: 'Apply' }).click();
  expect((await sent).postDataJSON()).toMatchObject({
    q: 'tax',
    start_date: '2020-03-01T00:00:00.000Z',
    end_date: '2020-03-31T23:59:59.000Z',
  });
  await expect(page).toHaveURL(/from=2020-03-01&to=2020-03-31/);
  await expect(result(page, PHOTO)).toBeVisible();
  await expect(result(page, 'Tax portal')).toHaveCount(0);

  // Notes in March 2020: nothing, and the message says what was asked.
  await filters.click();
  await popup.getByRole('checkbox', { name: 'Notes', exact: true }).check();
  await popup.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(/^No results for “tax” in Notes, .*2020$/)).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).last().click();
  await expect(page).toHaveURL(/\/my-desk\/search\?q=tax$/);
  await expect(result(page, 'Tax portal')).toBeVisible();
  await expect(result(page, PHOTO)).toBeVisible();
});

test('results open in their folder, and move, download and delete in bulk', async ({ page, request }) => {
  const desk = await signedIn(page, request);
  await page.goto('/my-desk/search?q=tax');
  await expect(result(page, 'Tax return notes')).toBeVisible();

  // Open in folder: the folder's page, the result selected there.
  await result(page, 'Tax return notes').getByRole('link', { name: 'Open in folder' }).click();
  await expect(page).toHaveURL(new RegExp(`/my-desk/my-content/${desk.taxes}\\?select=${desk.note}$`));
  await expect(page.getByRole('heading', { name: 'Taxes' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Select Tax return notes' })).toBeChecked();
  await expect(page.getByText('1 selected')).toBeVisible();
  await page.goBack();

  // Two results moved into the drawer: the results show their new folder.
  await result(page, 'Tax portal').getByRole('checkbox').check();
  await result(page, 'Tax office').getByRole('checkbox').check();
  await expect(page.getByText('2 selected')).toBeVisible();
  await page.getByRole('button', { name: 'Move to…' }).click();
  const move = page.getByRole('dialog', { name: 'Move 2 items to…' });
  await move.getByRole('radio', { name: 'Taxes' }).check();
  await move.getByRole('button', { name: 'Move' }).click();
  await expect(page.getByText('2 items moved to Taxes')).toBeVisible();
  await expect(result(page, 'Tax portal')).toContainText('In My Desk › Taxes');
  await expect(result(page, 'Tax office')).toContainText('In My Desk › Taxes');
  await expect(page.getByText('2 selected')).toBeHidden();

  // Select all, then a ZIP of what can be downloaded.
  await page.getByRole('checkbox', { name: 'Select all' }).check();
  await expect(page.getByText('5 selected')).toBeVisible();
  await page.getByRole('button', { name: 'Clear selection' }).click();
  await result(page, 'Tax return notes').getByRole('checkbox').check();
  await result(page, PHOTO).getByRole('checkbox').check();
  const zip = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  expect((await zip).suggestedFilename()).toMatch(/\.zip$/);

  // Deleted after a confirmation: gone from the results.
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete 2 items?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('2 items moved to the Trash')).toBeVisible();
  await expect(result(page, 'Tax return notes')).toHaveCount(0);
  await expect(result(page, PHOTO)).toHaveCount(0);
  await expect(
    page.getByRole('region', { name: 'Easio and the extension' }).getByText('3 results'),
  ).toBeVisible();
});

test('more results load page by page, as long as the server says there are more', async ({
  page,
  request,
}) => {
  const { user, post } = await deskApi(request);
  for (let i = 1; i <= 53; i += 1) {
    await post('items', { data_type: 'note_object', name: `Ledger page ${i}`, content: 'ledger' });
  }
  await signInTo(page, user);
  await page.goto('/my-desk/search?q=ledger&sort=name');
  const group = page.getByRole('region', { name: 'Easio and the extension' });
  // The first page of a search over a fresh index can take a while on a busy machine.
  await expect(group.getByText('50 results')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Load more results' }).click();
  await expect(group.getByText('53 results')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Load more results' })).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'Select all' }).check();
  await expect(page.getByText('53 selected')).toBeVisible();
});

test('results are grouped per source, in the results page order', async ({ page, request }) => {
  const { user, post } = await deskApi(request);
  for (const name of ['Budget plan', 'Budget sheet', 'Budget chat', 'Budget draft']) {
    await post('items', { data_type: 'note_object', name, content: 'budget' });
  }
  // Only Easio items can be made through the API so far: the answer is relabelled to bring items
  // from Google Drive and WhatsApp, listed after the Easio ones.
  const from: Record<string, string> = { 'Budget sheet': 'gdrive', 'Budget chat': 'whatsapp' };
  await page.route('**/api/search/items', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { name: string; source: string }[];
    const relabelled = body.map((item) => ({ ...item, source: from[item.name] ?? item.source }));
    await route.fulfill({ response, json: relabelled });
  });
  await signInTo(page, user);
  await page.goto('/my-desk/search?q=budget');
  await expect(groupTitles(page)).toHaveText(['Google', 'WhatsApp', 'Easio and the extension']);
  await expect(
    page.getByRole('region', { name: 'Google' }).getByText('1 result', { exact: true }),
  ).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Easio and the extension' }).getByText('2 results'),
  ).toBeVisible();
  await expect(result(page, 'Budget sheet')).toContainText('Google Drive');
  await expect(result(page, 'Budget chat')).toContainText('WhatsApp');
});
