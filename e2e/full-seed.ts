import { type APIRequestContext, expect } from '@playwright/test';
import sharp from 'sharp';
import { seedDeskAs } from './desk-seed';
import { createUser } from './helpers';

/** An e-mail as a mail program saves it, with a PDF attached. */
const EML = [
  'From: Ann Lee <ann@example.com>',
  'To: me@example.org',
  'Subject: Invoice for March',
  'Date: Tue, 14 Jan 2025 10:00:00 +0100',
  'Message-ID: <march-invoice-axe@example.com>',
  'MIME-Version: 1.0',
  'Content-Type: multipart/mixed; boundary="b1"',
  '',
  '--b1',
  'Content-Type: text/html; charset=utf-8',
  '',
  '<p>Please find the <b>March invoice</b> attached.</p>',
  '--b1',
  'Content-Type: application/pdf; name="invoice-march.pdf"',
  'Content-Disposition: attachment; filename="invoice-march.pdf"',
  'Content-Transfer-Encoding: base64',
  '',
  Buffer.from('%PDF-1.4 invoice').toString('base64'),
  '--b1--',
  '',
].join('\r\n');

const year = new Date().getUTCFullYear();
const month = String(new Date().getUTCMonth() + 1).padStart(2, '0');

/** A calendar with two events this month, one of them all day. */
const ICS = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'X-WR-CALNAME:Family',
  'BEGIN:VEVENT',
  'UID:party-axe',
  'DTSTAMP:20260101T000000Z',
  `DTSTART:${year}${month}14T180000Z`,
  `DTEND:${year}${month}14T220000Z`,
  'SUMMARY:Garden party',
  'LOCATION:Community hall',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:dentist-axe',
  'DTSTAMP:20260101T000000Z',
  `DTSTART;VALUE=DATE:${year}${month}12`,
  'SUMMARY:Dentist',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

const CHAT = [
  '31/12/2023, 21:41 - Ravi: Happy new year!',
  '01/01/2024, 09:05 - Ravi: Flat papers are at https://example.com/flat',
].join('\n');

/** A photo taken in Paris, its place and date in its EXIF. */
const photo = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } })
    .jpeg()
    .withExif({
      IFD2: { DateTimeOriginal: '2023:07:14 09:30:05' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 24/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 17/1 40/1',
      },
    })
    .toBuffer();

export interface FullDesk {
  email: string;
  password: string;
  binder: string;
  /** The day of the garden party, this month: YYYY-MM-DD. */
  partyDay: string;
}

/**
 * An account with something on every screen, made through the API: the desk of desk-seed.ts and a text
 * file on it; a binder holding a note, a link, a place, a text file, an e-mail, a calendar file (with its
 * events) and a photo; an e-mail and events from their sources, a WhatsApp chat and an item in the Trash.
 */
export async function seedEverything(request: APIRequestContext): Promise<FullDesk> {
  const user = await createUser(request);
  const login = await request.post('/api/auth/token', {
    form: { username: user.email, password: user.password },
  });
  expect(login.ok()).toBe(true);
  const { access_token: token } = (await login.json()) as { access_token: string };
  const headers = { authorization: `Bearer ${token}` };
  const ok = async (res: Awaited<ReturnType<APIRequestContext['post']>>) => {
    expect(res.ok(), `${res.url()}: ${await res.text()}`).toBe(true);
    return res.json() as Promise<Record<string, unknown>>;
  };
  const post = async (path: string, data: object) =>
    (await ok(await request.post(`/api/desk/${path}`, { headers, data }))) as { id: string };
  const upload = (path: string, field: string, name: string, mimeType: string, buffer: Buffer) =>
    request.post(`/api${path}`, { headers, multipart: { [field]: { name, mimeType, buffer } } }).then(ok);

  await seedDeskAs(token, request);
  const taxes = await post('folders', { data_type: 'drawer_object', name: 'Taxes' });
  const binder = await post('folders', {
    data_type: 'binder_object',
    name: 'Receipts 2024',
    parent_id: taxes.id,
  });
  await post('items', {
    data_type: 'note_object',
    name: 'Tax return notes',
    content: 'Remember the tax office appointment on Monday',
    parent_id: binder.id,
  });
  await post('items', {
    data_type: 'url_object',
    name: 'Tax portal',
    url: 'https://example.com/portal',
    parent_id: binder.id,
  });
  await post('items', {
    data_type: 'location_object',
    name: 'Tax office',
    label: 'Tax office',
    latitude: 48.8584,
    longitude: 2.2945,
    parent_id: binder.id,
  });
  const inBinder = `/desk/uploads?parent_id=${binder.id}`;
  await upload('/desk/uploads', 'files', 'tax-receipt.txt', 'text/plain', Buffer.from('Receipt 2024-118'));
  await upload(
    inBinder,
    'files',
    'receipt-scan.txt',
    'text/plain',
    Buffer.from('Receipt 2024-119: 1,200 INR'),
  );
  await upload(inBinder, 'files', 'invoice.eml', 'message/rfc822', Buffer.from(EML));
  await upload(inBinder, 'files', 'family.ics', 'text/calendar', Buffer.from(ICS));
  await upload(inBinder, 'files', 'eiffel.jpg', 'image/jpeg', await photo());
  await upload(
    '/mail/files',
    'files',
    'archived.eml',
    'message/rfc822',
    Buffer.from(EML.replace('axe@', 'mail@')),
  );
  await upload(
    '/calendars/ics',
    'file',
    'family.ics',
    'text/calendar',
    Buffer.from(ICS.replace(/-axe/g, '-cal')),
  );
  const chat = (await upload(
    '/whatsapp/chat_exports',
    'file',
    'WhatsApp Chat with Ravi.txt',
    'text/plain',
    Buffer.from(CHAT),
  )) as {
    id: string;
  };
  await ok(
    await request.post(`/api/whatsapp/chat_exports/${chat.id}/import`, { headers, data: { keep: ['Ravi'] } }),
  );
  const old = await post('items', { data_type: 'note_object', name: 'Old shopping list', content: 'eggs' });
  await ok(await request.post('/api/desk/delete', { headers, data: { ids: [old.id] } }));
  return { email: user.email, password: user.password, binder: binder.id, partyDay: `${year}-${month}-14` };
}
