import { expect, type Locator, type Page, test } from '@playwright/test';
import { type createUser, row, signedInNewUser } from './helpers';

async function signedIn(page: Page, request: Parameters<typeof createUser>[0]) {
  await signedInNewUser(page, request);
  await expect(page.getByRole('button', { name: 'Upload files' })).toBeVisible();
}

async function createFolder(page: Page, kind: 'drawer' | 'binder', name: string) {
  await page.getByRole('button', { name: `New ${kind}` }).click();
  const dialog = page.getByRole('dialog', { name: `New ${kind}` });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText(kind === 'drawer' ? 'Drawer created' : 'Binder created')).toBeVisible();
  await expect(row(page, name)).toBeVisible();
  await expect(dialog).toBeHidden();
}

/** Toasts pause while the pointer rests on them: move it away and let them close (they cover the top right). */
async function letToastsClose(page: Page) {
  await page.mouse.move(300, 700);
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
}

/** Drags with real pointer steps, so dnd-kit sees a drag (and the test can look at it mid-way). */
async function dragTo(page: Page, from: Locator, to: Locator, midway: () => Promise<void>) {
  // A dialog still fading out would take the pointer.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const start = await from.getByRole('gridcell').nth(1).boundingBox();
  const end = await to.boundingBox();
  if (!start || !end) throw new Error('Nothing to drag or nowhere to drop');
  await page.mouse.move(start.x + 40, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(start.x + 50, start.y + start.height / 2 + 10, { steps: 4 });
  await page.mouse.move(end.x + end.width / 3, end.y + end.height / 2, { steps: 12 });
  await midway();
  await page.mouse.move(end.x + end.width / 3 + 2, end.y + end.height / 2, { steps: 2 });
  await page.mouse.up();
}

test('a user files uploads into a binder by drag and drop, views, downloads and deletes them', async ({
  page,
  request,
}) => {
  await signedIn(page, request);

  // A drawer in My Desk, a binder in the drawer.
  await createFolder(page, 'drawer', 'Taxes');
  await row(page, 'Taxes').dblclick();
  await expect(page.getByRole('heading', { name: 'Taxes' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Folder path' })).toContainText('My Desk');
  await createFolder(page, 'binder', 'Receipts 2024');

  // Three files at once, each with its progress bar, and one overall.
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload files' }).click();
  await (await chooser).setFiles([
    { name: 'alpha.txt', mimeType: 'text/plain', buffer: Buffer.from('alpha receipt\nline two') },
    { name: 'beta.txt', mimeType: 'text/plain', buffer: Buffer.from('beta receipt') },
    { name: 'gamma.txt', mimeType: 'text/plain', buffer: Buffer.from('gamma receipt') },
  ]);
  const uploads = page.getByRole('region', { name: 'Uploads' });
  for (const name of ['alpha.txt', 'beta.txt', 'gamma.txt']) {
    await expect(uploads.getByRole('progressbar', { name: `Upload of ${name}` })).toBeVisible();
  }
  await expect(uploads.getByRole('progressbar', { name: 'All uploads' })).toBeVisible();
  await expect(page.getByText('3 files uploaded')).toBeVisible();
  await expect(uploads.getByRole('progressbar', { name: 'All uploads' })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
  await uploads.getByRole('button', { name: 'Close uploads' }).click();
  for (const name of ['alpha.txt', 'beta.txt', 'gamma.txt']) await expect(row(page, name)).toBeVisible();

  // Select two (click, then ctrl-click) and drag them onto the binder: the preview shows the count.
  await row(page, 'alpha.txt').getByRole('gridcell').nth(1).click();
  await row(page, 'beta.txt')
    .getByRole('gridcell')
    .nth(1)
    .click({ modifiers: ['ControlOrMeta'] });
  await expect(page.getByText('2 selected')).toBeVisible();
  await dragTo(page, row(page, 'alpha.txt'), row(page, 'Receipts 2024'), async () => {
    const preview = page.getByTestId('drag-preview');
    await expect(preview).toBeVisible();
    await expect(preview).toContainText('2');
    await expect(preview).toContainText('alpha.txt');
  });
  await expect(page.getByText('2 items moved to Receipts 2024')).toBeVisible();
  await expect(row(page, 'alpha.txt')).toHaveCount(0);
  await expect(row(page, 'gamma.txt')).toBeVisible();

  // In the binder: open one in the viewer (Enter), download it.
  await row(page, 'Receipts 2024').dblclick();
  await expect(page.getByRole('heading', { name: 'Receipts 2024' })).toBeVisible();
  await expect(row(page, 'alpha.txt')).toBeVisible();
  await expect(row(page, 'beta.txt')).toBeVisible();
  await row(page, 'alpha.txt').focus();
  await page.keyboard.press('Enter');
  const viewer = page.getByRole('dialog', { name: 'alpha.txt' });
  await expect(viewer).toBeVisible();
  const download = page.waitForEvent('download');
  await viewer.getByRole('link', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe('alpha.txt');
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  // Several at once download as one ZIP.
  await page.getByRole('checkbox', { name: 'Select all' }).check();
  await expect(page.getByText('2 selected')).toBeVisible();
  const zip = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  expect((await zip).suggestedFilename()).toMatch(/\.zip$/);

  // Bulk delete, after a confirmation.
  await page.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete 2 items?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('2 items moved to the Trash')).toBeVisible();
  await expect(page.getByText('This binder is empty')).toBeVisible();
});

test('notes, links and places are made, opened and moved by keyboard with Move to…', async ({
  page,
  request,
}) => {
  await signedIn(page, request);
  await createFolder(page, 'drawer', 'Travel');

  await page.getByRole('button', { name: 'Add' }).click();
  await page.getByRole('menuitem', { name: 'New note' }).click();
  const noteDialog = page.getByRole('dialog', { name: 'New note' });
  await noteDialog.getByLabel('Name').fill('Packing list');
  await noteDialog.getByLabel('Note').fill('<b>passport</b>\n  charger');
  await noteDialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Note created')).toBeVisible();

  await page.getByRole('button', { name: 'Add' }).click();
  await page.getByRole('menuitem', { name: 'New link' }).click();
  const linkDialog = page.getByRole('dialog', { name: 'New link' });
  await linkDialog.getByLabel('Web address').fill('javascript:alert(1)');
  await linkDialog.getByRole('button', { name: 'Create' }).click();
  await expect(linkDialog.getByText('Enter a web address starting with http:// or https://')).toBeVisible();
  await linkDialog.getByLabel('Web address').fill('https://example.com/trains');
  await linkDialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Link created')).toBeVisible();

  await page.getByRole('button', { name: 'Add' }).click();
  await page.getByRole('menuitem', { name: 'New location' }).click();
  const placeDialog = page.getByRole('dialog', { name: 'New location' });
  await placeDialog.getByLabel('Label').fill('Eiffel Tower');
  await placeDialog.getByLabel('Latitude').fill('48.8584');
  await placeDialog.getByLabel('Longitude').fill('2.2945');
  await placeDialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Location created')).toBeVisible();

  // The note shows as text, never as HTML.
  await row(page, 'Packing list').getByRole('button', { name: 'Actions for Packing list' }).click();
  await page.getByRole('menuitem', { name: 'Open' }).click();
  const viewer = page.getByRole('dialog', { name: 'Packing list' });
  await expect(viewer.getByText('<b>passport</b>')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  // The place: coordinates and a map link.
  await row(page, 'Eiffel Tower').dblclick();
  const place = page.getByRole('dialog', { name: 'Eiffel Tower' });
  await expect(place.getByRole('link', { name: 'Open in OpenStreetMap' })).toHaveAttribute(
    'href',
    /openstreetmap\.org\/\?mlat=48\.8584&mlon=2\.2945/,
  );
  await page.keyboard.press('Escape');
  await expect(place).toBeHidden();

  // Move the link into the drawer with the keyboard only.
  await row(page, 'https://example.com/trains').focus();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Space');
  await expect(page.getByText('1 selected')).toBeVisible();
  await page.getByRole('button', { name: 'Move to…' }).focus();
  await page.keyboard.press('Enter');
  const move = page.getByRole('dialog', { name: 'Move to…' });
  await move.getByRole('radio', { name: 'Travel' }).check();
  await move.getByRole('button', { name: 'Move' }).press('Enter');
  await expect(page.getByText('1 item moved to Travel')).toBeVisible();
  await expect(row(page, 'https://example.com/trains')).toHaveCount(0);

  // A drawer cannot go into a binder: the move dialog says so and offers only My Desk.
  await row(page, 'Travel').getByRole('button', { name: 'Actions for Travel' }).click();
  await page.getByRole('menuitem', { name: 'Move to…' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Move to…' }).getByRole('radio', { name: 'Travel' }),
  ).toBeDisabled();
  await page.keyboard.press('Escape');
});

test('the source pages say what brings items there, and the gallery lists photos', async ({
  page,
  request,
}) => {
  await signedIn(page, request);
  await page.getByRole('link', { name: 'Google Drive' }).click();
  await expect(page).toHaveURL(/\/my-desk\/drive$/);
  await expect(page.getByText(/Connect Google Drive from My Sources: its files arrive here/)).toBeVisible();
  await page.getByRole('link', { name: 'Extension' }).click();
  await expect(page.getByText(/Add the Easio browser extension and sign it in with a token/)).toBeVisible();
  await page.getByRole('link', { name: 'Gallery' }).click();
  await expect(page.getByText('No photos yet', { exact: true })).toBeVisible();

  await page.goto('/my-source');
  await expect(page.getByRole('region', { name: 'Uploads' })).toContainText('Working');
  await expect(page.getByRole('region', { name: 'Calendar files and subscriptions' })).toContainText(
    'Working',
  );
  const gallery = page.getByRole('region', { name: 'Gallery' });
  await expect(gallery).toContainText('Working');
  await gallery.getByRole('link', { name: 'Open the gallery' }).click();
  await expect(page).toHaveURL(/\/my-desk\/gallery$/);
  await expect(page.getByRole('button', { name: 'Upload photos' }).first()).toBeVisible();
});

test('items move onto a breadcrumb and by keyboard; duplicates are linked or skipped; an upload is cancelled', async ({
  page,
  request,
}) => {
  await signedIn(page, request);
  await createFolder(page, 'drawer', 'Inbox');
  await row(page, 'Inbox').dblclick();
  await expect(page.getByRole('heading', { name: 'Inbox' })).toBeVisible();
  await page.getByRole('button', { name: 'Add' }).click();
  await page.getByRole('menuitem', { name: 'New note' }).click();
  await page.getByRole('dialog', { name: 'New note' }).getByLabel('Note').fill('Back to the desk');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(row(page, 'Back to the desk')).toBeVisible();

  // Pointer drag onto the "My Desk" breadcrumb.
  const crumb = page.getByRole('navigation', { name: 'Folder path' }).getByRole('link', { name: 'My Desk' });
  await dragTo(page, row(page, 'Back to the desk'), crumb, async () => {
    await expect(page.getByTestId('drag-preview')).toHaveText(/^Back to the desk…\s*1$/);
  });
  await expect(page.getByText('1 item moved to My Desk')).toBeVisible();
  await expect(page.getByText('This drawer is empty')).toBeVisible();

  // Keyboard drag from the handle: space, an arrow key to the next drop target, space.
  await crumb.click();
  await expect(row(page, 'Back to the desk')).toBeVisible();
  await page.getByRole('button', { name: 'Drag Back to the desk' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('drag-preview')).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(row(page, 'Inbox')).toHaveClass(/dropOver/);
  await page.keyboard.press('Space');
  // The note leaves My Desk for the drawer (what the 2-second toast says, checked where it stays).
  await expect(row(page, 'Back to the desk')).toHaveCount(0);
  await row(page, 'Inbox').dblclick();
  await expect(row(page, 'Back to the desk')).toBeVisible();
  await page.getByRole('navigation', { name: 'Folder path' }).getByRole('link', { name: 'My Desk' }).click();

  // Uploading bytes the desk already has: keep the copy as a link, or skip it.
  const twice = Buffer.from('the very same bytes');
  let picker = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload files' }).click();
  await (await picker).setFiles([{ name: 'first.txt', mimeType: 'text/plain', buffer: twice }]);
  await expect(row(page, 'first.txt')).toBeVisible();
  await letToastsClose(page);
  picker = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload files' }).click();
  await (await picker).setFiles([
    { name: 'again.txt', mimeType: 'text/plain', buffer: twice },
    { name: 'once more.txt', mimeType: 'text/plain', buffer: twice },
  ]);
  const panel = page.getByRole('region', { name: 'Uploads' });
  await expect(panel.getByText('Already on your desk')).toHaveCount(2);
  await panel.getByRole('button', { name: 'Keep again.txt as a link' }).click();
  await panel.getByRole('button', { name: 'Skip once more.txt' }).click();
  await expect(panel.getByText('Kept as a link')).toBeVisible();
  await expect(panel.getByText('Skipped')).toBeVisible();
  await expect(row(page, 'again.txt')).toBeVisible();
  await expect(row(page, 'once more.txt')).toHaveCount(0);
  await panel.getByRole('button', { name: 'Close uploads' }).click();

  // A slow upload shows its progress and can be cancelled.
  await letToastsClose(page);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 256 * 1024,
  });
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload files' }).click();
  await (await chooser).setFiles([
    { name: 'slow.bin', mimeType: 'application/octet-stream', buffer: Buffer.alloc(4 * 1024 * 1024, 7) },
  ]);
  const uploads = page.getByRole('region', { name: 'Uploads' });
  await expect(uploads.getByText(/% of 4\.0 MB/)).toBeVisible();
  await uploads.getByRole('button', { name: 'Cancel upload of slow.bin' }).click();
  await expect(uploads.getByText('Cancelled')).toBeVisible();
  await expect(uploads.getByText('Uploads finished')).toBeVisible();
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await expect(row(page, 'slow.bin')).toHaveCount(0);
});

test('the uploads panel closes by itself when every file went through, and stays while a choice waits', async ({
  page,
  request,
}) => {
  await signedIn(page, request);
  const panel = page.getByRole('region', { name: 'Uploads' });
  const upload = async (name: string, text: string) => {
    const picker = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload files' }).click();
    await (await picker).setFiles([{ name, mimeType: 'text/plain', buffer: Buffer.from(text) }]);
  };
  await upload('receipt.txt', 'A receipt for the new kettle');
  await expect(panel).toContainText('Uploads finished');
  await page.mouse.move(300, 700);
  await expect(panel).toBeHidden({ timeout: 15_000 });

  // The same bytes again: the panel asks what to do, and waits for the answer.
  await upload('receipt copy.txt', 'A receipt for the new kettle');
  await expect(panel.getByText('Already on your desk')).toBeVisible();
  await page.waitForTimeout(7000);
  await expect(panel).toBeVisible();
  await panel.getByRole('button', { name: 'Skip receipt copy.txt' }).click();
  await expect(panel).toBeVisible();
  await panel.getByRole('button', { name: 'Close uploads' }).click();
  await expect(panel).toBeHidden();
});
