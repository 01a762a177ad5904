import { apiTokenListSchema, createApiTokenSchema, createdApiTokenSchema } from '@easio/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../auth/authenticate.js';
import { errorResponses } from '../http/error-responses.js';
import { HttpError } from '../http/http-error.js';
import type { ApiTokens } from './api-tokens.js';

/** Tokens at most per account: one per browser is plenty. */
const MAX_TOKENS = 50;

/** `/api/account/api-tokens`: the signed-in user makes, lists and revokes tokens for the browser extension. */
export async function tokenRoutes(app: FastifyInstance, { tokens }: { tokens: ApiTokens }) {
  app.addHook('onRequest', app.requireUser);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const common = { tags: ['account'], security: [{ bearer: [] }] };

  r.get(
    '/api-tokens',
    {
      schema: {
        ...common,
        summary: 'Your API tokens (the browser extension signs in with one), with their scopes and last use',
        response: { 200: apiTokenListSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({ tokens: await tokens.list(currentUser(request).id) }),
  );

  r.post(
    '/api-tokens',
    {
      schema: {
        ...common,
        summary: 'Make an API token: the answer holds the token itself, shown this once',
        body: createApiTokenSchema,
        response: { 201: createdApiTokenSchema, ...errorResponses(401, 422) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      if ((await tokens.list(user.id)).length >= MAX_TOKENS) {
        throw new HttpError(422, `You have ${MAX_TOKENS} tokens: revoke one you no longer use first`);
      }
      return reply.code(201).send(await tokens.create(user.id, request.body.name, request.body.scopes));
    },
  );

  r.delete(
    '/api-tokens/:id',
    {
      schema: {
        ...common,
        summary: 'Revoke an API token: whatever uses it is signed out at once',
        params: z.object({ id: z.uuid() }),
        response: { 204: z.null(), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      if (!(await tokens.revoke(currentUser(request).id, request.params.id))) {
        throw new HttpError(404, 'No such token');
      }
      return reply.code(204).send(null);
    },
  );
}
