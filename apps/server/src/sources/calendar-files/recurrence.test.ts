import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { instantOf } from './ics-event.js';
import { followFrom, wholeMonths } from './recurrence.js';

const FROM = Date.parse('2026-01-01T00:00:00Z');

function eventOf(dtstart: string, rrule: string, tzid?: string) {
  const zone = tzid
    ? [
        'BEGIN:VTIMEZONE',
        `TZID:${tzid}`,
        'BEGIN:STANDARD',
        'DTSTART:19701025T030000',
        'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
        'TZOFFSETFROM:+0200',
        'TZOFFSETTO:+0100',
        'END:STANDARD',
        'BEGIN:DAYLIGHT',
        'DTSTART:19700329T020000',
        'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
        'TZOFFSETFROM:+0100',
        'TZOFFSETTO:+0200',
        'END:DAYLIGHT',
        'END:VTIMEZONE',
      ]
    : [];
  const calendar = new ICAL.Component(
    ICAL.parse(
      [
        'BEGIN:VCALENDAR',
        ...zone,
        'BEGIN:VEVENT',
        'UID:x',
        tzid
          ? `DTSTART;TZID=${tzid}:${dtstart}`
          : `DTSTART${dtstart.length === 8 ? ';VALUE=DATE' : ''}:${dtstart}`,
        'DURATION:PT45M',
        `RRULE:${rrule}`,
        'END:VEVENT',
        'END:VCALENDAR',
      ].join('\r\n'),
    ) as unknown as unknown[],
  );
  if (tzid)
    ICAL.TimezoneService.register(new ICAL.Timezone(calendar.getFirstSubcomponent('vtimezone')), tzid);
  return new ICAL.Event(calendar.getFirstSubcomponent('vevent') as ICAL.Component);
}

/** The first `n` occurrences at or after FROM, walking from `start`. */
function occurrences(event: ICAL.Event, start: ICAL.Time, n: number): string[] {
  const found: string[] = [];
  const iterator = event.iterator(start);
  for (let next = iterator.next(); next && found.length < n; next = iterator.next()) {
    if (instantOf(next) >= FROM) found.push(next.toString());
  }
  return found;
}

describe('following a rule from near the window', () => {
  it.each([
    ['20251101T081500Z', 'FREQ=MINUTELY;INTERVAL=7'],
    ['20251227T081500Z', 'FREQ=SECONDLY;INTERVAL=13;BYHOUR=9'],
    ['20240101T081500Z', 'FREQ=HOURLY;INTERVAL=5;BYMINUTE=0,30'],
    ['20230105T090000Z', 'FREQ=DAILY;INTERVAL=3;BYDAY=MO,FR'],
    ['20230104T090000Z', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE,FR'],
    ['20230104T090000Z', 'FREQ=WEEKLY;INTERVAL=3;UNTIL=20270101T000000Z'],
    ['20230104', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH'],
    ['20100131T090000Z', 'FREQ=MONTHLY'],
    ['19900105T090000Z', 'FREQ=MONTHLY;INTERVAL=5;BYDAY=1TU'],
    ['19520229', 'FREQ=YEARLY'],
    ['19700329T100000Z', 'FREQ=YEARLY;INTERVAL=3;BYMONTH=3;BYDAY=-1SU'],
  ])('%s %s continues exactly as from its start', (dtstart, rrule) => {
    const event = eventOf(dtstart, rrule);
    const near = followFrom(event, FROM);
    expect(instantOf(near)).toBeGreaterThan(instantOf(event.startDate));
    expect(instantOf(near)).toBeLessThan(FROM);
    expect(occurrences(event, near, 40)).toEqual(occurrences(event, event.startDate, 40));
  });

  it('keeps the wall clock of a zoned series across a change of the clocks', () => {
    const event = eventOf('20200106T100000', 'FREQ=WEEKLY;BYDAY=MO', 'Test/Berlin');
    try {
      const near = followFrom(event, Date.parse('2026-03-20T00:00:00Z'));
      const iterator = event.iterator(near);
      const mondays: string[] = [];
      for (let next = iterator.next(); next && mondays.length < 3; next = iterator.next()) {
        if (instantOf(next) >= Date.parse('2026-03-20T00:00:00Z'))
          mondays.push(new Date(instantOf(next)).toISOString());
      }
      expect(mondays).toEqual([
        '2026-03-23T09:00:00.000Z',
        '2026-03-30T08:00:00.000Z',
        '2026-04-06T08:00:00.000Z',
      ]);
    } finally {
      ICAL.TimezoneService.remove('Test/Berlin');
    }
  });

  it('starts counted and set-position rules at their own start', () => {
    for (const rrule of ['FREQ=DAILY;COUNT=5000', 'FREQ=MONTHLY;BYDAY=MO,TU;BYSETPOS=-1']) {
      const event = eventOf('20200101T090000Z', rrule);
      expect(followFrom(event, FROM).toString(), rrule).toBe(event.startDate.toString());
    }
  });

  it('lists the months wholly inside the window and walked', () => {
    const from = Date.parse('2026-01-15T00:00:00Z');
    const to = Date.parse('2026-06-10T00:00:00Z');
    expect(wholeMonths(from, to, Infinity)).toEqual(['2026-02', '2026-03', '2026-04', '2026-05']);
    expect(wholeMonths(from, to, Date.parse('2026-04-01T00:00:00Z'))).toEqual(['2026-02', '2026-03']);
    expect(wholeMonths(from, to, from)).toEqual([]);
  });
});
