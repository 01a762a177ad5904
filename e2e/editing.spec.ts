import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { createUser, row, signIn, violations } from './helpers';

interface Item {
  id: string;
  name: string;
  content: string | null;
  url: string | null;
  tags: string[];
  version: number;
  metadata: Record<string, unknown>;
}

/** A fresh user signed in on their desk, and their desk's API for making and reading things. */
async function signedInDesk(page: Page, request: APIRequestContext) {
  const user = await createUser(request);
  const login = await request.post('/api/auth/token', {
    form: { username: user.email, password: user.password },
  });
  expect(login.ok()).toBe(true);
  const { access_token: token } = (await login.json()) as { access_token: string };
  const headers = { Authorization: `Bearer ${token}` };
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/my-desk/);
  const create = async (data: object): Promise<Item> => {
    const res = await request.post('/api/desk/items', { headers, data });
    expect(res.ok(), await res.text()).toBe(true);
    return (await res.json()) as Item;
  };
  const read = async (id: string): Promise<Item> => {
    const res = await request.get(`/api/desk/objects/${id}`, { headers });
    return (await res.json()) as Item;
  };
  const edit = async (id: string, data: object): Promise<Item> => {
    const res = await request.patch(`/api/desk/objects/${id}`, { headers, data });
    expect(res.ok(), await res.text()).toBe(true);
    return (await res.json()) as Item;
  };
  return { create, read, edit };
}

/** Opens an item in the viewer by its address, as a shared or reloaded link does. */
async function openViewer(page: Page, id: string, name: string | RegExp): Promise<Locator> {
  await page.goto(`/my-desk?item=${id}`);
  const viewer = page.getByRole('dialog', { name });
  await expect(viewer).toBeVisible();
  return viewer;
}

const noteText = (viewer: Locator) => viewer.getByRole('textbox', { name: 'Note text (Markdown)' });
const saveState = (viewer: Locator) => viewer.getByRole('status');

test('a note is written in Markdown, previewed, saved as typed, kept after a reload and found by search', async ({
  page,
  request,
}) => {
  const desk = await signedInDesk(page, request);
  const note = await desk.create({ data_type: 'note_object', name: 'Trip plan', content: 'Old plan' });
  const viewer = await openViewer(page, note.id, 'Trip plan');
  await expect(saveState(viewer)).toHaveText('Saved');

  await viewer.getByRole('tab', { name: 'Write' }).click();
  await noteText(viewer).fill(
    '# Lisbon\n\n**Pack** the _zucchinicake_ recipe\n\n- tram 28\n- [ferry times](https://example.com/ferry)',
  );
  await expect(saveState(viewer)).toHaveText('Saving…');
  await expect(saveState(viewer)).toHaveText('Saved');
  expect((await desk.read(note.id)).content).toContain('**Pack** the _zucchinicake_ recipe');

  await viewer.getByRole('tab', { name: 'Preview' }).click();
  const preview = viewer.getByTestId('note-preview');
  await expect(preview.getByRole('heading', { level: 1, name: 'Lisbon' })).toBeVisible();
  await expect(preview.locator('strong')).toHaveText('Pack');
  await expect(preview.locator('em')).toHaveText('zucchinicake');
  await expect(preview.getByRole('listitem')).toHaveText(['tram 28', 'ferry times']);
  const link = preview.getByRole('link', { name: 'ferry times' });
  await expect(link).toHaveAttribute('href', 'https://example.com/ferry');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', /noopener/);

  // Kept: the page reloaded opens the same note, rendered.
  await page.reload();
  await expect(
    page.getByRole('dialog', { name: 'Trip plan' }).getByRole('heading', { name: 'Lisbon' }),
  ).toBeVisible();

  // Typed again and closed at once (no pause): saved on close.
  await viewer.getByRole('tab', { name: 'Write' }).click();
  await noteText(viewer).fill('# Lisbon\n\nthe zucchinicake and a pastel de nata');
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect.poll(async () => (await desk.read(note.id)).content).toContain('pastel de nata');

  // Search finds the new words.
  const box = page.getByRole('combobox', { name: 'Search your desk' });
  await box.fill('zucchinicake');
  await expect(
    page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option', { name: /^Trip plan/ }),
  ).toBeVisible();
});

