import { z } from 'zod';
import { ItemError, SyncError } from '../provider-errors.js';
import type { Connector, ImportedItem, SyncPage } from '../source.js';
import type { GoogleApi } from './google-api.js';

const BASE = 'calendar/v3';
const PAGE_SIZE = 250;

const calendarListSchema = z.object({
  items: z
    .array(z.object({ id: z.string(), summary: z.string().default(''), primary: z.boolean().optional() }))
    .default([]),
  nextPageToken: z.string().optional(),
});

const when = z.object({
  date: z.string().optional(),
  dateTime: z.string().optional(),
  timeZone: z.string().optional(),
});
const eventSchema = z.object({
  id: z.string(),
  status: z.string().optional(),
  summary: z.string().optional(),
  description: z.string().optional(),
  location: z.string().optional(),
  htmlLink: z.string().optional(),
  created: z.string().optional(),
  updated: z.string().optional(),
  start: when.optional(),
  end: when.optional(),
  recurringEventId: z.string().optional(),
  attendees: z
    .array(
      z.object({
        email: z.string().optional(),
        displayName: z.string().optional(),
        responseStatus: z.string().optional(),
        organizer: z.boolean().optional(),
      }),
    )
    .optional(),
  attachments: z
    .array(z.object({ fileUrl: z.string(), title: z.string().optional(), mimeType: z.string().optional() }))
    .optional(),
});
type CalendarEvent = z.infer<typeof eventSchema>;
const eventsSchema = z.object({
  items: z.array(eventSchema).default([]),
  nextPageToken: z.string().optional(),
  nextSyncToken: z.string().optional(),
});

/** Per calendar: the sync token once listed, or the page a listing is on. */
const cursorSchema = z.object({
  calendars: z.record(
    z.string(),
    z.object({ syncToken: z.string().optional(), pageToken: z.string().optional() }),
  ),
});
type Cursor = z.infer<typeof cursorSchema>;

export const eventId = (calendarId: string, id: string) => `gcal:${calendarId}:${id}`;

/** "Mon 2 Mar 2026, 10:00" style text of a start or end, as the event gives it. */
const timeText = (t: z.infer<typeof when> | undefined) => t?.dateTime ?? t?.date ?? '';

/**
 * Google Calendar: every event of every calendar the user has becomes an `event_object` (title, time
 * span, place, attendees, description, attachments as links); recurring events arrive as their
 * occurrences. The first sync lists each calendar; later ones ask only for changes with the sync token
 * Google gave (a token Google no longer accepts, 410, lists that calendar again). Cancelled events leave.
 */
export function createCalendarConnector(api: GoogleApi): Connector {
  function itemOf(calendar: { id: string; summary: string }, event: CalendarEvent): ImportedItem {
    const start = timeText(event.start);
    const begins = start ? new Date(start) : null;
    return {
      externalId: eventId(calendar.id, event.id),
      dataType: 'event_object',
      name: event.summary || '(no title)',
      content: event.description ?? null,
      url: event.htmlLink ?? null,
      metadata: {
        start,
        end: timeText(event.end),
        all_day: Boolean(event.start?.date && !event.start.dateTime),
        time_zone: event.start?.timeZone ?? null,
        location: event.location ?? '',
        place: event.location ? { address: event.location } : null,
        attendees: (event.attendees ?? []).map((a) => ({
          email: a.email ?? '',
          name: a.displayName ?? '',
          response: a.responseStatus ?? '',
          organizer: a.organizer ?? false,
        })),
        attachments: (event.attachments ?? []).map((a) => ({
          title: a.title ?? a.fileUrl,
          url: a.fileUrl,
          mime_type: a.mimeType ?? null,
        })),
        calendar: calendar.summary,
        recurring_event_id: event.recurringEventId ?? null,
      },
      sourceCreatedAt: begins && !Number.isNaN(begins.getTime()) ? begins : null,
      version: event.updated ?? '',
    };
  }

  async function calendars() {
    const all: { id: string; summary: string }[] = [];
    let pageToken: string | undefined;
    do {
      const page = await api.json(`${BASE}/users/me/calendarList`, { pageToken }, calendarListSchema);
      all.push(...page.items);
      pageToken = page.nextPageToken;
    } while (pageToken);
    return all;
  }

  return {
    async *pages(saved) {
      const parsed = saved ? cursorSchema.safeParse(saved) : null;
      const cursor: Cursor = parsed?.success ? parsed.data : { calendars: {} };
      for (const calendar of await calendars()) {
        const path = `${BASE}/calendars/${encodeURIComponent(calendar.id)}/events`;
        let state = cursor.calendars[calendar.id] ?? {};
        for (;;) {
          // A page token carries the rest of its listing; a sync token alone asks for what changed since.
          const query = {
            maxResults: PAGE_SIZE,
            singleEvents: true,
            ...(state.pageToken ? { pageToken: state.pageToken } : { syncToken: state.syncToken }),
          };
          let page: z.infer<typeof eventsSchema>;
          try {
            page = await api.json(path, query, eventsSchema);
          } catch (error) {
            if (error instanceof ItemError && error.status === 410 && state.syncToken) {
              // Google dropped the token: list this calendar again (events are keyed, nothing doubles).
              state = {};
              continue;
            }
            throw error;
          }
          const items = page.items.filter((e) => e.status !== 'cancelled').map((e) => itemOf(calendar, e));
          const removed = page.items
            .filter((e) => e.status === 'cancelled')
            .map((e) => eventId(calendar.id, e.id));
          if (page.nextPageToken) state = { syncToken: state.syncToken, pageToken: page.nextPageToken };
          else if (page.nextSyncToken) state = { syncToken: page.nextSyncToken };
          else
            throw new SyncError(`Google Calendar gave no sync token for ${calendar.summary || calendar.id}`);
          cursor.calendars[calendar.id] = state;
          const result: SyncPage = { items, removed, cursor: structuredClone(cursor) };
          yield result;
          if (!page.nextPageToken) break;
        }
      }
    },

    async fetchItem(externalId) {
      const match = /^gcal:(.+):([^:]+)$/.exec(externalId);
      if (!match?.[1] || !match[2]) return null;
      try {
        const event = await api.json(
          `${BASE}/calendars/${encodeURIComponent(match[1])}/events/${encodeURIComponent(match[2])}`,
          {},
          eventSchema,
        );
        return event.status === 'cancelled' ? null : itemOf({ id: match[1], summary: '' }, event);
      } catch (error) {
        if (error instanceof ItemError && (error.status === 404 || error.status === 410)) return null;
        throw error;
      }
    },
  };
}
