import {
  type ConnectionService,
  connectionServiceSchema,
  disconnectResultSchema,
  disconnectSourceSchema,
  errorBodySchema,
  importFailureListSchema,
  SERVICE_LABEL,
  sourceConnectionListSchema,
} from '@easio/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../auth/authenticate.js';
import type { Db } from '../db/client.js';
import { importFailures, objects, type SourceConnectionRow, sourceConnections } from '../db/schema.js';
import { createDeskRepository } from '../desk/repository.js';
import { HttpError } from '../http/http-error.js';
import type { ConnectionStore } from './connections.js';
import { checkImapRules } from './mail/imap-rules-check.js';
import type { Source } from './source.js';
import type { SyncScheduler } from './sync-jobs.js';
import type { SyncRunner } from './sync-runner.js';
import { setServicesActive } from './user-flags.js';

export interface SourceRouteDeps {
  db: Db;
  store: ConnectionStore;
  runner: SyncRunner;
  scheduler: SyncScheduler;
  sources: ReadonlyMap<ConnectionService, Source>;
  /** Revokes the connection's grant at its provider (best effort). */
  revoke: (connection: SourceConnectionRow) => Promise<void>;
  releaseBlobs: (keys: { blobKeys: string[]; thumbnailKeys: string[] }) => Promise<void>;
}

/** At most this many failed items are retried by one call. */
export const MAX_RETRIES_PER_CALL = 100;

const serviceParams = z.object({ service: connectionServiceSchema });
const retryBody = z
  .object({ ids: z.array(z.number().int().positive()).min(1).max(MAX_RETRIES_PER_CALL).optional() })
  .default({});

