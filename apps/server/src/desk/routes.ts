import {
  bulkResultSchema,
  createFolderSchema,
  createItemSchema,
  deleteSchema,
  deskObjectSchema,
  folderViewSchema,
  listQuerySchema,
  moveSchema,
  pageSchema,
  updateObjectSchema,
  workspaceSchema,
} from '@easio/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../auth/authenticate.js';
import { errorResponses } from '../http/error-responses.js';
import type { DeskService } from './service.js';

const idParams = z.object({ id: z.uuid({ error: 'Not a valid id' }) });
const errors = errorResponses(400, 401, 404, 422);
const meta = (summary: string) => ({ tags: ['desk'], summary, security: [{ bearer: [] }] });

/** `/api/desk/*`: the folders and items of the signed-in user's desk. */
export async function deskRoutes(app: FastifyInstance, { desk }: { desk: DeskService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireUser);

  r.get(
    '/folders/:id',
    {
      schema: {
        ...meta('A folder (root, drawer or binder) with its path from the root'),
        params: idParams,
        response: { 200: folderViewSchema, ...errors },
      },
    },
    async (request) => desk.folder(currentUser(request), request.params.id),
  );

  r.get(
    '/folders/:id/children',
    {
      schema: {
        ...meta('A page of what is directly in a folder; newest first unless sorted otherwise'),
        params: idParams,
        querystring: listQuerySchema,
        response: { 200: pageSchema, ...errors },
      },
    },
    async (request) => desk.children(currentUser(request), request.params.id, request.query),
  );

  r.get(
    '/items',
    {
      schema: {
        ...meta(
          'A page of items (not folders) from anywhere on the desk: the per-source pages and the gallery',
        ),
        querystring: listQuerySchema,
        response: { 200: pageSchema, ...errors },
      },
    },
    async (request) => desk.items(currentUser(request), request.query),
  );

  r.get(
    '/workspace',
    {
      schema: {
        ...meta(
          'Every drawer and binder with how many items each holds, and the latest changes filed in them',
        ),
        response: { 200: workspaceSchema, ...errors },
      },
    },
    async (request) => desk.workspace(currentUser(request)),
  );

  r.get(
    '/objects/:id',
    {
      schema: {
        ...meta('One object, with all its text'),
        params: idParams,
        response: { 200: deskObjectSchema, ...errors },
      },
    },
    async (request) => desk.get(currentUser(request), request.params.id),
  );

  r.post(
    '/folders',
    {
      schema: {
        ...meta('Create a drawer (in the root) or a binder (in a drawer)'),
        body: createFolderSchema,
        response: { 200: deskObjectSchema, ...errors },
      },
    },
    async (request) => desk.createFolder(currentUser(request), request.body),
  );

  r.post(
    '/items',
    {
      schema: {
        ...meta(
          'Create a note, a link, a url note or a location (in the root unless parent_id says otherwise)',
        ),
        body: createItemSchema,
        response: { 200: deskObjectSchema, ...errors },
      },
    },
    async (request) => desk.createItem(currentUser(request), request.body),
  );

  r.patch(
    '/objects/:id',
    {
      schema: {
        ...meta(
          "Rename, set a binder's state, edit a note's text, a link's address or a location's place, set tags; with `version`, refused (409) when the object changed since",
        ),
        params: idParams,
        body: updateObjectSchema,
        response: { 200: deskObjectSchema, ...errors, ...errorResponses(409) },
      },
    },
    async (request) => desk.update(currentUser(request), request.params.id, request.body),
  );

  r.post(
    '/move',
    {
      schema: {
        ...meta('Move one or many into a drawer, a binder or the root: all of them or none'),
        body: moveSchema,
        response: { 200: bulkResultSchema, ...errors },
      },
    },
    async (request) => desk.move(currentUser(request), request.body.ids, request.body.target_id),
  );

  r.post(
    '/delete',
    {
      schema: {
        ...meta('Delete one or many (folders with everything inside): all of them or none'),
        body: deleteSchema,
        response: { 200: bulkResultSchema, ...errors },
      },
    },
    async (request) => desk.remove(currentUser(request), request.body.ids),
  );
}
