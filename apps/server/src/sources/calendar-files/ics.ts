import { createHash } from 'node:crypto';
import ICAL from 'ical.js';

export interface IcsEvent {
  /** The event's UID, with the occurrence's start for a recurring event's occurrences. */
  key: string;
  title: string;
  description: string | null;
  /** As the file gives them: `2026-04-10` (all day) or `2026-03-02T10:00:00` with its time zone. */
  start: string;
  end: string;
  allDay: boolean;
  timeZone: string | null;
  /** The instant it starts (all-day and floating times read as UTC). */
  startsAt: Date;
  location: string;
  attendees: { email: string; name: string; response: string; organizer: boolean }[];
  attachments: { title: string; url: string }[];
  /** Changes when the event does (what it shows, SEQUENCE, DTSTAMP / LAST-MODIFIED). */
  version: string;
}

export interface IcsLimits {
  /** Occurrences of recurring events are expanded within [from, to]. */
  from: Date;
  to: Date;
  /** Events and occurrences kept at most; more are dropped and `capped` says so. */
  maxEvents: number;
}

/** Not an iCalendar file, or one that cannot be read: the message is safe to show. */
export class IcsError extends Error {}

const textOf = (value: unknown) => (typeof value === 'string' ? value : value == null ? '' : String(value));

function instantOf(time: ICAL.Time): Date {
  if (time.isDate || !time.zone || time.zone.tzid === 'floating') {
    return new Date(Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second));
  }
  return time.toJSDate();
}

/**
 * Reads an iCalendar file (RFC 5545) with ical.js: its time zones, its events with their place,
 * attendees, description and attachments, and recurring events expanded into their occurrences over a
 * window (their exceptions applied), never more than `maxEvents` in all.
 */
export function parseIcs(
  text: string,
  limits: IcsLimits,
): { name: string; events: IcsEvent[]; capped: boolean } {
  let calendar: ICAL.Component;
  try {
    calendar = new ICAL.Component(ICAL.parse(text) as unknown as unknown[]);
  } catch {
    throw new IcsError('This is not an iCalendar (.ics) file that can be read');
  }
  if (calendar.name !== 'vcalendar') throw new IcsError('This is not an iCalendar (.ics) file');
  // The file's own time zones, registered for this parse only (it runs without pausing, so no other
  // file's parse sees them): one user's file never redefines a zone for another's.
  const registered: string[] = [];
  for (const zone of calendar.getAllSubcomponents('vtimezone')) {
    const tzid = textOf(zone.getFirstPropertyValue('tzid'));
    if (tzid && !ICAL.TimezoneService.has(tzid)) {
      ICAL.TimezoneService.register(new ICAL.Timezone(zone), tzid);
      registered.push(tzid);
    }
  }
  try {
    return readEvents(calendar, limits);
  } finally {
    for (const tzid of registered) ICAL.TimezoneService.remove(tzid);
  }
}

function readEvents(
  calendar: ICAL.Component,
  limits: IcsLimits,
): { name: string; events: IcsEvent[]; capped: boolean } {
  const vevents = calendar.getAllSubcomponents('vevent');
  const masters = vevents.filter((v) => !v.hasProperty('recurrence-id'));
  const exceptions = vevents.filter((v) => v.hasProperty('recurrence-id'));
  const from = ICAL.Time.fromJSDate(limits.from, true);
  const to = ICAL.Time.fromJSDate(limits.to, true);
  const events: IcsEvent[] = [];
  let capped = false;

  for (const vevent of masters) {
    if (events.length >= limits.maxEvents) {
      capped = true;
      break;
    }
    const event = new ICAL.Event(vevent);
    const uid = event.uid || `${textOf(vevent.getFirstPropertyValue('dtstart'))}-${event.summary}`;
    for (const exception of exceptions) {
      if (textOf(exception.getFirstPropertyValue('uid')) === event.uid) event.relateException(exception);
    }
    const stamp = `${event.sequence}|${textOf(vevent.getFirstPropertyValue('last-modified') ?? vevent.getFirstPropertyValue('dtstamp'))}`;
    const base = {
      title: event.summary || '(no title)',
      description: event.description || null,
      location: event.location || '',
      attendees: event.attendees.map((a) => ({
        email: textOf(a.getFirstValue()).replace(/^mailto:/i, ''),
        name: textOf(a.getParameter('cn')),
        response: textOf(a.getParameter('partstat')).toLowerCase(),
        organizer: false,
      })),
      attachments: vevent
        .getAllProperties('attach')
        .map((p) => ({
          title: textOf(p.getParameter('filename')) || textOf(p.getFirstValue()),
          url: textOf(p.getFirstValue()),
        }))
        .filter((a) => /^https?:\/\//i.test(a.url)),
    };
    const add = (key: string, start: ICAL.Time, end: ICAL.Time, item: ICAL.Event) => {
      const shown = {
        ...base,
        title: item.summary || base.title,
        location: item.location || base.location,
        start: start.toString(),
        end: end.toString(),
        allDay: start.isDate,
        timeZone: start.zone && !start.isDate ? start.zone.tzid : null,
      };
      // What is shown, with the file's own stamps: an edit shows even where the file forgot to bump SEQUENCE.
      const version = createHash('sha256')
        .update(JSON.stringify([shown, stamp, item.sequence]))
        .digest('base64url')
        .slice(0, 22);
      events.push({ ...shown, key, startsAt: instantOf(start), version });
    };
    if (!event.isRecurring()) {
      add(uid, event.startDate, event.endDate ?? event.startDate, event);
      continue;
    }
    const iterator = event.iterator();
    for (let next = iterator.next(); next; next = iterator.next()) {
      if (next.compare(to) > 0) break;
      if (events.length >= limits.maxEvents) {
        capped = true;
        break;
      }
      const details = event.getOccurrenceDetails(next);
      if (details.endDate.compare(from) < 0) continue;
      add(`${uid}@${details.recurrenceId.toString()}`, details.startDate, details.endDate, details.item);
    }
  }
  return { name: textOf(calendar.getFirstPropertyValue('x-wr-calname')), events, capped };
}

/** Events (occurrences included) one calendar brings at most. */
export const MAX_ICS_EVENTS = 5000;
const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** A calendar's events over the window the desk keeps: the past year and the next two, at most 5,000. */
export function parseCalendar(text: string, now: Date) {
  return parseIcs(text, {
    from: new Date(now.getTime() - YEAR_MS),
    to: new Date(now.getTime() + 2 * YEAR_MS),
    maxEvents: MAX_ICS_EVENTS,
  });
}
