import {
  type ApiTokenScope,
  extensionFolderListSchema,
  extensionMeSchema,
  extensionSavedSchema,
  extensionSaveSchema,
} from '@easio/shared';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../db/client.js';
import { objects, type UserRow } from '../db/schema.js';
import type { createDeskService } from '../desk/service.js';
import { errorResponses } from '../http/error-responses.js';
import { HttpError } from '../http/http-error.js';
import type { ApiTokens } from './api-tokens.js';
import { createExtensionSaver } from './extension-save.js';

export interface ExtensionRouteDeps {
  db: Db;
  tokens: ApiTokens;
  desk: ReturnType<typeof createDeskService>;
}

/** Pages of browser extensions (Chromium's and Firefox's) may call these routes from their own origin. */
const EXTENSION_ORIGIN = /^(chrome|moz)-extension:\/\/[a-z0-9-]+$/i;

declare module 'fastify' {
  interface FastifyRequest {
    apiUser: { user: UserRow; scopes: ApiTokenScope[] } | null;
  }
}

/**
 * `/api/extension`: what the browser extension calls, with an API token (not a session): who the token
 * belongs to, the drawers and binders to save into, and saving. Each call checks the token's scopes; a
 * save carries the extension's own id for it, so one sent again after being offline is stored once.
 */
export async function extensionRoutes(app: FastifyInstance, deps: ExtensionRouteDeps) {
  app.decorateRequest('apiUser', null);

  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (origin && EXTENSION_ORIGIN.test(origin)) {
      reply.header('access-control-allow-origin', origin);
      reply.header('vary', 'origin');
      reply.header('access-control-allow-headers', 'authorization, content-type');
      reply.header('access-control-allow-methods', 'GET, POST, OPTIONS');
      reply.header('access-control-max-age', '600');
    }
    if (request.method === 'OPTIONS') return reply.code(204).send();
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    const found = match?.[1] ? await deps.tokens.check(match[1]) : null;
    if (!found) {
      throw new HttpError(401, 'Sign in to the extension with an API token from Settings › Sources', {
        'www-authenticate': 'Bearer',
      });
    }
    request.apiUser = found;
  });

  const needs = (scope: ApiTokenScope) => async (request: FastifyRequest, _reply: FastifyReply) => {
    if (!request.apiUser?.scopes.includes(scope)) {
      throw new HttpError(
        403,
        `This token may not ${scope === 'save' ? 'save' : 'list your drawers and binders'}`,
      );
    }
  };
  const apiUser = (request: FastifyRequest) => {
    if (!request.apiUser) throw new HttpError(401, 'Not authenticated');
    return request.apiUser;
  };

  const saveFromExtension = createExtensionSaver(deps);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const common = { tags: ['extension'], security: [{ bearer: [] }] };
  const errors = errorResponses(401, 403, 404, 422);

  r.options('/*', async (_request, reply) => reply.code(204).send());

  r.get(
    '/me',
    {
      schema: {
        ...common,
        summary: 'Whose token this is, and what it may do',
        response: { 200: extensionMeSchema, ...errors },
      },
    },
    async (request) => {
      const { user, scopes } = apiUser(request);
      return { username: user.username, email: user.email, scopes };
    },
  );

  r.get(
    '/folders',
    {
      preHandler: needs('folders'),
      schema: {
        ...common,
        summary: 'Your drawers and binders, to save into',
        response: { 200: extensionFolderListSchema, ...errors },
      },
    },
    async (request) => {
      const { user } = apiUser(request);
      const rows = await deps.db
        .select({
          id: objects.id,
          name: objects.name,
          dataType: objects.dataType,
          parentId: objects.parentId,
        })
        .from(objects)
        .where(
          and(
            eq(objects.ownerId, user.id),
            inArray(objects.dataType, ['drawer_object', 'binder_object']),
            isNull(objects.trashedAt),
          ),
        )
        .orderBy(sql`lower(${objects.name})`);
      const names = new Map(rows.map((row) => [row.id, row.name]));
      const folders = rows.map((row) => ({
        id: row.id,
        name: row.name,
        data_type: row.dataType as 'drawer_object' | 'binder_object',
        path:
          row.dataType === 'binder_object' && row.parentId && names.has(row.parentId)
            ? `${names.get(row.parentId)} › ${row.name}`
            : row.name,
      }));
      return { folders: folders.sort((a, b) => a.path.localeCompare(b.path)) };
    },
  );

  r.post(
    '/items',
    {
      preHandler: needs('save'),
      schema: {
        ...common,
        summary: 'Save a page, a selection, a note or a place (to a drawer or binder, or the desk)',
        body: extensionSaveSchema,
        response: { 200: extensionSavedSchema, 201: extensionSavedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { user } = apiUser(request);
      const { status, body } = await saveFromExtension(user, request.body);
      return reply.code(status).send(body);
    },
  );
}
