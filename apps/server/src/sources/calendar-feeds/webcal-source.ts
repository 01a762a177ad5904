import { calendarFeedsSchema } from '@easio/shared';
import { z } from 'zod';
import { itemOfIcsEvent } from '../calendar-files/calendar-source.js';
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

export const feedScope = (feedId: string) => `webcal:${feedId}`;

/**
 * Calendar subscriptions: every sync fetches each subscribed address again and stores its events
 * (an event changed at the source is updated, one gone leaves the desk). A feed that cannot be
 * fetched keeps its events and says why; the others go on.
 */
export function webcalSource(policy: FeedPolicy): Source {
  return {
    service: 'webcal',
    provider: 'files',
    pulls: true,
    deskSource: 'calendar',
    connect(connection) {
      const settings = calendarFeedsSchema.safeParse(connection.settings);
      const feeds = settings.success ? settings.data.feeds : [];
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
              page.items = calendar.events.map((event) => {
                const item = itemOfIcsEvent(event, name);
                const externalId = `webcal:${feed.id}:${event.key}`;
                return {
                  ...item,
                  externalId,
                  metadata: { ...item.metadata, sync_scope: feedScope(feed.id), sync_key: externalId },
                };
              });
              page.present = [{ scope: feedScope(feed.id), keys: page.items.map((i) => i.externalId) }];
              cursor.feeds[feed.id] = {
                name,
                events: calendar.events.length,
                capped: calendar.capped,
                refreshed_at: new Date().toISOString(),
                error: null,
              };
            } catch (error) {
              if (!(error instanceof FeedError)) throw error;
              const last = before[feed.id];
              cursor.feeds[feed.id] = {
                name: last?.name ?? feed.name,
                events: last?.events ?? 0,
                capped: last?.capped ?? false,
                refreshed_at: last?.refreshed_at ?? null,
                error: error.message,
              };
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
