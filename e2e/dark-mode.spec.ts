import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { tokenOf } from './desk-seed';
import { signedInNewUser, violations } from './helpers';

test.use({ colorScheme: 'dark' });

/** The relative luminance (WCAG) of a colour given as 0–255 channels: 0 is black, 1 is white. */
function luminance([r, g, b]: number[]) {
  const linear = (c = 0) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** The luminance of an element's own (opaque) background colour. */
async function backgroundLuminance(element: Locator) {
  const color = await element.evaluate((el) => getComputedStyle(el).backgroundColor);
  const channels = (color.match(/[\d.]+/g) ?? []).map(Number);
  if (channels.length < 3 || (channels[3] ?? 1) < 1) throw new Error(`Not an opaque background: ${color}`);
  return luminance(channels);
}

/** The luminance of what the screen shows at a point, read from a screenshot. */
async function screenLuminance(page: Page, x: number, y: number) {
  const png = (await page.screenshot({ clip: { x, y, width: 1, height: 1 } })).toString('base64');
  const pixel = await page.evaluate(async (data) => {
    const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const context = new OffscreenCanvas(1, 1).getContext('2d');
    if (!context) throw new Error('No 2D canvas');
    context.drawImage(bitmap, 0, 0);
    return Array.from(context.getImageData(0, 0, 1, 1).data);
  }, png);
  return luminance(pixel);
}

const DARK = 0.05;
const LIGHT = 0.8;

async function addToDesk(page: Page, request: APIRequestContext) {
  const headers = { authorization: `Bearer ${await tokenOf(page)}` };
  const post = async (path: string, data: Record<string, unknown>) =>
    expect((await request.post(`/api/desk/${path}`, { headers, data })).status()).toBe(200);
  await post('folders', { data_type: 'drawer_object', name: 'Finance' });
  for (const name of ['Electricity bill October', 'Passport renewal'])
    await post('items', { data_type: 'note_object', name, content: `${name}. Kept for my records.` });
}

test('a theme chosen against the system holds from the first paint, before the app has started', async ({
  page,
  request,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await signedInNewUser(page, request);
  await page.goto('/settings');
  await page.getByRole('radiogroup', { name: /Theme/ }).getByText('Dark', { exact: true }).click();
  await expect.poll(() => backgroundLuminance(page.locator('main'))).toBeLessThan(DARK);
  // Without the app's script only the page, its styles and its theme script apply: no white flash.
  await page.route('**/assets/index-*.js', (route) => route.abort());
  await page.reload();
  expect(await screenLuminance(page, 20, 400)).toBeLessThan(DARK);
});

test('the desk follows a dark system, reads well, and Settings switches the theme for this browser', async ({
  page,
  request,
}) => {
  // Three full axe passes on a busy machine.
  test.setTimeout(120_000);
  const settled = () => expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
  const main = page.locator('main');

  await signedInNewUser(page, request);
  await addToDesk(page, request);
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Select Passport renewal' })).toBeVisible();
  expect(await backgroundLuminance(page.locator('body'))).toBeLessThan(DARK);
  expect(await backgroundLuminance(main)).toBeLessThan(DARK);
  expect(await backgroundLuminance(page.getByRole('grid'))).toBeLessThan(DARK);
  await settled();
  expect(await violations(page), 'dark desk list').toEqual([]);

  await page.getByRole('checkbox', { name: 'Select Passport renewal' }).check();
  await page.getByRole('button', { name: 'Open', exact: true }).click();
  const viewer = page.getByRole('dialog', { name: 'Passport renewal' });
  await expect(viewer.getByText('Passport renewal. Kept for my records.')).toBeVisible();
  expect(await backgroundLuminance(viewer)).toBeLessThan(DARK);
  expect(await violations(page), 'dark viewer of a note').toEqual([]);
  await page.keyboard.press('Escape');

  await page.goto('/settings');
  const theme = page.getByRole('radiogroup', { name: /Theme/ });
  await expect(theme.getByRole('radio', { name: 'Follow the system' })).toBeChecked();
  expect(await violations(page), 'dark settings').toEqual([]);

  // Light, applied at once and kept after a reload.
  await theme.getByText('Light', { exact: true }).click();
  await expect(theme.getByRole('radio', { name: 'Light' })).toBeChecked();
  await expect.poll(() => backgroundLuminance(main)).toBeGreaterThan(LIGHT);
  await page.reload();
  await expect(theme.getByRole('radio', { name: 'Light' })).toBeChecked();
  expect(await backgroundLuminance(main)).toBeGreaterThan(LIGHT);
  await page.goto('/my-desk');
  await expect(page.getByRole('checkbox', { name: 'Select Passport renewal' })).toBeVisible();
  expect(await backgroundLuminance(main)).toBeGreaterThan(LIGHT);

  // Following the system again: dark while it is dark, light once it turns light.
  await page.goto('/settings');
  await theme.getByText('Follow the system', { exact: true }).click();
  await expect.poll(() => backgroundLuminance(main)).toBeLessThan(DARK);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => backgroundLuminance(main)).toBeGreaterThan(LIGHT);
  await page.reload();
  await expect(theme.getByRole('radio', { name: 'Follow the system' })).toBeChecked();
  expect(await backgroundLuminance(main)).toBeGreaterThan(LIGHT);
});

test('the public pages are dark and read well on a dark system', async ({ page }) => {
  for (const [path, ready] of [
    ['/', page.getByRole('heading', { name: 'Why Easio' })],
    ['/login', page.getByLabel('Username (e-mail)')],
  ] as const) {
    await page.goto(path);
    await expect(ready).toBeVisible();
    expect(await backgroundLuminance(page.locator('body')), path).toBeLessThan(DARK);
    expect(await violations(page), path).toEqual([]);
  }
});