test('what a note says is shown safely: no HTML, scripts, remote pictures or javascript: links', async ({
  page,
  request,
}) => {
  const desk = await signedInDesk(page, request);
  const remote: string[] = [];
  page.on('request', (req) => {
    if (!req.url().startsWith('http://localhost')) remote.push(req.url());
  });
  let dialogs = 0;
  page.on('dialog', (d) => {
    dialogs += 1;
    void d.dismiss();
  });
  const note = await desk.create({
    data_type: 'note_object',
    name: 'Tricky',
    content:
      '<img src=x onerror="alert(1)"> <script>alert(2)</script>\n\n![tracker](https://tracker.example/pixel.png)\n\n[click](javascript:alert(3))',
  });
  const viewer = await openViewer(page, note.id, 'Tricky');
  const preview = viewer.getByTestId('note-preview');
  await expect(preview).toContainText('<img src=x onerror="alert(1)"> <script>alert(2)</script>');
  await expect(preview.locator('img, script')).toHaveCount(0);
  await expect(preview.getByRole('link', { name: 'Picture: tracker' })).toHaveAttribute(
    'href',
    'https://tracker.example/pixel.png',
  );
  await expect(preview.getByRole('link', { name: 'click' })).toHaveCount(0);
  await expect(preview).toContainText('[click](javascript:alert(3))');
  expect(remote).toEqual([]);
  expect(dialogs).toBe(0);
});

test('an untitled note shows its text once, is named in place, and the viewer has no serious axe violations', async ({
  page,
  request,
}) => {
  const desk = await signedInDesk(page, request);
  const note = await desk.create({ data_type: 'note_object', content: 'Groceries\nmilk and eggs' });
  const viewer = await openViewer(page, note.id, 'Untitled note');
  await expect(viewer.getByText('Groceries')).toHaveCount(1);
  expect(await violations(page, '[role="dialog"]')).toEqual([]);
  await viewer.getByRole('tab', { name: 'Write' }).click();
  expect(await violations(page, '[role="dialog"]')).toEqual([]);

  // Its name follows its first line until it is named.
  await noteText(viewer).fill('Shopping\nmilk and eggs');
  await expect(saveState(viewer)).toHaveText('Saved');
  expect((await desk.read(note.id)).name).toBe('Shopping');

  // Named by keyboard: the pencil, a name, Enter.
  await viewer.getByRole('button', { name: 'Name it' }).focus();
  await page.keyboard.press('Enter');
  await expect(viewer.getByRole('textbox', { name: 'Name' })).toBeFocused();
  await page.keyboard.type('Weekly shop');
  await page.keyboard.press('Enter');
  const named = page.getByRole('dialog', { name: 'Weekly shop' });
  await expect(named).toBeVisible();
  await expect(named.getByRole('button', { name: 'Rename' })).toBeFocused();
  expect((await desk.read(note.id)).name).toBe('Weekly shop');

  // Escape in the field puts the name back and leaves the viewer open.
  await named.getByRole('button', { name: 'Rename' }).click();
  await named.getByRole('textbox', { name: 'Name' }).fill('Something else');
  await page.keyboard.press('Escape');
  await expect(named).toBeVisible();
  await expect(named.getByRole('textbox', { name: 'Name' })).toHaveCount(0);
  expect((await desk.read(note.id)).name).toBe('Weekly shop');

  // The listing shows the new name.
  await page.keyboard.press('Escape');
  await expect(named).toBeHidden();
  await expect(page.getByRole('checkbox', { name: 'Select Weekly shop', exact: true })).toBeVisible();
});

test('a note changed elsewhere while typing: the viewer says so, and either text can be kept', async ({
  page,
  request,
}) => {
  const desk = await signedInDesk(page, request);
  const note = await desk.create({ data_type: 'note_object', name: 'Shared list', content: 'bread' });
  const viewer = await openViewer(page, note.id, 'Shared list');
  await viewer.getByRole('tab', { name: 'Write' }).click();

  // Another device saves first.
  await desk.edit(note.id, { content: 'bread, cheese', version: note.version });
  await noteText(viewer).fill('bread, apples');
  const conflict = viewer.getByRole('alert').filter({ hasText: 'changed on another device or tab' });
  await expect(conflict).toBeVisible();
  await expect(conflict).toContainText('bread, cheese');
  await expect(saveState(viewer)).toHaveText('Not saved: changed elsewhere');
  // Nothing typed is lost meanwhile, and the other text was not overwritten.
  await expect(noteText(viewer)).toHaveValue('bread, apples');
  expect((await desk.read(note.id)).content).toBe('bread, cheese');

  await conflict.getByRole('button', { name: 'Keep mine' }).click();
  await expect(saveState(viewer)).toHaveText('Saved');
  await expect(conflict).toBeHidden();
  expect((await desk.read(note.id)).content).toBe('bread, apples');

  // Again, and this time the other text is taken.
  const now = await desk.read(note.id);
  await desk.edit(note.id, { content: 'only water', version: now.version });
  await noteText(viewer).fill('bread, apples, pears');
  await expect(conflict).toBeVisible();
  expect(await violations(page, '[role="dialog"]')).toEqual([]);
  await conflict.getByRole('button', { name: 'Load the other text' }).click();
  await expect(noteText(viewer)).toHaveValue('only water');
  await expect(saveState(viewer)).toHaveText('Saved');
  await expect(conflict).toBeHidden();

  // Typing goes on from the other text without another conflict.
  await noteText(viewer).fill('only water, and tea');
  await expect(saveState(viewer)).toHaveText('Saved');
  expect((await desk.read(note.id)).content).toBe('only water, and tea');
});

