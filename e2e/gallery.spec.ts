import { expect, test } from '@playwright/test';
import sharp, { type Exif } from 'sharp';
import { signedInNewUser, violations } from './helpers';

test.use({ timezoneId: 'UTC' });

const photo = (colour: string, exif: Exif) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
    .jpeg()
    .withExif(exif)
    .toBuffer();

const gps = (lat: string, latRef: string, lon: string, lonRef: string) => ({
  GPSLatitudeRef: latRef,
  GPSLatitude: lat,
  GPSLongitudeRef: lonRef,
  GPSLongitude: lon,
});

test('the gallery groups photos by month and shows where they were taken on a map', async ({
  page,
  request,
}) => {
  await signedInNewUser(page, request);
  const files = [
    {
      name: 'eiffel.jpg',
      buffer: await photo('#336699', {
        IFD2: { DateTimeOriginal: '2023:07:14 09:30:05' },
        IFD3: gps('48/1 51/1 24/1', 'N', '2/1 17/1 40/1', 'E'),
      }),
    },
    {
      name: 'louvre.jpg',
      buffer: await photo('#993366', {
        IFD2: { DateTimeOriginal: '2023:07:15 16:00:00' },
        IFD3: gps('48/1 51/1 40/1', 'N', '2/1 20/1 10/1', 'E'),
      }),
    },
    {
      name: 'andes.jpg',
      buffer: await photo('#669933', {
        IFD2: { DateTimeOriginal: '2024:02:29 23:59:58' },
        IFD3: gps('33/1 52/1 0/1', 'S', '70/1 30/1 0/1', 'W'),
      }),
    },
    {
      name: 'receipt.jpg',
      buffer: await photo('#cccccc', { IFD2: { DateTimeOriginal: '2024:02:10 12:00:00' } }),
    },
  ];
  // An empty gallery offers to upload photos; they are uploaded from the gallery itself.
  await page.getByRole('link', { name: 'Gallery' }).click();
  await expect(page.getByText('No photos yet')).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload photos' }).first().click();
  const picker = await chooser;
  expect(picker.isMultiple()).toBe(true);
  expect(await picker.element().getAttribute('accept')).toBe('image/*');
  await picker.setFiles(files.map((f) => ({ ...f, mimeType: 'image/jpeg' })));
  const grid = page.getByRole('grid', { name: 'Gallery' });
  for (const file of files) await expect(grid.getByRole('gridcell', { name: file.name })).toBeVisible();

  // Each photo's EXIF is read in the background: the months appear once it is.
  await expect(async () => {
    await page.reload();
    await expect(grid.getByRole('rowheader', { name: 'July 2023' })).toBeVisible({ timeout: 1_000 });
    await expect(grid.getByRole('rowheader', { name: 'February 2024' })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  const headers = await grid.getByRole('rowheader').allTextContents();
  expect(headers).toEqual(['February 2024', 'July 2023']);
  await expect(grid.getByRole('gridcell', { name: 'andes.jpg' })).toContainText('Feb 29, 2024');
  await expect(grid.getByRole('gridcell', { name: 'receipt.jpg' })).toContainText('No place recorded');

  await page.getByRole('radiogroup', { name: 'Gallery view' }).getByText('Map', { exact: true }).click();
  await expect(page).toHaveURL(/\/my-desk\/gallery\?view=map/);
  const map = page.getByRole('group', { name: 'Map of where your photos were taken' });
  await expect(page.getByText('3 photos with a place. Photos without one are in the grid.')).toBeVisible();
  const paris = map.getByRole('button', { name: /^2 photos near 48\.8\d+° N/ });
  const andes = map.getByRole('button', { name: /^andes\.jpg, taken at 33\.86667° S, 70\.50000° W$/ });
  await expect(paris).toBeVisible();
  await expect(andes).toBeVisible();
  expect(await violations(page, 'main')).toEqual([]);

  await paris.click();
  const chosen = page.getByLabel('Photos taken here');
  await expect(chosen.getByText('2 photos taken here')).toBeVisible();
  await expect(chosen.getByRole('button', { name: /^Open (eiffel|louvre)\.jpg$/ })).toHaveCount(2);

  await andes.focus();
  await page.keyboard.press('Enter');
  await expect(chosen.getByText('1 photo taken here')).toBeVisible();
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await page.getByRole('button', { name: 'Show every photo' }).click();
  await chosen.getByRole('button', { name: 'Open andes.jpg' }).click();
  await expect(page.getByRole('dialog', { name: 'andes.jpg' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('radiogroup', { name: 'Gallery view' }).getByText('Photos', { exact: true }).click();
  await expect(page).toHaveURL(/\/my-desk\/gallery$/);
  await expect(grid.getByRole('rowheader', { name: 'July 2023' })).toBeVisible();
});
