import { randomUUID } from 'node:crypto';
import {
  type CalendarSubscription,
  calendarFeedsSchema,
  calendarSubscribeSchema,
  calendarSubscriptionListSchema,
  calendarSubscriptionSchema,
  disconnectResultSchema,
  MAX_CALENDAR_FEEDS,
} from '@easio/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../auth/authenticate.js';
import type { Db } from '../../db/client.js';
import { objects, type SourceConnectionRow } from '../../db/schema.js';
import { createDeskRepository } from '../../desk/repository.js';
import { errorResponses } from '../../http/error-responses.js';
import { HttpError } from '../../http/http-error.js';
import type { ConnectionStore } from '../connections.js';
import { FeedError, type FeedPolicy, fetchCalendar } from './fetch-calendar.js';
import { feedCursorSchema, feedScope } from './webcal-source.js';

export interface SubscriptionRouteDeps {
  db: Db;
  store: ConnectionStore;
  scheduler: { syncNow(connectionId: string): Promise<void> };
  policy: FeedPolicy;
  releaseBlobs: (keys: { blobKeys: string[]; thumbnailKeys: string[] }) => Promise<void>;
}

/** The subscriptions with what their last refresh found. */
function subscriptionsOf(connection: SourceConnectionRow): CalendarSubscription[] {
  const feeds = calendarFeedsSchema.safeParse(connection.settings);
  const cursor = feedCursorSchema.safeParse(connection.cursor ?? {});
  const states = cursor.success ? cursor.data.feeds : {};
  return (feeds.success ? feeds.data.feeds : []).map((feed) => {
    const state = states[feed.id];
    return {
      id: feed.id,
      url: feed.url,
      name: state?.name || feed.name,
      events: state?.events ?? 0,
      capped: state?.capped ?? false,
      last_refreshed_at: state?.refreshed_at ?? null,
      last_error: state?.error ?? null,
    };
  });
}

/**
 * `/api/calendars/subscriptions`: subscribe to a calendar address (fetched at once, so an address that
 * is not a calendar is refused with its reason), list the subscriptions, unsubscribe (keeping or
 * deleting its events). Refreshes run as the subscriptions' sync, on the schedule or when asked.
 */
export async function subscriptionRoutes(app: FastifyInstance, deps: SubscriptionRouteDeps) {
  app.addHook('onRequest', app.requireUser);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['sources'];
  const security = [{ bearer: [] }];

  r.get(
    '/subscriptions',
    {
      schema: {
        tags,
        security,
        summary: 'Your calendar subscriptions, with what each last refresh found',
        response: { 200: calendarSubscriptionListSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const connection = await deps.store.find(currentUser(request).id, 'webcal');
      return { subscriptions: connection ? subscriptionsOf(connection) : [] };
    },
  );

  r.post(
    '/subscriptions',
    {
      schema: {
        tags,
        security,
        summary:
          'Subscribe to a calendar address (https:// or webcal://); its events arrive and stay up to date',
        body: calendarSubscribeSchema,
        response: {
          201: calendarSubscriptionSchema,
          ...errorResponses(401, 409, 422),
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { url } = request.body;
      const existing = await deps.store.find(user.id, 'webcal');
      const feeds = existing ? subscriptionsOf(existing) : [];
      if (feeds.some((f) => f.url === url))
        throw new HttpError(409, 'You are already subscribed to this calendar');
      if (feeds.length >= MAX_CALENDAR_FEEDS) {
        throw new HttpError(422, `You can subscribe to ${MAX_CALENDAR_FEEDS} calendars at most`);
      }
      let name: string;
      try {
        name = (await fetchCalendar(url, deps.policy)).name;
      } catch (error) {
        if (error instanceof FeedError) throw new HttpError(422, error.message);
        throw error;
      }
      const connection = existing ?? (await deps.store.ensure(user.id, 'webcal'));
      const feed = { id: randomUUID(), url, name: name || new URL(url).hostname };
      const settings = calendarFeedsSchema.parse(connection.settings);
      await deps.store.updateSettings(connection.id, { feeds: [...settings.feeds, feed] });
      await deps.scheduler.syncNow(connection.id);
      return reply.code(201).send({
        ...feed,
        events: 0,
        capped: false,
        last_refreshed_at: null,
        last_error: null,
      });
    },
  );

  r.delete(
    '/subscriptions/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Unsubscribe; with delete_events=true its events leave the desk too',
        params: z.object({ id: z.string().uuid() }),
        querystring: z.object({ delete_events: z.enum(['true', 'false']).default('false') }),
        response: {
          200: disconnectResultSchema,
          ...errorResponses(401, 404, 422),
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const connection = await deps.store.find(user.id, 'webcal');
      const settings = calendarFeedsSchema.parse(connection?.settings ?? {});
      if (!connection || !settings.feeds.some((f) => f.id === request.params.id)) {
        throw new HttpError(404, 'No such subscription');
      }
      await deps.store.updateSettings(connection.id, {
        feeds: settings.feeds.filter((f) => f.id !== request.params.id),
      });
      if (request.query.delete_events !== 'true') return { deleted_items: 0 };
      const deleted = await deps.db.transaction(async (tx) => {
        const ids = (
          await tx
            .select({ id: objects.id })
            .from(objects)
            .where(
              and(
                eq(objects.ownerId, user.id),
                eq(objects.connectionId, connection.id),
                // Its scope and the scopes under it (`#events`, `@2026-03`): the id is a UUID, no wildcard.
                sql`${objects.metadata}->>'sync_scope' LIKE ${`${feedScope(request.params.id)}%`}`,
              ),
            )
        ).map((row) => row.id);
        return ids.length
          ? createDeskRepository(tx).deleteSubtrees(user.id, ids)
          : { count: 0, blobKeys: [], thumbnailKeys: [] };
      });
      await deps.releaseBlobs(deleted);
      return { deleted_items: deleted.count };
    },
  );
}
