import { importDiscardedSchema, importRunListSchema, importRunSchema } from '@easio/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../auth/authenticate.js';
import { errorResponses } from '../../http/error-responses.js';
import type { ImportServiceApi } from './import-service.js';

const params = z.object({ id: z.uuid() });

/**
 * `/api/imports/runs`: the signed-in user's imports of uploaded exports (moving in, restoring): their
 * state and counts, Resume for one a server stop interrupted or that failed, Discard (its kept upload
 * removed). Another user's import is a 404.
 */
export async function importRunRoutes(app: FastifyInstance, deps: { imports: ImportServiceApi }) {
  const { imports } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireUser);
  const schema = (summary: string) => ({ tags: ['sources'], summary, security: [{ bearer: [] }] });

  r.get(
    '/',
    {
      schema: {
        ...schema('Your imports of uploaded exports, newest first: the unfinished ones and the last done'),
        response: { 200: importRunListSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({ imports: await imports.runs(currentUser(request).id) }),
  );

  r.get(
    '/:id',
    {
      schema: {
        ...schema('One import: its state, how far it is and its counts'),
        params,
        response: { 200: importRunSchema, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => imports.run(currentUser(request).id, request.params.id),
  );

  r.post(
    '/:id/resume',
    {
      schema: {
        ...schema('Resume an interrupted or failed import from where it stopped, from its kept upload'),
        params,
        response: { 202: importRunSchema, ...errorResponses(401, 404, 409, 422) },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await imports.resume(currentUser(request).id, request.params.id)),
  );

  r.post(
    '/:id/discard',
    {
      schema: {
        ...schema('Discard an import and its kept upload (what it stored stays on the desk)'),
        params,
        response: { 200: importDiscardedSchema, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => {
      await imports.discard(currentUser(request).id, request.params.id);
      return { discarded: true as const };
    },
  );
}