test('two tabs on one note: the second to save is told, and nothing is overwritten unseen', async ({
  page,
  request,
}) => {
  const desk = await signedInDesk(page, request);
  const note = await desk.create({ data_type: 'note_object', name: 'Packing', content: 'passport' });
  const laptop = await openViewer(page, note.id, 'Packing');
  const phonePage = await page.context().newPage();
  const phone = await openViewer(phonePage, note.id, 'Packing');

  await laptop.getByRole('tab', { name: 'Write' }).click();
  await noteText(laptop).fill('passport, charger');
  await expect(saveState(laptop)).toHaveText('Saved');

  await phone.getByRole('tab', { name: 'Write' }).click();
  await noteText(phone).fill('passport, sunglasses');
  await expect(phone.getByRole('alert')).toContainText('passport, charger');
  await expect(saveState(phone)).toHaveText('Not saved: changed elsewhere');
  expect((await desk.read(note.id)).content).toBe('passport, charger');
  await phone.getByRole('button', { name: 'Keep mine' }).click();
  await expect(saveState(phone)).toHaveText('Saved');
  expect((await desk.read(note.id)).content).toBe('passport, sunglasses');
  await phonePage.close();
});

test('a note closed with a conflict keeps its text for when it opens again', async ({ page, request }) => {
  const desk = await signedInDesk(page, request);
  const note = await desk.create({ data_type: 'note_object', name: 'Diary', content: 'Monday' });
  const viewer = await openViewer(page, note.id, 'Diary');
  await viewer.getByRole('tab', { name: 'Write' }).click();
  await desk.edit(note.id, { content: 'Monday (phone)', version: note.version });
  await noteText(viewer).fill('Monday (laptop)');
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(page.getByText(/Not saved: Diary \(it was changed elsewhere meanwhile\)/)).toBeVisible();

  // Opened again (same page): the text typed is back, with the choice.
  await row(page, 'Diary').dblclick();
  const again = page.getByRole('dialog', { name: 'Diary' });
  await expect(again.getByRole('alert')).toContainText('Monday (phone)');
  await again.getByRole('tab', { name: 'Write' }).click();
  await expect(noteText(again)).toHaveValue('Monday (laptop)');
  await again.getByRole('button', { name: 'Keep mine' }).click();
  await expect(saveState(again)).toHaveText('Saved');
  expect((await desk.read(note.id)).content).toBe('Monday (laptop)');
});

test('tags are added and removed in the viewer', async ({ page, request }) => {
  const desk = await signedInDesk(page, request);
  const link = await desk.create({
    data_type: 'url_object',
    name: 'Tram map',
    url: 'https://example.com/tram',
  });
  const viewer = await openViewer(page, link.id, 'Tram map');
  const tags = viewer.getByRole('combobox', { name: 'Tags' });
  await tags.fill('travel');
  await page.keyboard.press('Enter');
  await tags.fill('lisbon');
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await desk.read(link.id)).tags).toEqual(['travel', 'lisbon']);

  await page.reload();
  const reloaded = page.getByRole('dialog', { name: 'Tram map' });
  await expect(reloaded.getByRole('button', { name: 'Remove tag travel' })).toBeVisible();
  await reloaded.getByRole('button', { name: 'Remove tag travel' }).click();
  await expect(reloaded.getByRole('button', { name: 'Remove tag travel' })).toHaveCount(0);
  await expect(reloaded.getByRole('button', { name: 'Remove tag lisbon' })).toBeVisible();
  await expect.poll(async () => (await desk.read(link.id)).tags).toEqual(['lisbon']);
});

