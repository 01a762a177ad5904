import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { objects, users } from '../../db/schema.js';
import { DB_KINDS } from '../../test/databases.js';
import { connectGoogle, importGoogle } from '../../test/fake-google/connect.js';
import { type FakeGoogle, fakeGoogleEnv, startFakeGoogle } from '../../test/fake-google/server.js';
import { buildTestApp, signedInUser, type TestApp } from '../../test/test-app.js';

const PUBLIC_URL = 'http://easio.test';
type User = Awaited<ReturnType<typeof signedInUser>>;

describe.each(DB_KINDS)('Gmail and Google Calendar import on %s', (kind) => {
  let google: FakeGoogle;
  let t: TestApp;

  beforeAll(async () => {
    google = await startFakeGoogle([`${PUBLIC_URL}/my-source`]);
    t = await buildTestApp(kind, {
      sources: true,
      env: fakeGoogleEnv(google, PUBLIC_URL),
    });
  });
  afterAll(async () => {
    await t?.close();
    await google?.close();
  });
  beforeEach(() => {
    google.gmail.reset();
    google.calendar.reset();
  });

  const itemsOf = (user: User, source: 'mail' | 'calendar') =>
    t.database.db
      .select()
      .from(objects)
      .where(and(eq(objects.ownerId, user.info.id as string), eq(objects.source, source)));

  it('imports e-mails with their attachments linked, leaves spam and trash out, then follows the history', async () => {
    const me = await signedInUser(t.app);
    const lease = google.gmail.add({
      from: 'Landlord <landlord@example.com>',
      subject: 'Lease renewal',
      text: 'Please find the lease attached.',
      attachments: [
        { filename: 'lease.pdf', mimeType: 'application/pdf', content: Buffer.from('%PDF-1.4 lease') },
      ],
    });
    google.gmail.add({
      from: 'News <news@example.com>',
      subject: 'Weekly digest',
      html: '<p>Hello <b>reader</b></p>',
    });
    google.gmail.add({ from: 'spam@example.com', subject: 'You won', text: 'spam', labels: ['SPAM'] });

    const { stored } = await connectGoogle(t, me, PUBLIC_URL, 'gmail');
    expect(stored.json()).toEqual({ status: 'Gmail connected', services: ['gmail'] });
    const [user] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.id, me.info.id as string));
    expect(user?.gmailActive).toBe(true);
    await importGoogle(t, me);

    const items = await itemsOf(me, 'mail');
    const byName = Object.fromEntries(items.map((i) => [i.name, i]));
    expect(Object.keys(byName).sort()).toEqual(['Lease renewal', 'Weekly digest', 'lease.pdf']);
    expect(byName['Lease renewal']).toMatchObject({
      dataType: 'email_object',
      content: 'Please find the lease attached.',
      metadata: expect.objectContaining({
        from: 'Landlord <landlord@example.com>',
        subject: 'Lease renewal',
        labels: ['INBOX'],
      }),
    });
    expect(byName['Weekly digest']?.content).toBe('Hello reader');
    expect(byName['lease.pdf']).toMatchObject({
      dataType: 'file_object',
      mimeType: 'application/pdf',
      size: 14,
    });
    expect(byName['lease.pdf']?.metadata.email_id).toBe(byName['Lease renewal']?.id);

    // Incremental: a new message, one moved to the trash (it leaves with its attachment).
    google.gmail.add({ from: 'bank@example.com', subject: 'Statement', text: 'Your statement' });
    google.gmail.relabel(lease.id, ['TRASH']);
    const before = google.requests.length;
    await importGoogle(t, me);
    const after = (await itemsOf(me, 'mail')).map((i) => i.name).sort();
    expect(after).toEqual(['Statement', 'Weekly digest']);
    expect(google.requests.slice(before).some((r) => r.includes('/messages?'))).toBe(false);

    // A history too old to read: everything is listed again, and nothing doubles.
    google.gmail.oldestHistory = google.gmail.historyId + 1;
    await importGoogle(t, me);
    expect((await itemsOf(me, 'mail')).map((i) => i.name).sort()).toEqual(['Statement', 'Weekly digest']);
  });

  it('imports only the labels the user chose', async () => {
    const me = await signedInUser(t.app);
    google.gmail.add({
      from: 'shop@example.com',
      subject: 'Receipt 1',
      text: 'r',
      labels: ['INBOX', 'Label_Receipts'],
    });
    google.gmail.add({ from: 'friend@example.com', subject: 'Hello', text: 'h' });
    await connectGoogle(t, me, PUBLIC_URL, 'gmail');
    const labels = await t.app.inject({ method: 'GET', url: '/api/sources/gmail/choices', headers: me.auth });
    expect(labels.json<{ labels: { id: string; name: string }[] }>().labels).toContainEqual({
      id: 'Label_Receipts',
      name: 'Receipts',
    });
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/sources/gmail/settings',
      headers: me.auth,
      payload: { labels: ['Label_Receipts'] },
    });
    expect(saved.statusCode).toBe(200);
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/sources/gmail/settings',
      headers: me.auth,
      payload: { labels: 'all' },
    });
    expect(bad.statusCode).toBe(422);
    await importGoogle(t, me);
    expect((await itemsOf(me, 'mail')).map((i) => i.name)).toEqual(['Receipt 1']);
  });

  it('imports events with their time span, place, attendees and attachments, then follows changes and cancellations', async () => {
    const me = await signedInUser(t.app);
    const dentist = google.calendar.add('primary-cal', {
      summary: 'Dentist',
      description: 'Bring the insurance card',
      location: '12 High Street, Pune',
      start: { dateTime: '2026-03-02T10:00:00+05:30' },
      end: { dateTime: '2026-03-02T10:30:00+05:30' },
      attendees: [{ email: 'clinic@example.com', displayName: 'Clinic', responseStatus: 'accepted' }],
      attachments: [{ fileUrl: 'https://drive.google.com/file/d/x', title: 'Referral' }],
    });
    google.calendar.add('primary-cal', {
      summary: 'Holiday',
      start: { date: '2026-04-10' },
      end: { date: '2026-04-12' },
    });
    await connectGoogle(t, me, PUBLIC_URL, 'gcalendar');
    await importGoogle(t, me);

    const items = await itemsOf(me, 'calendar');
    const byName = Object.fromEntries(items.map((i) => [i.name, i]));
    expect(byName.Dentist).toMatchObject({
      dataType: 'event_object',
      content: 'Bring the insurance card',
      metadata: expect.objectContaining({
        start: '2026-03-02T10:00:00+05:30',
        end: '2026-03-02T10:30:00+05:30',
        all_day: false,
        location: '12 High Street, Pune',
        attendees: [{ email: 'clinic@example.com', name: 'Clinic', response: 'accepted', organizer: false }],
        attachments: [{ title: 'Referral', url: 'https://drive.google.com/file/d/x', mime_type: null }],
      }),
    });
    expect(byName.Dentist?.sourceCreatedAt?.toISOString()).toBe('2026-03-02T04:30:00.000Z');
    expect(byName.Holiday?.metadata.all_day).toBe(true);

    google.calendar.update('primary-cal', dentist.id, { summary: 'Dentist (moved)' });
    const party = google.calendar.add('primary-cal', {
      summary: 'Party',
      start: { date: '2026-05-01' },
      end: { date: '2026-05-02' },
    });
    await importGoogle(t, me);
    expect((await itemsOf(me, 'calendar')).map((i) => i.name).sort()).toEqual([
      'Dentist (moved)',
      'Holiday',
      'Party',
    ]);

    google.calendar.cancel('primary-cal', party.id);
    google.calendar.oldestToken = 0;
    await importGoogle(t, me);
    expect((await itemsOf(me, 'calendar')).map((i) => i.name).sort()).toEqual(['Dentist (moved)', 'Holiday']);

    // A sync token Google dropped (410): the calendar is listed again, nothing doubles.
    google.calendar.oldestToken = google.calendar.seq + 1;
    await importGoogle(t, me);
    expect((await itemsOf(me, 'calendar')).map((i) => i.name).sort()).toEqual(['Dentist (moved)', 'Holiday']);
  });
});
