import type { ImportedItem } from '../source.js';
import type { IcsEvent } from './ics.js';

/** Calendar files keep each event (or occurrence) under its UID, so a file imported again updates. */
export const icsId = (key: string) => `ics:${key}`;

export function itemOfIcsEvent(event: IcsEvent, calendar: string): ImportedItem {
  return {
    externalId: icsId(event.key),
    dataType: 'event_object',
    name: event.title,
    content: event.description,
    metadata: {
      start: event.start,
      end: event.end,
      all_day: event.allDay,
      time_zone: event.timeZone,
      location: event.location,
      place: event.location ? { address: event.location } : null,
      attendees: event.attendees,
      attachments: event.attachments.map((a) => ({ ...a, mime_type: null })),
      calendar,
    },
    sourceCreatedAt: event.startsAt,
    version: event.version,
  };
}
