import { type MoveInApp, moveInAppSchema, moveInResultSchema } from '@easio/shared';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../auth/authenticate.js';
import type { Db } from '../../db/client.js';
import { errorResponses } from '../../http/error-responses.js';
import { HttpError } from '../../http/http-error.js';
import type { SourcesService } from '../service.js';
import { parseBookmarksHtml } from './bookmarks-html.js';
import { parseKarakeep } from './karakeep.js';
import { parseLinkwarden } from './linkwarden.js';
import { mergeWithDesk } from './merge-folders.js';
import { MoveInError, type MoveInPlan, planMoveIn } from './moved-in.js';
import { ArchiveTooLargeError, MAX_PAPERLESS_BYTES, withPaperlessUpload } from './paperless-upload.js';

/** An export of links is text: 50 MB holds hundreds of thousands of bookmarks with their icons. */
export const MAX_EXPORT_BYTES = 50 * 1024 * 1024;
/** Entries stored per batch, so that the counts move as a large export is stored. */
const BATCH = 500;
/** Documents (files) stored per batch: each batch's bytes are streamed into storage before its rows are written. */
const FILE_BATCH = 25;

export interface MoveInDeps {
  db: Db;
  sources: SourcesService;
  /** The largest export taken (MAX_EXPORT_BYTES unless a test says otherwise). */
  maxBytes?: number;
  /** The largest Paperless-ngx archive taken, and the most it may unpack to (MAX_PAPERLESS_BYTES). */
  maxArchiveBytes?: number;
}

/** The export read whole, or a MoveInError saying why it is not what the app writes. */
export function planExport(app: Exclude<MoveInApp, 'paperless'>, text: string): MoveInPlan {
  if (app === 'bookmarks') return planMoveIn(app, parseBookmarksHtml(text));
  if (app === 'linkwarden') return planMoveIn(app, parseLinkwarden(text));
  return planMoveIn(app, parseKarakeep(text));
}

/**
 * `POST /api/imports/{app}`: one uploaded export of another app (browser bookmarks, Linkwarden,
 * Karakeep, a zipped Paperless-ngx export with its documents) moved onto the desk under the user's connection for that app, so its progress and failed
 * entries show as every import's. The file is read and checked whole before anything is stored: a file
 * that is not the app's export is refused and leaves nothing behind.
 */
export async function moveInRoutes(app: FastifyInstance, deps: MoveInDeps) {
  const maxBytes = deps.maxBytes ?? MAX_EXPORT_BYTES;
  const maxArchiveBytes = deps.maxArchiveBytes ?? MAX_PAPERLESS_BYTES;
  const tooLarge = (max: number) =>
    new HttpError(413, `The file is larger than an export can be (${Math.round(max / (1024 * 1024))} MB)`);
  const isTooLarge = (error: unknown) => (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';
  await app.register(multipart, {
    limits: { fileSize: Math.max(maxBytes, maxArchiveBytes) + 1, files: 1, fields: 0, parts: 1 },
    throwFileSizeLimit: true,
  });
  app.addHook('onRequest', app.requireUser);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/:app',
    {
      schema: {
        tags: ['sources'],
        summary:
          'Move in from another app: a browser bookmarks file (HTML), a Linkwarden or a Karakeep export (JSON), a Paperless-ngx `document_exporter` folder zipped (documents with their files); folders become drawers and binders, importing it again adds nothing',
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        params: z.object({ app: moveInAppSchema }),
        response: { 200: moveInResultSchema, ...errorResponses(401, 413, 415, 422) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { app: from } = request.params;
      if (!request.isMultipart()) throw new HttpError(415, 'Send the file as multipart/form-data');
      const part = await request.file({
        limits: { fileSize: (from === 'paperless' ? maxArchiveBytes : maxBytes) + 1 },
      });
      if (!part) throw new HttpError(422, 'The upload holds no file');
      const store = (plan: MoveInPlan) => storePlan(user.id, from, plan);
      try {
        if (from === 'paperless') return await withPaperlessUpload(part.file, maxArchiveBytes, store);
        const text = (await part.toBuffer()).toString('utf8');
        return await store(planExport(from, text));
      } catch (error) {
        if (error instanceof ArchiveTooLargeError) throw tooLarge(maxArchiveBytes);
        if (isTooLarge(error)) throw tooLarge(from === 'paperless' ? maxArchiveBytes : maxBytes);
        if (error instanceof MoveInError) throw new HttpError(422, error.message);
        throw error;
      }
    },
  );

  /** The plan stored under the user's connection for the app: folders first, then what goes in them. */
  async function storePlan(ownerId: string, from: MoveInApp, read: MoveInPlan) {
    const folders = read.drawers.length + read.binders.length;
    const plan = await mergeWithDesk(deps.db, ownerId, read);
    const { importItems } = await deps.sources.intake(ownerId, from);
    const counts = { imported: 0, skipped: 0, failed: 0 };
    const add = (c: { imported: number; skipped: number; failed: number }) => {
      counts.imported += c.imported;
      counts.skipped += c.skipped;
      counts.failed += c.failed;
    };
    // Drawers before the binders in them, binders before the links in them.
    add(await importItems(plan.drawers));
    add(await importItems(plan.binders));
    const batch = from === 'paperless' ? FILE_BATCH : BATCH;
    for (let i = 0; i < plan.entries.length; i += batch) {
      add(await importItems(plan.entries.slice(i, i + batch)));
    }
    add(await importItems([], plan.failed));
    return {
      app: from,
      folders,
      links: plan.entries.length + plan.failed.length,
      ...counts,
    };
  }
}
