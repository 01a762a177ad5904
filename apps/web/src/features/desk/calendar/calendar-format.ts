import { sameDay } from './calendar-grid';
import { addDays, type CalendarEvent } from './event-times';

const time = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });
const dayName = new Intl.DateTimeFormat(undefined, { weekday: 'short' });
const dayLong = new Intl.DateTimeFormat(undefined, { weekday: 'long', day: 'numeric', month: 'long' });
const monthYear = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric' });
const dayMonth = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short' });
const dayMonthYear = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

export const formatTime = (date: Date) => time.format(date);
export const formatWeekday = (date: Date) => dayName.format(date);
export const formatDayLong = (date: Date) => dayLong.format(date);
export const formatMonth = (date: Date) => monthYear.format(date);

/** "9 Mar – 15 Mar 2026" for a week. */
export function formatWeek(first: Date, last: Date): string {
  return `${dayMonth.format(first)} – ${dayMonthYear.format(last)}`;
}

/** When an event happens, in words: a day or days for all-day events, a day and times otherwise. */
export function describeWhen(event: CalendarEvent): string {
  if (event.allDay) {
    const last = addDays(event.end, -1);
    return sameDay(event.start, last)
      ? `all day, ${dayLong.format(event.start)}`
      : `all day, ${dayLong.format(event.start)} to ${dayLong.format(last)}`;
  }
  const start = `${dayLong.format(event.start)}, ${time.format(event.start)}`;
  // An end at midnight belongs to the day it closes.
  const endDay = new Date(event.end.getTime() - 1);
  return sameDay(event.start, endDay)
    ? `${start} to ${time.format(event.end)}`
    : `${start} to ${dayLong.format(endDay)}, ${time.format(event.end)}`;
}

/**
 * What a screen reader hears for an event: its title, and when. When its start time is shown before the
 * title, the name starts with that time too, as seen, so a voice-control user can say what they see.
 */
export function describeEvent(event: CalendarEvent, timeShown = false): string {
  const title = event.object.name || 'Untitled event';
  const seen = timeShown && !event.allDay ? `${time.format(event.start)} ${title}` : title;
  return `${seen}, ${describeWhen(event)}`;
}
