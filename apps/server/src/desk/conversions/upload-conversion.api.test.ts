import { type DeskObject, type FolderView, NAME_MAX, type Page, type UploadResult } from '@easio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../../test/databases.js';
import { nestedMessage } from '../../test/mail-messages.js';
import { multipartBody } from '../../test/multipart.js';
import { sampleOutlookMessage } from '../../test/outlook-message.js';
import { buildTestApp, signedInUser, type TestApp } from '../../test/test-app.js';

const year = new Date().getUTCFullYear() + 1;
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
  'DESCRIPTION:Bring a salad',
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

describe.each(DB_KINDS)('uploaded messages and calendars on %s', (kind) => {
  let t: TestApp;
  let me: Awaited<ReturnType<typeof signedInUser>>;
  let binder: string;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    me = await signedInUser(t.app);
    const made = async (payload: Record<string, unknown>) =>
      (
        await t.app.inject({ method: 'POST', url: '/api/desk/folders', headers: me.auth, payload })
      ).json<DeskObject>();
    const drawer = await made({ name: 'Home', data_type: 'drawer_object' });
    binder = (await made({ name: 'Post', data_type: 'binder_object', parent_id: drawer.id })).id;
  });
  afterAll(() => t.close());

  const upload = async (files: { name: string; bytes: Buffer }[], query = '') => {
    const body = multipartBody(files);
    return t.app.inject({
      method: 'POST',
      url: `/api/desk/uploads?parent_id=${binder}${query}`,
      headers: { ...me.auth, ...body.headers },
      payload: body.payload,
    });
  };
  const children = async () =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/desk/folders/${binder}/children?limit=500`,
        headers: me.auth,
      })
    ).json<Page>().items;

  it('makes an uploaded .eml an e-mail like imported mail, its attachment a file linked to it, its bytes downloadable', async () => {
    const raw = Buffer.from(nestedMessage('upload-1@example.org'));
    const res = await upload([{ name: 'Rechnung.eml', bytes: raw }]);
    expect(res.statusCode).toBe(200);
    const [mail] = res.json<UploadResult>().items;
    expect(mail).toMatchObject({
      data_type: 'email_object',
      source: 'mail',
      name: 'Rechnung.eml',
      mime_type: 'message/rfc822',
      parent_id: binder,
      job_state: null,
      metadata: {
        subject: 'Rechnung für November (Café)',
        from: 'Café Müller <cafe@example.org>',
        to: 'me@example.org',
        message_id: 'upload-1@example.org',
        attachment_count: 1,
      },
    });
    expect(mail?.item_date).toBe('2026-11-03T08:30:00.000Z');
    expect(mail?.content).toContain('Ihre Rechnung für November liegt bei.');
    const html = String(mail?.metadata.html);
    expect(html).toContain('<b>Rechnung</b>');
    expect(html).not.toMatch(/script|onclick|tracker\.example|javascript:/);

    const download = await t.app.inject({ method: 'GET', url: mail?.download_url ?? '' });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(raw)).toBe(true);

    const attachment = (await children()).find((o) => o.name === 'Rechnung für November.pdf');
    expect(attachment).toMatchObject({
      data_type: 'file_object',
      source: 'mail',
      parent_id: binder,
      metadata: { attachment: true, email_id: mail?.id, email_subject: 'Rechnung für November (Café)' },
    });
    expect(t.storedFileIds).toContain(attachment?.id);
    expect(t.storedFileIds).not.toContain(mail?.id);
    const bytes = await t.app.inject({ method: 'GET', url: attachment?.download_url ?? '' });
    expect(bytes.body).toBe('%PDF-1.4 invoice 4711');
  });

  it('refuses the same message again as a duplicate, and keeps it as a linked e-mail when asked', async () => {
    const raw = Buffer.from(nestedMessage('upload-1@example.org'));
    const before = (await children()).length;
    const refused = (await upload([{ name: 'again.eml', bytes: raw }])).json<UploadResult>();
    expect(refused.items).toEqual([]);
    expect(refused.duplicates[0]?.existing).toMatchObject({
      data_type: 'email_object',
      name: 'Rechnung.eml',
    });

    const kept = (
      await upload([{ name: 'again.eml', bytes: raw }], '&on_duplicate=link')
    ).json<UploadResult>();
    expect(kept.items[0]).toMatchObject({
      data_type: 'email_object',
      name: 'again.eml',
      duplicate_of: refused.duplicates[0]?.existing.id,
      metadata: { subject: 'Rechnung für November (Café)' },
    });
    expect(kept.items[0]?.download_url).not.toBeNull();
    // The attachment is on the desk already: one more item, the e-mail.
    expect((await children()).length).toBe(before + 1);
  });

  it('reads an Outlook .msg the same way: an e-mail with its attachment linked', async () => {
    const bytes = sampleOutlookMessage({
      subject: 'Quarterly figures',
      senderName: 'Ann Lee',
      senderAddress: 'ann@example.com',
      to: [{ name: 'Bob Ray', address: 'bob@example.com' }],
      body: 'The figures are attached.',
      sent: new Date('2025-03-04T10:00:00Z'),
      messageId: 'q1@example.com',
      attachment: { name: 'figures.csv', mimeType: 'text/csv', bytes: Buffer.from('quarter,total\nQ1,12\n') },
    });
    const [mail] = (await upload([{ name: 'Quarterly figures.msg', bytes }])).json<UploadResult>().items;
    expect(mail).toMatchObject({
      data_type: 'email_object',
      mime_type: 'application/vnd.ms-outlook',
      content: 'The figures are attached.',
      item_date: '2025-03-04T10:00:00.000Z',
      metadata: {
        subject: 'Quarterly figures',
        from: 'Ann Lee <ann@example.com>',
        to: 'Bob Ray <bob@example.com>',
        message_id: 'q1@example.com',
        attachment_count: 1,
      },
    });
    const attachment = (await children()).find((o) => o.metadata.email_id === mail?.id);
    expect(attachment).toMatchObject({
      name: 'figures.csv',
      data_type: 'file_object',
      mime_type: 'text/csv',
    });
    const download = await t.app.inject({ method: 'GET', url: mail?.download_url ?? '' });
    expect(download.rawPayload.equals(bytes)).toBe(true);
  });

  it('keeps a file named .eml that holds no e-mail a plain file', async () => {
    const res = await upload([{ name: 'notes.eml', bytes: Buffer.from('just some words, no headers\n') }]);
    expect(res.json<UploadResult>().items[0]).toMatchObject({
      data_type: 'file_object',
      mime_type: 'text/plain',
      job_state: 'pending',
    });
  });

  it('makes an uploaded .ics its events beside it, and keeps the file', async () => {
    const res = await upload([{ name: 'family.ics', bytes: Buffer.from(ICS) }]);
    expect(res.statusCode).toBe(200);
    const [file] = res.json<UploadResult>().items;
    expect(file).toMatchObject({
      data_type: 'file_object',
      source: 'easio',
      name: 'family.ics',
      mime_type: 'text/calendar',
      metadata: { calendar: 'Family', calendar_events: 2, calendar_capped: false },
    });
    const events = (await children()).filter((o) => o.metadata.calendar_file_id === file?.id);
    expect(events.map((e) => e.name).sort()).toEqual(['Dentist', 'Garden party']);
    const party = events.find((e) => e.name === 'Garden party');
    expect(party).toMatchObject({
      data_type: 'event_object',
      source: 'calendar',
      parent_id: binder,
      content: 'Bring a salad',
      item_date: `${year}-05-01T18:00:00.000Z`,
      metadata: { location: 'Community hall', calendar: 'Family', all_day: false },
    });
    expect(party?.metadata).not.toHaveProperty('sync_scope');
    expect(events.find((e) => e.name === 'Dentist')?.metadata).toMatchObject({ all_day: true });

    // The Calendar page shows them: calendar events dated in the window, wherever they are filed.
    const month = await t.app.inject({
      method: 'GET',
      url: `/api/desk/items?source=calendar&kind=event_object&from=${year}-05-01T00:00:00Z&to=${year}-06-01T00:00:00Z`,
      headers: me.auth,
    });
    expect(month.json<Page>().items.map((e) => e.name)).toContain('Garden party');
    const download = await t.app.inject({ method: 'GET', url: file?.download_url ?? '' });
    expect(download.body).toBe(ICS);
  });

  it('holds what an upload becomes to the intake rules: an event named in megabytes keeps a shortened name', async () => {
    // Words, not one long one: PostgreSQL indexes every word of a name for search.
    const summary = Array.from({ length: 300_000 }, (_, i) => `w${i}`).join(' ');
    const ics = ICS.replace('SUMMARY:Garden party', `SUMMARY:${summary}`).replace(/party-1/, 'huge-1');
    const res = await upload([{ name: 'huge.ics', bytes: Buffer.from(ics) }]);
    expect(res.statusCode).toBe(200);
    const [file] = res.json<UploadResult>().items;
    const events = (await children()).filter((o) => o.metadata.calendar_file_id === file?.id);
    expect(events.map((e) => e.name).sort()).toEqual(['Dentist', summary.slice(0, NAME_MAX).trim()]);
  });

  it('keeps a damaged calendar a plain file and makes no events', async () => {
    const before = (await children()).length;
    const broken = 'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nSUMMARY:never closed\r\n';
    const res = await upload([{ name: 'broken.ics', bytes: Buffer.from(broken) }]);
    expect(res.statusCode).toBe(200);
    expect(res.json<UploadResult>().items[0]).toMatchObject({ data_type: 'file_object' });
    expect(res.json<UploadResult>().items[0]?.metadata).not.toHaveProperty('calendar_events');
    expect((await children()).length).toBe(before + 1);
  });

  it('shows another user none of it: their ids are 404', async () => {
    const other = await signedInUser(t.app);
    const mail = (await children()).find((o) => o.data_type === 'email_object');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/desk/objects/${mail?.id}`,
      headers: other.auth,
    });
    expect(res.statusCode).toBe(404);
    const folder = await t.app.inject({
      method: 'GET',
      url: `/api/desk/folders/${binder}`,
      headers: other.auth,
    });
    expect(folder.statusCode).toBe(404);
    const view = await t.app.inject({ method: 'GET', url: `/api/desk/folders/${binder}`, headers: me.auth });
    expect(view.json<FolderView>().folder.id).toBe(binder);
  });
});
