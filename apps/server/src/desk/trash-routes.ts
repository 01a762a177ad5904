import {
  bulkResultSchema,
  deleteSchema,
  restoreSchema,
  trashPageSchema,
  trashQuerySchema,
} from '@easio/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../auth/authenticate.js';
import { errorResponses } from '../http/error-responses.js';
import type { TrashService } from './trash-service.js';

const errors = errorResponses(400, 401, 404, 422);
const meta = (summary: string) => ({ tags: ['desk'], summary, security: [{ bearer: [] }] });

/** `/api/desk/trash*`: what the signed-in user deleted, until it goes for good. */
export async function trashRoutes(app: FastifyInstance, { trash }: { trash: TrashService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireUser);

  r.get(
    '/trash',
    {
      schema: {
        ...meta('A page of the Trash: what was deleted, most recent first, where it was and when it goes'),
        querystring: trashQuerySchema,
        response: { 200: trashPageSchema, ...errors },
      },
    },
    async (request) => trash.page(currentUser(request), request.query),
  );

  r.post(
    '/trash/restore',
    {
      schema: {
        ...meta(
          'Put deleted items back where they were (onto the desk when that folder is gone): all or none',
        ),
        body: restoreSchema,
        response: {
          200: bulkResultSchema.extend({
            restored: z.array(z.object({ id: z.uuid(), parent_id: z.uuid() })),
          }),
          ...errors,
        },
      },
    },
    async (request) => trash.restore(currentUser(request), request.body),
  );

  r.post(
    '/trash/delete',
    {
      schema: {
        ...meta('Delete items in the Trash for good: all or none'),
        body: deleteSchema,
        response: { 200: bulkResultSchema, ...errors },
      },
    },
    async (request) => trash.deleteForever(currentUser(request), request.body.ids),
  );

  r.post(
    '/trash/empty',
    {
      schema: {
        ...meta('Delete everything in the Trash for good'),
        response: { 200: bulkResultSchema, ...errors },
      },
    },
    async (request) => trash.empty(currentUser(request)),
  );
}
