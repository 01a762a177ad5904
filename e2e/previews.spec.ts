import { expect, type Page, test } from '@playwright/test';
import { strToU8, zipSync } from 'fflate';
import { row, signedInNewUser, violations } from './helpers';

const year = new Date().getUTCFullYear() + 1;

/** An e-mail with an HTML body (and a script that must never run) and a PDF attached. */
const EML = [
  'From: Ann Lee <ann@example.com>',
  'To: me@example.org',
  'Subject: Invoice for March',
  'Date: Tue, 14 Jan 2025 10:00:00 +0100',
  'Message-ID: <march-invoice@example.com>',
  'MIME-Version: 1.0',
  'Content-Type: multipart/mixed; boundary="b1"',
  '',
  '--b1',
  'Content-Type: text/html; charset=utf-8',
  '',
  '<p>Please find the <b>March invoice</b> attached.</p><script>document.title="pwned"</script>',
  '--b1',
  'Content-Type: application/pdf; name="invoice-march.pdf"',
  'Content-Disposition: attachment; filename="invoice-march.pdf"',
  'Content-Transfer-Encoding: base64',
  '',
  Buffer.from('%PDF-1.4 invoice').toString('base64'),
  '--b1--',
  '',
].join('\r\n');

const ICS = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'X-WR-CALNAME:Family',
  'BEGIN:VEVENT',
  'UID:party-1',
  'DTSTAMP:20260101T000000Z',
  `DTSTART:${year}0501T180000Z`,
  `DTEND:${year}0501T220000Z`,
  'SUMMARY:Garden party',
  'LOCATION:Community hall',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:dentist-1',
  'DTSTAMP:20260101T000000Z',
  `DTSTART;VALUE=DATE:${year}0612`,
  'SUMMARY:Dentist',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

