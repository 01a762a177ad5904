import { calendarFeedsSchema } from '@easio/shared';
import { z } from 'zod';
import { calendarPage } from '../calendar-files/calendar-source.js';
import type { ConnectionStore } from '../connections.js';
import type { Source, SyncPage } from '../source.js';
import { FeedError, type FeedPolicy, fetchCalendar } from './fetch-calendar.js';

/** What each feed's last refresh found, kept in the connection's cursor. */
export const feedStateSchema = z.object({
  name: z.string(),
  events: z.number().int(),
  capped: z.boolean().default(false),
  refreshed_at: z.string().nullable(),
  error: z.string().nullable(),
});
export const feedCursorSchema = z.object({ feeds: z.record(z.string(), feedStateSchema).default({}) });
export type FeedCursor = z.infer<typeof feedCursorSchema>;

/** A feed's events: `webcal:<id>#events` and `webcal:<id>@<month>` (before: `webcal:<id>` alone). */
export const feedScope = (feedId: string) => `webcal:${feedId}`;

/**
 * Calendar subscriptions: every sync fetches each subscribed address again and stores its events
 * (an event changed at the source is updated, one gone leaves the desk). A feed that cannot be
 * fetched keeps its events and says why; the others go on. A feed unsubscribed while the sync runs
 * is not stored.
 */
export function webcalSource(policy: FeedPolicy, store: Pick<ConnectionStore, 'find'>): Source {
  return {
    service: 'webcal',
    provider: 'files',
    pulls: true,
    deskSource: 'calendar',
    connect(connection) {
      const settings = calendarFeedsSchema.safeParse(connection.settings);
      const feeds = settings.success ? settings.data.feeds : [];
      const subscribed = async (feedId: string) => {
        const now = calendarFeedsSchema.safeParse((await store.find(connection.ownerId, 'webcal'))?.settings);
        return now.success && now.data.feeds.some((f) => f.id === feedId);
      };
      return {
        async *pages(rawCursor) {
          const parsed = feedCursorSchema.safeParse(rawCursor ?? {});
          const cursor: FeedCursor = { feeds: {} };
          const before = parsed.success ? parsed.data.feeds : {};
          for (const feed of feeds) {
            const page: SyncPage = { items: [], removed: [], cursor };
            try {
              const calendar = await fetchCalendar(feed.url, policy);
              const name = calendar.name || feed.name;
              Object.assign(
                page,
                calendarPage(calendar, {
                  idOf: (key) => `webcal:${feed.id}:${key}`,
                  scope: feedScope(feed.id),
                  calendar: name,
                }),
              );
              cursor.feeds[feed.id] = {
                name,
                events: calendar.events.length,
                capped: calendar.capped,
                refreshed_at: new Date().toISOString(),
                error: null,
              };
            } catch (error) {
              const last = before[feed.id];
              cursor.feeds[feed.id] = {
                name: last?.name ?? feed.name,
                events: last?.events ?? 0,
                capped: last?.capped ?? false,
                refreshed_at: last?.refreshed_at ?? null,
                error: error instanceof FeedError ? error.message : 'This calendar could not be read',
              };
            }
            // Unsubscribed meanwhile (perhaps deleting its events): its page would bring them back.
            if (!(await subscribed(feed.id))) {
              delete cursor.feeds[feed.id];
              continue;
            }
            page.cursor = structuredClone(cursor);
            yield page;
          }
        },
        async fetchItem() {
          // An event is fetched with its whole calendar: the next refresh brings it again.
          return null;
        },
      };
    },
  };
}
