import { describe, expect, it } from 'vitest';
import { calendarPage, icsId } from './calendar-source.js';
import { parseCalendar } from './ics.js';

const file = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'BEGIN:VEVENT',
  'UID:weekly',
  'DTSTART;TZID=Europe/Berlin:20250106T100000',
  'DURATION:PT30M',
  'RRULE:FREQ=WEEKLY',
  'SUMMARY:Weekly',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:weekly',
  'RECURRENCE-ID;TZID=Europe/Berlin:20260112T100000',
  'STATUS:CANCELLED',
  'DTSTART;TZID=Europe/Berlin:20260112T100000',
  'SUMMARY:Weekly',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:wake',
  'DTSTART:20260320T083000',
  'SUMMARY:Wake up',
  'END:VEVENT',
  'END:VCALENDAR',
].join('\r\n');

const target = { idOf: icsId, scope: 'ics-calendar:Home', calendar: 'Home' };

describe('a calendar as the sync framework takes it', () => {
  it('stores times, zones and scopes, removes cancelled occurrences and lists only whole months', () => {
    const page = calendarPage(parseCalendar(file, new Date('2026-02-15T12:00:00Z')), target);
    const wake = page.items.find((i) => i.externalId === 'ics:wake');
    expect(wake?.metadata).toMatchObject({
      start: '2026-03-20T08:30:00',
      floating: true,
      time_zone: null,
      calendar: 'Home',
      sync_scope: 'ics-calendar:Home#events',
      sync_key: 'ics:wake',
    });
    const monday = page.items.find((i) => i.externalId === 'ics:weekly@2026-03-02T10:00:00');
    expect(monday?.sourceCreatedAt).toEqual(new Date('2026-03-02T09:00:00Z'));
    expect(monday?.metadata).toMatchObject({
      time_zone: 'Europe/Berlin',
      floating: false,
      ends_at: '2026-03-02T09:30:00.000Z',
      sync_scope: 'ics-calendar:Home@2026-03',
    });
    expect(page.removed).toEqual(['ics:weekly@2026-01-12T10:00:00']);
    expect(page.present[0]).toEqual({ scope: 'ics-calendar:Home#events', keys: ['ics:wake'] });
    const scopes = page.present.slice(1).map((p) => p.scope);
    // The window runs from 15 February 2025: March 2025 is its first whole month, January 2028 its last.
    expect(scopes[0]).toBe('ics-calendar:Home@2025-03');
    expect(scopes.at(-1)).toBe('ics-calendar:Home@2028-01');
    expect(page.present.find((p) => p.scope === 'ics-calendar:Home@2026-01')?.keys).toEqual([
      'ics:weekly@2026-01-05T10:00:00',
      'ics:weekly@2026-01-19T10:00:00',
      'ics:weekly@2026-01-26T10:00:00',
    ]);
  });

  it('never lists the months the window has moved past, so their stored occurrences stay', () => {
    const before = calendarPage(parseCalendar(file, new Date('2026-02-15T12:00:00Z')), target);
    const later = calendarPage(parseCalendar(file, new Date('2026-05-15T12:00:00Z')), target);
    const scopes = (page: typeof before) => new Set(page.present.map((p) => p.scope));
    for (const month of ['2025-03', '2025-04', '2025-05']) {
      expect(scopes(before).has(`ics-calendar:Home@${month}`), month).toBe(true);
      expect(scopes(later).has(`ics-calendar:Home@${month}`), month).toBe(false);
    }
  });

  it('stores every event again once when what it stores changes shape, and not twice', () => {
    const parsed = parseCalendar(file, new Date('2026-02-15T12:00:00Z'));
    const a = calendarPage(parsed, target).items.map((i) => i.version);
    const b = calendarPage(parsed, target).items.map((i) => i.version);
    const elsewhere = calendarPage(parsed, { ...target, scope: 'ics-calendar:Work' }).items.map(
      (i) => i.version,
    );
    expect(a).toEqual(b);
    expect(a.some((v, i) => v === elsewhere[i])).toBe(false);
  });
});
