import { createHash } from 'node:crypto';
import type { ImportedItem, SyncPage } from '../source.js';
import type { IcsCalendar, IcsEvent } from './ics.js';

/** Calendar files keep each event (or occurrence) under its UID, so a file imported again updates. */
export const icsId = (key: string) => `ics:${key}`;

/** Where an imported calendar's events live, so importing it again removes what it no longer holds. */
export const icsScope = (calendar: string) => `ics-calendar:${calendar}`;

/** Bumped when what an event stores changes shape, so every event is stored again once. */
const SHAPE = 2;

export interface CalendarTarget {
  /** The external id of an event from its key. */
  idOf: (key: string) => string;
  /** The calendar's scope: events that do not repeat under `scope#events`, occurrences under `scope@month`. */
  scope: string;
  /** The calendar's name, as its events show it. */
  calendar: string;
}

const scopeOf = (target: CalendarTarget, month: string | null) =>
  month ? `${target.scope}@${month}` : `${target.scope}#events`;

export function itemOfIcsEvent(event: IcsEvent, target: CalendarTarget): ImportedItem {
  const externalId = target.idOf(event.key);
  const scope = scopeOf(target, event.month);
  return {
    externalId,
    dataType: 'event_object',
    name: event.title,
    content: event.description,
    metadata: {
      start: event.start,
      end: event.end,
      all_day: event.allDay,
      time_zone: event.timeZone,
      // A wall-clock time: shown at `start` in whatever zone the reader is (item_date reads it as UTC).
      floating: event.floating,
      ends_at: event.endsAt.toISOString(),
      location: event.location,
      place: event.location ? { address: event.location } : null,
      organizer: event.organizer,
      attendees: event.attendees,
      attachments: event.attachments.map((a) => ({ ...a, mime_type: null })),
      calendar: target.calendar,
      sync_scope: scope,
      sync_key: externalId,
    },
    sourceCreatedAt: event.startsAt,
    version: createHash('sha256')
      .update(JSON.stringify([SHAPE, event.version, scope, target.calendar]))
      .digest('base64url')
      .slice(0, 22),
  };
}

/**
 * A parsed calendar as the sync framework takes it: its events as items, the events it could not read
 * as failures, the ones it cancels to remove, and what it holds (`present`) so events it no longer
 * holds leave. Only what was read whole is listed: nothing is removed because the calendar was capped,
 * and occurrences of months the window has moved past stay.
 */
export function calendarPage(
  parsed: IcsCalendar,
  target: CalendarTarget,
): Required<Pick<SyncPage, 'items' | 'removed' | 'failed' | 'present'>> {
  return {
    items: parsed.events.map((event) => itemOfIcsEvent(event, target)),
    failed: parsed.skipped.map((s) => ({ externalId: target.idOf(s.key), name: s.title, reason: s.reason })),
    removed: parsed.cancelled.map(target.idOf),
    present: [
      { scope: scopeOf(target, null), keys: parsed.listed.singles.map(target.idOf) },
      ...parsed.listed.months.map(({ month, keys }) => ({
        scope: scopeOf(target, month),
        keys: keys.map(target.idOf),
      })),
    ],
  };
}
