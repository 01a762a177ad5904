import {
  connectionServiceSchema,
  disconnectResultSchema,
  disconnectSourceSchema,
  importFailureListSchema,
  sourceConnectionListSchema,
} from '@easio/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../auth/authenticate.js';
import { errorResponses } from '../http/error-responses.js';
import type { SourcesService } from './service.js';

export interface SourceRouteDeps {
  sources: SourcesService;
}

/** At most this many failed items are retried by one call. */
export const MAX_RETRIES_PER_CALL = 100;

const serviceParams = z.object({ service: connectionServiceSchema });
const retryBody = z
  .object({ ids: z.array(z.number().int().positive()).min(1).max(MAX_RETRIES_PER_CALL).optional() })
  .default({});

/** `/api/sources`: the user's connections, their progress and failures, sync now, retry, disconnect. */
export async function sourceRoutes(app: FastifyInstance, deps: SourceRouteDeps) {
  const { sources } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireUser);
  const errors = errorResponses(401, 404, 422);
  const schema = (summary: string) => ({ tags: ['sources'], summary, security: [{ bearer: [] }] });

  r.get(
    '/',
    {
      schema: {
        ...schema('Your connected sources, with the progress of their syncs'),
        response: { 200: sourceConnectionListSchema, ...errors },
      },
    },
    async (request) => ({ connections: await sources.list(currentUser(request).id) }),
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
      // The job worker runs the sync: `registerSyncJobs` (sync-jobs.ts), via `registerJobHandlers` (services.ts).
      await sources.syncNow(currentUser(request).id, request.params.service);
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
    async (request) => ({
      failures: await sources.failures(currentUser(request).id, request.params.service),
    }),
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
    async (request) =>
      sources.retry(currentUser(request).id, request.params.service, request.body.ids, MAX_RETRIES_PER_CALL),
  );

  r.get(
    '/:service/choices',
    {
      schema: {
        ...schema("What the service's settings choose among (Gmail: the mailbox's labels)"),
        params: serviceParams,
        response: { 200: z.record(z.string(), z.unknown()), ...errors, ...errorResponses(502) },
      },
    },
    async (request) => sources.choices(currentUser(request).id, request.params.service),
  );

  r.put(
    '/:service/settings',
    {
      schema: {
        ...schema('Saves the service’s settings (Gmail: which labels to import); the next sync follows them'),
        params: serviceParams,
        body: z.record(z.string(), z.unknown()),
        response: { 200: z.record(z.string(), z.unknown()), ...errors, ...errorResponses(502) },
      },
    },
    async (request) => sources.saveSettings(currentUser(request).id, request.params.service, request.body),
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
    async (request) => ({
      deleted_items: await sources.disconnect(
        currentUser(request).id,
        request.params.service,
        request.body.delete_items,
        request.log,
      ),
    }),
  );
}
