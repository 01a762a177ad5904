import type { DeskObject } from '@easio/shared';
import { describe, expect, it } from 'vitest';
import { eventOf, eventsOnDay, eventsWithin } from './event-times';

const event = (name: string, item_date: string, metadata: Record<string, unknown>): DeskObject =>
  ({
    id: name,
    data_type: 'event_object',
    name,
    item_date,
    metadata,
  }) as unknown as DeskObject;

describe('eventOf', () => {
  it('keeps an all-day event on the dates the calendar gave, whatever the zone', () => {
    const e = eventOf(
      event('Holiday', '2026-04-10T00:00:00.000Z', { all_day: true, start: '2026-04-10', end: '2026-04-12' }),
    );
    expect(e?.allDay).toBe(true);
    expect(e?.start).toEqual(new Date(2026, 3, 10));
    expect(e?.end).toEqual(new Date(2026, 3, 12));
  });

  it('gives a one-day all-day event without an end the whole day', () => {
    const e = eventOf(event('Birthday', '2026-05-01T00:00:00.000Z', { all_day: true, start: '2026-05-01' }));
    expect(e?.end).toEqual(new Date(2026, 4, 2));
  });

  it('starts a timed event at the stored instant and lasts as long as its own times say', () => {
    const e = eventOf(
      event('Standup', '2026-03-02T04:30:00.000Z', {
        all_day: false,
        start: '2026-03-02T10:00:00+05:30',
        end: '2026-03-02T10:45:00+05:30',
      }),
    );
    expect(e?.start.toISOString()).toBe('2026-03-02T04:30:00.000Z');
    expect(e?.end.toISOString()).toBe('2026-03-02T05:15:00.000Z');
  });

  it('ends a timed event at the instant the server stored when there is one', () => {
    const e = eventOf(
      event('Night train', '2026-10-24T23:00:00.000Z', {
        start: '2026-10-25T01:00:00',
        end: '2026-10-25T04:00:00',
        time_zone: 'Europe/Berlin',
        ends_at: '2026-10-25T03:00:00.000Z',
      }),
    );
    // Four hours, though the clock shows three: the clocks went back that night.
    expect(e?.end.toISOString()).toBe('2026-10-25T03:00:00.000Z');
  });

  it('shows a floating event at its written time wherever the reader is', () => {
    const e = eventOf(
      event('Wake up', '2026-03-20T08:30:00.000Z', {
        start: '2026-03-20T08:30:00',
        end: '2026-03-20T09:15:00',
        floating: true,
      }),
    );
    expect(e?.start).toEqual(new Date(2026, 2, 20, 8, 30));
    expect(e?.end).toEqual(new Date(2026, 2, 20, 9, 15));
    const open = eventOf(
      event('Stretch', '2026-03-20T07:00:00.000Z', { start: '2026-03-20T07:00:00', floating: true }),
    );
    expect(open?.end).toEqual(new Date(2026, 2, 20, 8, 0));
  });

  it('gives a timed event with no end an hour, and ignores what is not an event', () => {
    const e = eventOf(event('Call', '2026-03-02T09:00:00.000Z', { start: '2026-03-02T09:00:00' }));
    expect(e?.end.toISOString()).toBe('2026-03-02T10:00:00.000Z');
    expect(
      eventOf({ ...event('Note', '2026-03-02T09:00:00.000Z', {}), data_type: 'note_object' }),
    ).toBeNull();
  });
});

describe('eventsWithin and eventsOnDay', () => {
  const trip = event('Trip', '2026-03-30T00:00:00.000Z', {
    all_day: true,
    start: '2026-03-30',
    end: '2026-04-03',
  });
  const late = event('Late show', new Date(2026, 3, 1, 23, 0).toISOString(), {
    start: '2026-04-01T23:00:00',
    end: '2026-04-02T01:00:00',
  });
  const lunch = event('Lunch', new Date(2026, 3, 1, 12, 0).toISOString(), {
    start: '2026-04-01T12:00:00',
    end: '2026-04-01T13:00:00',
  });

  it('keeps events that touch the window, all-day ones first, then by start', () => {
    const april = eventsWithin([late, lunch, trip], new Date(2026, 3, 1), new Date(2026, 4, 1));
    expect(april.map((e) => e.object.name)).toEqual(['Trip', 'Lunch', 'Late show']);
    expect(eventsWithin([trip], new Date(2026, 3, 3), new Date(2026, 3, 4))).toEqual([]);
  });

  it('shows an event on every day it spans', () => {
    const all = eventsWithin([late, lunch, trip], new Date(2026, 2, 1), new Date(2026, 5, 1));
    expect(eventsOnDay(all, new Date(2026, 3, 2)).map((e) => e.object.name)).toEqual(['Trip', 'Late show']);
    expect(eventsOnDay(all, new Date(2026, 2, 29))).toEqual([]);
  });
});
