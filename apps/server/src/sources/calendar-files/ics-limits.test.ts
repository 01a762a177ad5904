import { describe, expect, it } from 'vitest';
import { parseIcs } from './ics.js';

const limits = {
  from: new Date('2026-01-01T00:00:00Z'),
  to: new Date('2026-12-31T00:00:00Z'),
  maxEvents: 1000,
};
const vevent = (...lines: string[]) => ['BEGIN:VEVENT', ...lines, 'END:VEVENT'].join('\r\n');
const ics = (...events: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', ...events, 'END:VCALENDAR'].join('\r\n');
const at = (e: { startsAt: Date }) => e.startsAt.toISOString();

describe('what a calendar may cost', () => {
  it('follows minutely and secondly rules begun years before the window from the window on', () => {
    const parsed = parseIcs(
      ics(
        vevent('UID:minutes', 'DTSTART:20200101T080030Z', 'RRULE:FREQ=MINUTELY', 'SUMMARY:Tick'),
        vevent('UID:seconds', 'DTSTART:20000101T000000Z', 'RRULE:FREQ=SECONDLY;INTERVAL=10', 'SUMMARY:Tock'),
        vevent('UID:party', 'DTSTART:20260601T180000Z', 'SUMMARY:Party'),
      ),
      { ...limits, maxEvents: 200 },
    );
    expect(parsed.capped).toBe(true);
    expect(parsed.skipped.sort((a, b) => a.key.localeCompare(b.key))).toEqual([]);
    expect(parsed.events).toHaveLength(200);
    expect(parsed.events[0]?.title).toBe('Party');
    const ticks = parsed.events.filter((e) => e.title === 'Tick').map(at);
    const tocks = parsed.events.filter((e) => e.title === 'Tock').map(at);
    // Each on its own beat, from the window's first moment.
    expect(ticks.slice(0, 2)).toEqual(['2026-01-01T00:00:30.000Z', '2026-01-01T00:01:30.000Z']);
    expect(tocks.slice(0, 2)).toEqual(['2026-01-01T00:00:00.000Z', '2026-01-01T00:00:10.000Z']);
    expect(ticks.length + tocks.length).toBe(199);
  });

  it('refuses a rule counted from long ago and one that never matches, and reads the rest', () => {
    const parsed = parseIcs(
      ics(
        vevent(
          'UID:counted',
          'DTSTART:20100101T000000Z',
          'RRULE:FREQ=MINUTELY;COUNT=100000000',
          'SUMMARY:Counted',
        ),
        vevent(
          'UID:never',
          'DTSTART:20250101T090000Z',
          'RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30',
          'SUMMARY:Never',
        ),
        vevent('UID:yoga', 'DTSTART:20260105T070000Z', 'RRULE:FREQ=WEEKLY;COUNT=3', 'SUMMARY:Yoga'),
      ),
      limits,
    );
    expect(parsed.skipped.sort((a, b) => a.key.localeCompare(b.key))).toEqual([
      { key: 'counted', title: 'Counted', reason: 'It repeats too often since too long ago to be followed' },
      { key: 'never', title: 'Never', reason: 'Its repeat rule (almost) never matches' },
    ]);
    expect(parsed.events.map(at)).toEqual([
      '2026-01-05T07:00:00.000Z',
      '2026-01-12T07:00:00.000Z',
      '2026-01-19T07:00:00.000Z',
    ]);
    // Their occurrences are unknown: no month can be said to be whole.
    expect(parsed.listed.months).toEqual([]);
  });

  it('stops when the budget of steps is spent, and says so', () => {
    const parsed = parseIcs(
      ics(vevent('UID:daily', 'DTSTART:20260101T080000Z', 'RRULE:FREQ=DAILY', 'SUMMARY:Daily')),
      { ...limits, maxSteps: 100 },
    );
    expect(parsed.capped).toBe(true);
    expect(parsed.events.length).toBeGreaterThan(0);
    expect(parsed.events.length).toBeLessThan(60);
    expect(parsed.listed.months.map((m) => m.month)).toEqual(parsed.events.length >= 31 ? ['2026-01'] : []);
  });
});

describe('the cap', () => {
  const file = ics(
    vevent('UID:daily', 'DTSTART:20260101T080000Z', 'RRULE:FREQ=DAILY', 'SUMMARY:Standup'),
    vevent('UID:one-1', 'DTSTART:20261210T100000Z', 'SUMMARY:One 1'),
    vevent('UID:one-0', 'DTSTART:20200310T100000Z', 'SUMMARY:One 0'),
    vevent('UID:one-2', 'DTSTART:20261211T100000Z', 'SUMMARY:One 2'),
  );

  it('never lets a series push out one-off events, and keeps the occurrences from the window on', () => {
    const parsed = parseIcs(file, { ...limits, maxEvents: 50 });
    expect(parsed.capped).toBe(true);
    expect(parsed.events).toHaveLength(50);
    expect(parsed.events.slice(0, 3).map((e) => e.key)).toEqual(['one-1', 'one-2', 'one-0']);
    const standups = parsed.events.filter((e) => e.title === 'Standup').map(at);
    expect(standups[0]).toBe('2026-01-01T08:00:00.000Z');
    expect(standups.at(-1)).toBe('2026-02-16T08:00:00.000Z');
    // Removal may rely on the one-off events and on January, walked whole; not on what came after.
    expect(parsed.listed.singles.sort()).toEqual(['one-0', 'one-1', 'one-2']);
    expect(parsed.listed.months.map((m) => [m.month, m.keys.length])).toEqual([['2026-01', 31]]);
  });

  it('keeps the one-off events nearest the window when they alone are too many', () => {
    const parsed = parseIcs(file, { ...limits, maxEvents: 2 });
    expect(parsed.events.map((e) => e.key)).toEqual(['one-1', 'one-2']);
    expect(parsed.listed.singles.sort()).toEqual(['one-0', 'one-1', 'one-2']);
  });

  it('lists every whole month of the window when nothing is capped', () => {
    const parsed = parseIcs(file, limits);
    expect(parsed.capped).toBe(false);
    expect(parsed.listed.months.map((m) => m.month)).toEqual([
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
    expect(parsed.listed.months[1]?.keys).toHaveLength(28);
  });
});