test('a link’s address is changed in place, checked first', async ({ page, request }) => {
  const desk = await signedInDesk(page, request);
  const link = await desk.create({
    data_type: 'url_object',
    name: 'Timetable',
    url: 'https://example.com/old',
  });
  const viewer = await openViewer(page, link.id, 'Timetable');
  await viewer.getByRole('button', { name: 'Change address' }).click();
  const address = viewer.getByRole('textbox', { name: 'Web address' });
  await address.fill('javascript:alert(1)');
  await viewer.getByRole('button', { name: 'Save' }).click();
  await expect(viewer.getByText('Enter a web address starting with http:// or https://')).toBeVisible();
  await address.fill('https://example.org/new-timetable');
  await viewer.getByRole('button', { name: 'Save' }).click();
  await expect(viewer.getByRole('link', { name: 'https://example.org/new-timetable' })).toBeVisible();
  await expect(viewer.getByRole('link', { name: 'https://example.com/old' })).toHaveCount(0);
  expect((await desk.read(link.id)).url).toBe('https://example.org/new-timetable');
});

test('a place is made by finding a town by name, or by clicking the map, and moved later', async ({
  page,
  request,
}) => {
  await signedInDesk(page, request);
  const remote: string[] = [];
  page.on('request', (req) => {
    if (!req.url().startsWith('http://localhost')) remote.push(req.url());
  });

  // By name.
  await page.getByRole('button', { name: 'Add' }).click();
  await page.getByRole('menuitem', { name: 'New location' }).click();
  const dialog = page.getByRole('dialog', { name: 'New location' });
  await dialog.getByRole('textbox', { name: 'Find a place by name' }).fill('lyon');
  const option = page.getByRole('option', { name: /^Lyon\s*France/ });
  await option.click();
  await expect(dialog.getByRole('textbox', { name: 'Latitude' })).toHaveValue(/^45\.7/);
  await expect(dialog.getByRole('textbox', { name: 'Longitude' })).toHaveValue(/^4\.8/);
  await expect(dialog.getByRole('textbox', { name: 'Label' })).toHaveValue('Lyon');
  expect(await violations(page, '[role="dialog"]')).toEqual([]);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Location created')).toBeVisible();

  // By clicking the map: its middle is where latitude 0 and longitude 0 are drawn.
  await page.getByRole('button', { name: 'Add' }).click();
  await page.getByRole('menuitem', { name: 'New location' }).click();
  const map = dialog.getByRole('application', { name: /Map: click to set the place/ });
  const box = await map.boundingBox();
  if (!box) throw new Error('no map');
  // Clicked through the locator, which waits until the opening dialog has stopped moving.
  await map.click({ position: { x: box.width / 2, y: box.height / 2 } });
  const latitude = Number(await dialog.getByRole('textbox', { name: 'Latitude' }).inputValue());
  const longitude = Number(await dialog.getByRole('textbox', { name: 'Longitude' }).inputValue());
  expect(Math.abs(latitude)).toBeLessThan(1);
  expect(Math.abs(longitude)).toBeLessThan(1);
  // Zoom in and click again, a little east: the point moves east.
  await dialog.getByRole('button', { name: 'Zoom in' }).click();
  await map.click({ position: { x: box.width / 2 + 40, y: box.height / 2 } });
  await expect
    .poll(async () => Number(await dialog.getByRole('textbox', { name: 'Longitude' }).inputValue()))
    .toBeGreaterThan(longitude + 1);
  await dialog.getByRole('textbox', { name: 'Label' }).fill('Null Island');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();

  // Moved later from the viewer, by name.
  await row(page, 'Lyon').dblclick();
  const viewer = page.getByRole('dialog', { name: 'Lyon' });
  await expect(viewer).toContainText('45.7');
  await viewer.getByRole('button', { name: 'Change place' }).click();
  await viewer.getByRole('textbox', { name: 'Find a place by name' }).fill('Grenoble');
  await page.getByRole('option', { name: /^Grenoble\s*France/ }).click();
  await viewer.getByRole('button', { name: 'Save place' }).click();
  await expect(viewer.getByRole('link', { name: 'Open in OpenStreetMap' })).toHaveAttribute(
    'href',
    /mlat=45\.1/,
  );
  expect(remote).toEqual([]);
});
