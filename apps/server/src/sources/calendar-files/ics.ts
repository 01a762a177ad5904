import ICAL from 'ical.js';
import {
  detailsOf,
  eventOf,
  type IcsDetails,
  type IcsEvent,
  isCancelled,
  stampOf,
  textOf,
  tzidOf,
  whenOf,
} from './ics-event.js';
import { monthOf, type Series, walkSeries, wholeMonths } from './recurrence.js';
import { metered, OutOfSteps, StepMeter } from './step-meter.js';
import { platformTimezone } from './zones.js';

export type { IcsEvent } from './ics-event.js';

export interface IcsLimits {
  /** Occurrences of recurring events are expanded within [from, to]. */
  from: Date;
  to: Date;
  /** Events and occurrences kept at most; more are dropped and `capped` says so. */
  maxEvents: number;
  /** Steps expanding the recurrences may take (default MAX_ICS_STEPS). */
  maxSteps?: number;
}

/** An event of the file that is not imported, and why (safe to show). */
export interface IcsSkipped {
  key: string;
  title: string;
  reason: string;
}

export interface IcsCalendar {
  name: string;
  events: IcsEvent[];
  /** Some events were left out: more than `maxEvents`, or recurrences too costly to expand whole. */
  capped: boolean;
  skipped: IcsSkipped[];
  /** Keys of events and occurrences the file cancels (STATUS:CANCELLED). */
  cancelled: string[];
  /**
   * What the file is known to hold, for removing what it no longer does: the keys of every event that
   * does not repeat (kept or not), and for each month of the window whose occurrences were all walked,
   * their keys (kept or not). Months not listed say nothing.
   */
  listed: { singles: string[]; months: { month: string; keys: string[] }[] };
}

/** Not an iCalendar file, or one that cannot be read: the message is safe to show. */
export class IcsError extends Error {}

/** Events (occurrences included) one calendar brings at most. */
export const MAX_ICS_EVENTS = 5000;
/** Steps the recurrences of one file may take to expand (about as many occurrences). */
export const MAX_ICS_STEPS = 100_000;
/** Steps one occurrence may take (a rule that never matches loops until stopped). */
const STEPS_PER_OCCURRENCE = 10_000;
/** Occurrences of a rule counted from long ago skipped at most before the window. */
const MAX_SKIPPED_BEFORE = 20_000;
/** Distinct undefined TZIDs looked up in the platform's zones, per file. */
const MAX_ZONE_LOOKUPS = 50;

/**
 * The file's time zones, registered for this parse only (it runs without pausing, so no other file's
 * parse sees them): its VTIMEZONEs, and the TZIDs it names without defining (as Google and Apple often
 * do) that the platform knows (`Europe/Berlin`, `W. Europe Standard Time`).
 */
function registerZones(calendar: ICAL.Component, registered: string[]): void {
  for (const vtimezone of calendar.getAllSubcomponents('vtimezone')) {
    const tzid = textOf(vtimezone.getFirstPropertyValue('tzid'));
    if (tzid && !ICAL.TimezoneService.has(tzid)) {
      ICAL.TimezoneService.register(new ICAL.Timezone(vtimezone), tzid);
      registered.push(tzid);
    }
  }
  const looked = new Set<string>();
  for (const vevent of calendar.getAllSubcomponents('vevent')) {
    for (const property of vevent.getAllProperties()) {
      const tzid: unknown = property.getParameter('tzid');
      if (typeof tzid !== 'string' || !tzid || looked.has(tzid) || ICAL.TimezoneService.has(tzid)) continue;
      if (looked.size >= MAX_ZONE_LOOKUPS) return;
      looked.add(tzid);
      const zone = platformTimezone(tzid);
      if (zone) {
        ICAL.TimezoneService.register(zone, tzid);
        registered.push(tzid);
      }
    }
  }
}

/**
 * Reads an iCalendar file (RFC 5545) with ical.js: its events with their place, organizer, attendees,
 * description and attachments, and recurring events expanded into their occurrences over a window
 * (their exceptions applied), never more than `maxEvents` in all and never more work than `maxSteps`.
 * Cancelled events are left out; events that cannot be read are skipped with the reason.
 */
export function parseIcs(text: string, limits: IcsLimits): IcsCalendar {
  let calendar: ICAL.Component;
  try {
    // Windows programs (Outlook) start their exports with a byte order mark.
    calendar = new ICAL.Component(ICAL.parse(text.replace(/^\uFEFF/, '')) as unknown as unknown[]);
  } catch {
    throw new IcsError('This is not an iCalendar (.ics) file that can be read');
  }
  if (calendar.name !== 'vcalendar') throw new IcsError('This is not an iCalendar (.ics) file');
  const meter = new StepMeter(limits.maxSteps ?? MAX_ICS_STEPS, STEPS_PER_OCCURRENCE);
  const registered: string[] = [];
  try {
    registerZones(calendar, registered);
    return metered(meter, () => readCalendar(calendar, limits, meter));
  } catch (error) {
    if (error instanceof IcsError) throw error;
    throw new IcsError('This calendar could not be read');
  } finally {
    for (const tzid of registered) ICAL.TimezoneService.remove(tzid);
  }
}

interface SeriesEntry extends Series {
  key: string;
  vevent: ICAL.Component;
  details: IcsDetails;
  tzid: string | null;
}

/** How far an event is from the window: 0 inside it. */
const distance = (at: number, from: number, to: number) => (at < from ? from - at : at > to ? at - to : 0);

