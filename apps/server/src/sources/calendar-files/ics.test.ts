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