/** A Word document with a bold run and a table, made as Word lays one out. */
function docx(): Buffer {
  const cell = (text: string) => `<w:tc><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:tc>`;
  const body = [
    '<w:p><w:r><w:t xml:space="preserve">Dear Ann, here is the </w:t></w:r><w:r><w:rPr><w:b/></w:rPr><w:t>budget</w:t></w:r></w:p>',
    `<w:tbl><w:tr>${cell('Rent')}${cell('900')}</w:tr><w:tr>${cell('Food')}${cell('400')}</w:tr></w:tbl>`,
  ].join('');
  return Buffer.from(
    zipSync({
      '[Content_Types].xml': strToU8(
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ),
      '_rels/.rels': strToU8(
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
      ),
      'word/document.xml': strToU8(
        `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
      ),
    }),
  );
}

/** A PDF of one line of text per page. */
function pdf(pages: string[]): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pages.map((_, i) => `${4 + i * 2} 0 R`).join(' ')}] /Count ${pages.length} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  pages.forEach((line, i) => {
    const stream = `BT /F1 24 Tf 72 720 Td (${line}) Tj ET`;
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + i * 2} 0 R >>`,
      `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    );
  });
  let out = '%PDF-1.4\n';
  const offsets = objects.map((body, i) => {
    const offset = out.length;
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** Two seconds of a 440 Hz tone, 8 kHz 8-bit mono PCM in a WAV file. */
function wav(): Buffer {
  const rate = 8000;
  const samples = Buffer.alloc(rate * 2);
  for (let i = 0; i < samples.length; i += 1) {
    samples[i] = 128 + Math.round(60 * Math.sin((2 * Math.PI * 440 * i) / rate));
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + samples.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate, 28);
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write('data', 36);
  header.writeUInt32LE(samples.length, 40);
  return Buffer.concat([header, samples]);
}

const CSV = 'name,city,joined\nAnn Lee,Oslo,2024-01-02\nBob Ray,Lima,007\n';
const MD = '# Garden plan\n\n- tomatoes\n- **beans**\n\n<script>document.title="pwned"</script>\n';

async function openItem(page: Page, name: string) {
  await row(page, name).dblclick();
  const viewer = page.getByRole('dialog', { name });
  await expect(viewer).toBeVisible();
  return viewer;
}

async function closeViewer(page: Page) {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

async function upload(page: Page, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload files' }).click();
  await (await chooser).setFiles(files);
  await expect(
    page.getByText(files.length === 1 ? '1 file uploaded' : `${files.length} files uploaded`),
  ).toBeVisible();
  await page.getByRole('region', { name: 'Uploads' }).getByRole('button', { name: 'Close uploads' }).click();
}

test('an uploaded .eml is an e-mail: headers, body as sent, its attachment beside it, the file downloadable', async ({
  page,
  request,
}) => {
  await signedInNewUser(page, request);
  await upload(page, [{ name: 'invoice.eml', mimeType: 'message/rfc822', buffer: Buffer.from(EML) }]);
  await expect(row(page, 'invoice.eml')).toContainText('E-mail');
  await expect(row(page, 'invoice-march.pdf')).toContainText('PDF');

  let viewer = await openItem(page, 'invoice.eml');
  await expect(viewer).toContainText('Ann Lee <ann@example.com>');
  await expect(viewer).toContainText('Invoice for March');
  // The date as the reader's browser writes dates, not as stored.
  const sent = await page.evaluate(() =>
    new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date('2025-01-14T09:00:00Z'),
    ),
  );
  await expect(viewer).toContainText(`date: ${sent}`, { ignoreCase: true });
  await expect(viewer).not.toContainText('2025-01-14T');
  const body = viewer.frameLocator('iframe[title="The e-mail as sent"]');
  await expect(body.getByText('March invoice')).toBeVisible();
  await expect(page).not.toHaveTitle('pwned');
  const download = page.waitForEvent('download');
  await viewer.getByRole('link', { name: 'Download', exact: true }).click();
  expect((await download).suggestedFilename()).toBe('invoice.eml');
  expect(await violations(page, '[role="dialog"]')).toEqual([]);
  await closeViewer(page);

  viewer = await openItem(page, 'invoice-march.pdf');
  await expect(viewer).toContainText('Attached to the e-mail “Invoice for March” from Ann Lee');
});

test('an uploaded .ics stays a file that says where its events went, and its events open as events', async ({
  page,
  request,
}) => {
  await signedInNewUser(page, request);
  await upload(page, [{ name: 'family.ics', mimeType: 'text/calendar', buffer: Buffer.from(ICS) }]);
  await expect(row(page, 'family.ics')).toContainText('Calendar');
  await expect(row(page, 'Garden party')).toContainText('Event');
  await expect(row(page, 'Dentist')).toContainText('Event');

  let viewer = await openItem(page, 'family.ics');
  await expect(viewer).toContainText('The 2 events of this calendar “Family” were added beside this file');
  await expect(viewer.getByRole('region', { name: 'Contents of family.ics' })).toContainText(
    'BEGIN:VCALENDAR',
  );
  expect(await violations(page, '[role="dialog"]')).toEqual([]);
  await closeViewer(page);

  viewer = await openItem(page, 'Garden party');
  await expect(viewer).toContainText('Community hall');
});

test('Word documents, spreadsheets and Markdown render as documents and tables', async ({
  page,
  request,
}) => {
  await signedInNewUser(page, request);
  await upload(page, [
    {
      name: 'letter.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: docx(),
    },
    { name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) },
    { name: 'plan.md', mimeType: 'text/markdown', buffer: Buffer.from(MD) },
  ]);
  await expect(row(page, 'letter.docx')).toContainText('Document');
  await expect(row(page, 'people.csv')).toContainText('Spreadsheet');
  await expect(row(page, 'plan.md')).toContainText('Text');

  // The Word document as a document: its words, its emphasis, its table.
  let viewer = await openItem(page, 'letter.docx');
  const letter = viewer.frameLocator('iframe[title="letter.docx, as a document"]');
  await expect(letter.getByText('Dear Ann, here is the')).toBeVisible();
  await expect(letter.locator('strong')).toHaveText('budget');
  await expect(letter.getByRole('cell', { name: 'Rent' })).toBeVisible();
  expect(await violations(page, '[role="dialog"]')).toEqual([]);
  await closeViewer(page);

  // The spreadsheet as a table, its cells as written.
  viewer = await openItem(page, 'people.csv');
  await expect(viewer.getByRole('columnheader', { name: 'city' })).toBeVisible();
  await expect(viewer.getByRole('cell', { name: 'Oslo' })).toBeVisible();
  await expect(viewer.getByRole('cell', { name: '007' })).toBeVisible();
  expect(await violations(page, '[role="dialog"]')).toEqual([]);
  await closeViewer(page);

  // Markdown rendered, the HTML written in it left as text.
  viewer = await openItem(page, 'plan.md');
  const plan = viewer.frameLocator('iframe[title="plan.md, as a document"]');
  await expect(plan.getByRole('heading', { name: 'Garden plan' })).toBeVisible();
  await expect(plan.getByRole('listitem').filter({ hasText: 'beans' }).locator('strong')).toHaveText('beans');
  await expect(plan.getByText('<script>document.title="pwned"</script>')).toBeVisible();
  await expect(page).not.toHaveTitle('pwned');
});

test('a file that cannot be shown says so in plain words, with a way to download it', async ({
  page,
  request,
}) => {
  await signedInNewUser(page, request);
  await upload(page, [
    {
      name: 'backup.zip',
      mimeType: 'application/zip',
      buffer: Buffer.from(zipSync({ 'a.txt': strToU8('a') })),
    },
  ]);
  await expect(row(page, 'backup.zip')).toContainText('Archive');
  const viewer = await openItem(page, 'backup.zip');
  await expect(viewer).toContainText("This file can't be shown here. Download it to open it in another app.");
  await expect(viewer).not.toContainText('application/zip');
  const download = page.waitForEvent('download');
  await viewer.getByRole('link', { name: 'Download file' }).click();
  expect((await download).suggestedFilename()).toBe('backup.zip');
  expect(await violations(page, '[role="dialog"]')).toEqual([]);
});

test("a PDF pages through in the browser's own viewer, and a recording plays", async ({ page, request }) => {
  await signedInNewUser(page, request);
  await upload(page, [
    { name: 'report.pdf', mimeType: 'application/pdf', buffer: pdf(['Page one', 'Page two', 'Page three']) },
    { name: 'tone.wav', mimeType: 'audio/wav', buffer: wav() },
  ]);
  await expect(row(page, 'report.pdf')).toContainText('PDF');
  await expect(row(page, 'tone.wav')).toContainText('Audio');

  let viewer = await openItem(page, 'report.pdf');
  await expect(viewer.locator('iframe[title="Preview of report.pdf"]')).toBeVisible();
  // Chromium's PDF viewer (page count, thumbnails, zoom) loads inside the frame: the content policy let it.
  await expect
    .poll(() => page.frames().some((f) => f.url().startsWith('chrome-extension://')), { timeout: 15_000 })
    .toBe(true);
  await closeViewer(page);

  viewer = await openItem(page, 'tone.wav');
  const player = viewer.getByLabel('Play tone.wav');
  await expect(player).toBeVisible();
  // The bytes arrive (by range requests) and the browser reads the recording: two seconds long.
  await expect
    .poll(() => player.evaluate((audio: HTMLAudioElement) => Math.round(audio.duration)), { timeout: 15_000 })
    .toBe(2);
  expect(await violations(page, '[role="dialog"]')).toEqual([]);
});
