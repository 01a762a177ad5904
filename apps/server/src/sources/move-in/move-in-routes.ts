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

/** An export of links is text: 50 MB holds hundreds of thousands of bookmarks with their icons. */
export const MAX_EXPORT_BYTES = 50 * 1024 * 1024;
/** Entries stored per batch, so that the counts move as a large export is stored. */
const BATCH = 500;

export interface MoveInDeps {
  db: Db;
  sources: SourcesService;
  /** The largest export taken (MAX_EXPORT_BYTES unless a test says otherwise). */
  maxBytes?: number;
}

/** The export read whole, or a MoveInError saying why it is not what the app writes. */
export function planExport(app: MoveInApp, text: string): MoveInPlan {
  if (app === 'bookmarks') return planMoveIn(app, parseBookmarksHtml(text));
  if (app === 'linkwarden') return planMoveIn(app, parseLinkwarden(text));
  return planMoveIn(app, parseKarakeep(text));
}

/**
 * `POST /api/imports/{app}`: one uploaded export of another app (browser bookmarks, Linkwarden,
 * Karakeep) moved onto the desk under the user's connection for that app, so its progress and failed
 * entries show as every import's. The file is read and checked whole before anything is stored: a file
 * that is not the app's export is refused and leaves nothing behind.
 */
export async function moveInRoutes(app: FastifyInstance, deps: MoveInDeps) {
  const maxBytes = deps.maxBytes ?? MAX_EXPORT_BYTES;
  await app.register(multipart, {
    limits: { fileSize: maxBytes + 1, files: 1, fields: 0, parts: 1 },
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
          'Move in from another app: a browser bookmarks file (HTML), a Linkwarden or a Karakeep export (JSON); folders become drawers and binders, importing it again adds nothing',
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
      const part = await request.file();
      if (!part) throw new HttpError(422, 'The upload holds no file');
      let text: string;
      try {
        text = (await part.toBuffer()).toString('utf8');
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new HttpError(
            413,
            `The file is larger than an export can be (${Math.round(maxBytes / (1024 * 1024))} MB)`,
          );
        }
        throw error;
      }
      let plan: MoveInPlan;
      try {
        plan = planExport(from, text);
      } catch (error) {
        if (error instanceof MoveInError) throw new HttpError(422, error.message);
        throw error;
      }
      const folders = plan.drawers.length + plan.binders.length;
      plan = await mergeWithDesk(deps.db, user.id, plan);
      const { importItems } = await deps.sources.intake(user.id, from);
      const counts = { imported: 0, skipped: 0, failed: 0 };
      const add = (c: { imported: number; skipped: number; failed: number }) => {
        counts.imported += c.imported;
        counts.skipped += c.skipped;
        counts.failed += c.failed;
      };
      // Drawers before the binders in them, binders before the links in them.
      add(await importItems(plan.drawers));
      add(await importItems(plan.binders));
      for (let i = 0; i < plan.entries.length; i += BATCH) {
        add(await importItems(plan.entries.slice(i, i + BATCH)));
      }
      add(await importItems([], plan.failed));
      return {
        app: from,
        folders,
        links: plan.entries.length + plan.failed.length,
        ...counts,
      };
    },
  );
}
