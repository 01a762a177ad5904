import { addDays, type CalendarEvent } from './event-times';

export const CALENDAR_VIEWS = ['list', 'month', 'week'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

/** Weeks start on Monday, as in most of the world's calendars. */
export function startOfWeek(date: Date): Date {
  const day = new Date(date.getFullYear(), date.getMonth(), date.getDate());
  return addDays(day, -((day.getDay() + 6) % 7));
}

export function startOfMonth(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), 1);
}

/** The weeks a month view shows: Monday on or before the 1st to the Sunday on or after the last day. */
export function monthWeeks(anchor: Date): Date[][] {
  const first = startOfMonth(anchor);
  const last = new Date(first.getFullYear(), first.getMonth() + 1, 0);
  const weeks: Date[][] = [];
  for (let monday = startOfWeek(first); monday <= last; monday = addDays(monday, 7)) {
    weeks.push(Array.from({ length: 7 }, (_, i) => addDays(monday, i)));
  }
  return weeks;
}

export function weekDays(anchor: Date): Date[] {
  const monday = startOfWeek(anchor);
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

/** The days a view shows, as [from, to). */
export function visibleRange(view: Exclude<CalendarView, 'list'>, anchor: Date): { from: Date; to: Date } {
  if (view === 'week') {
    const from = startOfWeek(anchor);
    return { from, to: addDays(from, 7) };
  }
  const weeks = monthWeeks(anchor);
  const from = weeks[0]?.[0] ?? startOfMonth(anchor);
  return { from, to: addDays(weeks.at(-1)?.[6] ?? from, 1) };
}

/** The period before or after, keeping the day of the month where it can. */
export function shiftAnchor(view: Exclude<CalendarView, 'list'>, anchor: Date, step: -1 | 1): Date {
  if (view === 'week') return addDays(anchor, 7 * step);
  const target = new Date(anchor.getFullYear(), anchor.getMonth() + step, 1);
  const lastDay = new Date(target.getFullYear(), target.getMonth() + 1, 0).getDate();
  return new Date(target.getFullYear(), target.getMonth(), Math.min(anchor.getDate(), lastDay));
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `2026-03-02` for a local day: the `day` of the page's address. */
export function dayKey(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function parseDayKey(text: string | null): Date | null {
  const m = text ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(text) : null;
  if (!m) return null;
  const date = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return dayKey(date) === text ? date : null;
}

export const sameDay = (a: Date, b: Date) => dayKey(a) === dayKey(b);

export interface PlacedEvent {
  event: CalendarEvent;
  /** Minutes from the day's midnight, clipped to the day. */
  top: number;
  height: number;
  /** Side-by-side columns for events that overlap: this one's column and how many share its group. */
  lane: number;
  lanes: number;
}

const MINUTES = 24 * 60;
/** Short events still get room for their title. */
const MIN_HEIGHT = 20;

const minutesOf = (date: Date) => date.getHours() * 60 + date.getMinutes();

/**
 * Timed events of one day laid out on a time grid, overlapping ones side by side. Times are read off
 * the wall clock, as the grid's hours are: on the days the clocks change, 10:00 is still 600 minutes down.
 */
export function layoutDay(events: readonly CalendarEvent[], day: Date): PlacedEvent[] {
  const placed: PlacedEvent[] = [];
  let group: PlacedEvent[] = [];
  let laneEnds: number[] = [];
  let groupEnd = -1;
  const close = () => {
    for (const p of group) p.lanes = laneEnds.length;
    group = [];
    laneEnds = [];
  };
  const timed = events
    .filter((e) => !e.allDay)
    .map((event) => {
      const top = sameDay(event.start, day) ? minutesOf(event.start) : event.start > day ? MINUTES : 0;
      const bottom = sameDay(event.end, day) ? minutesOf(event.end) : event.end > day ? MINUTES : 0;
      return { event, top, height: Math.max(MIN_HEIGHT, bottom - top) };
    })
    .sort((a, b) => a.top - b.top || b.height - a.height);
  for (const item of timed) {
    if (item.top >= groupEnd) close();
    let lane = laneEnds.findIndex((end) => end <= item.top);
    if (lane === -1) lane = laneEnds.length;
    laneEnds[lane] = item.top + item.height;
    groupEnd = Math.max(groupEnd, item.top + item.height);
    const p = { ...item, lane, lanes: 1 };
    group.push(p);
    placed.push(p);
  }
  close();
  return placed;
}