/** `/api/sources`: the user's connections, their progress and failures, sync now, retry, disconnect. */
export async function sourceRoutes(app: FastifyInstance, deps: SourceRouteDeps) {
  const { db, store } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireUser);
  const errors = { 401: errorBodySchema, 404: errorBodySchema, 422: errorBodySchema };
  const schema = (summary: string) => ({ tags: ['sources'], summary, security: [{ bearer: [] }] });

  const connectionOf = async (ownerId: string, service: z.infer<typeof connectionServiceSchema>) => {
    const connection = await store.find(ownerId, service);
    if (!connection) throw new HttpError(404, `${SERVICE_LABEL[service]} is not connected`);
    return connection;
  };

  r.get(
    '/',
    {
      schema: {
        ...schema('Your connected sources, with the progress of their syncs'),
        response: { 200: sourceConnectionListSchema, ...errors },
      },
    },
    async (request) => ({ connections: await store.list(currentUser(request).id) }),
  );

  r.post(
    '/:service/sync',
    {
      schema: {
        ...schema('Sync now: imports what changed since the last sync'),
        params: serviceParams,
        response: { 202: z.object({ queued: z.literal(true) }), ...errors },
      },
    },
    async (request, reply) => {
      const connection = await connectionOf(currentUser(request).id, request.params.service);
      await deps.scheduler.syncNow(connection.id);
      return reply.code(202).send({ queued: true });
    },
  );

  r.get(
    '/:service/failures',
    {
      schema: {
        ...schema('Items the syncs could not import, each with its reason (newest first, at most 500)'),
        params: serviceParams,
        response: { 200: importFailureListSchema, ...errors },
      },
    },
    async (request) => {
      const connection = await connectionOf(currentUser(request).id, request.params.service);
      const rows = await db
        .select()
        .from(importFailures)
        .where(eq(importFailures.connectionId, connection.id))
        .orderBy(desc(importFailures.failedAt), desc(importFailures.id))
        .limit(500);
      return {
        failures: rows.map((f) => ({
          id: f.id,
          external_id: f.externalId,
          name: f.name,
          reason: f.reason,
          attempts: f.attempts,
          failed_at: f.failedAt.toISOString(),
        })),
      };
    },
  );

  r.post(
    '/:service/failures/retry',
    {
      schema: {
        ...schema(`Tries failed items again (the chosen ones, else up to ${MAX_RETRIES_PER_CALL})`),
        params: serviceParams,
        body: retryBody,
        response: { 200: z.object({ imported: z.number().int(), failed: z.number().int() }), ...errors },
      },
    },
    async (request) => {
      const connection = await connectionOf(currentUser(request).id, request.params.service);
      try {
        return await deps.runner.retry(connection.id, request.body.ids, MAX_RETRIES_PER_CALL);
      } catch (error) {
        // The provider refused the whole connection (access revoked, down): say so, change nothing.
        throw new HttpError(502, error instanceof Error ? error.message : String(error));
      }
    },
  );

  r.get(
    '/:service/choices',
    {
      schema: {
        ...schema("What the service's settings choose among (Gmail: the mailbox's labels)"),
        params: serviceParams,
        response: { 200: z.record(z.string(), z.unknown()), ...errors, 502: errorBodySchema },
      },
    },
    async (request) => {
      const connection = await connectionOf(currentUser(request).id, request.params.service);
      const connector = deps.sources.get(request.params.service)?.connect(connection);
      if (!connector?.choices) return {};
      try {
        return await connector.choices();
      } catch (error) {
        throw new HttpError(502, error instanceof Error ? error.message : String(error));
      }
    },
  );

  r.put(
    '/:service/settings',
    {
      schema: {
        ...schema('Saves the service’s settings (Gmail: which labels to import); the next sync follows them'),
        params: serviceParams,
        body: z.record(z.string(), z.unknown()),
        response: { 200: z.record(z.string(), z.unknown()), ...errors, 502: errorBodySchema },
      },
    },
    async (request) => {
      const connection = await connectionOf(currentUser(request).id, request.params.service);
      const rules = deps.sources.get(request.params.service)?.settings;
      if (!rules) throw new HttpError(422, `${SERVICE_LABEL[request.params.service]} has no settings`);
      const parsed = rules.safeParse(request.body);
      if (!parsed.success) throw new HttpError(422, parsed.error.issues[0]?.message ?? 'Invalid settings');
      const source = deps.sources.get(request.params.service);
      if (request.params.service === 'imap' && source) {
        await checkImapRules(() => source.connect(connection), connection.settings, parsed.data);
      }
      await store.updateSettings(connection.id, parsed.data);
      // The mailbox is read again with the new rules (messages already read included: see `choosingRules`).
      if (request.params.service === 'imap') await deps.scheduler.syncNow(connection.id);
      return parsed.data;
    },
  );

  r.post(
    '/:service/disconnect',
    {
      schema: {
        ...schema(
          'Disconnects: the grant is revoked and the tokens deleted; with delete_items, what it imported goes too',
        ),
        params: serviceParams,
        body: disconnectSourceSchema.default({ delete_items: false }),
        response: { 200: disconnectResultSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const service = request.params.service;
      const connection = await connectionOf(user.id, service);
      await deps
        .revoke(connection)
        .catch((err: unknown) =>
          request.log.warn(
            { err: err instanceof Error ? err.message : err, service },
            'grant not revoked at the provider',
          ),
        );
      const result = await db.transaction(async (tx) => {
        let deleted = { count: 0, blobKeys: [] as string[], thumbnailKeys: [] as string[] };
        if (request.body.delete_items) {
          const ids = (
            await tx
              .select({ id: objects.id })
              .from(objects)
              .where(and(eq(objects.ownerId, user.id), eq(objects.connectionId, connection.id)))
          ).map((r) => r.id);
          if (ids.length) deleted = await createDeskRepository(tx).deleteSubtrees(user.id, ids);
        }
        await tx.delete(sourceConnections).where(eq(sourceConnections.id, connection.id));
        await setServicesActive(tx, user.id, [service], false);
        return deleted;
      });
      await deps.releaseBlobs(result);
      return { deleted_items: result.count };
    },
  );
}
