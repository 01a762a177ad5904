import { createHash } from 'node:crypto';
import type ICAL from 'ical.js';

export interface IcsPerson {
  email: string;
  name: string;
}

export interface IcsAttendee extends IcsPerson {
  response: string;
  /** The attendee is the event's organizer. */
  organizer: boolean;
}

/** What an event says about itself, apart from its times. */
export interface IcsDetails {
  title: string;
  description: string | null;
  location: string;
  organizer: IcsPerson | null;
  attendees: IcsAttendee[];
  attachments: { title: string; url: string }[];
}

/** When an event happens. */
export interface IcsWhen {
  /** As the file gives them: `2026-04-10` (all day), `2026-03-02T10:00:00` (wall clock) or `…Z` (UTC). */
  start: string;
  end: string;
  allDay: boolean;
  /** The TZID as the file wrote it (`W. Europe Standard Time`), `UTC`, or null. */
  timeZone: string | null;
  /**
   * A wall-clock time in no known zone (no TZID and no Z, or a TZID nobody knows): it happens at that
   * time wherever the reader is, and `startsAt`/`endsAt` read it as if UTC.
   */
  floating: boolean;
  /** The instants it starts and ends (all-day events at UTC midnight). */
  startsAt: Date;
  endsAt: Date;
}

export interface IcsEvent extends IcsDetails, IcsWhen {
  /** The event's UID, with the occurrence's recurrence id for a recurring event's occurrences. */
  key: string;
  /** The month (`2026-03`, UTC) of an occurrence's recurrence id; null for events that do not repeat. */
  month: string | null;
  /** Changes when the event does (what it shows, SEQUENCE, DTSTAMP / LAST-MODIFIED). */
  version: string;
}

export const textOf = (value: unknown) =>
  typeof value === 'string' ? value : value == null ? '' : String(value);

/** The instant a time names (ms): dates at UTC midnight, floating times as if UTC. */
export function instantOf(time: ICAL.Time): number {
  if (time.isDate) return Date.UTC(time.year, time.month - 1, time.day);
  return time.toUnixTime() * 1000;
}

export function isCancelled(component: ICAL.Component): boolean {
  return textOf(component.getFirstPropertyValue('status')).toUpperCase() === 'CANCELLED';
}

function personOf(property: ICAL.Property): IcsPerson {
  return {
    email: textOf(property.getFirstValue()).replace(/^mailto:/i, ''),
    name: textOf(property.getParameter('cn')),
  };
}

/** A VEVENT's own details; an override (RECURRENCE-ID) takes its series' for what it does not say. */
export function detailsOf(vevent: ICAL.Component, series?: IcsDetails): IcsDetails {
  const organizerProperty = vevent.getFirstProperty('organizer');
  const organizer = organizerProperty ? personOf(organizerProperty) : (series?.organizer ?? null);
  const attendeeProperties = vevent.getAllProperties('attendee');
  const attendees = attendeeProperties.length
    ? attendeeProperties.map((property) => ({
        ...personOf(property),
        response: textOf(property.getParameter('partstat')).toLowerCase(),
        organizer: false,
      }))
    : (series?.attendees ?? []);
  const organizerEmail = organizer?.email.toLowerCase();
  const attachments = vevent
    .getAllProperties('attach')
    .map((p) => ({
      title: textOf(p.getParameter('filename')) || textOf(p.getFirstValue()),
      url: textOf(p.getFirstValue()),
    }))
    .filter((a) => /^https?:\/\//i.test(a.url));
  return {
    title: textOf(vevent.getFirstPropertyValue('summary')) || series?.title || '(no title)',
    description: textOf(vevent.getFirstPropertyValue('description')) || series?.description || null,
    location: textOf(vevent.getFirstPropertyValue('location')) || series?.location || '',
    organizer,
    attendees: attendees.map((a) => ({
      ...a,
      organizer: Boolean(organizerEmail) && a.email.toLowerCase() === organizerEmail,
    })),
    attachments: attachments.length ? attachments : (series?.attachments ?? []),
  };
}

/** The TZID its start names, as written. */
export function tzidOf(vevent: ICAL.Component): string | null {
  const tzid = vevent.getFirstProperty('dtstart')?.getParameter('tzid');
  return typeof tzid === 'string' && tzid ? tzid : null;
}

export function whenOf(start: ICAL.Time, end: ICAL.Time, tzid: string | null): IcsWhen {
  const zone = start.zone?.tzid;
  const floating = !start.isDate && (!zone || zone === 'floating');
  return {
    start: start.toString(),
    end: end.toString(),
    allDay: start.isDate,
    timeZone: start.isDate ? null : zone && zone !== 'floating' ? zone : tzid,
    floating,
    startsAt: new Date(instantOf(start)),
    endsAt: new Date(Math.max(instantOf(end), instantOf(start))),
  };
}

/** The file's own stamps for a VEVENT: an edit shows even where the file forgot to bump SEQUENCE. */
export function stampOf(vevent: ICAL.Component): string {
  const modified = vevent.getFirstPropertyValue('last-modified') ?? vevent.getFirstPropertyValue('dtstamp');
  return `${textOf(vevent.getFirstPropertyValue('sequence'))}|${textOf(modified)}`;
}

export function eventOf(
  key: string,
  month: string | null,
  details: IcsDetails,
  when: IcsWhen,
  stamp: string,
): IcsEvent {
  const version = createHash('sha256')
    .update(JSON.stringify([details, when, stamp]))
    .digest('base64url')
    .slice(0, 22);
  return { ...details, ...when, key, month, version };
}