function readCalendar(calendar: ICAL.Component, limits: IcsLimits, meter: StepMeter): IcsCalendar {
  const from = limits.from.getTime();
  const to = limits.to.getTime();
  const masters: ICAL.Component[] = [];
  const overrides = new Map<string, ICAL.Component[]>();
  for (const vevent of calendar.getAllSubcomponents('vevent')) {
    if (!vevent.hasProperty('recurrence-id')) masters.push(vevent);
    else {
      const uid = textOf(vevent.getFirstPropertyValue('uid'));
      const list = overrides.get(uid);
      if (list) list.push(vevent);
      else overrides.set(uid, [vevent]);
    }
  }
  const singles: IcsEvent[] = [];
  const skipped: IcsSkipped[] = [];
  const cancelled: string[] = [];
  const series: SeriesEntry[] = [];
  const read = (key: string, title: string, work: () => void) => {
    try {
      meter.begin();
      work();
    } catch (error) {
      const reason =
        error instanceof OutOfSteps ? 'Its time zone cannot be followed' : 'It could not be read';
      skipped.push({ key, title, reason });
    }
  };

  const masterUids = new Set<string>();
  for (const vevent of masters) {
    const uid = textOf(vevent.getFirstPropertyValue('uid'));
    masterUids.add(uid);
    const title = textOf(vevent.getFirstPropertyValue('summary')) || '(no title)';
    const key = uid || `${vevent.getFirstProperty('dtstart')?.toICALString() ?? ''}-${title}`;
    read(key, title, () => {
      if (!vevent.hasProperty('dtstart')) {
        skipped.push({ key, title, reason: 'It has no start (DTSTART)' });
        return;
      }
      const own = overrides.get(uid) ?? [];
      if (isCancelled(vevent)) {
        cancelled.push(key, ...own.map((o) => `${key}@${textOf(o.getFirstPropertyValue('recurrence-id'))}`));
        return;
      }
      const event = new ICAL.Event(vevent, { exceptions: own });
      const details = detailsOf(vevent);
      if (event.isRecurring()) {
        series.push({ event, cancels: own.some(isCancelled), key, vevent, details, tzid: tzidOf(vevent) });
        return;
      }
      const when = whenOf(event.startDate, event.endDate ?? event.startDate, tzidOf(vevent));
      singles.push(eventOf(key, null, details, when, stampOf(vevent)));
    });
  }
  // An override without its series (an invitation to one occurrence) is an event of its own.
  for (const [uid, list] of overrides) {
    if (masterUids.has(uid)) continue;
    for (const vevent of list) {
      const title = textOf(vevent.getFirstPropertyValue('summary')) || '(no title)';
      const id = vevent.getFirstProperty('recurrence-id')?.toICALString() ?? '';
      read(`${uid}@${id}`, title, () => {
        const key = `${uid}@${textOf(vevent.getFirstPropertyValue('recurrence-id'))}`;
        if (isCancelled(vevent)) {
          cancelled.push(key);
          return;
        }
        const event = new ICAL.Event(vevent);
        const when = whenOf(event.startDate, event.endDate ?? event.startDate, tzidOf(vevent));
        singles.push(eventOf(key, null, detailsOf(vevent), when, stampOf(vevent)));
      });
    }
  }

  // One-off events first (nearest the window), then occurrences from the window's start.
  singles.sort(
    (a, b) =>
      distance(a.startsAt.getTime(), from, to) - distance(b.startsAt.getTime(), from, to) ||
      a.startsAt.getTime() - b.startsAt.getTime(),
  );
  const room = Math.max(0, limits.maxEvents - singles.length);
  const walk = walkSeries(series, { from, to, max: room, maxBefore: MAX_SKIPPED_BEFORE }, meter);
  const keyOf = (index: number, id: ICAL.Time) => `${series[index]?.key}@${id.toString()}`;
  const events = singles.slice(0, limits.maxEvents);
  for (const occurrence of walk.occurrences.slice(0, room)) {
    const entry = series[occurrence.series] as SeriesEntry;
    const key = keyOf(occurrence.series, occurrence.id);
    read(key, entry.details.title, () => {
      const details = entry.event.getOccurrenceDetails(occurrence.id);
      const own = details.item.component;
      const overridden = own !== entry.vevent;
      events.push(
        eventOf(
          key,
          monthOf(occurrence.at),
          overridden ? detailsOf(own, entry.details) : entry.details,
          whenOf(details.startDate, details.endDate, overridden ? tzidOf(own) : entry.tzid),
          stampOf(own),
        ),
      );
    });
  }
  for (const { series: index, reason } of walk.refused) {
    const entry = series[index] as SeriesEntry;
    skipped.push({ key: entry.key, title: entry.details.title, reason });
  }
  cancelled.push(...walk.cancelled.map((o) => keyOf(o.series, o.id)));

  const months = new Map(wholeMonths(from, to, walk.completeUntil).map((m) => [m, [] as string[]]));
  for (const occurrence of walk.occurrences) {
    months.get(monthOf(occurrence.at))?.push(keyOf(occurrence.series, occurrence.id));
  }
  return {
    name: textOf(calendar.getFirstPropertyValue('x-wr-calname')),
    events,
    capped: singles.length > limits.maxEvents || walk.stopped || walk.occurrences.length > room,
    skipped,
    cancelled,
    listed: {
      singles: [...singles.map((e) => e.key), ...skipped.map((s) => s.key)],
      months: [...months].map(([month, keys]) => ({ month, keys })),
    },
  };
}

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** A calendar's events over the window the desk keeps: the past year and the next two, at most 5,000. */
export function parseCalendar(text: string, now: Date) {
  return parseIcs(text, {
    from: new Date(now.getTime() - YEAR_MS),
    to: new Date(now.getTime() + 2 * YEAR_MS),
    maxEvents: MAX_ICS_EVENTS,
  });
}
