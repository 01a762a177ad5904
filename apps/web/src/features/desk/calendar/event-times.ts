import type { DeskObject } from '@easio/shared';

/** An event placed in local time: all-day events span whole local days, `end` is exclusive. */
export interface CalendarEvent {
  object: DeskObject;
  start: Date;
  end: Date;
  allDay: boolean;
}

const HOUR_MS = 3_600_000;

const DATE = /^(\d{4})-(\d{2})-(\d{2})/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/;

/** A calendar date (`2026-04-10`) as that day's local midnight. */
function localDay(text: unknown): Date | null {
  const m = typeof text === 'string' ? DATE.exec(text) : null;
  if (!m) return null;
  const day = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Number.isNaN(day.getTime()) ? null : day;
}

/** The fields of a time as the source wrote it (`2026-03-20T08:30:00`): year, month (0-based), day, h, m, s. */
function writtenFields(text: unknown): [number, number, number, number, number, number] | null {
  const m = typeof text === 'string' ? DATE_TIME.exec(text) : null;
  if (!m) return null;
  return [Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6] ?? 0)];
}

/** A wall-clock time as the source wrote it, in the reader's zone. */
function localTime(text: unknown): Date | null {
  const fields = writtenFields(text);
  if (!fields) return null;
  const time = new Date(...fields);
  return Number.isNaN(time.getTime()) ? null : time;
}

/** The wall-clock reading of a time as the source wrote it, for durations that ignore its zone. */
function wallClock(text: unknown): number | null {
  const fields = writtenFields(text);
  return fields ? Date.UTC(...fields) : null;
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
}

/**
 * Where an event sits in time. An all-day event keeps the dates the calendar gave (its end date is
 * exclusive, as iCalendar and Google give it). A floating event (a wall-clock time in no zone,
 * `metadata.floating`) happens at its written times in the reader's zone. Any other timed event starts
 * at the instant the server stored and ends at `metadata.ends_at`, or lasts as long as its own start
 * and end say (both written in the event's zone), an hour if unknown.
 */
export function eventOf(object: DeskObject): CalendarEvent | null {
  if (object.data_type !== 'event_object') return null;
  const m = object.metadata;
  if (m.all_day === true) {
    const start = localDay(m.start) ?? localDay(object.item_date);
    if (!start) return null;
    const end = localDay(m.end);
    return { object, start, end: end && end > start ? end : addDays(start, 1), allDay: true };
  }
  const local = m.floating === true ? localTime(m.start) : null;
  if (local) {
    const end = localTime(m.end);
    return {
      object,
      start: local,
      end: end && end >= local ? end : new Date(local.getTime() + HOUR_MS),
      allDay: false,
    };
  }
  const start = new Date(object.item_date);
  if (Number.isNaN(start.getTime())) return null;
  const endsAt = typeof m.ends_at === 'string' ? new Date(m.ends_at) : null;
  if (endsAt && endsAt >= start) return { object, start, end: endsAt, allDay: false };
  const from = wallClock(m.start);
  const to = wallClock(m.end);
  const duration = from !== null && to !== null && to >= from ? to - from : HOUR_MS;
  return { object, start, end: new Date(start.getTime() + duration), allDay: false };
}

/** The events (from a listing) that fall on any part of [from, to), earliest first. */
export function eventsWithin(objects: readonly DeskObject[], from: Date, to: Date): CalendarEvent[] {
  const events: CalendarEvent[] = [];
  for (const object of objects) {
    const event = eventOf(object);
    if (event && overlaps(event, from, to)) events.push(event);
  }
  return events.sort(
    (a, b) =>
      Number(b.allDay) - Number(a.allDay) ||
      a.start.getTime() - b.start.getTime() ||
      b.end.getTime() - a.end.getTime() ||
      a.object.name.localeCompare(b.object.name),
  );
}

/** A zero-length event still shows on the day it happens. */
function overlaps(event: CalendarEvent, from: Date, to: Date): boolean {
  return (
    event.start < to &&
    (event.end > from || (event.end.getTime() === event.start.getTime() && event.start >= from))
  );
}

export function eventsOnDay(events: readonly CalendarEvent[], day: Date): CalendarEvent[] {
  const next = addDays(day, 1);
  return events.filter((e) => overlaps(e, day, next));
}
