import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { objects } from '../../db/schema.js';
import { DB_KINDS } from '../../test/databases.js';
import { multipartBody } from '../../test/multipart.js';
import { buildTestApp, signedInUser, type TestApp } from '../../test/test-app.js';

const year = new Date().getUTCFullYear() + 1;
const ICS = (summary: string) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'X-WR-CALNAME:Family',
    'BEGIN:VEVENT',
    'UID:party-1',
    'DTSTAMP:20260101T000000Z',
    `DTSTART:${year}0501T180000Z`,
    `DTEND:${year}0501T220000Z`,
    `SUMMARY:${summary}`,
    'LOCATION:Community hall',
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:standup',
    `DTSTART:${year}0105T090000Z`,
    'RRULE:FREQ=DAILY',
    'SUMMARY:Standup',
    'END:VEVENT',
    'END:VCALENDAR',
  ].join('\r\n');

describe.each(DB_KINDS)('.ics import on %s', (kind) => {
  let t: TestApp;
  let me: Awaited<ReturnType<typeof signedInUser>>;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    me = await signedInUser(t.app);
  });
  afterAll(() => t.close());

  const upload = (name: string, text: string) => {
    const body = multipartBody([{ name, bytes: Buffer.from(text), type: 'text/calendar' }]);
    return t.app.inject({
      method: 'POST',
      url: '/api/calendars/ics',
      headers: { ...me.auth, ...body.headers },
      payload: body.payload,
    });
  };
  const events = () =>
    t.database.db
      .select()
      .from(objects)
      .where(and(eq(objects.ownerId, me.info.id as string), eq(objects.source, 'calendar')));

  it('imports the events (an endless recurrence over the window), and updates rather than doubles on a second import', async () => {
    const first = await upload('family.ics', ICS('Party'));
    expect(first.statusCode).toBe(200);
    const { events: count } = first.json<{ events: number }>();
    // The party, and a daily standup from next January to two years from now.
    expect(count).toBeGreaterThan(300);
    expect(first.json()).toMatchObject({ calendar: 'Family', imported: count, capped: false });
    const party = (await events()).find((e) => e.externalId === 'ics:party-1');
    expect(party).toMatchObject({
      dataType: 'event_object',
      name: 'Party',
      metadata: expect.objectContaining({ location: 'Community hall' }),
    });

    const again = await upload('family.ics', ICS('Birthday party'));
    expect(again.json()).toMatchObject({ imported: 1, skipped: count - 1 });
    const all = await events();
    expect(all).toHaveLength(count);
    expect(all.find((e) => e.externalId === 'ics:party-1')?.name).toBe('Birthday party');
  });

  const work = (...events: string[][]) =>
    ['BEGIN:VCALENDAR', 'VERSION:2.0', 'X-WR-CALNAME:Work', ...events.flat(), 'END:VCALENDAR'].join('\r\n');
  const one = (uid: string, summary: string, day: string) => [
    'BEGIN:VEVENT',
    `UID:${uid}`,
    `DTSTART:${year}${day}T090000Z`,
    `SUMMARY:${summary}`,
    'END:VEVENT',
  ];
  const weekly = (...rule: string[]) => [
    'BEGIN:VEVENT',
    'UID:review',
    `DTSTART:${year}0105T090000Z`,
    'DURATION:PT1H',
    ...rule,
    'SUMMARY:Review',
    'END:VEVENT',
  ];
  const names = async (prefix: string) =>
    (await events())
      .filter((e) => e.externalId?.startsWith(prefix))
      .map((e) => `${e.name} ${(e.metadata as { start: string }).start.slice(5, 10)}`)
      .sort();

  it('importing a calendar again removes what it no longer holds, and leaves other calendars alone', async () => {
    const first = await upload(
      'work.ics',
      work(one('w-a', 'Kick-off', '0302'), one('w-b', 'Retro', '0303'), weekly('RRULE:FREQ=WEEKLY;COUNT=6')),
    );
    expect(first.json()).toMatchObject({ calendar: 'Work', events: 8, imported: 8, removed: 0, failed: 0 });
    expect(
      (await upload('home.ics', work(one('h-a', 'Dentist', '0304')).replace('Work', 'Home'))).json(),
    ).toMatchObject({ calendar: 'Home', imported: 1, removed: 0 });

    // The kick-off deleted, the second review cancelled by EXDATE, the series cut to four.
    const again = await upload(
      'work.ics',
      work(one('w-b', 'Retro', '0303'), weekly('RRULE:FREQ=WEEKLY;COUNT=4', `EXDATE:${year}0112T090000Z`)),
    );
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ events: 4, imported: 0, skipped: 4, removed: 4 });
    expect(await names('ics:w-')).toEqual(['Retro 03-03']);
    expect(await names('ics:review@')).toEqual(['Review 01-05', 'Review 01-19', 'Review 01-26']);
    expect(await names('ics:h-')).toEqual(['Dentist 03-04']);
  });

  it('imports what it can read of a file, lists what it cannot with why, and takes a byte order mark', async () => {
    const res = await upload(
      'odd.ics',
      `\uFEFF${work(
        ['BEGIN:VEVENT', 'UID:nostart', 'SUMMARY:Floating idea', 'END:VEVENT'],
        one('fine', 'Fine', '0401'),
      ).replace('Work', 'Odd')}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ calendar: 'Odd', events: 1, imported: 1, failed: 1 });
    const failures = await t.app.inject({
      method: 'GET',
      url: '/api/sources/ical/failures',
      headers: me.auth,
    });
    expect(failures.json().failures).toEqual([
      expect.objectContaining({ name: 'Floating idea', reason: 'It has no start (DTSTART)' }),
    ]);
  });

  it('refuses what is not a calendar, storing nothing', async () => {
    const before = (await events()).length;
    const res = await upload('notes.ics', '<html>hello</html>');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ detail: 'This is not an iCalendar (.ics) file that can be read' });
    expect((await events()).length).toBe(before);
  });
});
