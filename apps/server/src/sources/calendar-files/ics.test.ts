import { describe, expect, it } from 'vitest';
import { IcsError, parseIcs } from './ics.js';

const limits = {
  from: new Date('2026-01-01T00:00:00Z'),
  to: new Date('2026-12-31T00:00:00Z'),
  maxEvents: 1000,
};
const ics = (...events: string[]) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//test//EN',
    'X-WR-CALNAME:Family',
    'BEGIN:VTIMEZONE',
    'TZID:Asia/Kolkata',
    'BEGIN:STANDARD',
    'DTSTART:19700101T000000',
    'TZOFFSETFROM:+0530',
    'TZOFFSETTO:+0530',
    'END:STANDARD',
    'END:VTIMEZONE',
    ...events,
    'END:VCALENDAR',
  ].join('\r\n');
const vevent = (...lines: string[]) => ['BEGIN:VEVENT', ...lines, 'END:VEVENT'].join('\r\n');
/** A calendar that names its zones without defining them (no VTIMEZONE), as Google and Apple often do. */
const bare = (...events: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', ...events, 'END:VCALENDAR'].join('\r\n');
const at = (e: { startsAt: Date }) => e.startsAt.toISOString();

describe('iCalendar files', () => {
  it('reads a timed event in its time zone, with place, attendees, description and attachments', () => {
    const { name, events } = parseIcs(
      ics(
        'BEGIN:VEVENT',
        'UID:dentist-1',
        'DTSTAMP:20260101T000000Z',
        'DTSTART;TZID=Asia/Kolkata:20260302T100000',
        'DTEND;TZID=Asia/Kolkata:20260302T103000',
        'SUMMARY:Dentist',
        'LOCATION:12 High Street\\, Pune',
        'DESCRIPTION:Bring the card',
        'ATTENDEE;CN=Clinic;PARTSTAT=ACCEPTED:mailto:clinic@example.com',
        'ATTACH;FILENAME=Referral:https://example.com/referral.pdf',
        'END:VEVENT',
      ),
      limits,
    );
    expect(name).toBe('Family');
    expect(events).toEqual([
      expect.objectContaining({
        key: 'dentist-1',
        title: 'Dentist',
        start: '2026-03-02T10:00:00',
        timeZone: 'Asia/Kolkata',
        allDay: false,
        startsAt: new Date('2026-03-02T04:30:00Z'),
        location: '12 High Street, Pune',
        description: 'Bring the card',
        attendees: [{ email: 'clinic@example.com', name: 'Clinic', response: 'accepted', organizer: false }],
        attachments: [{ title: 'Referral', url: 'https://example.com/referral.pdf' }],
      }),
    ]);
  });

  it('reads all-day events as dates, and expands recurrences in the window with their exceptions', () => {
    const { events } = parseIcs(
      ics(
        'BEGIN:VEVENT',
        'UID:holiday',
        'DTSTART;VALUE=DATE:20260410',
        'DTEND;VALUE=DATE:20260412',
        'SUMMARY:Holiday',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'UID:yoga',
        'DTSTART:20251229T070000Z',
        'DTEND:20251229T080000Z',
        'RRULE:FREQ=WEEKLY;COUNT=4',
        'SUMMARY:Yoga',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'UID:yoga',
        'RECURRENCE-ID:20260112T070000Z',
        'DTSTART:20260112T090000Z',
        'DTEND:20260112T100000Z',
        'SUMMARY:Yoga (late)',
        'END:VEVENT',
      ),
      limits,
    );
    expect(events.find((e) => e.key === 'holiday')).toMatchObject({
      allDay: true,
      start: '2026-04-10',
      end: '2026-04-12',
      startsAt: new Date('2026-04-10T00:00:00Z'),
    });
    const yoga = events.filter((e) => e.key.startsWith('yoga@'));
    // The first occurrence (29 December 2025) ends before the window: three remain, one moved.
    expect(yoga.map((e) => [e.title, e.startsAt.toISOString()])).toEqual([
      ['Yoga', '2026-01-05T07:00:00.000Z'],
      ['Yoga (late)', '2026-01-12T09:00:00.000Z'],
      ['Yoga', '2026-01-19T07:00:00.000Z'],
    ]);
  });

  it('caps an endless or huge recurrence, and refuses what is not a calendar', () => {
    const daily = parseIcs(
      ics(
        'BEGIN:VEVENT',
        'UID:daily',
        'DTSTART:20260101T080000Z',
        'RRULE:FREQ=MINUTELY',
        'SUMMARY:Spam',
        'END:VEVENT',
      ),
      { ...limits, maxEvents: 500 },
    );
    expect(daily.events).toHaveLength(500);
    expect(daily.capped).toBe(true);
    expect(() => parseIcs('<html>not a calendar</html>', limits)).toThrow(IcsError);
    expect(() => parseIcs('BEGIN:VCARD\r\nEND:VCARD', limits)).toThrow(IcsError);
  });
});

describe('time zones', () => {
  it('reads zones the file names but does not define from the platform, through both changes of the clocks', () => {
    const { events, skipped } = parseIcs(
      bare(
        vevent(
          'UID:berlin',
          'DTSTART;TZID=Europe/Berlin:20260310T100000',
          'DTEND;TZID=Europe/Berlin:20260310T110000',
          'SUMMARY:Berlin',
        ),
        vevent(
          'UID:outlook',
          'DTSTART;TZID="W. Europe Standard Time":20260701T100000',
          'DTEND;TZID="W. Europe Standard Time":20260701T103000',
          'SUMMARY:Outlook',
        ),
        // Mondays at 10:00 in Berlin over the week the clocks go forward, the last exactly at UNTIL.
        vevent(
          'UID:weekly',
          'DTSTART;TZID=Europe/Berlin:20260316T100000',
          'DURATION:PT1H',
          'RRULE:FREQ=WEEKLY;UNTIL=20260330T080000Z',
          'SUMMARY:Weekly',
        ),
        // New York: an exception and an override named in UTC, across its own change on 8 March.
        vevent(
          'UID:standup',
          'DTSTART;TZID=America/New_York:20260302T090000',
          'DURATION:PT15M',
          'RRULE:FREQ=WEEKLY;BYDAY=MO,FR;UNTIL=20260314T000000Z',
          'EXDATE:20260306T140000Z',
          'SUMMARY:Standup',
        ),
        vevent(
          'UID:standup',
          'RECURRENCE-ID:20260309T130000Z',
          'DTSTART;TZID=America/New_York:20260309T100000',
          'DURATION:PT15M',
          'SUMMARY:Standup (late)',
        ),
      ),
      limits,
    );
    expect(skipped).toEqual([]);
    const byKey = Object.fromEntries(events.map((e) => [e.key, e]));
    expect(byKey.berlin).toMatchObject({
      start: '2026-03-10T10:00:00',
      timeZone: 'Europe/Berlin',
      floating: false,
      startsAt: new Date('2026-03-10T09:00:00Z'),
      endsAt: new Date('2026-03-10T10:00:00Z'),
    });
    expect(byKey.outlook).toMatchObject({
      timeZone: 'W. Europe Standard Time',
      startsAt: new Date('2026-07-01T08:00:00Z'),
    });
    expect(events.filter((e) => e.key.startsWith('weekly@')).map(at)).toEqual([
      '2026-03-16T09:00:00.000Z',
      '2026-03-23T09:00:00.000Z',
      '2026-03-30T08:00:00.000Z',
    ]);
    expect(events.filter((e) => e.key.startsWith('standup@')).map((e) => [e.title, at(e)])).toEqual([
      ['Standup', '2026-03-02T14:00:00.000Z'],
      ['Standup (late)', '2026-03-09T14:00:00.000Z'],
      ['Standup', '2026-03-13T13:00:00.000Z'],
    ]);
  });

  it('keeps a floating time (and one in a zone nobody knows) as a wall-clock time', () => {
    const { events } = parseIcs(
      bare(
        vevent('UID:wake', 'DTSTART:20260320T083000', 'DTEND:20260320T093000', 'SUMMARY:Wake up'),
        vevent('UID:mars', 'DTSTART;TZID=Mars/Olympus:20260320T083000', 'SUMMARY:Mars'),
      ),
      limits,
    );
    expect(events.find((e) => e.key === 'wake')).toMatchObject({
      start: '2026-03-20T08:30:00',
      end: '2026-03-20T09:30:00',
      floating: true,
      timeZone: null,
      startsAt: new Date('2026-03-20T08:30:00Z'),
    });
    expect(events.find((e) => e.key === 'mars')).toMatchObject({ floating: true, timeZone: 'Mars/Olympus' });
  });
});

describe('cancelled events, overrides and organizers', () => {
  it('leaves out cancelled events and cancelled occurrences, and names them', () => {
    const parsed = parseIcs(
      ics(
        vevent('UID:gone', 'DTSTART:20260301T100000Z', 'STATUS:CANCELLED', 'SUMMARY:Gone'),
        vevent('UID:yoga', 'DTSTART:20260105T070000Z', 'RRULE:FREQ=WEEKLY;COUNT=3', 'SUMMARY:Yoga'),
        vevent(
          'UID:yoga',
          'RECURRENCE-ID:20260112T070000Z',
          'DTSTART:20260112T070000Z',
          'STATUS:CANCELLED',
          'SUMMARY:Yoga',
        ),
      ),
      limits,
    );
    expect(parsed.events.map((e) => e.key)).toEqual([
      'yoga@2026-01-05T07:00:00Z',
      'yoga@2026-01-19T07:00:00Z',
    ]);
    expect(parsed.cancelled.sort()).toEqual(['gone', 'yoga@2026-01-12T07:00:00Z']);
    expect(parsed.listed.months.find((m) => m.month === '2026-01')?.keys).toEqual([
      'yoga@2026-01-05T07:00:00Z',
      'yoga@2026-01-19T07:00:00Z',
    ]);
  });

  it('imports an occurrence whose series is not in the file, with its organizer marked among the attendees', () => {
    const { events } = parseIcs(
      bare(
        vevent(
          'UID:review',
          'RECURRENCE-ID;TZID=Europe/Berlin:20260415T140000',
          'DTSTART;TZID=Europe/Berlin:20260415T150000',
          'DTEND;TZID=Europe/Berlin:20260415T160000',
          'SUMMARY:Design review',
          'ORGANIZER;CN=Asha:mailto:asha@example.com',
          'ATTENDEE;CN=Asha;PARTSTAT=ACCEPTED:mailto:Asha@Example.com',
          'ATTENDEE;CN=Me;PARTSTAT=NEEDS-ACTION:mailto:me@example.com',
        ),
      ),
      limits,
    );
    expect(events).toEqual([
      expect.objectContaining({
        key: 'review@2026-04-15T14:00:00',
        title: 'Design review',
        startsAt: new Date('2026-04-15T13:00:00Z'),
        organizer: { name: 'Asha', email: 'asha@example.com' },
        attendees: [
          { name: 'Asha', email: 'Asha@Example.com', response: 'accepted', organizer: true },
          { name: 'Me', email: 'me@example.com', response: 'needs-action', organizer: false },
        ],
      }),
    ]);
  });

  it("gives an override its own description and attendees, and its series' where it says none", () => {
    const { events } = parseIcs(
      ics(
        vevent(
          'UID:run',
          'DTSTART:20260105T070000Z',
          'RRULE:FREQ=WEEKLY;COUNT=3',
          'SUMMARY:Run',
          'DESCRIPTION:Meet at the gate',
          'ATTENDEE;CN=Ravi:mailto:ravi@example.com',
        ),
        vevent(
          'UID:run',
          'RECURRENCE-ID:20260112T070000Z',
          'DTSTART:20260112T080000Z',
          'SUMMARY:Run',
          'DESCRIPTION:Meet at the lake',
          'ATTENDEE;CN=Mira:mailto:mira@example.com',
        ),
        vevent('UID:run', 'RECURRENCE-ID:20260119T070000Z', 'DTSTART:20260119T090000Z', 'SUMMARY:Long run'),
      ),
      limits,
    );
    expect(events.map((e) => [e.title, e.description, e.attendees.map((a) => a.name)])).toEqual([
      ['Run', 'Meet at the gate', ['Ravi']],
      ['Run', 'Meet at the lake', ['Mira']],
      ['Long run', 'Meet at the gate', ['Ravi']],
    ]);
  });
});

describe('files that are partly or wholly unreadable', () => {
  it('skips an event without a start or with a broken one, saying why, and reads the rest', () => {
    const parsed = parseIcs(
      ics(
        vevent('UID:nostart', 'SUMMARY:No start'),
        vevent('UID:broken', 'DTSTART:2026', 'SUMMARY:Broken'),
        vevent('UID:fine', 'DTSTART:20260301T100000Z', 'SUMMARY:Fine'),
      ),
      limits,
    );
    expect(parsed.events.map((e) => e.key)).toEqual(['fine']);
    expect(parsed.skipped).toEqual([
      { key: 'nostart', title: 'No start', reason: 'It has no start (DTSTART)' },
      { key: 'broken', title: 'Broken', reason: 'It could not be read' },
    ]);
    // Skipped events are still known to be in the file: what was stored of them stays.
    expect(parsed.listed.singles.sort()).toEqual(['broken', 'fine', 'nostart']);
  });

  it('reads a file that starts with a byte order mark (Outlook)', () => {
    const parsed = parseIcs(
      `\uFEFF${ics(vevent('UID:bom', 'DTSTART:20260301T100000Z', 'SUMMARY:Bom'))}`,
      limits,
    );
    expect(parsed.events.map((e) => e.title)).toEqual(['Bom']);
  });
});
