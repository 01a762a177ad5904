import { createCanvas } from '@napi-rs/canvas';
import { expect, type Page, test } from '@playwright/test';
import { row, signedInNewUser } from './helpers';

// Reading a scan's text (OCR) takes a few seconds on its own, more on a busy two-core machine.
test.describe.configure({ timeout: 120_000 });

const NAME = 'scanned-letter.png';

/** A letter as a scanner gives it: a picture of black words on white, no text layer. */
function scannedLetter(): Buffer {
  const canvas = createCanvas(1275, 700);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.fillStyle = '#111111';
  context.font = '36px serif';
  const lines = [
    'Greenfield Nurseries Ltd',
    'Invoice date: 14 March 2023',
    'Pruning of the gladiolus beds and hedges',
    'Total due: 240.00 EUR',
  ];
  lines.forEach((line, i) => {
    context.fillText(line, 90, 120 + i * 90);
  });
  return canvas.toBuffer('image/png');
}

async function upload(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload files' }).click();
  await (await chooser).setFiles([file]);
  await expect(page.getByText('1 file uploaded')).toBeVisible();
  await page.getByRole('region', { name: 'Uploads' }).getByRole('button', { name: 'Close uploads' }).click();
}

test('a scanned page is read: found by a word only its picture holds, its text shown, its date taken from it', async ({
  page,
  request,
}) => {
  await signedInNewUser(page, request);
  await upload(page, { name: NAME, mimeType: 'image/png', buffer: scannedLetter() });

  // The list says the text is being read, then the badge goes.
  const card = row(page, NAME);
  await expect(card).toBeVisible();
  await expect(card.getByText(/Reading text…|Processing…/)).toHaveCount(0, { timeout: 90_000 });

  // Search finds it by a word that exists only in the picture, with the passage that matched.
  const box = page.getByRole('combobox', { name: 'Search your desk' });
  await box.fill('gladiolus');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/my-desk\/search\?q=gladiolus$/);
  const result = page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('checkbox', { name: `Select ${NAME}`, exact: true }) });
  await expect(result).toBeVisible();
  await expect(result.locator('mark').filter({ hasText: /^gladiolus$/i })).toBeVisible();

  // The viewer shows the text read (selectable text, not a picture of it) and where the date came from.
  await result.getByRole('button', { name: NAME, exact: true }).click();
  const viewer = page.getByRole('dialog', { name: NAME });
  await expect(viewer).toBeVisible();
  await expect(viewer.getByRole('heading', { name: 'Text read from the picture' })).toBeVisible();
  await expect(viewer.getByText(/Pruning of the gladiolus beds/)).toBeVisible();
  await expect(viewer.getByText(/% confidence/)).toBeVisible();
  await expect(viewer.getByText(/Dated .*2023 \(written in it\)/)).toBeVisible();

  // Read again: it is read anew, and the same text comes back.
  await viewer.getByRole('button', { name: 'Read again' }).click();
  await expect(viewer.getByText(/Pruning of the gladiolus beds/)).toBeVisible({ timeout: 90_000 });
  await expect(viewer.getByRole('button', { name: 'Read again' })).toBeVisible();
});
